import express from 'express';
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { type APIException, isAPIException } from '../../errors.js';
import { argumentError } from '../../internal/arguments.js';
import type { PathOptions } from '../../urls/route.types.js';
import type { UrlConf } from '../../urls/urlconf.js';
import type { RouteParams } from '../route-params.js';
import {
  type AdapterOptions,
  allowOf,
  appendVaryOn,
  finishHead,
  type FrameworkInclude,
  frameworkInclude,
  frameworkPath,
  type FrameworkRoute,
  mountRoutes,
  type MountedRoute,
  renderProblem,
  reverseFor,
  unrouted,
  versioningMembers,
  versionRequest,
  type VersioningVariables,
} from '../shared.js';
import type { VersioningRequest } from '../../types.js';

/** An Express request of a route mounted through `versioned()`: Express's own, with the versioning members. */
export type VersionedRequest<
  Params = Record<string, string | string[]>,
  V extends string = string,
> = Request<Params> & VersioningVariables<V>;

/**
 * A route handler for the Express adapter: Express's own `(req, res, next)`, its `req.params` typed from the route
 * (a wildcard's value is its segments, as Express gives it) and the versioning members on `req`.
 */
export type VersionedRequestHandler<Params = Record<string, string | string[]>, V extends string = string> = (
  req: VersionedRequest<Params, V>,
  res: Response,
  next: NextFunction,
) => unknown;

/** A route made by this adapter's {@link path}; another adapter refuses it. */
export type ExpressRoute = FrameworkRoute<'express'>;

/** A group made by this adapter's {@link include}. */
export type ExpressInclude = FrameworkInclude<'express'>;

/**
 * Declares a route served by an Express handler, typed from the route: `req.params` has its parameters
 * (optional ones in `{…}` optional) and `req.version`, `req.reverse()`… are there; `req.version` is typed by the
 * versions of `options.versioning` when that scheme is typed by its allow list. The core's `path()` with types.
 * @example path('/users/:pk/', (req, res) => res.json({ pk: req.params.pk, version: req.version }))
 */
export function path<const R extends string, V extends string = string>(
  route: R,
  handler: VersionedRequestHandler<RouteParams<NoInfer<R>, string[]>, NoInfer<V>>,
  options?: PathOptions<V>,
): ExpressRoute {
  return frameworkPath('express', route, handler, options);
}

/** Groups routes of this adapter (or the core's) under a prefix and, optionally, a namespace; the core's `include()`. */
export function include(
  prefix: string,
  routes: readonly (ExpressRoute | ExpressInclude)[],
  options?: { readonly namespace?: string },
): ExpressInclude {
  return frameworkInclude(prefix, routes, options);
}

const where = 'express versioned(urlconf, options)';

/** The version lifecycle's header fields go on the response as Express appends them. */
function appendHeader(res: Response, name: string, value: string): void {
  res.append(name, value);
}

/**
 * Where each request's {@link VersioningRequest} is kept: in `res.locals`, Express's own per-request store, under a
 * key no application uses. (A WeakMap keyed by the request costs Express's garbage collector about 16 µs a
 * request; a property stored on the request itself about 9 µs.)
 */
const kVersioning = Symbol('@restdash/versioning request');

interface WithLocals {
  readonly res?: { readonly locals?: Record<PropertyKey, unknown> };
}

/** Each member, worked out from the request's {@link VersioningRequest} when read. */
const getters: Readonly<Record<(typeof versioningMembers)[number], (request: VersioningRequest) => unknown>> =
  {
    version: (request) => request.version,
    versioningScheme: (request) => request.versioningScheme,
    resolverMatch: (request) => request.resolverMatch,
    reverse: (request) => reverseFor(request),
  };

/** Prototypes restdash made, each inheriting from the Express request prototype it was made for. */
const versionedPrototypes = new WeakMap<object, object>();
const ownPrototypes = new WeakSet<object>();

/**
 * A prototype of restdash's own for requests whose prototype is `parent` (an app's `app.request`): `parent`
 * with the versioning members as getters. Express's own prototypes are left alone.
 */
function versionedPrototype(parent: object): object {
  if (ownPrototypes.has(parent)) return parent;
  let proto = versionedPrototypes.get(parent);
  if (proto === undefined) {
    const made: object = Object.create(parent) as object;
    for (const name of versioningMembers) {
      const read = getters[name];
      Object.defineProperty(made, name, {
        configurable: true,
        get(this: WithLocals) {
          const request = this.res?.locals?.[kVersioning] as VersioningRequest | undefined;
          return request === undefined ? undefined : read(request);
        },
      });
    }
    versionedPrototypes.set(parent, made);
    ownPrototypes.add(made);
    proto = made;
  }
  return proto;
}

/** Gives `req` the versioning members of `request`: a prototype of restdash's own, whose getters read it. */
function expose(req: Request, res: Response, request: VersioningRequest): void {
  (res.locals as Record<PropertyKey, unknown>)[kVersioning] = request;
  Object.setPrototypeOf(req, versionedPrototype(Object.getPrototypeOf(req) as object));
}

function register(route: ReturnType<Router['route']>, method: string, handler: RequestHandler): void {
  const add: unknown = (route as unknown as Record<string, unknown>)[method.toLowerCase()];
  if (typeof add !== 'function')
    throw argumentError(
      `${where}: Express cannot route method ${JSON.stringify(method)}`,
      'ERR_VERSIONING_INVALID_ROUTE',
    );
  (add as (this: typeof route, handler: RequestHandler) => void).call(route, handler);
}

/** Answers `error` as problem+json, its `Vary` appended to what the response has already. */
function sendProblem(req: Request, res: Response, error: APIException, vary: readonly string[]): void {
  const problem = renderProblem(error, req.headers['accept-language'], vary);
  res.status(problem.status);
  appendVaryOn(res, problem.vary);
  res.set({ ...problem.headers, ...allowOf(error) }).send(problem.body);
}

/** Answers an `APIException` (or hands it to Express when the response has started); throws any other error. */
function fail(
  req: Request,
  res: Response,
  next: NextFunction,
  error: unknown,
  vary: readonly string[],
): void {
  if (!isAPIException(error)) throw error;
  if (res.headersSent) next(error);
  else sendProblem(req, res, error, vary);
}

function handlerOf(mounted: MountedRoute<VersionedRequestHandler>): RequestHandler {
  const { vary, requests, source, responseMediaType } = mounted;
  const finishes = vary.length > 0 || responseMediaType !== null;
  return (req, res, next) => {
    // Whatever answers, the handler, an error, or the application's error middleware: its head gets the Vary.
    const head = finishes ? finishHead(res, vary) : null;
    let result: unknown;
    try {
      // The path as the client sent it, and the mount point as Express tells it: `app.use('/api', …)`.
      const request = requests.node(req, req.originalUrl, source, req.params, req.baseUrl);
      const answering = versionRequest(mounted, request, mounted.kwargsOf(req.params), appendHeader, res);
      expose(req, res, request);
      if (head !== null && responseMediaType !== null) head.contentType = responseMediaType(request);
      result = answering(req as VersionedRequest, res, next);
    } catch (error) {
      fail(req, res, next, error, vary);
      return;
    }
    // Express 5 passes a rejection on to next(): an APIException is answered here first.
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        fail(req, res, next, error, vary);
      });
    }
    return result;
  };
}

/**
 * An Express router serving every route of `urlconf` with its handler (an ordinary Express handler), each request
 * versioned first: `req.version`, `req.versioningScheme`, `req.resolverMatch`, `req.reverse()`. Mounted under a
 * path (`app.use('/api', versioned(…))`), its routes are served there and reversal puts that path in front.
 * @example
 * const app = express();
 * app.use('/api', versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) }));
 */
export function versioned(urlconf: UrlConf, options: AdapterOptions): Router {
  const { routes, problems } = mountRoutes<VersionedRequestHandler>(
    'express',
    urlconf,
    options,
    'path-to-regexp',
  );
  // Strict and case-sensitive, as UrlConf.resolve() matches: `/users` is not `/users/`, nor `/Users/`.
  const router = express.Router({ strict: true, caseSensitive: true });
  for (const mounted of routes) {
    const handle = handlerOf(mounted);
    for (const { path: routePath } of mounted.paths) {
      const route = router.route(routePath);
      if (mounted.methods === null) route.all(handle);
      else for (const method of mounted.methods) register(route, method, handle);
    }
  }
  if (problems) {
    router.use((req, res, next) => {
      // Express answers OPTIONS itself, with the methods of the routes on the path.
      if (req.method === 'OPTIONS') {
        next();
        return;
      }
      sendProblem(req, res, unrouted(routes, req.path, req.method), []);
    });
  }
  return router;
}
