import express from 'express';
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { isAPIException } from '../../errors.js';
import { argumentError } from '../../internal/arguments.js';
import { decideNode, type Outcome, type ServeOutcome } from '../../pipeline/decide.js';
import { type Entry, enter, failure, type Send, sending, whenEntered } from '../../pipeline/exchange.js';
import type { ProblemOutcome } from '../../pipeline/problem.js';
import { unrouted } from '../../pipeline/unrouted.js';
import { appendVary } from '../../pipeline/vary.js';
import type { VersioningRequest } from '../../types.js';
import type { UrlConf } from '../../urls/urlconf.js';
import { applyRequestInfo, nodePort, outgoingNodeJson } from '../node-body.js';
import { appendFields, finishHead } from '../node-response.js';
import * as shared from '../shared.js';
import type { AdapterOptions } from '../shared.js';
import type { VersionedRequest, VersionedRequestHandler } from './routes.js';

type Mounted = shared.MountedRoute<VersionedRequestHandler>;

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

/** `res.json()` of a route whose answers go out in the request's version; Express's own `json()` sends them. */
function jsonOf(res: Response, send: Send): Response['json'] {
  const json = res.json;
  return (value: unknown) => json.call(res, outgoingNodeJson(res, send, value));
}

/** Calls the handler with what the exchange decided; an `APIException` it throws is answered as a problem. */
function handle(
  mounted: Mounted,
  outcome: ServeOutcome,
  entry: Entry,
  req: Request,
  res: Response,
  next: NextFunction,
): unknown {
  if (entry.kind === 'problem') {
    sendProblem(res, entry.problem);
    return;
  }
  appendFields(res, outcome.fields);
  // Whatever answers, the handler, an error, or the application's error middleware: its head gets the Vary.
  if (outcome.vary.length > 0 || outcome.contentType !== null)
    finishHead(res, outcome.vary, outcome.contentType);
  shared.exposeOn(req, outcome.request);
  if (entry.info !== null) applyRequestInfo(req, entry.info);
  if (entry.body !== null) req.body = entry.body.value;
  const send = mounted.hasBodies ? sending(mounted, outcome) : null;
  if (send !== null) res.json = jsonOf(res, send);
  return (outcome.handler as VersionedRequestHandler)(req as VersionedRequest, res, next);
}

function handlerOf(mounted: Mounted): RequestHandler {
  const answer = (outcome: Outcome, req: Request, res: Response, next: NextFunction): unknown => {
    if (outcome.kind === 'problem') {
      sendProblem(res, outcome);
      return;
    }
    // A parser in front (express.json()) that read the body left it on req.body; else the stream is still unread.
    const given: unknown = (req as { body?: unknown }).body;
    const port = nodePort(req, given === undefined ? undefined : { parsed: given });
    return whenEntered(enter(mounted, outcome, port), (entry) =>
      handle(mounted, outcome, entry, req, res, next),
    );
  };
  return (req, res, next) => {
    const fail = (error: unknown): void => {
      if (!isAPIException(error) || res.headersSent) {
        next(error);
        return;
      }
      const version = (req as Partial<VersionedRequest>).version ?? null;
      sendProblem(res, failure(mounted, version, error, req.headers['accept-language'], mounted.vary));
    };
    try {
      // The path as the client sent it, and the mount point as Express tells it: `app.use('/api', …)`.
      const outcome = decideNode(mounted, req, req.originalUrl, req.params, req.baseUrl, req);
      const result =
        outcome instanceof Promise
          ? outcome.then((settled) => answer(settled, req, res, next))
          : answer(outcome, req, res, next);
      // Express 5 passes a rejection on to next(): an APIException is answered here first.
      if (result instanceof Promise) return result.catch(fail);
      return result;
    } catch (error) {
      fail(error);
      return;
    }
  };
}

/** The `describe` route's handler: the document of the request's version. */
const describeHandler: shared.DescribeHandler<VersionedRequestHandler> = (document) => (req, res) => {
  res
    .type('application/json')
    .send(document(shared.LazyResolverMatch.requestOf(req.resolverMatch) as VersioningRequest));
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
