import type { ServerResponse } from 'node:http';
import { type APIException, DisallowedHost, isAPIException, MethodNotAllowed } from '../errors.js';
import { type RequestFactory, requestFactory, type RouteSource } from '../http/request.js';
import { languageFromAcceptLanguage, LazyString, supportedLanguages, withLanguage } from '../i18n/index.js';
import type { BaseVersioning } from '../schemes/base.js';
import { checkSchemeHeaders } from '../schemes/base.js';
import { URLPathVersioning } from '../schemes/url-path.js';
import type { ResolverMatch, ReverseOptions, VersioningRequest } from '../types.js';
import {
  compileLifecycle,
  type LifecycleOptions,
  lifecycleOptionNames,
  problemMembers,
  type RouteLifecycle,
  type SetHeader,
} from '../lifecycle/lifecycle.js';
import { argumentError, checkKnownKeys, describe, isPlainObject, mustBe } from '../internal/arguments.js';
import { isScheme, isUrlConf } from '../internal/recognize.js';
import { reverse } from '../urls/reverse.js';
import { resolverMatchOf } from '../urls/compiled-route.js';
import { include as coreInclude, path as corePath } from '../urls/route-builders.js';
import type { FlatRoute, Include, PathOptions, Route } from '../urls/route.types.js';
import type { UrlConf } from '../urls/urlconf.js';
import { unroutablePath } from './malformed-path.js';
import { type RouteDialect, translateRoute } from './route-syntax.js';

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
  /**
   * Answer a path under no route with a 404 and a route without the request's method with a 405 (with `Allow`),
   * both as problem+json like the version errors (`not_found` `Not found.`, `method_not_allowed`
   * `Method "<METHOD>" not allowed.`, translated). The node:http adapter always does.
   * @default false
   */
  readonly problems?: boolean;
}

/**
 * What an adapter puts on each request it routes: on the request (Express, Fastify, node:http) or `c.get()` (Hono).
 * `V` is the versions of the route's scheme: a typed `path()` given `{ versioning: scheme }` of a scheme typed by its
 * allow list (`allowedVersions: ['v1', 'v2'] as const`) makes `version` `'v1' | 'v2' | null`.
 */
export interface VersioningVariables<V extends string = string> {
  /** The version the route's scheme determined; `null` on a version-neutral route. */
  readonly version: V | null;
  /** The scheme that determined it; `null` on a version-neutral route. */
  readonly versioningScheme: BaseVersioning<V> | null;
  /** The UrlConf route the framework matched, with its names and decoded keyword arguments. */
  readonly resolverMatch: ResolverMatch;
  /**
   * The absolute URL of a named view, carrying this request's version the way its scheme does; a function of
   * its own, so it may be passed around.
   * @example reverse('users-detail', { kwargs: { pk: 7 } }) // 'http://localhost/v2/users/7/'
   */
  readonly reverse: (viewname: string, options?: Omit<ReverseOptions, 'request'>) => string;
}

/** The members every adapter gives a request of its routes, in one list. */
export const versioningMembers = Object.freeze([
  'version',
  'versioningScheme',
  'resolverMatch',
  'reverse',
] as const satisfies readonly (keyof VersioningVariables)[]);

/** `true` only when the list names every member of the interface: the line below stops compiling otherwise. */
type ListsEveryMember = [Exclude<keyof VersioningVariables, (typeof versioningMembers)[number]>] extends [
  never,
]
  ? true
  : false;
true satisfies ListsEveryMember;

/** The four adapters. */
export type Framework = 'express' | 'fastify' | 'hono' | 'node';

const frameworkNames: Readonly<Record<Framework, string>> = {
  express: 'express',
  fastify: 'fastify',
  hono: 'hono',
  node: 'node',
};

declare const frameworkBrand: unique symbol;

/** A route made by an adapter's typed `path()`: the type checker keeps it out of another adapter's `include()`. */
export interface FrameworkRoute<F extends Framework> extends Route {
  readonly [frameworkBrand]?: F;
}

/** A group made by an adapter's typed `include()`. */
export interface FrameworkInclude<F extends Framework> extends Include {
  readonly [frameworkBrand]?: F;
}

/** The framework each typed `path()` declared a handler for. */
const declaredFor = new WeakMap<object, Framework>();

/**
 * An adapter's typed `path()`: the core's, remembering that `handler` was written for `framework`, so that
 * mounting it with another adapter is refused.
 */
export function frameworkPath(
  framework: Framework,
  route: string,
  handler: unknown,
  options?: PathOptions,
): Route {
  const entry = corePath(route, handler, options);
  if (typeof handler === 'function') declaredFor.set(handler, framework);
  return entry;
}

/** An adapter's typed `include()`: the core's. */
export const frameworkInclude: (
  prefix: string,
  routes: readonly (Route | Include)[],
  options?: { readonly namespace?: string },
) => Include = coreInclude;

/** One route of a UrlConf as an adapter mounts it: everything a request needs, worked out once. */
export interface MountedRoute<Handler> {
  readonly route: FlatRoute;
  /** The paths in the framework's route syntax (Fastify and Hono: one per way through the optional groups). */
  readonly paths: readonly { readonly path: string; readonly wildcard: string | null }[];
  /** Upper-case; `null` means every method. */
  readonly methods: readonly string[] | null;
  /** The route's handler, an ordinary handler of the framework. */
  readonly handler: Handler;
  /** The route's scheme; `null` for a version-neutral route. */
  readonly scheme: BaseVersioning | null;
  /** The request headers its scheme reads: every response of the route varies on them. */
  readonly vary: readonly string[];
  /** Whether the route has any parameter. */
  readonly hasParams: boolean;
  /**
   * The keyword arguments for the scheme from the framework's parameters: those parameters themselves when they
   * are plain strings under the UrlConf's names, else a copy that makes them so (wildcards).
   */
  kwargsOf(params: unknown): Readonly<Record<string, string | undefined>>;
  /** Where a request of this route finds its match and script prefix. */
  readonly source: RouteSource;
  /** Makes the versioning requests. */
  readonly requests: RequestFactory;
  /** The version lifecycle of the route: its headers, its sunset, and which route of its URL answers a version. */
  readonly lifecycle: RouteLifecycle;
  /**
   * The `Content-Type` a JSON answer to a versioned request gets instead of `application/json` (the vendor type
   * `MediaTypeVersioning` read), or `null`; `null` itself for a route whose scheme has no `responseMediaType()`.
   */
  readonly responseMediaType: ((request: VersioningRequest) => string | null) | null;
}

/** Everything `versioned()` worked out from its arguments. */
export interface Mounted<Handler> {
  readonly routes: readonly MountedRoute<Handler>[];
  /** `options.problems` */
  readonly problems: boolean;
}

const optionNames = [
  'scheme',
  'allowedHosts',
  'trustProxy',
  'renderers',
  'problems',
  ...lifecycleOptionNames,
];

/** A fetch Request whose URL does not parse: @hono/node-server builds it from a Host header it does not check. */
function unparsedHost(input: Request): Error {
  return new DisallowedHost(input.headers.get('host') ?? '');
}

/**
 * The UrlConf keyword arguments of a route from a framework's decoded parameters: those of the route only,
 * absent optional ones left out, a wildcard's segments (Express gives an array) joined with `/`.
 */
export function kwargsFromParams(
  params: Readonly<Record<string, unknown>>,
  names: readonly string[],
): Record<string, string> {
  const kwargs: Record<string, string> = {};
  for (const name of names) {
    const given = Object.hasOwn(params, name) ? params[name] : undefined;
    const value = Array.isArray(given) ? given.join('/') : given;
    if (typeof value !== 'string') continue;
    // Assigning `__proto__` would set the prototype; the parameter must be an own property like any other.
    if (name === '__proto__')
      Object.defineProperty(kwargs, name, { value, enumerable: true, writable: true, configurable: true });
    else kwargs[name] = value;
  }
  return kwargs;
}

/** The reason `scheme` cannot version `route`, if it cannot. */
function schemeProblem(route: FlatRoute, scheme: BaseVersioning | null): string | null {
  if (!(scheme instanceof URLPathVersioning)) return null;
  const param = route.params.find((candidate) => candidate.name === scheme.versionParam);
  if (param?.kind === 'param') return null;
  const name = JSON.stringify(scheme.versionParam);
  return param === undefined
    ? `route ${JSON.stringify(route.pattern)} is versioned by ${scheme.constructor.name}, which reads the version from its parameter ${name}, but its pattern has none; add ":${scheme.versionParam}" to it or give it another versioning`
    : `route ${JSON.stringify(route.pattern)} is versioned by ${scheme.constructor.name}, which reads the version from its parameter ${name}, but that is a wildcard; make it a ":${scheme.versionParam}" parameter`;
}

/** `scheme.responseMediaType` when it has one (`MediaTypeVersioning`, `CompositeVersioning`), bound; else `null`. */
function responseMediaTypeOf(scheme: BaseVersioning | null): MountedRoute<unknown>['responseMediaType'] {
  const read: unknown = (scheme as { responseMediaType?: unknown } | null)?.responseMediaType;
  return typeof read === 'function'
    ? (request) => (read as (request: VersioningRequest) => string | null).call(scheme, request)
    : null;
}

/** Whether a `Content-Type` value (as a framework reports it) is plain JSON, which a vendor type may replace. */
export function isJsonType(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/json[\t ]*(?:;|$)/i.test(contentType);
}

/** What a node:http response (Express's too) of a route gets when its head is written. */
export interface ResponseHead {
  /** `Vary` as the adapter found it (what middleware in front set): kept, whatever the handler writes after. */
  readonly upstreamVary: unknown;
  /** The request headers the route's scheme reads, appended to `Vary`. */
  readonly vary: readonly string[];
  /**
   * The `Content-Type` a JSON answer goes out as instead (the vendor type `MediaTypeVersioning` read); `null`
   * leaves it as it is.
   */
  contentType: string | null;
}

/**
 * Finishes the head of `res` when it is written: its `Vary` is what middleware in front set, then what the handler
 * set (with `setHeader()`, `res.set()`, or given to `writeHead()`), then `vary`, each field once; a JSON
 * `Content-Type` goes out as `contentType` once the adapter sets it on the returned head.
 *
 * node:http has no hook between a handler's last `setHeader()` and the head going out (Express adds none), and a
 * handler that sets `Vary` itself replaces whatever was there, so this is the one place where the adapters
 * replace `writeHead`: on this response only, calling what it had (another middleware's replacement too).
 */
export function finishHead(res: ServerResponse, vary: readonly string[]): ResponseHead {
  const head: ResponseHead = { upstreamVary: res.getHeader('vary'), vary, contentType: null };
  // Read off the prototype chain, so that the replacement below calls what the response had.
  const writeHead = Reflect.get(res, 'writeHead') as (...args: unknown[]) => ServerResponse;
  const replaced = function (this: ServerResponse, ...args: unknown[]): ServerResponse {
    writeFinalHead(this, head, args);
    return writeHead.apply(this, args);
  };
  Reflect.set(res, 'writeHead', replaced);
  return head;
}

/** Sets the final `Vary` and `Content-Type` of `res`, and takes `Vary` out of `writeHead()`'s `args` into it. */
function writeFinalHead(res: ServerResponse, head: ResponseHead, args: unknown[]): void {
  const { contentType } = head;
  if (contentType !== null && isJsonType(res.getHeader('content-type')))
    res.setHeader('content-type', contentType);
  let current: unknown = res.getHeader('vary');
  // writeHead(status[, message][, headers]): headers as an object, or as a flat [name, value, …] list.
  const at = args.findIndex((arg, index) => index > 0 && (isPlainObject(arg) || Array.isArray(arg)));
  const given = args[at];
  if (Array.isArray(given)) {
    const rest: unknown[] = [];
    for (let index = 0; index + 1 < given.length; index += 2) {
      const name: unknown = given[index];
      if (typeof name === 'string' && name.toLowerCase() === 'vary')
        current = mergeVary(current, given[index + 1]);
      else rest.push(name, given[index + 1]);
    }
    if (rest.length !== given.length) args[at] = rest;
  } else if (given !== undefined) {
    const headers = given as Record<string, unknown>;
    let copy: Record<string, unknown> | null = null;
    for (const name of Object.keys(headers)) {
      const lower = name.toLowerCase();
      if (lower === 'vary') {
        current = mergeVary(current, headers[name]);
        copy = Object.fromEntries(Object.entries(copy ?? headers).filter(([key]) => key !== name));
      } else if (contentType !== null && lower === 'content-type' && isJsonType(headers[name])) {
        copy ??= { ...headers };
        copy[name] = contentType;
      }
    }
    if (copy !== null) args[at] = copy;
  }
  const value = appendVary(mergeVary(head.upstreamVary, current), head.vary);
  if (value !== '') res.setHeader('vary', value);
  else if (current !== undefined) res.removeHeader('vary');
}

/** How mounting reads the script prefix of a request: from the context the adapter passes (a string by default). */
export type PrefixReader = (context: unknown) => string;

const prefixIsContext: PrefixReader = (context) => context as string;

/**
 * Checks an adapter's arguments and works out, once, what every route of `urlconf` needs: the paths to register in
 * `dialect`, its scheme and `Vary`, where its requests find their match and script prefix (`prefixOf` the
 * context the adapter passes). Throws a `TypeError` naming the adapter, and the route when it is one's fault.
 * `extraOptions` are the adapter's own option names.
 */
export function mountRoutes<Handler>(
  framework: Framework,
  urlconf: UrlConf,
  options: AdapterOptions,
  dialect: RouteDialect,
  {
    extraOptions = [],
    prefixOf = prefixIsContext,
  }: { extraOptions?: readonly string[]; prefixOf?: PrefixReader } = {},
): Mounted<Handler> {
  const where = `${frameworkNames[framework]} versioned(urlconf, options)`;
  if (!isUrlConf(urlconf)) {
    throw mustBe(where, 'urlconf', 'a UrlConf', urlconf);
  }
  if (!isPlainObject(options)) {
    throw mustBe(where, 'options', 'an object', options);
  }
  checkKnownKeys(where, options, [...optionNames, ...extraOptions]);
  if (options.scheme !== null && !isScheme(options.scheme)) {
    throw mustBe(
      where,
      'options.scheme',
      'a versioning scheme (such as new URLPathVersioning()) or null',
      options.scheme,
    );
  }
  const { allowedHosts, trustProxy, renderers, problems = false } = options;
  if (typeof problems !== 'boolean') {
    throw mustBe(where, 'options.problems', 'a boolean', problems);
  }
  // Checked once here, so that a mistake fails now rather than on every request.
  const requests = requestFactory(where, { urlconf, allowedHosts, trustProxy, renderers }, unparsedHost);
  const routes = [...urlconf.routes()].map((route): Omit<MountedRoute<Handler>, 'lifecycle'> => {
    const fail = (why: string): never => {
      throw argumentError(`${where}: ${why}`, 'ERR_VERSIONING_INVALID_ROUTE');
    };
    if (typeof route.handler !== 'function') {
      fail(
        `the handler of route ${JSON.stringify(route.pattern)} must be a function, got ${describe(route.handler)}`,
      );
    }
    const declared = declaredFor.get(route.handler as object);
    if (declared !== undefined && declared !== framework) {
      fail(
        `the handler of route ${JSON.stringify(route.pattern)} was declared with path() of @restdash/versioning/${declared}, so it is a ${declared} handler; declare it with path() of @restdash/versioning/${framework}`,
      );
    }
    const scheme = route.versioning === undefined ? options.scheme : route.versioning;
    const problem = schemeProblem(route, scheme);
    if (problem !== null) fail(problem);
    // Its values go into response headers, where node:http throws on a bad one: refused now, not by a request.
    if (scheme !== null) checkSchemeHeaders(where, scheme);
    let paths;
    try {
      paths = translateRoute(route, dialect).map(({ path, wildcard }) => ({ path, wildcard }));
    } catch (error) {
      throw argumentError(`${where}: ${(error as Error).message}`, 'ERR_VERSIONING_INVALID_ROUTE', {
        cause: error,
      });
    }
    const names = route.params.map((param) => param.name);
    const hasWildcard = route.params.some((param) => param.kind === 'wildcard');
    return {
      route,
      paths,
      methods: route.methods,
      handler: route.handler as Handler,
      scheme,
      vary: scheme === null ? [] : Object.freeze([...scheme.varyHeaders]),
      hasParams: names.length > 0,
      responseMediaType: responseMediaTypeOf(scheme),
      kwargsOf: hasWildcard
        ? (params) => kwargsFromParams(params as Record<string, unknown>, names)
        : (params) => params as Record<string, string>,
      source: {
        matchOf: (params) =>
          resolverMatchOf(route, kwargsFromParams(params as Record<string, unknown>, names)),
        prefixOf,
      },
      requests,
    };
  });
  const lifecycles = compileLifecycle(where, options, routes);
  return {
    routes: routes.map((mounted, index) => ({ ...mounted, lifecycle: lifecycles[index] as RouteLifecycle })),
    problems,
  };
}

/**
 * Versions `request`, which the framework routed to `mounted` with `kwargs`: checks its host (like Django's
 * CommonMiddleware, on every route, version-neutral ones too), then lets the route's scheme determine its version,
 * through the route's lifecycle, which puts its headers on the response with `setHeader(target, …)`. Returns the
 * handler that answers: the route's, or that of a later route of the same URL whose `since`/`until` hold the
 * version. Throws an `APIException` for a disallowed host, a version that is not allowed, past its sunset or outside the
 * route's `since`/`until`, or an `Accept` nothing satisfies.
 */
export function versionRequest<Handler, T>(
  mounted: MountedRoute<Handler>,
  request: VersioningRequest,
  kwargs: Readonly<Record<string, string | undefined>>,
  setHeader: SetHeader<T>,
  target: T,
): Handler {
  const answering = mounted.lifecycle.admit(request, mounted.scheme, kwargs, setHeader, target);
  if (answering === mounted.route) return mounted.handler;
  // Another route of the same pattern answers this version: same parameters, its own names.
  request.resolverMatch = resolverMatchOf(answering, (request.resolverMatch as ResolverMatch).kwargs);
  return answering.handler as Handler;
}

/** `request`'s bound `reverse()`: absolute URLs that carry its version. */
export function reverseFor(request: VersioningRequest): VersioningVariables['reverse'] {
  return (viewname, options = {}) =>
    reverse(viewname, isPlainObject(options) ? { ...options, request } : options);
}

/**
 * A request's {@link ResolverMatch} for adapters that must hand over a value: its fields are worked out from the
 * route and the framework's parameters when one is first read.
 */
export class LazyResolverMatch implements ResolverMatch {
  readonly #request: VersioningRequest;

  constructor(request: VersioningRequest) {
    this.#request = request;
  }

  get #match(): ResolverMatch {
    return this.#request.resolverMatch as ResolverMatch;
  }

  get route(): string {
    return this.#match.route;
  }

  get urlName(): string | null {
    return this.#match.urlName;
  }

  get namespace(): string {
    return this.#match.namespace;
  }

  get namespaces(): readonly string[] {
    return this.#match.namespaces;
  }

  get viewName(): string {
    return this.#match.viewName;
  }

  get args(): readonly string[] {
    return this.#match.args;
  }

  get kwargs(): Readonly<Record<string, string>> {
    return this.#match.kwargs;
  }

  get handler(): unknown {
    return this.#match.handler;
  }

  /** The match as a plain object, for `JSON.stringify()` and logs. */
  toJSON(): ResolverMatch {
    return this.#match;
  }
}

/** Puts the members of `request` on a framework's request object (Express, node:http). */
export function exposeOn(target: object, request: VersioningRequest): void {
  // Four stores rather than a loop over versioningMembers: this runs on every request.
  const members = target as { -readonly [K in keyof VersioningVariables]: VersioningVariables[K] };
  members.version = request.version;
  members.versioningScheme = request.versioningScheme;
  members.resolverMatch = new LazyResolverMatch(request);
  members.reverse = reverseFor(request);
}

/** An error rendered as an RFC 9457 `application/problem+json` response. */
export interface Problem {
  readonly status: number;
  /** Every header but `Vary`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The fields to append to the response's `Vary` (never to replace it with). */
  readonly vary: readonly string[];
  readonly body: string;
}

const varyLanguage: readonly string[] = Object.freeze(['Accept-Language']);

/**
 * The problem+json response for `error`: its detail in the language `Accept-Language` asks for (English when none
 * fits), `Content-Language` and `Vary: Accept-Language` when the detail is translatable, and `vary` (the route's
 * scheme's headers) in `Vary` too. `X-Content-Type-Options: nosniff`, as the body quotes what the client sent.
 */
export function renderProblem(
  error: APIException,
  acceptLanguage: string | null | undefined,
  vary: readonly string[] = [],
): Problem {
  const translatable = error.detail instanceof LazyString;
  const asked = languageFromAcceptLanguage(acceptLanguage, supportedLanguages()) ?? 'en';
  // RFC 9457 extension members (the lifecycle's `supportedVersions`) join the body.
  const members = problemMembers(error);
  const render = (language: string): string =>
    withLanguage(language, () =>
      JSON.stringify(members ? { ...error.toJSON(), ...members } : error.toJSON()),
    );
  const body = render(asked);
  // A message the catalog lacks comes out in English, and the header must say so.
  const language = asked !== 'en' && body === render('en') ? 'en' : asked;
  return {
    status: error.statusCode,
    headers: {
      'content-type': 'application/problem+json',
      ...(translatable ? { 'content-language': language } : {}),
      'x-content-type-options': 'nosniff',
    },
    vary: translatable ? [...vary, ...varyLanguage] : vary,
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

/** A header value as a framework reports it (a string, several, or nothing) as one string. */
function varyText(value: unknown): string {
  return Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '';
}

/**
 * The `Vary` value `current` (a header value, several, or nothing) with `fields` appended, each unless it is there
 * already (case-insensitively) or the value is `*`; appending `*` makes it `*`. Every adapter appends with it, on
 * success and error alike. An empty result means no `Vary` at all: never send it as an empty header.
 */
export function appendVary(current: unknown, fields: readonly string[]): string {
  let text = varyText(current);
  for (const field of fields) {
    if (field === '*') return field;
    if (text.trim() === '') {
      text = field;
      continue;
    }
    if (text === field) continue;
    const present = text.split(',').map((entry) => entry.trim().toLowerCase());
    if (present.includes('*') || present.includes(field.toLowerCase())) continue;
    text = `${text}, ${field}`;
  }
  return text;
}

/** The `Vary` value `current` with the fields of the `Vary` value `more` appended (see {@link appendVary}). */
export function mergeVary(current: unknown, more: unknown): string {
  const text = varyText(current);
  const added = varyText(more);
  if (added === text || added.trim() === '') return text;
  if (text.trim() === '') return added;
  const fields = added
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field !== '');
  return appendVary(text, fields);
}

/**
 * Appends `fields` to the `Vary` of a node:http response (Express's too); with none, leaves it alone rather than
 * send an empty `Vary`.
 */
export function appendVaryOn(res: ServerResponse, fields: readonly string[]): void {
  if (fields.length > 0) res.setHeader('vary', appendVary(res.getHeader('vary'), fields));
}

/**
 * The answer to a request no route of `routes` serves with its method: a 405 `MethodNotAllowed` with the methods
 * of the routes matching `path` (percent-encoded, without the mount point), or when none does a 404 `NotFound` (a
 * 400 `ParseError` for a malformed percent-escape in it).
 */
export function unrouted(
  routes: readonly MountedRoute<unknown>[],
  path: string,
  method: string,
): APIException {
  const allowed = new Set<string>();
  for (const { route, methods } of routes) {
    if (methods === null || !route.regexp.test(path)) continue;
    for (const name of methods) allowed.add(name);
  }
  return allowed.size > 0 ? new MethodNotAllowed(method, allowList(allowed)) : unroutablePath(path);
}

/**
 * The methods of a 405's `Allow`: `methods`, with `HEAD` after `GET` unless listed, as every adapter's framework
 * answers `HEAD` with a `GET` route.
 */
export function allowList(methods: ReadonlySet<string>): string[] {
  const list: string[] = [];
  for (const method of methods) {
    list.push(method);
    if (method === 'GET' && !methods.has('HEAD')) list.push('HEAD');
  }
  return list;
}

/** The `Allow` header of a problem, when it is a 405. */
export function allowOf(error: APIException): Readonly<Record<string, string>> {
  return error instanceof MethodNotAllowed ? { allow: error.allowed.join(', ') } : {};
}

/** The path of a request target (`/a/b?c` → `/a/b`). */
export function pathOf(target: string): string {
  const mark = target.search(/[?#]/);
  return mark === -1 ? target : target.slice(0, mark);
}

/** `onProblem(error)` for an `APIException`; any other error is thrown again. */
export function answerProblem<P>(error: unknown, onProblem: (error: APIException) => P): P {
  if (isAPIException(error)) return onProblem(error);
  throw error;
}
