import type { IncomingMessage, ServerResponse } from 'node:http';
import { APIException, isAPIException } from '../../errors.js';
import { checkScriptPrefix } from '../../http/request.js';
import { argumentError, mustBe } from '../../internal/arguments.js';
import { decideNode } from '../../pipeline/decide.js';
import { routeMatcher } from '../../pipeline/match.js';
import { type ProblemOutcome, problemOutcome } from '../../pipeline/problem.js';
import { unroutedError } from '../../pipeline/unrouted.js';
import type { PathOptions } from '../../urls/route.types.js';
import type { UrlConf } from '../../urls/urlconf.js';
import { appendFields, finishHead, writeProblem } from '../node-response.js';
import type { RouteParams } from '../route-params.js';
import * as shared from '../shared.js';
import type { AdapterOptions, FrameworkInclude, FrameworkRoute, VersioningVariables } from '../shared.js';

/** A node:http request as a versioned route's handler receives it: `req.params` holds the route's parameters. */
export type VersionedIncomingMessage<
  Params = Record<string, string>,
  V extends string = string,
> = IncomingMessage &
  VersioningVariables<V> & {
    /** The route's parameters, decoded, under their UrlConf names (a wildcard's segments joined with `/`). */
    readonly params: Params;
  };

/** A route handler for the node:http adapter; it may return a promise. */
export type VersionedRequestListener<Params = Record<string, string>, V extends string = string> = (
  req: VersionedIncomingMessage<Params, V>,
  res: ServerResponse,
) => unknown;

/** Options of the node:http adapter. */
export interface NodeAdapterOptions extends AdapterOptions {
  /**
   * Told about an error a handler threw (anything but an `APIException`) once the client got a 500 that does not
   * reveal it. @default logs the error and the request's `METHOD url` with console.error (never the request itself,
   * whose headers may carry credentials)
   */
  readonly onError?: (error: unknown, req: IncomingMessage) => void;
  /**
   * The path the server's routes are served under, like Django's `FORCE_SCRIPT_NAME`: a request path must start
   * with it (the rest is routed), and reversal puts it in front of every path it builds.
   * @default ''
   */
  readonly scriptPrefix?: string;
}

/** A route made by this adapter's {@link path}; another adapter refuses it. */
export type NodeRoute = FrameworkRoute<'node'>;

/** A group made by this adapter's {@link include}. */
export type NodeInclude = FrameworkInclude<'node'>;

/**
 * Declares a route served by a node:http handler `(req, res)`, typed from the route: `req.params` has its
 * parameters (optional ones in `{…}` optional) and `req.version`, `req.reverse()`… are there; `req.version` is
 * typed by the versions of `options.versioning` when that scheme is typed by its allow list. The core's `path()`
 * with types.
 * @example path('/users/:pk/', (req, res) => res.end(`${req.params.pk} in ${req.version}`))
 */
export function path<const R extends string, V extends string = string>(
  route: R,
  handler: VersionedRequestListener<RouteParams<NoInfer<R>>, NoInfer<V>>,
  options?: PathOptions<V>,
): NodeRoute {
  return shared.frameworkPath('node', route, handler, options);
}

/** Groups routes of this adapter (or the core's) under a prefix and, optionally, a namespace; the core's `include()`. */
export function include(
  prefix: string,
  routes: readonly (NodeRoute | NodeInclude)[],
  options?: { readonly namespace?: string },
): NodeInclude {
  return shared.frameworkInclude(prefix, routes, options);
}

const where = 'node versioned(urlconf, options)';

const defaultOnError = (error: unknown, req: IncomingMessage): void => {
  console.error(`@restdash/versioning: ${req.method ?? 'GET'} ${req.url ?? '/'} failed:`, error);
};

/** Writes `problem` out, or ends the connection when the head has gone out already. */
function send(res: ServerResponse, problem: ProblemOutcome): void {
  if (res.headersSent) res.destroy();
  else writeProblem(res, problem);
}

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
    {
      extraOptions: ['onError', 'scriptPrefix'],
    },
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

  const fail = (req: IncomingMessage, res: ServerResponse, vary: readonly string[], error: unknown): void => {
    if (!isAPIException(error)) onError(error, req);
    const problem = isAPIException(error) ? error : new APIException();
    send(res, problemOutcome(problem, req.headers['accept-language'], vary));
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
    let result: unknown;
    try {
      const outcome = decideNode(route, req, target, params, prefix);
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
      result = (outcome.handler as VersionedRequestListener)(req as VersionedIncomingMessage, res);
    } catch (error) {
      fail(req, res, route.vary, error);
      return;
    }
    if (result instanceof Promise)
      result.catch((error: unknown) => {
        fail(req, res, route.vary, error);
      });
  };
}
