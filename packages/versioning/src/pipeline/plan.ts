import { isVersionHistory, type VersionHistory } from '../changes/history.js';
import { withMovedRoutes } from '../changes/moved-routes.js';
import { DisallowedHost } from '../errors.js';
import type { RequestFactory } from '../http/request.js';
import { requestFactory } from '../http/request.js';
import { argumentError, checkKnownKeys, describe, isPlainObject, mustBe } from '../internal/arguments.js';
import { isScheme, isUrlConf } from '../internal/recognize.js';
import {
  compileLifecycle,
  type LifecycleOptions,
  lifecycleOptionNames,
  type RouteLifecycle,
} from '../lifecycle/lifecycle.js';
import type { CompiledPolicy, HeaderField } from '../lifecycle/policies.js';
import { BaseVersioning, checkSchemeHeaders } from '../schemes/base.js';
import type { ResolverMatch, VersioningRequest } from '../types.js';
import { resolverMatchOf } from '../urls/resolver-match.js';
import { reverse } from '../urls/reverse.js';
import type { FlatRoute } from '../urls/route.types.js';
import type { UrlConf } from '../urls/urlconf.js';
import type { RouteBodies } from './route-bodies.js';
import { checkResponsesDefault } from './check-responses.js';
import { checkHistoryOrder } from './history-order.js';
import { kwargsFromParams } from './kwargs.js';
import type { ProblemMigration } from './problem.js';
import { checkPin, compilePin, pinnedVary, type PinVersion, type PinVersionOptions } from './pin.js';

export type { PinnedVersion, PinVersion, PinVersionOptions } from './pin.js';

/**
 * Options of every adapter's `versioned(urlconf, options)` (Nest: `RestdashModule.forRoot(options)`); the version
 * lifecycle's are those of `LifecycleOptions`. `R` is what a `pinVersion` is given: the framework's own request
 * (Hono: the context). The adapters export them as `AdapterOptions`; a mount's plan is compiled from them.
 */
export interface PlanOptions<R = unknown> extends LifecycleOptions {
  /**
   * Scheme of every route whose `path()` names no `versioning` of its own (DRF's `DEFAULT_VERSIONING_CLASS`);
   * `null` leaves those routes unversioned.
   */
  readonly scheme: BaseVersioning | null;
  /** Host names the `Host` header may carry; any other is answered 400. @default ['localhost', '.localhost', '127.0.0.1', '[::1]'] */
  readonly allowedHosts?: readonly string[];
  /** Honour `X-Forwarded-Host` / `X-Forwarded-Proto`; only behind a proxy that sets them. @default false */
  readonly trustProxy?: boolean;
  /** Media types the API can render, for content negotiation on `Accept`. @default ['application/json'] */
  readonly renderers?: readonly string[];
  /**
   * Answer a path under no route with a 404 and a route without the request's method with a 405 (with `Allow`),
   * both as problem+json like the version errors (`not_found` `Not found.`, `method_not_allowed`
   * `Method "<METHOD>" not allowed.`, translated). The node:http adapter always does.
   * @default false
   */
  readonly problems?: boolean;
  /**
   * Serve the OpenAPI document of each version (`@restdash/versioning/openapi`) at `path`, a route of the mount
   * like any other (`/:version/openapi.json` under `URLPathVersioning`): a request gets the document of its version,
   * chosen as for every other route, except that a request without a version gets the newest version's document even
   * where the scheme requires one (a browser, a docs UI). Every response of a versioned route that has a version then
   * carries `Link: <that version's document>; rel="service-desc"` (RFC 8631).
   * @default undefined (no document served)
   */
  readonly describe?: DescribeOptions;
  /**
   * The version of a request that carries none, as Stripe pins each account to its version: called with the
   * framework's own request (Hono: the context) only for a request of a versioned route that carries no version, never
   * otherwise. A string is used as if the client had sent it (read and checked the same way, refused the same way);
   * `null` or `undefined` leaves the scheme's `defaultVersion` (or its 400 `version_required`). May return a promise.
   *
   * An answer whose version the pin was asked for carries `Vary: *`: it depends on more than the headers a cache sees.
   * Given as `{ version, vary }`, it carries the header names `vary` lists beside the scheme's instead.
   * @example pinVersion: async (req) => (await accounts.get(req.headers['x-account']))?.apiVersion
   * @example pinVersion: { version: (req) => accounts.get(req.headers['x-account'])?.apiVersion, vary: ['X-Account'] }
   */
  readonly pinVersion?: PinVersion<R> | PinVersionOptions<R>;
  /**
   * The history of version changes (`@restdash/versioning/changes`): a request body of an older version is migrated
   * up to the newest before the handler reads it, a response migrated down after. Every version a route can be
   * served in (its scheme's `allowedVersions` and `defaultVersion`) must be one of the history's; a version-neutral
   * route, and a request without a version, are served as the newest. @default undefined (no migrations)
   */
  readonly changes?: VersionHistory;
  /**
   * The most bytes of a request body the adapter reads itself, for routes with a `request` schema (node:http, Hono,
   * Express without a JSON parser in front; on Fastify, the routes' own `bodyLimit`): a longer one is answered 413.
   * @default 1048576
   */
  readonly bodyLimit?: number;
  /**
   * Check what handlers send, in development: a 2xx JSON value of a route with a `response` schema that, as the
   * client of the request's version receives it (migrated down to an older one), does not match that version's schema
   * is answered 500 problem+json, code `invalid_response`, naming the route, the version and JSON Pointers (`errors`),
   * instead of going out. Properties the schema does not know are left out as always, not refused. Off, nothing of it
   * is compiled or run.
   * @default process.env.NODE_ENV !== 'production' (read at mount)
   */
  readonly checkResponses?: boolean;
}

/** The adapters' option `describe`: where the OpenAPI documents are served, and their `info`. */
export interface DescribeOptions {
  /** The route of the documents, in the UrlConf's syntax; `:version` where the scheme reads it from the path. */
  readonly path: string;
  /** The documents' `info` (its `version` is each document's version). */
  readonly info: { readonly title: string; readonly description?: string };
  /**
   * Also serve an HTML API reference at this path (no parameters): Swagger UI over every version's document, its
   * definition list the version switcher, "Try it out" sending the version where the scheme reads it. Its files come
   * from the optional peer `swagger-ui-dist` (`npm install swagger-ui-dist`), served from this mount: no CDN.
   * @default undefined (no reference page)
   * @example { path: '/openapi.json', info: { title: 'Users API' }, ui: '/docs/' }
   */
  readonly ui?: string;
}

/** The URL name of the `describe` route, in a route table of its own (reversal builds its `Link`). */
export const describeName = 'openapi-document';

/** The names of {@link PlanOptions}, for a caller's check of unknown options. */
export const planOptionNames: readonly string[] = Object.freeze([
  'scheme',
  'allowedHosts',
  'trustProxy',
  'renderers',
  'problems',
  'describe',
  'pinVersion',
  'changes',
  'bodyLimit',
  'checkResponses',
  ...lifecycleOptionNames,
]);

/**
 * How a request of a route reads its script prefix (the mount point) from what the adapter passes per request:
 * the string itself by default; Hono passes its context, read only when a handler reverses a URL.
 */
export type PrefixReader = (mount: unknown) => string;

const prefixIsMount: PrefixReader = (mount) => mount as string;

/** One route of a UrlConf, compiled once: everything a request of it and a document about it need. */
export interface RoutePlan {
  /** The UrlConf's route (pattern, names, handler, `since`/`until`, compiled matcher). */
  readonly route: FlatRoute;
  /** Upper-case; `null` means every method. */
  readonly methods: readonly string[] | null;
  /** The route's own scheme, else the mount's `options.scheme`; `null` for a version-neutral route. */
  readonly scheme: BaseVersioning | null;
  /** The request headers its scheme reads (frozen): every response of the route varies on them. */
  readonly vary: readonly string[];
  /** The route's parameter names, in pattern order. */
  readonly paramNames: readonly string[];
  /** Whether the route has any parameter. */
  readonly hasParams: boolean;
  /**
   * The versions the route exists in: its `since`/`until` over its scheme's allow list (frozen, oldest first), or
   * `null` when it has neither bound (every version its scheme allows).
   */
  readonly versions: readonly (string | null)[] | null;
  /** The version lifecycle of the route: its header fields, its sunset, which route of its URL answers a version. */
  readonly lifecycle: RouteLifecycle;
  /**
   * The `Content-Type` a JSON answer to a versioned request gets instead of `application/json` (the vendor type
   * `MediaTypeVersioning` read), or `null`; `null` itself for a route whose scheme has no `responseMediaType()`.
   */
  readonly responseMediaType: ((request: VersioningRequest) => string | null) | null;
  /**
   * The UrlConf keyword arguments from the framework's decoded parameters: those parameters themselves when they
   * are plain strings under the UrlConf's names, else a copy that makes them so (a wildcard's segments joined).
   */
  kwargsOf(params: unknown): Readonly<Record<string, string | undefined>>;
  /**
   * The {@link ResolverMatch} of `route` (this one unless a later route of its URL answers the version) for the
   * framework's parameters; made only when a handler reads it.
   */
  matchOf(params: unknown, route?: FlatRoute): ResolverMatch;
  /** Makes the requests of this mount (the same for every route of it). */
  readonly requests: RequestFactory;
  /** The mount's `pinVersion` on a versioned route; `null` without one, or on a version-neutral route. */
  readonly pinVersion: ((request: unknown) => unknown) | null;
  /**
   * The `Vary` of an answer whose version the pin was asked for (frozen): `['*']`, or `vary` and the headers of
   * `pinVersion: { vary }`; `vary` itself on a route without a pin.
   */
  readonly pinnedVary: readonly string[];
  /**
   * Whether this is the route of the `describe` documents: a request of it that carries no version is served (the
   * newest version's document) even where the scheme requires one.
   */
  readonly describes: boolean;
  /** The script prefix from what the adapter passes per request (see {@link PrefixReader}). */
  prefixOf(mount: unknown): string;
  /**
   * What `route` (this one, or a later route of its URL that answers the version) does with request and response
   * bodies, or `null` when it does nothing with them.
   */
  bodiesOf(route: FlatRoute): RouteBodies | null;
  /** The history's `migrateProblem()`s for a problem of this route in `version`, or `null` when there are none. */
  problemFor(version: string | null): ProblemMigration | null;
  /** `options.bodyLimit`, checked. */
  readonly bodyLimit: number;
  /** Whether `options.bodyLimit` was given (Fastify applies its own otherwise). */
  readonly bodyLimitGiven: boolean;
  /**
   * The `Link: <…>; rel="service-desc"` field of a request of this route that has a version (the mount's
   * `describe` document of that version), or `null` when the mount serves no document or the route is
   * version-neutral.
   */
  readonly serviceDesc: ((request: VersioningRequest) => HeaderField) | null;
}

/** A UrlConf and the options of its mount, compiled once and frozen. */
export interface Plan {
  readonly urlconf: UrlConf;
  /** One per route of `urlconf.routes()`, in its order. */
  readonly routes: readonly RoutePlan[];
  /** `options.problems`. */
  readonly problems: boolean;
  /** `options.policies`, checked and compiled, by version. */
  readonly policies: ReadonlyMap<string, CompiledPolicy>;
  /** `options.reportVersions`. */
  readonly reportVersions: boolean;
  /** `options.enforceSunset`. */
  readonly enforceSunset: boolean;
  /** Makes the requests of this mount (hosts, proxy trust and renderers checked once). */
  readonly requests: RequestFactory;
  /** Whether some route of the mount reads request bodies (has a `request` schema). */
  readonly readsBodies: boolean;
}

/** What an adapter adds to {@link compilePlan}. */
export interface PlanSettings {
  /** Option names the caller takes besides {@link PlanOptions}'. */
  readonly extraOptions?: readonly string[];
  /** How the requests read their script prefix. @default the mount value is the prefix string */
  readonly prefixOf?: PrefixReader;
  /**
   * The caller's own check of each route and its scheme, run first (an adapter's: the handler is one of its
   * framework's); throws to refuse it.
   */
  readonly checkRoute?: (route: FlatRoute, scheme: BaseVersioning | null) => void;
  /**
   * Compiles what a route does with bodies (the adapters': `bodyCompiler()`, validators included). A plan made for a
   * document rather than for serving leaves it out, and its routes do nothing with bodies.
   * @default every route does nothing with bodies
   */
  readonly compileBodies?: (
    where: string,
    route: FlatRoute,
    history: VersionHistory | null,
    checkResponses: boolean,
  ) => RouteBodies | null;
  /**
   * Makes the route table of the `describe` route (named {@link describeName}), whose handler is one of the
   * adapter's framework answering the document of the request's version; called once the options are checked,
   * required when `options.describe` is given. (The adapters make it: this module loads no router.)
   */
  readonly describeTable?: (describe: DescribeOptions) => UrlConf;
}

const noBodies = (): null => null;

/** The adapters' default `bodyLimit`: 1 MiB, as Express's and Fastify's own parsers. */
const defaultBodyLimit = 1_048_576;

/** A fetch Request whose URL does not parse: @hono/node-server builds it from a Host header it does not check. */
function unparsedHost(input: Request): Error {
  return new DisallowedHost(input.headers.get('host') ?? '');
}

/** `scheme.responseMediaType` when it has one (`MediaTypeVersioning`, `CompositeVersioning`), bound; else `null`. */
function responseMediaTypeOf(scheme: BaseVersioning | null): RoutePlan['responseMediaType'] {
  const read: unknown = (scheme as { responseMediaType?: unknown } | null)?.responseMediaType;
  return typeof read === 'function'
    ? (request) => (read as (request: VersioningRequest) => string | null).call(scheme, request)
    : null;
}

function checkOptions(where: string, urlconf: unknown, options: unknown, extra: readonly string[]): void {
  if (!isUrlConf(urlconf)) throw mustBe(where, 'urlconf', 'a UrlConf', urlconf);
  if (!isPlainObject(options)) throw mustBe(where, 'options', 'an object', options);
  checkKnownKeys(where, options, [...planOptionNames, ...extra]);
  const { scheme, problems, pinVersion, checkResponses } = options as Partial<PlanOptions>;
  if (pinVersion !== undefined) checkPin(where, pinVersion);
  if (scheme !== null && !isScheme(scheme)) {
    throw mustBe(
      where,
      'options.scheme',
      'a versioning scheme (such as new URLPathVersioning()) or null',
      scheme,
    );
  }
  for (const [name, value] of Object.entries({ problems, checkResponses })) {
    if (value !== undefined && typeof value !== 'boolean')
      throw mustBe(where, `options.${name}`, 'a boolean', value);
  }
  const { bodyLimit, changes } = options as Partial<PlanOptions>;
  if (bodyLimit !== undefined && !(Number.isSafeInteger(bodyLimit) && bodyLimit > 0)) {
    throw mustBe(where, 'options.bodyLimit', 'a positive integer (bytes)', bodyLimit);
  }
  if (changes !== undefined && !isVersionHistory(changes)) {
    throw mustBe(where, 'options.changes', 'a VersionHistory (@restdash/versioning/changes)', changes);
  }
  if (changes !== undefined) checkHistoryOrder(where, changes, urlconf, scheme);
  const { describe } = options as Partial<PlanOptions>;
  if (describe !== undefined) checkDescribe(where, describe);
}

/**
 * Refuses a route whose scheme can serve a version the history does not know: with `changes`, every version a
 * request can be served in must have its schemas.
 */
function checkHistoryVersions(
  where: string,
  history: VersionHistory,
  route: FlatRoute,
  scheme: BaseVersioning | null,
): void {
  if (scheme === null) return;
  const { allowedVersions, defaultVersion } = scheme;
  const label = JSON.stringify(route.pattern);
  if (allowedVersions === null) {
    throw argumentError(
      `${where}: route ${label} is versioned by a scheme without allowedVersions, which options.changes cannot serve: list the versions the scheme allows (each a version of the history)`,
    );
  }
  const known = new Set<string>(history.versions);
  const servable = defaultVersion === null ? [...allowedVersions] : [...allowedVersions, defaultVersion];
  for (const version of servable) {
    if (version !== null && !known.has(version)) {
      throw argumentError(
        `${where}: route ${label} can be served in version ${JSON.stringify(version)}, which options.changes does not have (its versions: ${history.versions.map((v) => JSON.stringify(v)).join(', ')})`,
      );
    }
  }
}

function checkDescribe(where: string, describe: unknown): void {
  const at = `${where}: options.describe`;
  if (!isPlainObject(describe))
    throw mustBe(where, 'options.describe', 'an object { path, info, ui? }', describe);
  checkKnownKeys(at, describe, ['path', 'info', 'ui']);
  if (typeof describe['path'] !== 'string') throw mustBe(at, 'path', 'a route string', describe['path']);
  const ui = describe['ui'];
  if (
    ui !== undefined &&
    (typeof ui !== 'string' || !/^\/[^:*?#{}()\\]*$/.test(ui) || ui === describe['path'])
  )
    throw mustBe(at, 'ui', 'a path without parameters, starting with "/", other than path', ui);
  const info = describe['info'];
  if (!isPlainObject(info)) throw mustBe(at, 'info', 'an object { title, description? }', info);
  checkKnownKeys(`${at}.info`, info, ['title', 'description']);
  if (typeof info['title'] !== 'string' || info['title'] === '')
    throw mustBe(at, 'info.title', 'a non-empty string', info['title']);
  if (info['description'] !== undefined && typeof info['description'] !== 'string')
    throw mustBe(at, 'info.description', 'a string', info['description']);
}

/** The table of the `describe` route, which its `Link` reverses with; `null` without `describe`. */
function describeTableOf(
  where: string,
  options: PlanOptions<never>,
  make: PlanSettings['describeTable'],
): UrlConf | null {
  if (options.describe === undefined) return null;
  if (make === undefined) {
    throw mustBe(
      where,
      'options.describe',
      'undefined here (it is an option of the adapters)',
      options.describe,
    );
  }
  return make(options.describe);
}

/** `Link: <the describe document of the request's version>; rel="service-desc"` for the routes of a mount. */
function serviceDescOf(table: UrlConf): (request: VersioningRequest) => HeaderField {
  return (request) => ['link', `<${reverse(describeName, { request, urlconf: table })}>; rel="service-desc"`];
}

/**
 * Checks `urlconf` and `options` once (`where` names the caller in every error) and compiles what serving and
 * documenting each route needs: its scheme and `Vary`, its lifecycle window and policies, its response media type,
 * how its parameters become keyword arguments. Framework-free: an adapter translates the routes to its router's
 * syntax on top. Throws a `TypeError` with a stable `code` at the first mistake.
 * @example
 * const plan = compilePlan(urlconf, { scheme: new URLPathVersioning() }, 'my versioned(urlconf, options)');
 */
export function compilePlan(
  given: UrlConf,
  options: PlanOptions<never>,
  where: string,
  {
    extraOptions = [],
    prefixOf = prefixIsMount,
    checkRoute,
    compileBodies = noBodies,
    describeTable,
  }: PlanSettings = {},
): Plan {
  checkOptions(where, given, options, extraOptions);
  const { allowedHosts, trustProxy, renderers, problems = false } = options;
  const pin = compilePin(options.pinVersion);
  const history = options.changes ?? null;
  const urlconf = withMovedRoutes(where, given, history, options.scheme);
  const bodyLimit = options.bodyLimit ?? defaultBodyLimit;
  const requests = requestFactory(where, { urlconf, allowedHosts, trustProxy, renderers }, unparsedHost);
  const table = describeTableOf(where, options, describeTable);
  const serviceDesc = table === null ? null : serviceDescOf(table);
  // The describe route first, so that no route of the UrlConf shadows it.
  const describeRoutes = [...(table?.routes() ?? [])];
  const routes = [...describeRoutes, ...urlconf.routes()].map((route) => {
    const scheme = route.versioning === undefined ? options.scheme : route.versioning;
    checkRoute?.(route, scheme);
    // Its values go into response headers, where node:http throws on a bad one: refused now, not by a request.
    if (scheme !== null) checkSchemeHeaders(where, scheme);
    if (scheme !== null && options.pinVersion !== undefined && !(scheme instanceof BaseVersioning)) {
      throw argumentError(
        `${where}: options.pinVersion needs the schemes of its routes to be built on BaseVersioning, but route ${JSON.stringify(route.pattern)} is versioned by ${describe(scheme)}`,
      );
    }
    if (history !== null) checkHistoryVersions(where, history, route, scheme);
    return { route, scheme };
  });
  const lifecycles = compileLifecycle(where, options, routes);
  const bodies = new Map<FlatRoute, RouteBodies | null>();
  const checks = options.checkResponses ?? checkResponsesDefault();
  for (const { route } of routes) bodies.set(route, compileBodies(where, route, history, checks));
  const bodiesOf = (route: FlatRoute): RouteBodies | null => bodies.get(route) ?? null;
  const noProblemMigration = (): null => null;
  const plans = routes.map(({ route, scheme }, index): RoutePlan => {
    const names = Object.freeze(route.params.map((param) => param.name));
    const hasWildcard = route.params.some((param) => param.kind === 'wildcard');
    const lifecycle = lifecycles.routes[index] as RouteLifecycle;
    const problem = bodiesOf(route)?.problem ?? null;
    const vary = scheme === null ? Object.freeze([]) : Object.freeze([...scheme.varyHeaders]);
    return Object.freeze({
      route,
      methods: route.methods,
      scheme,
      vary,
      paramNames: names,
      hasParams: names.length > 0,
      versions: lifecycle.versions,
      lifecycle,
      responseMediaType: responseMediaTypeOf(scheme),
      kwargsOf: hasWildcard
        ? (params: unknown) => kwargsFromParams(params as Record<string, unknown>, names)
        : (params: unknown) => params as Record<string, string>,
      matchOf: (params: unknown, answering: FlatRoute = route) =>
        resolverMatchOf(answering, kwargsFromParams(params as Record<string, unknown>, names)),
      prefixOf,
      requests,
      serviceDesc: scheme === null ? null : serviceDesc,
      pinVersion: scheme === null || pin === null ? null : pin.version,
      pinnedVary: scheme === null ? vary : pinnedVary(vary, pin),
      describes: index < describeRoutes.length,
      bodiesOf,
      problemFor:
        problem === null
          ? noProblemMigration
          : (version: string | null): ProblemMigration =>
              (body) =>
                problem(body, version),
      bodyLimit,
      bodyLimitGiven: options.bodyLimit !== undefined,
    });
  });
  return Object.freeze({
    urlconf,
    routes: Object.freeze(plans),
    problems,
    policies: lifecycles.policies,
    reportVersions: options.reportVersions ?? false,
    enforceSunset: options.enforceSunset ?? false,
    requests,
    readsBodies: [...bodies.values()].some((compiled) => compiled?.request != null),
  });
}
