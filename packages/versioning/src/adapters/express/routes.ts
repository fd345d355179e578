import type { NextFunction, Request, Response } from 'express';
import type { PathOptions } from '../../urls/route.types.js';
import type { RouteParams } from '../route-params.js';
import { frameworkInclude, frameworkPath } from '../shared.js';
import type { FrameworkInclude, FrameworkRoute, VersioningVariables } from '../shared.js';

/** An Express request of a route mounted through `versioned()`: Express's own, with the versioning members. */
export type VersionedRequest<
  Params = Record<string, string | string[]>,
  V extends string = string,
> = Request<Params> & VersioningVariables<V>;

/**
 * A route handler for the Express adapter: Express's own `(req, res, next)`, its `req.params` typed from the route
 * (a wildcard's value is its segments, as Express gives it) and the versioning members on `req`.
 */
export type VersionedRequestHandler<Params = Record<string, string | string[]>, V extends string = string> = (
  req: VersionedRequest<Params, V>,
  res: Response,
  next: NextFunction,
) => unknown;

/** A route made by this adapter's {@link path}; another adapter refuses it. */
export type ExpressRoute = FrameworkRoute<'express'>;

/** A group made by this adapter's {@link include}. */
export type ExpressInclude = FrameworkInclude<'express'>;

/**
 * Declares a route served by an Express handler, typed from the route: `req.params` has its parameters
 * (optional ones in `{…}` optional) and `req.version`, `req.reverse()`… are there; `req.version` is typed by the
 * versions of `options.versioning` when that scheme is typed by its allow list. The core's `path()` with types.
 * @example path('/users/:pk/', (req, res) => res.json({ pk: req.params.pk, version: req.version }))
 */
export function path<const R extends string, V extends string = string>(
  route: R,
  handler: VersionedRequestHandler<RouteParams<NoInfer<R>, string[]>, NoInfer<V>>,
  options?: PathOptions<V>,
): ExpressRoute {
  return frameworkPath('express', route, handler, options);
}

/** Groups routes of this adapter (or the core's) under a prefix and, optionally, a namespace; the core's `include()`. */
export function include(
  prefix: string,
  routes: readonly (ExpressRoute | ExpressInclude)[],
  options?: { readonly namespace?: string },
): ExpressInclude {
  return frameworkInclude(prefix, routes, options);
}
