import { NoReverseMatch } from '../errors.js';
import {
  argumentError,
  checkKnownKeys,
  hasOnlyKnownKeys,
  isPlainObject,
  mustBe,
} from '../internal/arguments.js';
import type { ResolverMatch, VersioningRequest } from '../types.js';
import { compileRoute } from './compiled-route.js';
import { escapeLeadingSlashes } from './encoding.js';
import { checkEntries } from './route-builders.js';
import { derivedEntries } from './derived-routes.js';
import type { CompiledRoute, FlatRoute, Include, Route, RouteCopy, Values } from './route.types.js';
import { checkValues, checkViewname, whereOf } from './reversal-input.js';
import { describeRange, isInRange } from './version-window.js';

declare module '../types.js' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every declaration of the interface takes V
  interface PackageTypes<V extends string = string> {
    urlconf: UrlConfClass;
  }
}
/** The class below, by a name the declaration above reaches (there, `UrlConf` is types.ts's own). */
type UrlConfClass = UrlConf;

/** `prefix` without its trailing slashes, so that the route's own leading `/` is the only one at the seam. */
function withoutTrailingSlashes(prefix: string): string {
  let end = prefix.length;
  while (end > 0 && prefix[end - 1] === '/') end--;
  return prefix.slice(0, end);
}

const noValues: readonly string[] = Object.freeze([]);
/** How many view names a `NoReverseMatch` for an unknown name suggests at most. */
const maxSuggestions = 3;

/** Values given by name, by position in `route`'s pattern; `null` when a name is not one of its parameters. */
function inPatternOrder(
  route: CompiledRoute,
  names: readonly string[],
  values: readonly string[],
): Values | null {
  // Given in the pattern's order (the usual way), the values are in place already.
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
          const compiled = compileRoute(entry, prefix, namespaces);
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
            throw argumentError(
              `UrlConf: namespace "${entry.namespace}" is registered twice${parent} (include(${JSON.stringify(entry.prefix)}))`,
              'ERR_VERSIONING_INVALID_ROUTE',
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
      throw mustBe('UrlConf.resolve(path)', 'path', 'a string', path);
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
   * percent-encoded; a wildcard's value is split into segments at `/`; a leading `//` is written `/%2F`. With a
   * `request`, a route is skipped when its `since`/`until` leave out the version the path would be for: the value
   * it gives the scheme's `versionParam`, else `request.version`. Throws `NoReverseMatch` when none fits,
   * suggesting namespaced names that end in `viewname`'s own name.
   *
   * Every reversal ends here: the top-level `reverse()` asks the request's scheme, the scheme adds its version to
   * the options, and the generic reversal (`genericReverse()`) calls this with the request.
   * @example urlconf.reverse('files', { kwargs: { rest: 'a/b c' } }) // '/files/a/b%20c'
   */
  reverse(
    viewname: string,
    options: {
      readonly args?: readonly (string | number)[] | undefined;
      readonly kwargs?: Readonly<Record<string, string | number>> | undefined;
    } = {},
    request: VersioningRequest | null = null,
  ): string {
    checkViewname(viewname);
    if (!isPlainObject(options)) {
      throw mustBe(whereOf(viewname), 'options', 'an object', options);
    }
    if (!hasOnlyKnownKeys(options, ['args', 'kwargs'])) {
      checkKnownKeys(whereOf(viewname), options, ['args', 'kwargs']);
    }
    if (request !== null && typeof request !== 'object') {
      throw mustBe(whereOf(viewname), 'request', 'a VersioningRequest or null', request);
    }
    const { args = noValues, kwargs = {} }: { args?: unknown; kwargs?: unknown } = options;
    if (!Array.isArray(args)) {
      throw mustBe(whereOf(viewname), 'args', 'an array', args);
    }
    if (!isPlainObject(kwargs)) {
      throw mustBe(whereOf(viewname), 'kwargs', 'an object', kwargs);
    }
    const argValues = args.length === 0 ? noValues : checkValues(viewname, null, [...(args as unknown[])]);
    const names = Object.keys(kwargs);
    const kwargValues = checkValues(viewname, names, Object.values(kwargs));
    if (argValues.length > 0 && names.length > 0) {
      throw argumentError(
        `${whereOf(viewname)}: pass args or kwargs, not both (got args ${JSON.stringify(args)} and kwargs ${JSON.stringify(kwargs)})`,
      );
    }

    const candidates = this.#byName.get(viewname);
    if (candidates === undefined) throw new NoReverseMatch(this.#unknown(viewname));
    const outOfRange: CompiledRoute[] = [];
    for (const route of candidates) {
      const values =
        argValues.length === 0
          ? inPatternOrder(route, names, kwargValues)
          : argValues.length <= route.params.length
            ? argValues
            : null;
      if (values !== null && request !== null && !fitsVersion(route, values, request)) {
        outOfRange.push(route);
        continue;
      }
      const built = values && route.pathFor(values);
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
   * A new UrlConf in which each route is replaced by the copies `copiesOf` gives for it (`[route]` keeps it; `[]`
   * drops it): same handler, name, namespaces and options, with the copy's pattern (relative to the route's
   * includes), methods and `since`/`until`. How a history's moved routes (`route(name).movedFrom()`) are served.
   * @example urlconf.withCopies((route) => [{ route: route.pattern.slice(route.prefix.length), methods: route.methods, since: null, until: null }])
   */
  withCopies(copiesOf: (route: FlatRoute) => readonly RouteCopy[]): UrlConf {
    return new UrlConf(derivedEntries(this.#routes, copiesOf));
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
