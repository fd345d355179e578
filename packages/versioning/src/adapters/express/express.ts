import express from 'express';
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import * as core from '../core.js';
import { expressJson, nodePort, prepareNode } from '../node-body.js';
import { appendFields } from '../node-response.js';
import type { VersionedRequest, VersionedRequestHandler } from './routes.js';

type Mounted = core.MountedRoute<VersionedRequestHandler>;

/** Answers with `problem` in Express's idiom, its `Vary` appended to what the response has already. */
function sendProblem(res: Response, problem: core.ProblemOutcome): void {
  appendFields(res, problem.fields);
  res.status(problem.status);
  if (problem.vary.length > 0) res.setHeader('vary', core.appendVary(res.getHeader('vary'), problem.vary));
  res.set(problem.headers).send(problem.body);
}

/** Calls the handler with what the exchange decided; `res.json()` sends in the request's version. */
function handle(
  mounted: Mounted,
  serve: core.ServeOutcome,
  entry: core.Entry,
  req: Request,
  res: Response,
  next: NextFunction,
): unknown {
  if (entry.kind === 'problem') {
    sendProblem(res, entry.problem);
    return;
  }
  prepareNode(req, res, serve, entry);
  const send = mounted.hasBodies ? core.sending(mounted, serve) : null;
  if (send !== null) {
    const json = res.json;
    res.json = (value: unknown) => expressJson(res, json, send, value) as Response;
  }
  return (serve.handler as VersionedRequestHandler)(req as VersionedRequest, res, next);
}

function handlerOf(mounted: Mounted): RequestHandler {
  return (req, res, next) => {
    const answer = (outcome: core.Outcome): unknown => {
      if (outcome.kind === 'problem') {
        sendProblem(res, outcome);
        return;
      }
      // A parser in front (express.json()) that read the body left it on req.body; else the stream is unread.
      const given: unknown = (req as { body?: unknown }).body;
      const port = mounted.hasBodies && nodePort(req, given === undefined ? undefined : { parsed: given });
      const entered = port === false ? core.untouched : core.enter(mounted, outcome, port);
      return core.whenEntered(entered, (entry) => handle(mounted, outcome, entry, req, res, next));
    };
    // The path as the client sent it, and the mount point as Express tells it: `app.use('/api', …)`.
    const decide = () => core.decideNode(mounted, req, req.originalUrl, req.params, req.baseUrl, req, res);
    // An APIException is answered here; any other error goes on to Express's error handling.
    return core.answerDecided(decide, answer, (error) => {
      if (!core.isAPIException(error) || res.headersSent) {
        next(error);
        return;
      }
      const version = (req as Partial<VersionedRequest>).version ?? null;
      sendProblem(res, core.failure(mounted, version, error, req.headers['accept-language'], mounted.vary));
    });
  };
}

/** A `describe` route's handler: the document of the request's version, or a file of the reference page. */
const describeHandler: core.DescribeHandler<VersionedRequestHandler> = (file) => (req, res) => {
  core.sendFile(res, file(core.LazyResolverMatch.requestOf(req.resolverMatch) as core.VersioningRequest));
};

/**
 * An Express router serving every route of `urlconf` with its handler (an ordinary Express handler), each request
 * versioned first: `req.version`, `req.versioningScheme`, `req.resolverMatch`, `req.reverse()`. Mounted under a
 * path (`app.use('/api', versioned(…))`), its routes are served there and reversal puts that path in front.
 * @example
 * const app = express();
 * app.use('/api', versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) }));
 */
export function versioned(urlconf: core.UrlConf, options: core.AdapterOptions<Request>): Router {
  const mounted = core.mountRoutes<VersionedRequestHandler>(
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
      const entry = router.route(routePath) as unknown as Record<string, (handler: RequestHandler) => void>;
      for (const method of route.methods ?? ['all']) {
        const add = entry[method.toLowerCase()];
        if (typeof add !== 'function') {
          const why = `express versioned(urlconf, options): Express cannot route method ${JSON.stringify(method)}`;
          throw core.argumentError(why, 'ERR_VERSIONING_INVALID_ROUTE');
        }
        add.call(entry, handle);
      }
    }
  }
  if (mounted.problems) {
    // Every request the routes do not own, OPTIONS too (else Express answers it itself, with its own Allow).
    router.use((req, res) => {
      sendProblem(res, core.unrouted(mounted.routes, req.path, req.method, req.headers['accept-language']));
    });
  }
  return router;
}
