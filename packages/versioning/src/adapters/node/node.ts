import type { IncomingMessage, ServerResponse } from 'node:http';
import * as core from '../core.js';
import { nodePort, outgoingNodeText, prepareNode } from '../node-body.js';
import { onErrorOf, scriptPrefixOf, underPrefix, writeProblem } from '../node-response.js';
import type { NodeAdapterOptions, VersionedRequestListener } from './routes.js';

const where = 'node versioned(urlconf, options)';

/** Writes `problem` out, or ends the connection when the head has gone out already. */
function send(res: ServerResponse, problem: core.ProblemOutcome): void {
  if (res.headersSent) res.destroy();
  else writeProblem(res, problem);
}

/** `res.json(value)`: `application/json` (unless the handler set a type), as the handler gave it. */
function sendJson(this: ServerResponse, value: unknown): void {
  if (this.getHeader('content-type') === undefined) this.setHeader('content-type', 'application/json');
  this.end(JSON.stringify(value));
}

/** `res.json(value)` of a route whose answers go out in the request's version, through the exchange's way out. */
function jsonOf(res: ServerResponse, out: core.Send): (value: unknown) => void {
  return (value) => {
    const text = outgoingNodeText(res, out, value);
    if (res.getHeader('content-type') === undefined) res.setHeader('content-type', 'application/json');
    res.end(text);
  };
}

/** Calls the handler with what the exchange decided, the request and response made what it says. */
function handle(
  route: core.MountedRoute<unknown>,
  serve: core.ServeOutcome,
  entry: core.Entry,
  req: IncomingMessage,
  res: ServerResponse,
  params: unknown,
): unknown {
  if (entry.kind === 'problem') {
    send(res, entry.problem);
    return;
  }
  prepareNode(req, res, serve, entry);
  (req as { params?: unknown }).params = params;
  const out = route.hasBodies ? core.sending(route, serve) : null;
  const response = res as ServerResponse & { json: (value: unknown) => void };
  response.json = out === null ? sendJson : jsonOf(res, out);
  return (serve.handler as VersionedRequestListener)(req as never, response);
}

/** A `describe` route's handler: the document of the request's version, or a file of the reference page. */
const describeHandler: core.DescribeHandler<VersionedRequestListener> = (file) => (req, res) => {
  const { type, body } = file(core.LazyResolverMatch.requestOf(req.resolverMatch) as core.VersioningRequest);
  res.setHeader('content-type', type);
  res.end(body);
};

/**
 * A node:http request listener serving every route of `urlconf` with its handler `(req, res)`, each request
 * versioned first: `req.params`, `req.version`, `req.versioningScheme`, `req.resolverMatch`, `req.reverse()`. It
 * routes with the UrlConf's own matcher and owns the whole server, so it always answers like the other adapters
 * with `problems: true`: no route, 404; a route without the method, 405 with `Allow`; an error a handler throws,
 * 500. All as problem+json.
 * @example
 * http.createServer(versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) })).listen(3000);
 */
export function versioned(
  urlconf: core.UrlConf,
  options: NodeAdapterOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { routes } = core.mountRoutes<VersionedRequestListener>(
    'node',
    urlconf,
    options,
    'path-to-regexp',
    describeHandler,
    { extraOptions: ['onError', 'scriptPrefix'] },
  );
  const prefix = scriptPrefixOf(where, options.scriptPrefix);
  const onError = onErrorOf(where, options.onError);
  const match = core.routeMatcher(routes);
  return (req, res) => {
    const target = req.url ?? '/';
    const path = underPrefix(core.pathOf(target), prefix);
    const found = match(path, req.method ?? 'GET');
    if (!('route' in found)) {
      const error = core.unroutedError(path, req.method ?? 'GET', found.allowed);
      send(res, core.problemOutcome(error, req.headers['accept-language']));
      return;
    }
    const { route, params } = found;
    let version: string | null = null;
    const answer = (outcome: core.Outcome): unknown => {
      if (outcome.kind === 'problem') {
        send(res, outcome);
        return;
      }
      version = outcome.request.version;
      const entered = route.hasBodies ? core.enter(route, outcome, nodePort(req)) : core.untouched;
      return core.whenEntered(entered, (entry) => handle(route, outcome, entry, req, res, params));
    };
    core.answerDecided(
      () => core.decideNode(route, req, target, params, prefix, req, res),
      answer,
      (error) => {
        if (!core.isAPIException(error)) onError(error, req);
        send(res, core.failure(route, version, error, req.headers['accept-language'], route.vary));
      },
    );
  };
}
