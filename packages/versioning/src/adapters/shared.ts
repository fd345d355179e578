import type { IncomingMessage } from 'node:http';
import { type APIException, DisallowedHost, isAPIException } from '../errors.js';
import { createRequest, type CreateRequestOptions } from '../http/request.js';
import { languageFromAcceptLanguage, LazyString, supportedLanguages, withLanguage } from '../i18n/index.js';
import { AcceptHeaderVersioning } from '../schemes/accept-header.js';
import type { BaseVersioning } from '../schemes/base.js';
import type { ResolverMatch, ReverseOptions, VersioningRequest } from '../types.js';
import { checkKnownKeys, describe, isPlainObject } from '../urls/describe.js';
import { reverse } from '../urls/reverse.js';
import { type FlatRoute, resolverMatchOf, UrlConf } from '../urls/urlconf.js';
import { kwargsFromParams, type RouteDialect, translateRoute } from './route-syntax.js';

/** Options of every adapter's `versioned(urlconf, options)`. */
export interface AdapterOptions {
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

/** One path of one UrlConf route, ready for a framework's router. */
export interface Mount<Handler> {
  readonly route: FlatRoute;
  /** The path in the framework's route syntax. */
  readonly path: string;
  /** Upper-case; `null` means every method. */
  readonly methods: readonly string[] | null;
  /** The route's handler, an ordinary handler of the framework. */
  readonly handler: Handler;
  /** The route's scheme reads `Accept`, so every response of it varies on it. */
  readonly varyAccept: boolean;
  /**
   * Answers a request the framework routed here, given its decoded parameters: versions it, hands the result to
   * `expose` (to put on the framework's request), then returns `call()` (the handler's run). An `APIException`
   * from either becomes `answer(problem, error)`; any other error propagates to the framework untouched.
   */
  respond<R, P>(
    input: Request | IncomingMessage,
    params: Readonly<Record<string, unknown>>,
    steps: {
      readonly expose: (versioning: VersioningVariables) => void;
      readonly call: () => R;
      readonly answer: (problem: Problem, error: APIException) => P;
    },
  ): R | P | Promise<Awaited<R> | P>;
}

/** An error rendered as an RFC 9457 `application/problem+json` response. */
export interface Problem {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const optionNames = ['scheme', 'allowedHosts', 'trustProxy', 'renderers'];

function isScheme(value: unknown): value is BaseVersioning {
  return typeof (value as Partial<BaseVersioning> | null)?.determineVersion === 'function';
}

function requestOptionsOf(where: string, urlconf: UrlConf, options: AdapterOptions): CreateRequestOptions {
  const { allowedHosts, trustProxy, renderers } = options;
  const requestOptions = { urlconf, allowedHosts, trustProxy, renderers };
  try {
    // createRequest() checks its options when called; once here, so a mistake fails now rather than per request.
    createRequest(new Request('http://localhost/'), requestOptions);
  } catch (error) {
    throw new TypeError(`${where}: ${(error as Error).message}`, { cause: error });
  }
  return requestOptions;
}

function headerOf(input: Request | IncomingMessage, name: string): string | null {
  if (isFetchRequest(input)) return input.headers.get(name);
  const value = input.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}

function isFetchRequest(input: Request | IncomingMessage): input is Request {
  return typeof (input.headers as Partial<Headers>).get === 'function';
}

/** `input`, unless it is a fetch Request whose URL does not parse: then its Host is refused like any bad one. */
function refuseUnparsedHost(input: Request | IncomingMessage): Request | IncomingMessage {
  // @hono/node-server builds the URL from the Host header without checking it (`a127.0.0.1` is no URL host).
  if (isFetchRequest(input) && !URL.canParse(input.url)) {
    throw new DisallowedHost(input.headers.get('host') ?? '');
  }
  return input;
}

/** Versions `request`, which the framework routed to `route` with `kwargs`; throws `APIException`. */
function versionRequest(
  request: VersioningRequest,
  route: FlatRoute,
  scheme: BaseVersioning | null,
  kwargs: Readonly<Record<string, string>>,
): VersioningVariables {
  // Like Django's CommonMiddleware: a Host that is not allowed is refused on every route, not only where a URL
  // happens to be built from it.
  request.getHost();
  const resolverMatch = resolverMatchOf(route, kwargs);
  request.resolverMatch = resolverMatch;
  request.versioningScheme = scheme;
  request.version = scheme === null ? null : scheme.determineVersion(request, [], kwargs);
  return {
    version: request.version,
    versioningScheme: scheme,
    resolverMatch,
    reverse: (viewname, options = {}) =>
      reverse(viewname, isPlainObject(options) ? { ...options, request } : options),
  };
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
  const requestOptions = requestOptionsOf(where, urlconf, options);
  return [...urlconf.routes()].flatMap((route) => {
    if (typeof route.handler !== 'function') {
      throw new TypeError(
        `${where}: the handler of route ${JSON.stringify(route.pattern)} must be a function, got ${describe(route.handler)}`,
      );
    }
    const scheme = route.versioning === undefined ? options.scheme : route.versioning;
    const varyAccept = scheme instanceof AcceptHeaderVersioning;
    return translateRoute(route, dialect).map(({ path, params }): Mount<Handler> => ({
      route,
      path,
      methods: route.methods,
      handler: route.handler as Handler,
      varyAccept,
      respond(input, values, { expose, call, answer }) {
        return catchProblems(
          () => {
            const request = createRequest(refuseUnparsedHost(input), requestOptions);
            expose(versionRequest(request, route, scheme, kwargsFromParams(values, params)));
            return call();
          },
          (error) => answer(renderProblem(error, headerOf(input, 'accept-language'), varyAccept), error),
        );
      },
    }));
  });
}

/**
 * The problem+json response for `error`: its detail in the language `Accept-Language` asks for (English when none
 * fits), `Content-Language` and `Vary: Accept-Language` when the detail is translatable, `Vary: Accept` when asked.
 */
export function renderProblem(
  error: APIException,
  acceptLanguage: string | null | undefined,
  varyAccept: boolean,
): Problem {
  const translatable = error.detail instanceof LazyString;
  const asked = languageFromAcceptLanguage(acceptLanguage, supportedLanguages()) ?? 'en';
  const render = (language: string): string => withLanguage(language, () => JSON.stringify(error.toJSON()));
  const body = render(asked);
  // A message the catalog lacks comes out in English, and the header must say so.
  const language = asked !== 'en' && body === render('en') ? 'en' : asked;
  const vary = [...(varyAccept ? ['Accept'] : []), ...(translatable ? ['Accept-Language'] : [])].join(', ');
  return {
    status: error.statusCode,
    headers: {
      'content-type': 'application/problem+json',
      ...(translatable ? { 'content-language': language } : {}),
      ...(vary === '' ? {} : { vary }),
    },
    body,
  };
}

/** A `Vary` value with `field` added, unless it is there already (case-insensitively) or the value is `*`. */
export function appendVary(current: unknown, field: string): string {
  const text = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  const fields = text.split(',').map((entry) => entry.trim().toLowerCase());
  if (fields.includes('*') || fields.includes(field.toLowerCase())) return text;
  return text.trim() === '' ? field : `${text}, ${field}`;
}

/**
 * Runs `fn`; an `APIException` it throws or its promise rejects with becomes `onProblem(error)`. Any other error
 * propagates untouched, so it reaches the framework's own error handling.
 */
export function catchProblems<T, P>(
  fn: () => T,
  onProblem: (error: APIException) => P,
): T | P | Promise<Awaited<T> | P> {
  const rethrowUnlessProblem = (error: unknown): P => {
    if (isAPIException(error)) return onProblem(error);
    throw error;
  };
  let result: T;
  try {
    result = fn();
  } catch (error) {
    return rethrowUnlessProblem(error);
  }
  return result instanceof Promise ? result.then((value: Awaited<T>) => value, rethrowUnlessProblem) : result;
}
