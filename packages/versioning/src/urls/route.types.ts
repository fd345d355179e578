import type { Token } from 'path-to-regexp';
import type { OpenAPIOperation } from './operation.types.js';
import type { Schema } from './body-schema.js';
import type { BaseVersioning, ResolverMatch } from '../types.js';

declare module '../types.js' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every declaration of the interface takes V
  interface PackageTypes<V extends string = string> {
    route: FlatRouteType;
  }
}
/** {@link FlatRoute}, by a name the declaration above reaches (there, `FlatRoute` is types.ts's own). */
type FlatRouteType = FlatRoute;

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
   * (`@restdash/versioning/openapi`); `false` leaves the route out of the documents (`openapi()`, the adapters'
   * `describe`), served all the same, as FastAPI's `include_in_schema=False`.
   * @default undefined (the generated operation as it is)
   */
  readonly openapi?: OpenAPIOperation | false;
  /**
   * The JSON body of every method of the route but GET, HEAD and OPTIONS, written for the newest version: a
   * Standard JSON Schema (zod ≥ 4.2, ArkType, Valibot's `toStandardJsonSchema`) or a JSON Schema object (TypeBox).
   * The adapters read the body, refuse one that is not JSON (415), malformed (400 `parse_error`) or not valid
   * (400 `invalid_body`), and hand the handler the schema's output. @default undefined (the body is left alone)
   */
  readonly request?: Schema;
  /**
   * The 2xx JSON body the handler sends, written for the newest version: with the adapter's `changes`, migrated
   * down to the request's version, and stripped of properties the schema in that version rules out.
   * @default undefined (the body is sent as the handler made it)
   */
  readonly response?: Schema;
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
  /**
   * What `openapi()` merges into the route's operations, checked and deep-frozen; `false`: left out of the documents;
   * `null` when not given.
   */
  readonly openapi: OpenAPIOperation | false | null;
  /** The schema of the request body (newest version), checked; `null` when not given. */
  readonly request: Schema | null;
  /** The schema of a 2xx JSON response body (newest version), checked; `null` when not given. */
  readonly response: Schema | null;
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
  /** The includes' prefixes joined, without trailing slashes (`/v1`), `''` outside includes: `pattern` begins with it. */
  readonly prefix: string;
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
  /** What `openapi()` merges into the route's operations; `false`: left out of the documents; `null` when not given. */
  readonly openapi: OpenAPIOperation | false | null;
  /** The schema of the request body (newest version); `null` when not given. */
  readonly request: Schema | null;
  /** The schema of a 2xx JSON response body (newest version); `null` when not given. */
  readonly response: Schema | null;
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

/** One copy of a route in a table derived from a {@link UrlConf} (`UrlConf.withCopies()`). */
export interface RouteCopy {
  /** The pattern, relative to the route's includes (as `path()` takes it). */
  readonly route: string;
  /** Upper-case; `null` means every method. */
  readonly methods: readonly string[] | null;
  /** First version the copy exists in; `null`: from the oldest. */
  readonly since: string | null;
  /** First version the copy no longer exists in; `null`: up to the newest. */
  readonly until: string | null;
}

/**
 * Values of a reversal by parameter position, in pattern order: `undefined` where a parameter is not given.
 * Every value is a string, checked where the reversal's input enters (`reversal-input.ts`).
 */
export type Values = readonly (string | undefined)[];

/** A {@link FlatRoute} as a {@link UrlConf} keeps it, with what reversal needs; internal to the package. */
export interface CompiledRoute extends FlatRoute {
  /** Position of each parameter in {@link FlatRoute.params}, by name. */
  readonly positions: ReadonlyMap<string, number>;
  /**
   * The path for `values`, or `null` when they do not fit this route: {@link roundTripPathFor}'s answer, without
   * its check where the route's shape already guarantees the round trip.
   */
  pathFor(values: Values): string | null;
  /** The path for `values`, kept only when it resolves back to this route with exactly these values (Django). */
  roundTripPathFor(values: Values): string | null;
}
