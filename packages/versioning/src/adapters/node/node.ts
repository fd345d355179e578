import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAPIException } from '../../errors.js';
import { checkScriptPrefix } from '../../http/request.js';
import { argumentError, mustBe } from '../../internal/arguments.js';
import { decideNode, type Outcome, type PendingOutcome } from '../../pipeline/decide.js';
import { enter, failure, sending, whenEntered } from '../../pipeline/exchange.js';
import { routeMatcher } from '../../pipeline/match.js';
import { type ProblemOutcome, problemOutcome } from '../../pipeline/problem.js';
import { unroutedError } from '../../pipeline/unrouted.js';
import type { VersioningRequest } from '../../types.js';
import type { UrlConf } from '../../urls/urlconf.js';
import { applyRequestInfo, nodePort, outgoingNodeJson } from '../node-body.js';
import { appendFields, finishHead, writeProblem } from '../node-response.js';
import * as shared from '../shared.js';
import type {
  NodeAdapterOptions,
  VersionedIncomingMessage,
  VersionedRequestListener,
  VersionedServerResponse,
} from './routes.js';

const where = 'node versioned(urlconf, options)';

const defaultOnError = (error: unknown, req: IncomingMessage): void => {
  console.error(`@restdash/versioning: ${req.method ?? 'GET'} ${req.url ?? '/'} failed:`, error);
};

/** Writes `problem` out, or ends the connection when the head has gone out already. */
function send(res: ServerResponse, problem: ProblemOutcome): void {
  if (res.headersSent) res.destroy();
  else writeProblem(res, problem);
}

/** `res.json(value)`: `application/json` (unless the handler set a type), through the exchange's way out. */
function jsonOf(res: ServerResponse, out: ReturnType<typeof sending>): (value: unknown) => void {
  return (value) => {
    if (res.getHeader('content-type') === undefined) res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(out === null ? value : outgoingNodeJson(res, out, value)));
  };
}

/** The `describe` route's handler: the document of the request's version. */
const describeHandler: shared.DescribeHandler<VersionedRequestListener> = (document) => (req, res) => {
  const body = document(shared.LazyResolverMatch.requestOf(req.resolverMatch) as VersioningRequest);
  res.setHeader('content-type', 'application/json');
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
  urlconf: UrlConf,
  options: NodeAdapterOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { routes } = shared.mountRoutes<VersionedRequestListener>(
    'node',
    urlconf,
    options,
    'path-to-regexp',
    describeHandler,
    { extraOptions: ['onError', 'scriptPrefix'] },
  );
  const prefix = checkScriptPrefix(where, options.scriptPrefix ?? '');
  if (/[:*]/.test(prefix)) {
    throw argumentError(
      `${where}: options.scriptPrefix is a path, but the prefix ${JSON.stringify(prefix)} looks like a pattern with parameters. Put the parameters in the UrlConf (include(${JSON.stringify(prefix)}, …)) instead`,
    );
  }
  const { onError = defaultOnError } = options;
  if (typeof onError !== 'function') throw mustBe(where, 'options.onError', 'a function', onError);
  const match = routeMatcher(routes);

  const fail = (
    req: IncomingMessage,
    res: ServerResponse,
    route: shared.MountedRoute<unknown>,
    version: string | null,
    error: unknown,
  ): void => {
    if (!isAPIException(error)) onError(error, req);
    send(res, failure(route, version, error, req.headers['accept-language'], route.vary));
  };

  return (req, res) => {
    const target = req.url ?? '/';
    let path = shared.pathOf(target);
    if (prefix !== '') {
      const under = path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/');
      path = under ? path.slice(prefix.length) || '/' : '';
    }
    const found = match(path, req.method ?? 'GET');
    if (!('route' in found)) {
      const error = unroutedError(path, req.method ?? 'GET', found.allowed);
      send(res, problemOutcome(error, req.headers['accept-language']));
      return;
    }
    const { route, params } = found;
    let version: string | null = null;
    const answer = (outcome: Outcome): unknown => {
      if (outcome.kind === 'problem') {
        send(res, outcome);
        return;
      }
      version = outcome.request.version;
      return whenEntered(enter(route, outcome, nodePort(req)), (entry) => {
        if (entry.kind === 'problem') {
          send(res, entry.problem);
          return;
        }
        appendFields(res, outcome.fields);
        // Whatever answers, the handler or an error: its head gets the Vary (and the vendor type).
        if (outcome.vary.length > 0 || outcome.contentType !== null)
          finishHead(res, outcome.vary, outcome.contentType);
        shared.exposeOn(req, outcome.request);
        (req as { params?: unknown }).params = params;
        if (entry.info !== null) applyRequestInfo(req, entry.info);
        if (entry.body !== null) (req as { body?: unknown }).body = entry.body.value;
        const response = res as VersionedServerResponse;
        response.json = jsonOf(res, route.hasBodies ? sending(route, outcome) : null);
        return (outcome.handler as VersionedRequestListener)(req as VersionedIncomingMessage, response);
      });
    };
    const failed = (error: unknown): void => {
      fail(req, res, route, version, error);
    };
    try {
      const outcome: PendingOutcome = decideNode(route, req, target, params, prefix);
      const result = outcome instanceof Promise ? outcome.then(answer) : answer(outcome);
      if (result instanceof Promise) result.catch(failed);
    } catch (error) {
      failed(error);
    }
  };
}
