import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToRegexp, TokenData } from 'path-to-regexp';
import { APIException, isAPIException, MethodNotAllowed } from '../../errors.js';
import { unroutablePath } from '../malformed-path.js';
import { decodeSegment, decodeWildcard, normalizePercentEncoding } from '../../urls/encoding.js';
import { checkScriptPrefix } from '../../http/request.js';
import { argumentError, mustBe } from '../../internal/arguments.js';
import type { PathOptions } from '../../urls/route.types.js';
import type { UrlConf } from '../../urls/urlconf.js';
import type { RouteParams } from '../route-params.js';
import {
  type AdapterOptions,
  allowList,
  allowOf,
  appendVaryOn,
  exposeOn,
  finishHead,
  type FrameworkInclude,
  frameworkInclude,
  frameworkPath,
  type FrameworkRoute,
  mountRoutes,
  type MountedRoute,
  renderProblem,
  versionRequest,
  type VersioningVariables,
} from '../shared.js';

/** The version lifecycle's header fields go on the response after any value it has. */
function appendHeader(res: ServerResponse, name: string, value: string): void {
  res.appendHeader(name, value);
}

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
  return frameworkPath('node', route, handler, options);
}

/** Groups routes of this adapter (or the core's) under a prefix and, optionally, a namespace; the core's `include()`. */
export function include(
  prefix: string,
  routes: readonly (NodeRoute | NodeInclude)[],
  options?: { readonly namespace?: string },
): NodeInclude {
  return frameworkInclude(prefix, routes, options);
}

const defaultOnError = (error: unknown, req: IncomingMessage): void => {
  console.error(`@restdash/versioning: ${req.method ?? 'GET'} ${req.url ?? '/'} failed:`, error);
};

function send(res: ServerResponse, req: IncomingMessage, error: APIException, vary: readonly string[]): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const problem = renderProblem(error, req.headers['accept-language'], vary);
  appendVaryOn(res, problem.vary);
  res.writeHead(problem.status, { ...problem.headers, ...allowOf(error) }).end(problem.body);
}

function answers(methods: readonly string[] | null, method: string): boolean {
  return methods === null || methods.includes(method) || (method === 'HEAD' && methods.includes('GET'));
}

/** A route as the listener matches it: its compiled pattern, and how to read each capture. */
interface Matcher {
  readonly mounted: MountedRoute<VersionedRequestListener>;
  readonly regexp: RegExp;
  readonly names: readonly string[];
  readonly wildcards: readonly boolean[];
}

/** The decoded parameters of a match, under their names; `null` when one holds a malformed escape. */
function paramsOf(matcher: Matcher, found: RegExpExecArray): Record<string, string> | null {
  // A plain object, as Express's `req.params`: V8 keeps it fast, where `Object.create(null)` makes a dictionary
  // (about 30 ns more a request to make and fill on the bench machine).
  const params: Record<string, string> = {};
  const { names, wildcards } = matcher;
  for (let index = 0; index < names.length; index++) {
    const raw = found[index + 1];
    if (raw === undefined) continue;
    const value = wildcards[index] === true ? decodeWildcard(raw) : decodeSegment(raw);
    if (value === null) return null;
    const name = names[index] as string;
    // Assigning `__proto__` would set the prototype; the parameter is an own property like any other.
    if (name === '__proto__')
      Object.defineProperty(params, name, { value, enumerable: true, writable: true, configurable: true });
    else params[name] = value;
  }
  return params;
}

/**
 * A node:http request listener serving every route of `urlconf` with its handler `(req, res)`, each request
 * versioned first: `req.params`, `req.version`, `req.versioningScheme`, `req.resolverMatch`, `req.reverse()`. It
 * routes by itself and owns the whole server, so it always answers like the other adapters with `problems: true`:
 * no route, 404; a route without the method, 405 with `Allow`; an error a handler throws, 500. All as problem+json.
 * @example
 * http.createServer(versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) })).listen(3000);
 */
export function versioned(
  urlconf: UrlConf,
  options: NodeAdapterOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { routes } = mountRoutes<VersionedRequestListener>('node', urlconf, options, 'path-to-regexp', {
    extraOptions: ['onError', 'scriptPrefix'],
  });
  const prefix = checkScriptPrefix('node versioned(urlconf, options)', options.scriptPrefix ?? '');
  if (/[:*]/.test(prefix)) {
    throw argumentError(
      `node versioned(urlconf, options): options.scriptPrefix is a path, but the prefix ${JSON.stringify(prefix)} looks like a pattern with parameters. Put the parameters in the UrlConf (include(${JSON.stringify(prefix)}, …)) instead`,
    );
  }
  const { onError = defaultOnError } = options;
  if (typeof onError !== 'function') {
    throw mustBe('node versioned(urlconf, options)', 'options.onError', 'a function', onError);
  }
  const matchers: readonly Matcher[] = routes.map((mounted) => {
    // As UrlConf compiles it; its keys say which parameter each capture group holds (optional groups repeat them).
    const { regexp, keys } = pathToRegexp(new TokenData([...mounted.route.tokens]), {
      sensitive: true,
      trailing: false,
    });
    return {
      mounted,
      regexp,
      names: keys.map((key) => key.name),
      wildcards: keys.map((key) => key.type === 'wildcard'),
    };
  });

  const fail = (req: IncomingMessage, res: ServerResponse, vary: readonly string[], error: unknown): void => {
    if (isAPIException(error)) {
      send(res, req, error, vary);
      return;
    }
    onError(error, req);
    send(res, req, new APIException(), vary);
  };

  const serve = (
    matcher: Matcher,
    params: Record<string, string>,
    req: IncomingMessage,
    res: ServerResponse,
  ) => {
    const { mounted } = matcher;
    const { vary, requests, source, responseMediaType } = mounted;
    // Whatever answers, the handler or an error: its head gets the Vary.
    const head = vary.length > 0 || responseMediaType !== null ? finishHead(res, vary) : null;
    let result: unknown;
    try {
      const request = requests.node(req, req.url ?? '/', source, params, prefix);
      const answering = versionRequest(mounted, request, params, appendHeader, res);
      exposeOn(req, request);
      if (head !== null && responseMediaType !== null) head.contentType = responseMediaType(request);
      (req as { params?: unknown }).params = params;
      result = answering(req as VersionedIncomingMessage, res);
    } catch (error) {
      fail(req, res, vary, error);
      return;
    }
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        fail(req, res, vary, error);
      });
    }
  };

  return (req, res) => {
    const target = req.url ?? '/';
    const mark = target.indexOf('?');
    let path = mark === -1 ? target : target.slice(0, mark);
    if (prefix !== '') {
      const under = path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/');
      path = under ? path.slice(prefix.length) || '/' : '';
    }
    const method = req.method ?? 'GET';
    // As UrlConf.resolve() matches: escapes of unreserved characters decoded first (`/%73tatic/` is `/static/`).
    const routed = normalizePercentEncoding(path);
    let allowed: Set<string> | null = null;
    for (const matcher of matchers) {
      const found = matcher.regexp.exec(routed);
      if (found === null) continue;
      const params = paramsOf(matcher, found);
      if (params === null) continue;
      const { methods } = matcher.mounted;
      if (!answers(methods, method)) {
        allowed ??= new Set<string>();
        for (const name of methods ?? []) allowed.add(name);
        continue;
      }
      serve(matcher, params, req, res);
      return;
    }
    send(
      res,
      req,
      allowed === null ? unroutablePath(path) : new MethodNotAllowed(method, allowList(allowed)),
      [],
    );
  };
}
