import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import type { Context, Env, Handler } from 'hono';
import { basePath } from 'hono/route';
import { type APIException, isAPIException } from '../../errors.js';
import { checkScriptPrefix } from '../../http/request.js';
import type { PathOptions } from '../../urls/route.types.js';
import type { UrlConf } from '../../urls/urlconf.js';
import type { HonoPath } from '../route-params.js';
import {
  type AdapterOptions,
  allowOf,
  answerProblem,
  appendVary,
  type FrameworkInclude,
  frameworkInclude,
  frameworkPath,
  type FrameworkRoute,
  isJsonType,
  LazyResolverMatch,
  mountRoutes,
  type MountedRoute,
  pathOf,
  renderProblem,
  reverseFor,
  unrouted,
  versionRequest,
  type VersioningVariables,
} from '../shared.js';
import { refuseMalformedValues } from '../malformed-path.js';

/** The Hono environment of a versioned route: `c.get('version')`, `c.get('reverse')(…)` are typed through it. */
export interface VersioningEnv<V extends string = string> {
  Variables: VersioningVariables<V>;
}

/**
 * A route handler for the Hono adapter: Hono's own `Handler`, `c.req.param()` typed from the route and the
 * versioning members in `c.get()`. `E` adds the application's own bindings and variables.
 */
export type VersionedHandler<
  Route extends string = string,
  E extends Env = VersioningEnv,
  V extends string = string,
> = Handler<E & VersioningEnv<V>, HonoPath<Route>>;

/** A route made by this adapter's {@link path}; another adapter refuses it. */
export type HonoRoute = FrameworkRoute<'hono'>;

/** A group made by this adapter's {@link include}. */
export type HonoInclude = FrameworkInclude<'hono'>;

/**
 * Declares a route served by a Hono handler, typed from the route: `c.req.param('pk')` has its parameters
 * (optional ones in `{…}` may be `undefined`) and `c.get('version')`, `c.get('reverse')`… are there. The core's
 * `path()` with types; `E` adds the application's own bindings and variables. `c.get('version')` is typed by the
 * versions of `options.versioning` when that scheme is typed by its allow list.
 * @example path('/users/:pk/', (c) => c.json({ pk: c.req.param('pk'), version: c.get('version') }))
 */
export function path<const R extends string, E extends Env = VersioningEnv, V extends string = string>(
  route: R,
  handler: VersionedHandler<NoInfer<R>, E, NoInfer<V>>,
  options?: PathOptions<V>,
): HonoRoute {
  return frameworkPath('hono', route, handler, options);
}

/** Groups routes of this adapter (or the core's) under a prefix and, optionally, a namespace; the core's `include()`. */
export function include(
  prefix: string,
  routes: readonly (HonoRoute | HonoInclude)[],
  options?: { readonly namespace?: string },
): HonoInclude {
  return frameworkInclude(prefix, routes, options);
}

type AnyContext = Context<VersioningEnv>;

/** Where the app is mounted (`app.route('/api', versioned(…))`), its parameters filled in, as Hono works it out. */
function prefixOf(context: unknown): string {
  return checkScriptPrefix('hono versioned(urlconf, options)', basePath(context as AnyContext));
}

const noParams: Readonly<Record<string, string>> = Object.freeze({});

/** The `Vary` of an answer no route gives (`problems: true`): none but what the problem adds. */
const noVary: readonly string[] = Object.freeze([]);

/**
 * The `Host` header of a request that @hono/node-server made from a node:http `IncomingMessage` (HTTP/1), read
 * from that message's parsed headers, when the request's URL is still the one @hono/node-server builds from that
 * header and the message's target: `undefined` otherwise (another runtime, HTTP/2, a Request made anew), and
 * the fetch `Headers` are asked. It is the first `Host` field, as the Express, Fastify and node:http adapters read
 * it; the fetch `Headers` would make the object that holds them and join repeated fields.
 */
function nodeHost(c: AnyContext): string | undefined {
  const incoming = (c.env as { readonly incoming?: unknown } | undefined)?.incoming;
  if (typeof incoming !== 'object' || incoming === null) return undefined;
  const { httpVersionMajor, url: target, headers } = incoming as Partial<IncomingMessage>;
  const host = headers?.host;
  if (httpVersionMajor !== 1 || typeof target !== 'string' || typeof host !== 'string') return undefined;
  const url = c.req.raw.url;
  // `http://` or `https://`, the host, the target: compared in place rather than built.
  const start = url.startsWith('https://') ? 8 : url.startsWith('http://') ? 7 : -1;
  return start !== -1 &&
    url.length === start + host.length + target.length &&
    url.startsWith(host, start) &&
    url.endsWith(target)
    ? host
    : undefined;
}

/** The version lifecycle's header fields are collected, then appended to whatever response the request gets. */
function addField(fields: [string, string][], name: string, value: string): void {
  fields.push([name, value]);
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as Partial<PromiseLike<unknown>> | null)?.then === 'function';
}

/**
 * `response` varying on `vary` too, appended to what its `Vary` holds; a copy when its headers are immutable (a
 * `fetch()` response's are). The value goes on `c` as well: where middleware in front made `c.res` already, Hono
 * copies the headers set on `c` over the response the handler returns, and a handler's `c.header('Vary', …)` would
 * otherwise win.
 */
function withVary(c: AnyContext, response: Response, vary: readonly string[]): Response {
  const current = response.headers.get('vary');
  const value = appendVary(current, vary);
  if (value === current || value === '') return response;
  c.header('Vary', value);
  try {
    response.headers.set('vary', value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('vary', value);
    return copy;
  }
}

/**
 * The problem+json answer to `error`, through `c` so that what middleware in front set (CORS headers, their
 * `Vary`) stays; `Vary` is appended to, with `vary` (the route's scheme's headers) and `Accept-Language` when the
 * detail is translated.
 */
function problemResponse(c: AnyContext, error: APIException, vary: readonly string[]): Response {
  const problem = renderProblem(error, c.req.header('accept-language'), vary);
  const response = c.body(problem.body, problem.status as 400, { ...problem.headers, ...allowOf(error) });
  return withVary(c, response, problem.vary);
}

/** `response` with the version lifecycle's header fields appended; a copy when its headers are immutable. */
function withFields(response: Response, fields: readonly (readonly [string, string])[]): Response {
  if (fields.length === 0) return response;
  const append = (target: Response): Response => {
    for (const [name, value] of fields) target.headers.append(name, value);
    return target;
  };
  try {
    return append(response);
  } catch {
    // Immutable headers refuse the first append already, so the copy starts from the original ones.
    return append(new Response(response.body, response));
  }
}

/** `response` sent as `vendor` when it is JSON; a copy when its headers are immutable. */
function withType(response: Response, vendor: string | null): Response {
  if (vendor === null || !isJsonType(response.headers.get('content-type'))) return response;
  try {
    response.headers.set('content-type', vendor);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('content-type', vendor);
    return copy;
  }
}

/**
 * What the handler gives back (a Response, or nothing after `next()`) as Hono gets it: a Response varies on `vary`,
 * goes out as `vendor` when it is JSON and carries the lifecycle's `fields`.
 */
function finish(
  c: AnyContext,
  response: unknown,
  vary: readonly string[],
  vendor: string | null,
  fields: readonly (readonly [string, string])[],
): unknown {
  return response instanceof Response ? finishResponse(c, response, vary, vendor, fields) : response;
}

/** {@link finish} of a Response. */
function finishResponse(
  c: AnyContext,
  response: Response,
  vary: readonly string[],
  vendor: string | null,
  fields: readonly (readonly [string, string])[],
): Response {
  return withFields(withType(vary.length > 0 ? withVary(c, response, vary) : response, vendor), fields);
}

/** The problem+json answer to an `APIException`, with the lifecycle's `fields`; any other error is thrown again. */
function answerError(
  c: AnyContext,
  error: unknown,
  vary: readonly string[],
  fields: readonly (readonly [string, string])[],
): Response {
  if (vary.length > 0 && !isAPIException(error)) {
    // The application's onError answers through `c`: its answer varies on the scheme's headers too, even where the
    // handler replaced `Vary` on `c`. Read through `c.res`, which Hono makes here if need be (on an error only).
    c.header('Vary', appendVary(c.res.headers.get('vary'), vary));
  }
  return answerProblem(error, (e) => withFields(problemResponse(c, e, vary), fields));
}

/** The header fields of a request whose route's lifecycle sets none: shared, never added to (frozen). */
const noFields = Object.freeze([]) as unknown as [string, string][];

/**
 * The route's parameters as `c.req.param()` gives them (decoded, absent optional ones left out), asked for by name:
 * Hono then makes no list of its own names to copy from.
 */
function paramsOf(c: AnyContext, names: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of names) {
    const value = c.req.param(name as never) as string | undefined;
    if (value !== undefined) params[name] = value;
  }
  return params;
}

function handlerOf(mounted: MountedRoute<Handler<VersioningEnv>>): Handler<VersioningEnv> {
  const { vary, requests, source, hasParams, responseMediaType } = mounted;
  // Read by name, except on a route with a name `Object.prototype` has (`__proto__`, `constructor`): those keep
  // going through `c.req.param()`, as before.
  const names = mounted.route.params.map((param) => param.name);
  const byName = names.every((name) => !(name in Object.prototype));
  const { setsHeaders } = mounted.lifecycle;
  const varyValue = vary.join(', ');
  return (c, next) => {
    // Responses the handler makes with `c`, and errors, carry it from the start.
    if (varyValue !== '') c.header('Vary', varyValue, { append: true });
    // The version lifecycle's header fields, appended to whatever response this request gets.
    const fields = setsHeaders ? ([] as [string, string][]) : noFields;
    // The vendor type a JSON answer goes out as (MediaTypeVersioning); read once versioning succeeded.
    let vendor: string | null = null;
    let response: unknown;
    try {
      const params = !hasParams ? noParams : byName ? paramsOf(c, names) : c.req.param();
      // Hono hands a malformed percent-escape on undecoded: answered 400 like Express, Fastify and node:http do.
      if (hasParams) refuseMalformedValues(params, c.req.raw.url);
      const request = requests.fetch(c.req.raw, source, params, c, nodeHost(c));
      const answering = versionRequest(mounted, request, params, addField, fields);
      c.set('version', request.version);
      c.set('versioningScheme', request.versioningScheme);
      c.set('resolverMatch', new LazyResolverMatch(request));
      c.set('reverse', reverseFor(request));
      if (responseMediaType !== null) vendor = responseMediaType(request);
      response = answering(c, next);
    } catch (error) {
      return answerError(c, error, vary, fields);
    }
    // A handler that answers synchronously is answered synchronously: Hono then skips a promise too.
    if (response instanceof Response) return finishResponse(c, response, vary, vendor, fields);
    if (!isPromiseLike(response)) return response as Response;
    return Promise.resolve(response).then(
      (resolved) => finish(c, resolved, vary, vendor, fields),
      (error: unknown) => answerError(c, error, vary, fields),
    ) as Promise<Response>;
  };
}

/**
 * A Hono app serving every route of `urlconf` with its handler (an ordinary Hono handler), each request versioned
 * first: `c.get('version')`, `c.get('versioningScheme')`, `c.get('resolverMatch')`, `c.get('reverse')(…)`.
 * Mounted under a path (`app.route('/api', versioned(…))`), its routes are served there and reversal puts that
 * path in front.
 * @example
 * const app = new Hono();
 * app.route('/api', versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) }));
 */
export function versioned(urlconf: UrlConf, options: AdapterOptions): Hono<VersioningEnv> {
  const { routes, problems } = mountRoutes<Handler<VersioningEnv>>('hono', urlconf, options, 'hono', {
    prefixOf,
  });
  const app = new Hono<VersioningEnv>();
  for (const mounted of routes) {
    const handle = handlerOf(mounted);
    for (const { path: routePath } of mounted.paths) {
      if (mounted.methods === null) app.all(routePath, handle);
      else app.on([...mounted.methods], routePath, handle);
    }
  }
  if (problems) {
    // Routes, not `notFound()`: a Hono app mounted with app.route() brings its routes, never its not-found handler.
    app.all('*', (c) => {
      const url = c.req.url;
      const path = pathOf(url.slice(url.indexOf('/', url.indexOf('//') + 2))).slice(prefixOf(c).length);
      return problemResponse(c, unrouted(routes, path === '' ? '/' : path, c.req.method), noVary);
    });
  }
  return app;
}
