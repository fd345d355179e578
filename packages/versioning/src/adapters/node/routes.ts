import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Schema, SchemaOutput } from '../../changes/schema.js';
import type { PathOptions } from '../../urls/route.types.js';
import type { RouteParams } from '../route-params.js';
import { frameworkPath, includeFor } from '../shared.js';
import type { AdapterOptions, FrameworkInclude, FrameworkRoute, VersioningVariables } from '../shared.js';

/** A node:http request as a versioned route's handler receives it: `req.params` holds the route's parameters. */
export type VersionedIncomingMessage<
  Params = Record<string, string>,
  V extends string = string,
  Body = unknown,
> = IncomingMessage &
  VersioningVariables<V> & {
    /** The route's parameters, decoded, under their UrlConf names (a wildcard's segments joined with `/`). */
    readonly params: Params;
    /**
     * The body, on a route with a `request` schema: read, validated, migrated to the newest version and given as
     * the schema's output. `undefined` on other routes (the stream is left to the handler).
     */
    readonly body: Body;
  };

/** A node:http response of a versioned route: node:http's own, with `json()`. */
export type VersionedServerResponse = ServerResponse & {
  /**
   * Sends `value` as `application/json` with `res.statusCode`; on a route with a `response` schema, as the
   * request's version has it (migrated down, properties its schema rules out left out).
   */
  json(value: unknown): void;
};

/**
 * A route handler for the node:http adapter; it may return a promise. `Body` is what `req.body` holds: the output of
 * the route's `request` schema.
 */
export type VersionedRequestListener<
  Params = Record<string, string>,
  V extends string = string,
  Body = unknown,
> = (req: VersionedIncomingMessage<Params, V, Body>, res: VersionedServerResponse) => unknown;

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

/** What `req.body` holds: the `request` schema's output, `unknown` without one. */
type BodyOf<S> = [S] extends [never] ? unknown : SchemaOutput<S>;

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
export function path<const R extends string, V extends string = string, S extends Schema = never>(
  route: R,
  handler: VersionedRequestListener<RouteParams<NoInfer<R>>, NoInfer<V>, BodyOf<NoInfer<S>>>,
  options?: PathOptions<V> & { readonly request?: S },
): NodeRoute {
  return frameworkPath('node', route, handler, options);
}

/** Groups routes of this adapter (or the core's) under a prefix and, optionally, a namespace; the core's `include()`. */
export const include = includeFor<'node'>();
