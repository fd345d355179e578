import express from 'express';
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { isAPIException } from '../../errors.js';
import { argumentError } from '../../internal/arguments.js';
import { bodyStep, prepareRequest, whenPrepared } from '../../pipeline/body.js';
import { decideNode, type Outcome, type ServeOutcome } from '../../pipeline/decide.js';
import { type ProblemMigration, type ProblemOutcome, problemOutcome } from '../../pipeline/problem.js';
import { unrouted } from '../../pipeline/unrouted.js';
import { appendVary } from '../../pipeline/vary.js';
import type { VersioningRequest } from '../../types.js';
import type { UrlConf } from '../../urls/urlconf.js';
import { applyRequestInfo, nodeBodyRequest } from '../node-body.js';
import { appendFields, finishHead } from '../node-response.js';
import * as shared from '../shared.js';
import type { AdapterOptions } from '../shared.js';
import { jsonPrototype, kBodies, versionedPrototype, kVersioning } from './request-members.js';
import type { VersionedRequest, VersionedRequestHandler } from './routes.js';

function register(route: ReturnType<Router['route']>, method: string, handler: RequestHandler): void {
  const add: unknown = (route as unknown as Record<string, unknown>)[method.toLowerCase()];
  if (typeof add !== 'function') {
    const why = `express versioned(urlconf, options): Express cannot route method ${JSON.stringify(method)}`;
    throw argumentError(why, 'ERR_VERSIONING_INVALID_ROUTE');
  }
  (add as (this: typeof route, handler: RequestHandler) => void).call(route, handler);
}

/** Answers with `problem` in Express's idiom, its `Vary` appended to what the response has already. */
function sendProblem(res: Response, problem: ProblemOutcome): void {
  appendFields(res, problem.fields);
  res.status(problem.status);
  if (problem.vary.length > 0) res.setHeader('vary', appendVary(res.getHeader('vary'), problem.vary));
  res.set(problem.headers).send(problem.body);
}

/** Answers an `APIException` (or hands it to Express when the response has started); throws any other error. */
function fail(
  req: Request,
  res: Response,
  next: NextFunction,
  error: unknown,
  vary: readonly string[],
  migrate: ProblemMigration | null = null,
): void {
  if (!isAPIException(error)) throw error;
  if (res.headersSent) next(error);
  else
    sendProblem(res, problemOutcome(error, req.headers['accept-language'], vary, undefined, null, migrate));
}

/** Calls the handler that answers, its errors answered as problems (an APIException) or passed on to Express. */
function callHandler(
  outcome: ServeOutcome,
  req: Request,
  res: Response,
  next: NextFunction,
  migrate: ProblemMigration | null,
): unknown {
  let result: unknown;
  try {
    result = (outcome.handler as VersionedRequestHandler)(req as VersionedRequest, res, next);
  } catch (error) {
    fail(req, res, next, error, outcome.vary, migrate);
    return;
  }
  // Express 5 passes a rejection on to next(): an APIException is answered here first.
  if (result instanceof Promise)
    return result.catch((error: unknown) => {
      fail(req, res, next, error, outcome.vary, migrate);
    });
  return result;
}

/**
 * Serves a request of a route with bodies: `res.json()` sends them as the request's version has them, and a request
 * body is read (or taken from a JSON parser in front), validated and migrated before the handler runs.
 */
function serveWithBodies(
  mounted: shared.MountedRoute<VersionedRequestHandler>,
  outcome: ServeOutcome,
  req: Request,
  res: Response,
  next: NextFunction,
): unknown {
  const { version } = outcome.request;
  const bodies = mounted.bodiesOf(outcome.route);
  if (bodies === null) return callHandler(outcome, req, res, next, null);
  const migrate = mounted.problemFor(version);
  if (bodies.response !== null || bodies.problem !== null) {
    (res.locals as Record<PropertyKey, unknown>)[kBodies] = { bodies, version };
    Object.setPrototypeOf(res, jsonPrototype(Object.getPrototypeOf(res) as object));
  }
  const step = bodies.request === null ? 'none' : bodyStep(bodies.request, req.method, version);
  if (step === 'none' || bodies.request === null) return callHandler(outcome, req, res, next, migrate);
  // A parser in front (express.json()) that read the body left it on req.body; else the stream is still unread.
  const given: unknown = (req as { body?: unknown }).body;
  const parsed = given === undefined ? undefined : { parsed: given };
  return whenPrepared(
    prepareRequest(bodies.request, step, nodeBodyRequest(mounted, req, version, parsed)),
    (prepared) => {
      if (prepared.kind === 'refuse') {
        const language = req.headers['accept-language'];
        sendProblem(res, problemOutcome(prepared.error, language, outcome.vary, undefined, null, migrate));
        return undefined;
      }
      if (prepared.info !== null) applyRequestInfo(req, prepared.info);
      if (prepared.hasBody) req.body = prepared.body;
      return callHandler(outcome, req, res, next, migrate);
    },
    (error: unknown) => {
      next(error);
    },
  );
}

function handlerOf(mounted: shared.MountedRoute<VersionedRequestHandler>): RequestHandler {
  const hasBodies = mounted.hasBodies;
  const answer = (outcome: Outcome, req: Request, res: Response, next: NextFunction): unknown => {
    if (outcome.kind === 'problem') {
      sendProblem(res, outcome);
      return;
    }
    appendFields(res, outcome.fields);
    // Whatever answers, the handler, an error, or the application's error middleware: its head gets the Vary.
    if (outcome.vary.length > 0 || outcome.contentType !== null)
      finishHead(res, outcome.vary, outcome.contentType);
    (res.locals as Record<PropertyKey, unknown>)[kVersioning] = outcome.request;
    Object.setPrototypeOf(req, versionedPrototype(Object.getPrototypeOf(req) as object));
    if (hasBodies) return serveWithBodies(mounted, outcome, req, res, next);
    return callHandler(outcome, req, res, next, null);
  };
  return (req, res, next) => {
    // The path as the client sent it, and the mount point as Express tells it: `app.use('/api', …)`.
    const outcome = decideNode(mounted, req, req.originalUrl, req.params, req.baseUrl, req);
    // A pinned version that is still coming (an async pinVersion); a failed pin goes to Express's error handling.
    if (outcome instanceof Promise) return outcome.then((settled) => answer(settled, req, res, next), next);
    return answer(outcome, req, res, next);
  };
}

/** The `describe` route's handler: the document of the request's version. */
const describeHandler: shared.DescribeHandler<VersionedRequestHandler> = (document) => (_req, res) => {
  res
    .type('application/json')
    .send(document((res.locals as Record<PropertyKey, unknown>)[kVersioning] as VersioningRequest));
};
/**
 * An Express router serving every route of `urlconf` with its handler (an ordinary Express handler), each request
 * versioned first: `req.version`, `req.versioningScheme`, `req.resolverMatch`, `req.reverse()`. Mounted under a
 * path (`app.use('/api', versioned(…))`), its routes are served there and reversal puts that path in front.
 * @example
 * const app = express();
 * app.use('/api', versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) }));
 */
export function versioned(urlconf: UrlConf, options: AdapterOptions<Request>): Router {
  const mounted = shared.mountRoutes<VersionedRequestHandler>(
    'express',
    urlconf,
    options,
    'path-to-regexp',
    describeHandler,
  );
  // Strict and case-sensitive, as UrlConf.resolve() matches: `/users` is not `/users/`, nor `/Users/`.
  const router = express.Router({ strict: true, caseSensitive: true });
  for (const route of mounted.routes) {
    const handle = handlerOf(route);
    for (const { path: routePath } of route.paths) {
      const entry = router.route(routePath);
      if (route.methods === null) entry.all(handle);
      else for (const method of route.methods) register(entry, method, handle);
    }
  }
  if (mounted.problems) {
    router.use((req, res, next) => {
      // Express answers OPTIONS itself, with the methods of the routes on the path.
      if (req.method === 'OPTIONS') {
        next();
        return;
      }
      sendProblem(res, unrouted(mounted.routes, req.path, req.method, req.headers['accept-language']));
    });
  }
  return router;
}
