import { compile, parse, pathToRegexp, type Key, type Token, TokenData } from 'path-to-regexp';
import { NoReverseMatch } from '../errors.js';
import { checkOperation } from '../openapi/operation.js';
import type { OpenAPIOperation } from '../openapi/openapi.types.js';
import type { BaseVersioning } from '../schemes/base.js';
import type { ResolverMatch, VersioningRequest } from '../types.js';
import { checkKnownKeys, describe, hasOnlyKnownKeys, isPlainObject } from '../internal/arguments.js';
import {
  decodeSegment,
  encodeLiteral,
  encodeValue,
  escapeLeadingSlashes,
  isDotOrEmptySegment,
  isWellFormed,
  normalizePercentEncoding,
} from './encoding.js';
import { checkRangeBound, describeRange, isInRange, versionsInRange } from './version-range.js';

/** Options of {@link path}; `V` is the route's scheme's versions, which `since` and `until` must name. */
export interface PathOptions<V extends string = string> {
  /** Name to reverse the route by (no `:`); several routes may share one. @default undefined (not reversible) */
  readonly name?: string;
  /** HTTP methods the route answers, case-insensitive, stored upper-case. @default undefined (every method) */
  readonly methods?: readonly string[];
  /**
   * Scheme that determines the version of this route's requests; `null` makes the route version-neutral.
   * @default undefined (the adapter's `scheme`)
   */
  readonly versioning?: BaseVersioning<V> | null;
  /**
   * First version the route exists in, from the scheme's `allowedVersions` (oldest first); a request of an older
   * version is answered 404, and reversal for it finds no match.
   * @default undefined (from the oldest)
   */
  readonly since?: NoInfer<V>;
  /**
   * First version the route no longer exists in (it exists up to but not including it).
   * @default undefined (up to the newest)
   */
  readonly until?: NoInfer<V>;
  /**
   * Members of an OpenAPI Operation Object merged into each operation `openapi()` generates for this route
   * (`@restdash/versioning/openapi`). @default undefined (the generated operation as it is)
   */
  readonly openapi?: OpenAPIOperation;
}

/** One route, as {@link path} made it. */
export interface Route {
  readonly kind: 'route';
  /** The pattern as given, relative to the enclosing includes (`/users/:pk/`). */
  readonly route: string;
  readonly handler: unknown;
  readonly name: string | null;
  /** Upper-case, without duplicates; `null` means every method. */
  readonly methods: readonly string[] | null;
  /** `undefined`: the adapter's default scheme; `null`: version-neutral. */
  readonly versioning: BaseVersioning | null | undefined;
  /** First version the route exists in; `null`: from the oldest. */
  readonly since: string | null;
  /** First version the route no longer exists in; `null`: up to the newest. */
  readonly until: string | null;
  /** What `openapi()` merges into the route's operations, checked and deep-frozen; `null` when not given. */
  readonly openapi: OpenAPIOperation | null;
}

/** A group of routes under a common prefix and, optionally, a namespace, as {@link include} made it. */
export interface Include {
  readonly kind: 'include';
  readonly prefix: string;
  readonly routes: readonly (Route | Include)[];
  readonly namespace: string | null;
}

/** A parameter of a route pattern, in the order it appears. */
export interface RouteParam {
  readonly name: string;
  /** `param` matches one segment, `wildcard` one or more (`*rest`). */
  readonly kind: 'param' | 'wildcard';
  /** Inside a `{…}` group. */
  readonly optional: boolean;
}

/** A route of a {@link UrlConf} with includes applied: everything an adapter needs to register it. */
export interface FlatRoute {
  /** Full pattern in path-to-regexp syntax, includes' prefixes joined (`/v1/users/:pk/`); `ResolverMatch.route`. */
  readonly pattern: string;
  readonly name: string | null;
  /** Namespaces joined by `:`, `''` when none. */
  readonly namespace: string;
  readonly namespaces: readonly string[];
  /** `namespace:name` (what `reverse()` takes); the pattern for an unnamed route. */
  readonly viewName: string;
  /** Upper-case; `null` means every method. */
  readonly methods: readonly string[] | null;
  readonly handler: unknown;
  /** `undefined`: the adapter's default scheme; `null`: version-neutral. */
  readonly versioning: BaseVersioning | null | undefined;
  /** First version the route exists in; `null`: from the oldest. */
  readonly since: string | null;
  /** First version the route no longer exists in; `null`: up to the newest. */
  readonly until: string | null;
  /** What `openapi()` merges into the route's operations; `null` when not given. */
  readonly openapi: OpenAPIOperation | null;
  /**
   * path-to-regexp's `parse()` of {@link pattern} (deeply frozen), for adapters translating it into their router's
   * syntax. Literal text is percent-encoded as on the wire (`/café/` → `/caf%C3%A9/`).
   */
  readonly tokens: readonly Token[];
  readonly params: readonly RouteParam[];
  /** The compiled pattern: whole path, case-sensitive, no optional trailing slash. Linear-time (path-to-regexp 8). */
  readonly regexp: RegExp;
  /**
   * This route's match for a percent-encoded request path (query and fragment ignored; escapes of unreserved
   * characters decoded first, RFC 3986 §6.2.2), values decoded; else `null`.
   */
  match(path: string): ResolverMatch | null;
}

/** Objects made by {@link path} and {@link include}: the only entries route lists accept. */
const made = new WeakSet<Route | Include>();

const methodToken = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function checkName(where: string, what: 'name' | 'namespace', value: unknown): string {
  if (typeof value !== 'string' || value === '' || value.includes(':')) {
    throw new TypeError(`${where}: ${what} must be a non-empty string without ":", got ${describe(value)}`);
  }
  return value;
}

function checkEntries(where: string, routes: unknown): readonly (Route | Include)[] {
  if (!Array.isArray(routes)) {
    throw new TypeError(
      `${where}: routes must be an array of path() and include() results, got ${describe(routes)}`,
    );
  }
  routes.forEach((entry: unknown, index) => {
    if (!made.has(entry as Route)) {
      throw new TypeError(
        `${where}: routes[${index}] must be made by path() or include(), got ${describe(entry)}`,
      );
    }
  });
  return Object.freeze([...(routes as (Route | Include)[])]);
}

function parsePattern(where: string, pattern: string): TokenData {
  try {
    return parse(pattern, { encodePath: encodeLiteral });
  } catch (error) {
    // encodeLiteral throws URIError on a lone surrogate; parse() throws PathError on bad syntax.
    const reason = error instanceof URIError ? 'it holds a lone surrogate' : (error as Error).message;
    throw new TypeError(`${where}: invalid route ${JSON.stringify(pattern)}: ${reason}`, { cause: error });
  }
}

function regexpOf(where: string, data: TokenData): { regexp: RegExp; keys: readonly Key[] } {
  try {
    return pathToRegexp(data, { sensitive: true, trailing: false });
  } catch (error) {
    const reason = (error as Error).message;
    throw new TypeError(`${where}: invalid route ${JSON.stringify(data.originalPath)}: ${reason}`, {
      cause: error,
    });
  }
}

function paramsOf(where: string, pattern: string, tokens: readonly Token[]): readonly RouteParam[] {
  const params: RouteParam[] = [];
  const walk = (list: readonly Token[], optional: boolean): void => {
    for (const token of list) {
      if (token.type === 'group') walk(token.tokens, true);
      else if (token.type !== 'text') {
        if (params.some((param) => param.name === token.name)) {
          throw new TypeError(
            `${where}: invalid route ${JSON.stringify(pattern)}: parameter ${JSON.stringify(token.name)} appears twice`,
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

/** `prefix` without its trailing slashes, so that the route's own leading `/` is the only one at the seam. */
function withoutTrailingSlashes(prefix: string): string {
  let end = prefix.length;
  while (end > 0 && prefix[end - 1] === '/') end--;
  return prefix.slice(0, end);
}

/** Parses and compiles `pattern` once; throws a `TypeError` naming `where` and the pattern when it is invalid. */
function compilePattern(where: string, pattern: string) {
  const data = parsePattern(where, pattern);
  const params = paramsOf(where, pattern, data.tokens);
  const { regexp, keys } = regexpOf(where, data);
  deepFreeze(data.tokens);
  return { data, params, regexp, keys };
}

/**
 * Declares a route: a path-to-regexp pattern (`/users/:pk/`, `*rest` wildcard, `{…}` optional) and its handler.
 * The pattern is checked now; it is compiled when a {@link UrlConf} is built from it.
 * @example path('/users/:pk/', getUser, { name: 'users-detail', methods: ['GET'] })
 */
export function path<V extends string = string>(
  route: string,
  handler: unknown,
  options: PathOptions<V> = {},
): Route {
  const where = `path(${typeof route === 'string' ? JSON.stringify(route) : '…'})`;
  if (typeof route !== 'string' || !route.startsWith('/')) {
    throw new TypeError(`path(route): route must be a string starting with "/", got ${describe(route)}`);
  }
  if (!isPlainObject(options)) {
    throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  }
  checkKnownKeys(where, options, ['name', 'methods', 'versioning', 'openapi', 'since', 'until']);
  compilePattern(where, route);
  const { name, methods, versioning } = options;
  const range = {
    since: checkRangeBound(where, 'since', options.since),
    until: checkRangeBound(where, 'until', options.until),
  };
  const scheme =
    versioning === undefined || versioning === null ? versioning : checkScheme(where, versioning);
  // With the adapter's scheme the range is checked when mounting; with the route's own, now.
  if (scheme !== undefined && (range.since !== null || range.until !== null)) {
    versionsInRange(where, range, scheme);
  }
  const entry: Route = Object.freeze({
    kind: 'route',
    route,
    handler,
    name: name === undefined ? null : checkName(where, 'name', name),
    methods: methods === undefined ? null : checkMethods(where, methods),
    versioning: scheme,
    ...range,
    openapi:
      options.openapi === undefined ? null : checkOperation(`${where}: options.openapi`, options.openapi),
  });
  made.add(entry);
  return entry;
}

function checkMethods(where: string, methods: unknown): readonly string[] {
  if (!Array.isArray(methods) || methods.length === 0) {
    throw new TypeError(
      `${where}: methods must be a non-empty array of HTTP method names, got ${describe(methods)}`,
    );
  }
  const upper = methods.map((method: unknown) => {
    if (typeof method !== 'string' || !methodToken.test(method)) {
      throw new TypeError(`${where}: methods holds ${describe(method)}, which is not an HTTP method token`);
    }
    return method.toUpperCase();
  });
  return Object.freeze([...new Set(upper)]);
}

function checkScheme(where: string, versioning: unknown): BaseVersioning {
  if (typeof (versioning as Partial<BaseVersioning> | null)?.determineVersion !== 'function') {
    throw new TypeError(
      `${where}: versioning must be a versioning scheme (BaseVersioning), null or left out, got ${describe(versioning)}`,
    );
  }
  return versioning as BaseVersioning;
}

/**
 * Groups routes under a prefix (joined with exactly one `/`) and, optionally, a namespace (`v1:users-list`).
 * @example include('/v1', [path('/users/', listUsers, { name: 'users-list' })], { namespace: 'v1' })
 */
export function include(
  prefix: string,
  routes: readonly (Route | Include)[],
  options: { readonly namespace?: string } = {},
): Include {
  if (typeof prefix !== 'string' || (prefix !== '' && !prefix.startsWith('/'))) {
    throw new TypeError(
      `include(prefix): prefix must be "" or a string starting with "/", got ${describe(prefix)}`,
    );
  }
  const where = `include(${JSON.stringify(prefix)})`;
  if (!isPlainObject(options)) {
    throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  }
  checkKnownKeys(where, options, ['namespace']);
  if (prefix !== '') compilePattern(where, prefix);
  const entry: Include = Object.freeze({
    kind: 'include',
    prefix,
    routes: checkEntries(where, routes),
    namespace: options.namespace === undefined ? null : checkName(where, 'namespace', options.namespace),
  });
  made.add(entry);
  return entry;
}

/**
 * Values of a reversal by parameter position, in pattern order: `undefined` where a parameter is not given.
 * Every value is a string, checked by {@link valueOf}.
 */
type Values = readonly (string | undefined)[];

/** A {@link FlatRoute} as a {@link UrlConf} keeps it, with what reversal needs; internal to the package. */
export interface CompiledRoute extends FlatRoute {
  /** Position of each parameter in {@link FlatRoute.params}, by name. */
  readonly positions: ReadonlyMap<string, number>;
  /**
   * The path for `values`, or `null` when they do not fit this route. The same answer as {@link buildChecked},
   * which it skips when the route's shape already guarantees the round trip.
   */
  build(values: Values): string | null;
  /** The path for `values`, kept only when it resolves back to this route with exactly these values (Django). */
  buildChecked(values: Values): string | null;
}

function decodeWildcard(raw: string): string | null {
  const segments: string[] = [];
  for (const segment of raw.split('/')) {
    const decoded = decodeSegment(segment);
    if (decoded === null) return null;
    segments.push(decoded);
  }
  return segments.join('/');
}

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

function compileRoute(route: Route, pattern: string, namespaces: readonly string[]): CompiledRoute {
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
    tokens: data.tokens,
    params,
    regexp,
    positions,
    match(path: string): ResolverMatch | null {
      const end = path.search(/[?#]/);
      const values = captures(normalizePercentEncoding(end === -1 ? path : path.slice(0, end)));
      return values && resolverMatchOf(flat, Object.fromEntries(values));
    },
    build(values) {
      if (texts === null || values.length !== params.length) return flat.buildChecked(values);
      let built = texts[0] ?? '';
      for (let index = 0; index < values.length; index++) {
        const value = values[index];
        if (value === undefined) return null;
        // The path of such a value might not resolve back to it (see plainTexts()).
        if (isDotOrEmptySegment(value)) return flat.buildChecked(values);
        built += encodeValue(value) + (texts[index + 1] ?? '');
      }
      return built;
    },
    buildChecked(values) {
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

/**
 * The {@link ResolverMatch} of `route` for values a router captured and decoded: what `resolve()` gives, for
 * adapters whose framework does the routing.
 */
export function resolverMatchOf(route: FlatRoute, kwargs: Readonly<Record<string, string>>): ResolverMatch {
  return Object.freeze({
    route: route.pattern,
    urlName: route.name,
    namespace: route.namespace,
    namespaces: route.namespaces,
    viewName: route.viewName,
    args: Object.freeze([]),
    kwargs: Object.freeze({ ...kwargs }),
    handler: route.handler,
  });
}

/** Throws a `TypeError` unless `viewname` is a non-empty string. */
function checkViewname(viewname: unknown): asserts viewname is string {
  if (typeof viewname !== 'string' || viewname === '') {
    throw new TypeError(
      `UrlConf.reverse(viewname): viewname must be a non-empty string, got ${describe(viewname)}`,
    );
  }
}

/** `reverse("viewname")`, how reversal's errors name the call; built only when one is thrown. */
export function whereOf(viewname: unknown): string {
  return `reverse(${typeof viewname === 'string' ? JSON.stringify(viewname) : describe(viewname)})`;
}

/** How errors name a reversal value: `args[0]`, `kwargs.pk`, `kwargs["a b"]`. */
function labelOf(name: string | number): string {
  if (typeof name === 'number') return `args[${name}]`;
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `kwargs.${name}` : `kwargs[${JSON.stringify(name)}]`;
}

/**
 * A value of a reversal as a string: a string of well-formed Unicode, or a finite number; anything else is a
 * `TypeError` naming the value by `name` (a key of `kwargs` or an index of `args`).
 */
function valueOf(viewname: string, name: string | number, value: unknown): string {
  if (typeof value === 'string' && isWellFormed(value)) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const what = `${whereOf(viewname)}: ${labelOf(name)}`;
  if (typeof value === 'string') {
    throw new TypeError(`${what} holds a lone surrogate and cannot be put into a URL: ${describe(value)}`);
  }
  throw new TypeError(`${what} must be a string or a finite number, got ${describe(value)}`);
}

const noValues: readonly string[] = Object.freeze([]);
/** How many view names a `NoReverseMatch` for an unknown name suggests at most. */
const maxSuggestions = 3;

/**
 * Checks each of `values` with {@link valueOf} and replaces it with its string, in place (the array is the
 * caller's own copy). `names` are the keys of `kwargs` the values come from; `null` for `args`.
 */
function checkValues(
  viewname: string,
  names: readonly string[] | null,
  values: unknown[],
): readonly string[] {
  for (let index = 0; index < values.length; index++) {
    values[index] = valueOf(viewname, names === null ? index : (names[index] ?? ''), values[index]);
  }
  return values as string[];
}

/** Values given by name, by position in `route`'s pattern; `null` when a name is not one of its parameters. */
function byPosition(
  route: CompiledRoute,
  names: readonly string[],
  values: readonly string[],
): Values | null {
  // Names are usually given in the pattern's order, and then the values are in place already.
  let inPlace = names.length === route.params.length;
  for (let index = 0; inPlace && index < names.length; index++) {
    inPlace = names[index] === route.params[index]?.name;
  }
  if (inPlace) return values;
  const positioned: (string | undefined)[] = route.params.map(() => undefined);
  for (let index = 0; index < names.length; index++) {
    const position = route.positions.get(names[index] ?? '');
    if (position === undefined) return null;
    positioned[position] = values[index];
  }
  return positioned;
}

function quoteList(patterns: readonly string[]): string {
  return `[${patterns.map((pattern) => `'${pattern}'`).join(', ')}]`;
}

/**
 * Whether the URL `route` builds from `values` is for a version the route exists in: the version is the value of
 * the scheme's `versionParam` when the route captures it, else the request's. Without a version it fits.
 */
function fitsVersion(route: CompiledRoute, values: Values, request: VersioningRequest): boolean {
  if (route.since === null && route.until === null) return true;
  const scheme = route.versioning === undefined ? request.versioningScheme : route.versioning;
  const position = scheme ? route.positions.get(scheme.versionParam) : undefined;
  const version = (position === undefined ? undefined : values[position]) ?? request.version;
  return version === null || isInRange(route, scheme, version);
}

let reverseWithUrlConf: (
  urlconf: UrlConf,
  viewname: string,
  args: unknown,
  kwargs: unknown,
  request?: VersioningRequest | null,
) => string;

/**
 * `urlconf.reverse(viewname, { args, kwargs })` for a caller that has already checked its own options object
 * (the top-level `reverse()`): the same checks of `viewname` and the values, without building another object.
 * With a `request`, a route is skipped when its `since`/`until` leave out the version the URL would be for.
 */
export function reverseWith(
  urlconf: UrlConf,
  viewname: string,
  args: unknown,
  kwargs: unknown,
  request?: VersioningRequest | null,
): string {
  return reverseWithUrlConf(urlconf, viewname, args, kwargs, request);
}

/**
 * A route table: resolves request paths to routes and reverses route names to paths. Patterns are compiled once,
 * here; every route is checked, and a namespace may appear only once at each level.
 * @example
 * const urlconf = new UrlConf([
 *   include('/v1', [path('/users/:pk/', getUser, { name: 'users-detail' })], { namespace: 'v1' }),
 * ]);
 * urlconf.resolve('/v1/users/42/')?.kwargs; // { pk: '42' }
 * urlconf.reverse('v1:users-detail', { kwargs: { pk: 42 } }); // '/v1/users/42/'
 */
export class UrlConf {
  static {
    reverseWithUrlConf = (urlconf, viewname, args, kwargs, request) =>
      urlconf.#reverse(viewname, args, kwargs, request);
  }

  readonly #routes: readonly CompiledRoute[];
  readonly #byName = new Map<string, CompiledRoute[]>();
  readonly #namespaces = new Set<string>();

  constructor(routes: readonly (Route | Include)[]) {
    const flat: CompiledRoute[] = [];
    const walk = (
      entries: readonly (Route | Include)[],
      prefix: string,
      namespaces: readonly string[],
    ): void => {
      for (const entry of entries) {
        if (entry.kind === 'route') {
          const compiled = compileRoute(entry, prefix + entry.route, namespaces);
          flat.push(compiled);
          if (compiled.name !== null) {
            const shared = this.#byName.get(compiled.viewName);
            if (shared) shared.push(compiled);
            else this.#byName.set(compiled.viewName, [compiled]);
          }
          continue;
        }
        let inner = namespaces;
        if (entry.namespace !== null) {
          inner = Object.freeze([...namespaces, entry.namespace]);
          const key = inner.join(':');
          if (this.#namespaces.has(key)) {
            const parent = namespaces.length > 0 ? ` inside "${namespaces.join(':')}"` : ' at the top level';
            throw new TypeError(
              `UrlConf: namespace "${entry.namespace}" is registered twice${parent} (include(${JSON.stringify(entry.prefix)}))`,
            );
          }
          this.#namespaces.add(key);
        }
        walk(entry.routes, withoutTrailingSlashes(prefix + entry.prefix), inner);
      }
    };
    walk(checkEntries('new UrlConf(routes)', routes), '', Object.freeze([]));
    this.#routes = Object.freeze(flat);
  }

  /**
   * The match of the first route (in definition order) for a percent-encoded request path, values decoded;
   * a query string or fragment is ignored. Escapes of unreserved characters are decoded before literal text is
   * matched (`/v%31/` is `/v1/`); `%2F` stays a slash inside a value. `null` when no route matches, or a value holds a malformed `%` escape.
   * Never throws on a string; linear in the path's length per route.
   */
  resolve(path: string): ResolverMatch | null {
    if (typeof path !== 'string') {
      throw new TypeError(`UrlConf.resolve(path): path must be a string, got ${describe(path)}`);
    }
    for (const route of this.#routes) {
      const match = route.match(path);
      if (match) return match;
    }
    return null;
  }

  /**
   * The path of the first route named `viewname` (`namespace:…:name`) that fits the values: every required
   * parameter given, every given key a parameter (`args` fill the parameters in pattern order). Values are
   * percent-encoded; a wildcard's value is split into segments at `/`; a leading `//` is written `/%2F`. Throws
   * `NoReverseMatch` when none fits, suggesting namespaced names that end in `viewname`'s own name.
   * @example urlconf.reverse('files', { kwargs: { rest: 'a/b c' } }) // '/files/a/b%20c'
   */
  reverse(
    viewname: string,
    options: {
      readonly args?: readonly (string | number)[];
      readonly kwargs?: Readonly<Record<string, string | number>>;
    } = {},
  ): string {
    checkViewname(viewname);
    if (!isPlainObject(options)) {
      throw new TypeError(`${whereOf(viewname)}: options must be an object, got ${describe(options)}`);
    }
    if (!hasOnlyKnownKeys(options, ['args', 'kwargs'])) {
      checkKnownKeys(whereOf(viewname), options, ['args', 'kwargs']);
    }
    return this.#reverse(viewname, options.args, options.kwargs);
  }

  /** {@link reverse} with its options taken apart; {@link reverseWith} leads here too. */
  #reverse(
    viewname: string,
    args: unknown = noValues,
    kwargs: unknown = {},
    request: VersioningRequest | null = null,
  ): string {
    checkViewname(viewname);
    if (!Array.isArray(args)) {
      throw new TypeError(`${whereOf(viewname)}: args must be an array, got ${describe(args)}`);
    }
    if (!isPlainObject(kwargs)) {
      throw new TypeError(`${whereOf(viewname)}: kwargs must be an object, got ${describe(kwargs)}`);
    }
    const argValues = args.length === 0 ? noValues : checkValues(viewname, null, [...(args as unknown[])]);
    const names = Object.keys(kwargs);
    const kwargValues = checkValues(viewname, names, Object.values(kwargs));
    if (argValues.length > 0 && names.length > 0) {
      throw new TypeError(
        `${whereOf(viewname)}: pass args or kwargs, not both (got args ${JSON.stringify(args)} and kwargs ${JSON.stringify(kwargs)})`,
      );
    }

    const candidates = this.#byName.get(viewname);
    if (candidates === undefined) throw new NoReverseMatch(this.#unknown(viewname));
    const outOfRange: CompiledRoute[] = [];
    for (const route of candidates) {
      const values =
        argValues.length === 0
          ? byPosition(route, names, kwargValues)
          : argValues.length <= route.params.length
            ? argValues
            : null;
      if (values !== null && request !== null && !fitsVersion(route, values, request)) {
        outOfRange.push(route);
        continue;
      }
      const built = values && route.build(values);
      if (built !== null && built !== undefined) return escapeLeadingSlashes(built);
    }
    const tried =
      argValues.length > 0
        ? `arguments '${JSON.stringify(args)}'`
        : names.length > 0
          ? `keyword arguments '${JSON.stringify(kwargs)}'`
          : 'no arguments';
    const skipped =
      outOfRange.length === 0
        ? ''
        : ' Skipped, as the version asked for is outside their versions: ' +
          outOfRange.map((route) => `'${route.pattern}' (${describeRange(route)})`).join(', ');
    throw new NoReverseMatch(
      `Reverse for '${viewname}' with ${tried} not found. ` +
        `${candidates.length} pattern(s) tried: ${quoteList(candidates.map((route) => route.pattern))}` +
        skipped,
    );
  }

  /** Every route in definition order, includes applied: what an adapter registers with its framework's router. */
  routes(): Iterable<FlatRoute> {
    return this.#routes;
  }

  /**
   * Django's wording for a name that no route carries: first the namespace that is not registered, if any; then
   * the view names that end in the same name, as suggestions.
   */
  #unknown(viewname: string): string {
    const parts = viewname.split(':');
    const name = parts.pop() ?? '';
    const didYouMean = this.#suggestions(name);
    for (let depth = 1; depth <= parts.length; depth++) {
      if (!this.#namespaces.has(parts.slice(0, depth).join(':'))) {
        const inside = depth > 1 ? ` inside '${parts.slice(0, depth - 1).join(':')}'` : '';
        return `Reverse for '${viewname}' not found. '${parts[depth - 1] ?? ''}' is not a registered namespace${inside}.${didYouMean}`;
      }
    }
    const where = parts.length > 0 ? ` in namespace '${parts.join(':')}'` : '';
    return `Reverse for '${viewname}' not found. '${name}' is not a valid view function or pattern name${where}.${didYouMean}`;
  }

  /** ` Did you mean 'v1:user' or 'v2:user'?`: the view names whose own name is `name`, in definition order. */
  #suggestions(name: string): string {
    const names = [...this.#byName.keys()].filter(
      (viewName) => viewName === name || viewName.endsWith(`:${name}`),
    );
    if (names.length === 0) return '';
    const quoted = names.slice(0, maxSuggestions).map((viewName) => `'${viewName}'`);
    const rest = names.length - quoted.length;
    const last = rest > 0 ? `one of ${rest} more` : quoted.pop();
    return ` Did you mean ${quoted.length > 0 ? `${quoted.join(', ')} or ` : ''}${last}?`;
  }
}
