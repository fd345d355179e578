import { type Key, parse, pathToRegexp, type Token, type TokenData } from 'path-to-regexp';
import { argumentError } from '../internal/arguments.js';
import { encodeLiteral } from './encoding.js';
import type { RouteParam } from './route.types.js';

function parsePattern(where: string, pattern: string): TokenData {
  try {
    return parse(pattern, { encodePath: encodeLiteral });
  } catch (error) {
    // encodeLiteral throws URIError on a lone surrogate; parse() throws PathError on bad syntax.
    const reason = error instanceof URIError ? 'it holds a lone surrogate' : (error as Error).message;
    throw argumentError(
      `${where}: invalid route ${JSON.stringify(pattern)}: ${reason}`,
      'ERR_VERSIONING_INVALID_ROUTE',
      {
        cause: error,
      },
    );
  }
}

function regexpOf(where: string, data: TokenData): { regexp: RegExp; keys: readonly Key[] } {
  try {
    return pathToRegexp(data, { sensitive: true, trailing: false });
  } catch (error) {
    const reason = (error as Error).message;
    throw argumentError(
      `${where}: invalid route ${JSON.stringify(data.originalPath)}: ${reason}`,
      'ERR_VERSIONING_INVALID_ROUTE',
      { cause: error },
    );
  }
}

function paramsOf(where: string, pattern: string, tokens: readonly Token[]): readonly RouteParam[] {
  const params: RouteParam[] = [];
  const walk = (list: readonly Token[], optional: boolean): void => {
    for (const token of list) {
      if (token.type === 'group') walk(token.tokens, true);
      else if (token.type !== 'text') {
        if (params.some((param) => param.name === token.name)) {
          throw argumentError(
            `${where}: invalid route ${JSON.stringify(pattern)}: parameter ${JSON.stringify(token.name)} appears twice`,
            'ERR_VERSIONING_INVALID_ROUTE',
          );
        }
        params.push(Object.freeze({ name: token.name, kind: token.type, optional }));
      }
    }
  };
  walk(tokens, false);
  return Object.freeze(params);
}

function deepFreeze(tokens: Token[]): void {
  for (const token of tokens) {
    if (token.type === 'group') deepFreeze(token.tokens);
    Object.freeze(token);
  }
  Object.freeze(tokens);
}

/** Parses and compiles `pattern` once; throws a `TypeError` naming `where` and the pattern when it is invalid. */
export function compilePattern(where: string, pattern: string) {
  const data = parsePattern(where, pattern);
  const params = paramsOf(where, pattern, data.tokens);
  const { regexp, keys } = regexpOf(where, data);
  deepFreeze(data.tokens);
  return { data, params, regexp, keys };
}
