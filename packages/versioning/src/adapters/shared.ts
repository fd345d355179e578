import type { IncomingMessage } from 'node:http';
import { type APIException, DisallowedHost, isAPIException } from '../errors.js';
import { requestFactory } from '../http/request.js';
import { languageFromAcceptLanguage, LazyString, supportedLanguages, withLanguage } from '../i18n/index.js';
import type { BaseVersioning } from '../schemes/base.js';
import type { ResolverMatch, ReverseOptions, VersioningRequest } from '../types.js';
import {
  compileLifecycle,
  type LifecycleOptions,
  lifecycleOptionNames,
  problemMembers,
  type RouteLifecycle,
  type SetHeader,
} from '../lifecycle/lifecycle.js';
import { checkKnownKeys, describe, isPlainObject } from '../urls/describe.js';
import { reverse } from '../urls/reverse.js';
import { type FlatRoute, resolverMatchOf, UrlConf } from '../urls/urlconf.js';
import { kwargsFromParams, type RouteDialect, translateRoute } from './route-syntax.js';

/** Options of every adapter's `versioned(urlconf, options)`; the version lifecycle's are {@link LifecycleOptions}. */
export interface AdapterOptions extends LifecycleOptions {
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
}

/** What an adapter puts on each request it routes: on the request (Express, Fastify, node:http) or `c.get()` (Hono). */
export interface VersioningVariables {
  /** The version the route's scheme determined; `null` on a version-neutral route. */
  readonly version: string | null;
  /** The scheme that determined it; `null` on a version-neutral route. */
  readonly versioningScheme: BaseVersioning | null;
  /** The UrlConf route the framework matched, with its names and decoded keyword arguments. */
  readonly resolverMatch: ResolverMatch;
  /**
   * The absolute URL of a named view, carrying this request's version the way its scheme does.
   * @example reverse('users-detail', { kwargs: { pk: 7 } }) // 'http://localhost/v2/users/7/'
   */
  readonly reverse: (viewname: string, options?: Omit<ReverseOptions, 'request'>) => string;
}

/** The result of versioning a request, and the handler that answers it (the route's, or one `since`/`until` chose). */
export interface Versioned<Handler> extends VersioningVariables {
  readonly handler: Handler;
}

/** One path of one UrlConf route, ready for a framework's router. */
export interface Mount<Handler> {
  readonly route: FlatRoute;
  /** The path in the framework's route syntax. */
  readonly path: string;
  /** Upper-case; `null` means every method. */
  readonly methods: readonly string[] | null;
  /** The route's handler, an ordinary handler of the framework. */
  readonly handler: Handler;
  /** The request headers the route's scheme reads (its `varyHeaders`, joined), for `Vary` on every response; `''` when none. */
  readonly vary: string;
  /** The names the framework gives this path's parameters. */
  readonly paramKeys: readonly string[];
  /** The route's match for the framework's decoded parameters of a request routed here. */
  matchOf(params: Readonly<Record<string, unknown>>): ResolverMatch;
  /**
   * Versions a request the framework routed here with `match`, for its handler to read, and puts the version
   * lifecycle's headers on the response with `setHeader`. Throws an `APIException` for a disallowed host, a version
   * that is not allowed, past its sunset or outside the route's `since`/`until`, or an `Accept` nothing satisfies.
   */
  version(input: Request | IncomingMessage, match: ResolverMatch, setHeader: SetHeader): Versioned<Handler>;
  /** The answer to an `APIException`, in the language `acceptLanguage` asks for. */
  problem(error: APIException, acceptLanguage: string | null | undefined): Problem;
}

/** An error rendered as an RFC 9457 `application/problem+json` response. */
export interface Problem {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const optionNames = ['scheme', 'allowedHosts', 'trustProxy', 'renderers', ...lifecycleOptionNames];

function isScheme(value: unknown): value is BaseVersioning {
  return typeof (value as Partial<BaseVersioning> | null)?.determineVersion === 'function';
}

/** A fetch Request whose URL does not parse: @hono/node-server builds it from a Host header it does not check. */
function unparsedHost(input: Request): Error {
  return new DisallowedHost(input.headers.get('host') ?? '');
}

const noArgs: readonly string[] = Object.freeze([]);

/** Versions `request`, routed to `match`, with `scheme` and the route's lifecycle; throws `APIException`. */
function versionRequest<Handler>(
  request: VersioningRequest,
  match: ResolverMatch,
  route: FlatRoute,
  scheme: BaseVersioning | null,
  lifecycle: RouteLifecycle,
  setHeader: SetHeader,
): Versioned<Handler> {
  const answering = lifecycle.admit(
    request,
    () => {
      // Like Django's CommonMiddleware: a Host that is not allowed is refused on every route, not only where a URL
      // happens to be built from it.
      request.getHost();
      request.resolverMatch = match;
      request.versioningScheme = scheme;
      request.version = scheme === null ? null : scheme.determineVersion(request, noArgs, match.kwargs);
    },
    setHeader,
  );
  // Another route of the same pattern answers this version (since/until): same parameters, its own names.
  const resolverMatch = answering === route ? match : resolverMatchOf(answering, match.kwargs);
  request.resolverMatch = resolverMatch;
  return {
    version: request.version,
    versioningScheme: scheme,
    resolverMatch,
    reverse: (viewname, options = {}) =>
      reverse(viewname, isPlainObject(options) ? { ...options, request } : options),
    handler: answering.handler as Handler,
  };
}

/** Puts the result of versioning on a framework's request object (Express, Fastify, node:http). */
export function exposeOn(request: object, versioning: VersioningVariables): void {
  // Four stores rather than Object.assign(): the request objects are large and this runs on every request.
  const target = request as { -readonly [K in keyof VersioningVariables]: VersioningVariables[K] };
  target.version = versioning.version;
  target.versioningScheme = versioning.versioningScheme;
  target.resolverMatch = versioning.resolverMatch;
  target.reverse = versioning.reverse;
}

/**
 * Checks an adapter's arguments and lists what to register: every route of `urlconf`, in order, under each path its
 * pattern becomes in `dialect`, with what versions a request routed there. `extraOptions` are the adapter's own keys.
 */
export function mountRoutes<Handler>(
  where: string,
  urlconf: UrlConf,
  options: AdapterOptions,
  dialect: RouteDialect,
  extraOptions: readonly string[] = [],
): Mount<Handler>[] {
  if (!(urlconf instanceof UrlConf)) {
    throw new TypeError(`${where}: urlconf must be a UrlConf, got ${describe(urlconf)}`);
  }
  if (!isPlainObject(options)) {
    throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  }
  checkKnownKeys(where, options, [...optionNames, ...extraOptions]);
  if (options.scheme !== null && !isScheme(options.scheme)) {
    throw new TypeError(
      `${where}: options.scheme must be a versioning scheme (such as new URLPathVersioning()) or null, got ${describe(options.scheme)}`,
    );
  }
  const { allowedHosts, trustProxy, renderers } = options;
  // Checked once here, so that a mistake fails now rather than on every request.
  const makeRequest = requestFactory(where, { urlconf, allowedHosts, trustProxy, renderers }, unparsedHost);
  const routes = [...urlconf.routes()].map((route) => {
    if (typeof route.handler !== 'function') {
      throw new TypeError(
        `${where}: the handler of route ${JSON.stringify(route.pattern)} must be a function, got ${describe(route.handler)}`,
      );
    }
    return { route, scheme: route.versioning === undefined ? options.scheme : route.versioning };
  });
  const lifecycles = compileLifecycle(where, options, routes);
  return routes.flatMap(({ route, scheme }, index) => {
    const lifecycle = lifecycles[index] as RouteLifecycle;
    const vary = (scheme?.varyHeaders ?? []).join(', ');
    return translateRoute(route, dialect).map(({ path, params }): Mount<Handler> => ({
      route,
      path,
      methods: route.methods,
      handler: route.handler as Handler,
      vary,
      paramKeys: params.map(({ key }) => key),
      matchOf: (values) => resolverMatchOf(route, kwargsFromParams(values, params)),
      version: (input, match, setHeader) =>
        versionRequest(makeRequest(input), match, route, scheme, lifecycle, setHeader),
      problem: (error, acceptLanguage) => renderProblem(error, acceptLanguage, vary),
    }));
  });
}

/**
 * The problem+json response for `error`: its detail in the language `Accept-Language` asks for (English when none
 * fits), `Content-Language` and `Vary: Accept-Language` when the detail is translatable, and `Vary: <vary>`.
 */
export function renderProblem(
  error: APIException,
  acceptLanguage: string | null | undefined,
  vary: string,
): Problem {
  const translatable = error.detail instanceof LazyString;
  const asked = languageFromAcceptLanguage(acceptLanguage, supportedLanguages()) ?? 'en';
  const members = problemMembers(error);
  const render = (language: string): string =>
    withLanguage(language, () =>
      JSON.stringify(members ? { ...error.toJSON(), ...members } : error.toJSON()),
    );
  const body = render(asked);
  // A message the catalog lacks comes out in English, and the header must say so.
  const language = asked !== 'en' && body === render('en') ? 'en' : asked;
  const varies = [...(vary === '' ? [] : [vary]), ...(translatable ? ['Accept-Language'] : [])].join(', ');
  return {
    status: error.statusCode,
    headers: {
      'content-type': 'application/problem+json',
      ...(translatable ? { 'content-language': language } : {}),
      ...(varies === '' ? {} : { vary: varies }),
    },
    body,
  };
}

/** A header's value with `value` appended as one more element of its list (`current` as a framework reports it). */
export function appendField(current: unknown, value: string): string {
  const text = Array.isArray(current)
    ? current.join(', ')
    : typeof current === 'string' || typeof current === 'number'
      ? String(current)
      : '';
  return text === '' ? value : `${text}, ${value}`;
}

/** A `Vary` value with each of `fields` (comma-separated) added, unless it is there already (case-insensitively) or the value is `*`. */
export function appendVary(current: unknown, fields: string): string {
  let text = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (text === fields) return text;
  if (text.trim() === '') return fields;
  const present = text.split(',').map((entry) => entry.trim().toLowerCase());
  if (present.includes('*')) return text;
  for (const field of fields.split(',')) {
    const name = field.trim();
    if (name === '' || present.includes(name.toLowerCase())) continue;
    present.push(name.toLowerCase());
    text = `${text}, ${name}`;
  }
  return text;
}

/**
 * Runs `fn`; an `APIException` it throws or its promise rejects with becomes `onProblem(error)`. Any other error
 * propagates untouched, so it reaches the framework's own error handling.
 */
export function catchProblems<T, P>(
  fn: () => T,
  onProblem: (error: APIException) => P,
): T | P | Promise<Awaited<T> | P> {
  let result: T;
  try {
    result = fn();
  } catch (error) {
    return answerProblem(error, onProblem);
  }
  if (!(result instanceof Promise)) return result;
  return result.then(
    (value: Awaited<T>) => value,
    (error: unknown) => answerProblem(error, onProblem),
  );
}

/** `onProblem(error)` for an `APIException`; any other error is thrown again. */
function answerProblem<P>(error: unknown, onProblem: (error: APIException) => P): P {
  if (isAPIException(error)) return onProblem(error);
  throw error;
}
