import { argumentError } from '../internal/arguments.js';
import { stringify, type Token, TokenData } from 'path-to-regexp';
import { decodeSegment } from '../urls/encoding.js';
import type { FlatRoute } from '../urls/route.types.js';

/** The route syntax of a router: path-to-regexp's own (Express, node:http), find-my-way's (Fastify) or Hono's. */
export type RouteDialect = 'path-to-regexp' | 'fastify' | 'hono';

/** One path in a framework's syntax; its parameters keep their UrlConf names. */
export interface TranslatedRoute {
  readonly path: string;
  /** The UrlConf names of the path's parameters, in order. */
  readonly params: readonly string[];
  /**
   * The name of a wildcard the router reports under a name of its own (Fastify's `*`), which the adapter gives
   * the handler under its UrlConf name too; `null` when there is none.
   */
  readonly wildcard: string | null;
}

type FlatToken = Exclude<Token, { type: 'group' }>;

type OtherDialect = Exclude<RouteDialect, 'path-to-regexp'>;

const dialectNames: Readonly<Record<OtherDialect, string>> = { fastify: "Fastify's", hono: "Hono's" };
/** Characters of plain text a dialect would read as syntax, and cannot escape. */
const reservedText: Readonly<Record<OtherDialect, RegExp>> = { fastify: /[*?]/, hono: /[:*?{}]/ };
/**
 * What a dialect would read as syntax in a parameter's name: find-my-way ends a name at `-`, `.`, `/` or `(` and
 * reads `?` as "optional"; Hono ends it at `/` or `{`, and reads a final `?` as "optional".
 */
const reservedInName: Readonly<Record<OtherDialect, RegExp>> = {
  fastify: /[-./(?]/,
  hono: /[/{}]|\?$/,
};

/** Every way of taking or leaving each optional group, the shortest first. */
function expandGroups(tokens: readonly Token[]): FlatToken[][] {
  let variants: FlatToken[][] = [[]];
  for (const token of tokens) {
    if (token.type !== 'group') {
      for (const variant of variants) variant.push(token);
      continue;
    }
    const inner = expandGroups(token.tokens);
    variants = variants.flatMap((variant) => [variant, ...inner.map((tail) => [...variant, ...tail])]);
  }
  return variants;
}

/** Why `dialect` cannot express a parameter between the text `before` it and the token after it, if it cannot. */
function placementProblem(
  dialect: OtherDialect,
  token: Exclude<FlatToken, { type: 'text' }>,
  before: string,
  next: FlatToken | undefined,
): string | null {
  const what = `${token.type === 'param' ? 'parameter' : 'wildcard'} "${token.name}"`;
  if (next !== undefined && next.type !== 'text')
    return `${what} is followed directly by ${next.type} "${next.name}"`;
  const after = next?.value ?? '';
  if (dialect === 'hono') {
    return (before === '' || before.endsWith('/')) && (after === '' || after.startsWith('/'))
      ? null
      : `${what} shares its path segment with other text; give it a segment of its own`;
  }
  if (token.type === 'wildcard') return after === '' ? null : `${what} is not at the end of the route`;
  return after === '' || /^[-./]/.test(after)
    ? null
    : `${what} is followed by "${after}"; only "/", "-" or "." may follow a parameter`;
}

/** Why `dialect` cannot report a parameter under `name`, if it cannot. */
function nameProblem(dialect: RouteDialect, name: string): string | null {
  // Routers store parameters on plain objects, where this name would set the prototype instead.
  if (name === '__proto__' && dialect !== 'path-to-regexp')
    return `it cannot carry a parameter named "${name}"`;
  if (dialect === 'path-to-regexp') return null;
  const reserved = reservedInName[dialect].exec(name);
  return reserved === null
    ? null
    : `the name of parameter "${name}" holds "${reserved[0]}", which it reads as route syntax; rename the parameter`;
}

/** Every parameter of `tokens`, groups included, in order. */
function namesOf(tokens: readonly Token[]): string[] {
  return tokens.flatMap((token) =>
    token.type === 'group' ? namesOf(token.tokens) : token.type === 'text' ? [] : [token.name],
  );
}

/**
 * The paths a UrlConf route is registered under in a router's syntax, its parameters under their UrlConf names.
 * path-to-regexp's own: the pattern as is. Fastify's and Hono's: optional groups expanded into one path each,
 * wildcards made the dialect's multi-segment capture (Fastify's is `*`, reported as `params['*']`), literal text
 * decoded as those routers match decoded paths. Throws a `TypeError` naming the route when the dialect cannot
 * express it or cannot carry a parameter's name.
 * @example translateRoute(route, 'fastify') // for '/users/:pk{.:format}': '/users/:pk', then '/users/:pk.:format'
 */
export function translateRoute(
  route: Pick<FlatRoute, 'pattern' | 'tokens'>,
  dialect: RouteDialect,
): TranslatedRoute[] {
  const fail = (why: string): never => {
    const router = dialect === 'path-to-regexp' ? 'the router' : `${dialectNames[dialect]} router`;
    throw argumentError(
      `Route ${JSON.stringify(route.pattern)} cannot be registered in ${router}: ${why}.`,
      'ERR_VERSIONING_INVALID_ROUTE',
    );
  };
  if (dialect === 'path-to-regexp') {
    const params = namesOf(route.tokens);
    for (const name of params) {
      const problem = nameProblem(dialect, name);
      if (problem !== null) fail(problem);
    }
    // From the tokens rather than the pattern: their literal text is percent-encoded as requests carry it.
    return [{ path: stringify(new TokenData([...route.tokens])), params, wildcard: null }];
  }
  return expandGroups(route.tokens).map((tokens) => {
    let path = '';
    const params: string[] = [];
    let wildcard: string | null = null;
    tokens.forEach((token, index) => {
      if (token.type === 'text') {
        const text = decodeSegment(token.value) ?? token.value;
        const reserved = reservedText[dialect].exec(text);
        if (reserved) fail(`its text ${JSON.stringify(text)} holds "${reserved[0]}"`);
        path += dialect === 'fastify' ? text.replaceAll(':', '::') : text;
        return;
      }
      const problem = placementProblem(dialect, token, path, tokens[index + 1]);
      if (problem !== null) fail(problem);
      params.push(token.name);
      if (token.type === 'wildcard' && dialect === 'fastify') {
        // find-my-way's wildcard has no name of its own: the adapter copies its value to the UrlConf's name.
        if (token.name === '__proto__') fail(`it cannot carry a parameter named "${token.name}"`);
        wildcard = token.name;
        path += '*';
        return;
      }
      const nameIssue = nameProblem(dialect, token.name);
      if (nameIssue !== null) fail(nameIssue);
      path += token.type === 'wildcard' ? `:${token.name}{.+}` : `:${token.name}`;
    });
    return { path: path === '' ? '/' : path, params, wildcard };
  });
}
