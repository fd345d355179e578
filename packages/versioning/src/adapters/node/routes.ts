import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PathOptions } from '../../urls/route.types.js';
import type { RouteParams } from '../route-params.js';
import { frameworkInclude, frameworkPath } from '../shared.js';
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
export interface NodeAdapterOptions extends AdapterOptions<IncomingMessage> {
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
