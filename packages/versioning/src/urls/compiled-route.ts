import { compile, type Token } from 'path-to-regexp';
import type { ResolverMatch } from '../types.js';
import {
  decodeSegment,
  decodeWildcard,
  encodeValue,
  isDotOrEmptySegment,
  normalizePercentEncoding,
} from './encoding.js';
import { compilePattern } from './route-pattern.js';
import { resolverMatchOf } from './resolver-match.js';
import type { CompiledRoute, Route } from './route.types.js';

/** Whether `path` holds a `.` or `..` segment, which URL parsers remove: such a URL would not reach the route. */
function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => segment === '.' || segment === '..');
}

/**
 * The literal text around the parameters of a route where each parameter is required and alone in its segment
 * (no `{…}` group, no wildcard, a `/` between any two parameters, no literal `.` or `..` segment), so that its
 * path is `texts[0] + value 0 + texts[1] + … `; `null` for any other route.
 *
 * Such a route's regexp gives each parameter `[^/]+` between fixed text, and an encoded value holds no `/`, so
 * the path of non-empty values resolves back to exactly them: the round trip needs no checking, unless a value
 * is `.` or `..` (a dot segment) or empty.
 */
function plainTexts(tokens: readonly Token[]): readonly string[] | null {
  const texts: string[] = [];
  let text = '';
  for (const token of tokens) {
    if (token.type === 'group' || token.type === 'wildcard') return null;
    if (token.type === 'text') {
      text += token.value;
      continue;
    }
    // Two parameters in one segment could share a value between them differently: `/:a-:b`.
    if (texts.length > 0 && !text.includes('/')) return null;
    texts.push(text);
    text = '';
  }
  texts.push(text);
  return hasDotSegment(texts.join('_')) ? null : Object.freeze(texts);
}

export function compileRoute(route: Route, prefix: string, namespaces: readonly string[]): CompiledRoute {
  const pattern = prefix + route.route;
  const where = `UrlConf: route ${JSON.stringify(route.route)}`;
  const { data, params, regexp, keys } = compilePattern(where, pattern);
  const toPath = compile(data, { encode: encodeValue });
  const texts = plainTexts(data.tokens);
  const positions = new Map(params.map((param, index) => [param.name, index]));
  const namespace = namespaces.join(':');
  const viewName =
    route.name === null ? pattern : namespace === '' ? route.name : `${namespace}:${route.name}`;

  const captures = (path: string): Map<string, string> | null => {
    const found = regexp.exec(path);
    if (!found) return null;
    const values = new Map<string, string>();
    for (let index = 1; index < found.length; index++) {
      const raw = found[index];
      const key = keys[index - 1];
      if (raw === undefined || key === undefined) continue;
      const value = key.type === 'wildcard' ? decodeWildcard(raw) : decodeSegment(raw);
      if (value === null) return null;
      values.set(key.name, value);
    }
    return values;
  };

  const flat: CompiledRoute = {
    pattern,
    prefix,
    name: route.name,
    namespace,
    namespaces,
    viewName,
    methods: route.methods,
    handler: route.handler,
    versioning: route.versioning,
    since: route.since,
    until: route.until,
    openapi: route.openapi,
    request: route.request,
    response: route.response,
    tokens: data.tokens,
    params,
    regexp,
    positions,
    match(path: string): ResolverMatch | null {
      const end = path.search(/[?#]/);
      const values = captures(normalizePercentEncoding(end === -1 ? path : path.slice(0, end)));
      return values && resolverMatchOf(flat, Object.fromEntries(values));
    },
    pathFor(values) {
      if (texts === null || values.length !== params.length) return flat.roundTripPathFor(values);
      let built = texts[0] ?? '';
      for (let index = 0; index < values.length; index++) {
        const value = values[index];
        if (value === undefined) return null;
        // The path of such a value might not resolve back to it (see plainTexts()).
        if (isDotOrEmptySegment(value)) return flat.roundTripPathFor(values);
        built += encodeValue(value) + (texts[index + 1] ?? '');
      }
      return built;
    },
    roundTripPathFor(values) {
      // A null prototype keeps parameters named like Object.prototype members (`constructor`) from reading them.
      const input = Object.create(null) as Record<string, string | string[]>;
      let given = 0;
      for (const [index, param] of params.entries()) {
        const value = values[index];
        if (value === undefined) {
          if (!param.optional) return null;
          continue;
        }
        input[param.name] = param.kind === 'wildcard' ? value.split('/') : value;
        given++;
      }
      const built = toPath(input);
      // Like Django, keep only a URL that resolves back to this route with exactly these values: this rejects empty
      // values, values an optional group would drop, and ambiguous splits of `/:a-:b`.
      const back = hasDotSegment(built) ? null : captures(built);
      if (back?.size !== given) return null;
      for (const [index, param] of params.entries()) {
        const value = values[index];
        if (value !== undefined && back.get(param.name) !== value) return null;
      }
      return built;
    },
  };
  return Object.freeze(flat);
}
