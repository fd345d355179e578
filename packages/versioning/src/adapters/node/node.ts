import type { IncomingMessage, ServerResponse } from 'node:http';
import { APIException, isAPIException } from '../../errors.js';
import { checkScriptPrefix } from '../../http/request.js';
import { argumentError, mustBe } from '../../internal/arguments.js';
import { bodyStep, prepareRequest, type RouteBodies, whenPrepared } from '../../pipeline/body.js';
import { decideNode, type Outcome, type PendingOutcome } from '../../pipeline/decide.js';
import { routeMatcher } from '../../pipeline/match.js';
import { type ProblemMigration, type ProblemOutcome, problemOutcome } from '../../pipeline/problem.js';
import { unroutedError } from '../../pipeline/unrouted.js';
import type { VersioningRequest } from '../../types.js';
import type { UrlConf } from '../../urls/urlconf.js';
import { applyRequestInfo, nodeBodyRequest, outgoingNodeJson } from '../node-body.js';
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

/** `res.json(value)` of routes that send bodies as they are: `application/json`, with `res.statusCode`. */
function sendJson(this: ServerResponse, value: unknown): void {
  this.setHeader('content-type', 'application/json');
  this.end(JSON.stringify(value));
}

/** `res.json(value)` of a route whose bodies go out migrated to the request's version. */
function migratingJson(
  res: ServerResponse,
  bodies: RouteBodies,
  version: string | null,
): (value: unknown) => void {
  return (value) => {
    // A handler that set problem+json keeps it; its body goes through the problem migrations.
    if (res.getHeader('content-type') === undefined) res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(outgoingNodeJson(res, bodies, version, value)));
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
    vary: readonly string[],
    error: unknown,
    migrate: ProblemMigration | null = null,
  ): void => {
    if (!isAPIException(error)) onError(error, req);
    const problem = isAPIException(error) ? error : new APIException();
    send(res, problemOutcome(problem, req.headers['accept-language'], vary, undefined, null, migrate));
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
    const answer = (outcome: Outcome): void => {
      let result: unknown;
      let migrate: ProblemMigration | null = null;
      try {
        if (outcome.kind === 'problem') {
          send(res, outcome);
          return;
        }
        appendFields(res, outcome.fields);
        // Whatever answers, the handler or an error: its head gets the Vary (and the vendor type).
        if (outcome.vary.length > 0 || outcome.contentType !== null)
          finishHead(res, outcome.vary, outcome.contentType);
        shared.exposeOn(req, outcome.request);
        (req as { params?: unknown }).params = params;
        const handler = outcome.handler as VersionedRequestListener;
        const { version } = outcome.request;
        const bodies = route.hasBodies ? route.bodiesOf(outcome.route) : null;
        const response = res as VersionedServerResponse;
        if (bodies === null) {
          response.json = sendJson;
          result = handler(req as VersionedIncomingMessage, response);
        } else {
          migrate = route.problemFor(version);
          response.json = migratingJson(res, bodies, version);
          const step = bodies.request === null ? 'none' : bodyStep(bodies.request, req.method, version);
          if (step === 'none' || bodies.request === null) {
            result = handler(req as VersionedIncomingMessage, response);
          } else {
            const language = req.headers['accept-language'];
            const refusedMigrate = migrate;
            result = whenPrepared(
              prepareRequest(bodies.request, step, nodeBodyRequest(route, req, version)),
              (prepared) => {
                if (prepared.kind === 'refuse') {
                  send(
                    res,
                    problemOutcome(prepared.error, language, outcome.vary, undefined, null, refusedMigrate),
                  );
                  return undefined;
                }
                if (prepared.info !== null) applyRequestInfo(req, prepared.info);
                if (prepared.hasBody) (req as { body?: unknown }).body = prepared.body;
                return handler(req as VersionedIncomingMessage, response);
              },
            );
          }
        }
      } catch (error) {
        fail(req, res, route.vary, error, migrate);
        return;
      }
      if (result instanceof Promise)
        result.catch((error: unknown) => {
          fail(req, res, route.vary, error, migrate);
        });
    };
    let outcome: PendingOutcome;
    try {
      outcome = decideNode(route, req, target, params, prefix);
    } catch (error) {
      fail(req, res, route.vary, error);
      return;
    }
    // A pinned version still coming (an async pinVersion); a failed pin is answered like a failed handler.
    if (outcome instanceof Promise)
      outcome.then(answer, (error: unknown) => {
        fail(req, res, route.vary, error);
      });
    else answer(outcome);
  };
}
