import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Schema, SchemaOutput } from '../../changes/schema.js';
import type { PathOptions } from '../../urls/route.types.js';
import type { RouteParams } from '../route-params.js';
import { frameworkPath, includeFor } from '../shared.js';
import type { FrameworkInclude, FrameworkRoute, VersioningVariables } from '../shared.js';

/** A Fastify request of a route mounted through `versioned()`: Fastify's own, with the versioning members. */
export type VersionedRequest<
  Params = Record<string, string>,
  V extends string = string,
  Body = unknown,
> = FastifyRequest<{
  Params: Params;
  Body: Body;
}> &
  VersioningVariables<V>;

/**
 * A route handler for the Fastify adapter: Fastify's own `(request, reply)`, `request.params` typed from the route
 * and the versioning members on `request`.
 */
export type VersionedRouteHandler<
  Params = Record<string, string>,
  V extends string = string,
  Body = unknown,
> = (
  this: FastifyInstance,
  request: VersionedRequest<Params, V, Body>,
  reply: FastifyReply<{ Params: Params }>,
) => unknown;

/** What `request.body` holds: the `request` schema's output, `unknown` without one. */
type BodyOf<S> = [S] extends [never] ? unknown : SchemaOutput<S>;

/** A route made by this adapter's {@link path}; another adapter refuses it. */
export type FastifyRoute = FrameworkRoute<'fastify'>;

/** A group made by this adapter's {@link include}. */
export type FastifyInclude = FrameworkInclude<'fastify'>;

/**
 * Declares a route served by a Fastify handler, typed from the route: `request.params` has its parameters
 * (optional ones in `{…}` optional) and `request.version`, `request.reverse()`… are there; `request.version` is
 * typed by the versions of `options.versioning` when that scheme is typed by its allow list. The core's `path()`
 * with types.
 * @example path('/users/:pk/', (request) => ({ pk: request.params.pk, version: request.version }))
 */
export function path<const R extends string, V extends string = string, S extends Schema = never>(
  route: R,
  handler: VersionedRouteHandler<RouteParams<NoInfer<R>>, NoInfer<V>, BodyOf<NoInfer<S>>>,
  options?: PathOptions<V> & { readonly request?: S },
): FastifyRoute {
  return frameworkPath('fastify', route, handler, options);
}

/** Groups routes of this adapter (or the core's) under a prefix and, optionally, a namespace; the core's `include()`. */
export const include = includeFor<'fastify'>();
