import { stringify, type Token, TokenData } from 'path-to-regexp';
import { decodeSegment } from '../urls/encoding.js';
import type { FlatRoute } from '../urls/urlconf.js';

/** The route syntax of a router: path-to-regexp's own (Express, node:http), find-my-way's (Fastify) or Hono's. */
export type RouteDialect = 'path-to-regexp' | 'fastify' | 'hono';

/** One framework parameter and the UrlConf parameter it carries. */
export interface ParamKey {
  /** The name the framework reports the value under (`p0`, `*`). */
  readonly key: string;
  /** The parameter's name in the UrlConf pattern. */
  readonly name: string;
}

/** One path in a framework's syntax, with what its parameters are called in the UrlConf. */
export interface TranslatedRoute {
  readonly path: string;
  readonly params: readonly ParamKey[];
}

type FlatToken = Exclude<Token, { type: 'group' }>;

type OtherDialect = Exclude<RouteDialect, 'path-to-regexp'>;

const dialectNames: Readonly<Record<OtherDialect, string>> = { fastify: "Fastify's", hono: "Hono's" };
/** Characters of plain text a dialect would read as syntax, and cannot escape. */
const reservedText: Readonly<Record<OtherDialect, RegExp>> = { fastify: /[*?]/, hono: /[:*?{}]/ };

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

/** Every parameter of `tokens`, groups included, under its own name. */
function ownNames(tokens: readonly Token[]): ParamKey[] {
  return tokens.flatMap((token) =>
    token.type === 'group'
      ? ownNames(token.tokens)
      : token.type === 'text'
        ? []
        : [{ key: token.name, name: token.name }],
  );
}

/**
 * The paths a UrlConf route is registered under in a router's syntax. path-to-regexp's own: the pattern as is.
 * Fastify's and Hono's: optional groups expanded into one path each, parameters renamed `p0`, `p1`… (any UrlConf
 * name survives the trip), wildcards made the dialect's multi-segment capture, literal text decoded as those
 * routers match decoded paths. Throws a `TypeError` naming the route when the dialect cannot express it.
 * @example translateRoute(route, 'fastify') // for '/users/:pk{.:format}': '/users/:p0', then '/users/:p0.:p1'
 */
export function translateRoute(
  route: Pick<FlatRoute, 'pattern' | 'tokens'>,
  dialect: RouteDialect,
): TranslatedRoute[] {
  if (dialect === 'path-to-regexp') {
    // From the tokens rather than the pattern: their literal text is percent-encoded as requests carry it.
    return [{ path: stringify(new TokenData([...route.tokens])), params: ownNames(route.tokens) }];
  }
  const fail = (why: string): never => {
    throw new TypeError(
      `Route ${JSON.stringify(route.pattern)} cannot be registered in ${dialectNames[dialect]} router: ${why}.`,
    );
  };
  return expandGroups(route.tokens).map((tokens) => {
    let path = '';
    const params: ParamKey[] = [];
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
      const key = token.type === 'wildcard' && dialect === 'fastify' ? '*' : `p${params.length}`;
      params.push({ key, name: token.name });
      path += key === '*' ? '*' : token.type === 'wildcard' ? `:${key}{.+}` : `:${key}`;
    });
    return { path: path === '' ? '/' : path, params };
  });
}

/**
 * The UrlConf keyword arguments from a framework's decoded parameters: renamed back, absent optional ones left out,
 * a wildcard's segments (Express gives an array) joined with `/`.
 */
export function kwargsFromParams(
  params: Readonly<Record<string, unknown>>,
  keys: readonly ParamKey[],
): Record<string, string> {
  const kwargs: Record<string, string> = {};
  for (const { key, name } of keys) {
    const given = Object.hasOwn(params, key) ? params[key] : undefined;
    const value = Array.isArray(given) ? given.join('/') : given;
    if (typeof value !== 'string') continue;
    // Assigning `__proto__` would set the prototype; the parameter must be an own property like any other.
    if (name === '__proto__')
      Object.defineProperty(kwargs, name, { value, enumerable: true, writable: true });
    else kwargs[name] = value;
  }
  return kwargs;
}
