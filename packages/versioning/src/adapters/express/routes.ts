import type { NextFunction, Request, Response } from 'express';
import type { Schema, SchemaOutput } from '../../changes/schema.js';
import type { PathOptions } from '../../urls/route.types.js';
import type { RouteParams } from '../route-params.js';
import { frameworkPath, includeFor } from '../shared.js';
import type { FrameworkInclude, FrameworkRoute, VersioningVariables } from '../shared.js';

/** An Express request of a route mounted through `versioned()`: Express's own, with the versioning members. */
export type VersionedRequest<
  Params = Record<string, string | string[]>,
  V extends string = string,
  Body = any, // eslint-disable-line @typescript-eslint/no-explicit-any -- Express's own default for req.body
> = Request<Params, any, Body> & VersioningVariables<V>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A route handler for the Express adapter: Express's own `(req, res, next)`, its `req.params` typed from the route
 * (a wildcard's value is its segments, as Express gives it) and the versioning members on `req`.
 */
export type VersionedRequestHandler<
  Params = Record<string, string | string[]>,
  V extends string = string,
  Body = any, // eslint-disable-line @typescript-eslint/no-explicit-any -- Express's own default for req.body
> = (req: VersionedRequest<Params, V, Body>, res: Response, next: NextFunction) => unknown;

/** What `req.body` holds: the `request` schema's output; without one, whatever Express's parsers put there. */
type BodyOf<S> = [S] extends [never] ? any : SchemaOutput<S>; // eslint-disable-line @typescript-eslint/no-explicit-any

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
export function path<const R extends string, V extends string = string, S extends Schema = never>(
  route: R,
  handler: VersionedRequestHandler<RouteParams<NoInfer<R>, string[]>, NoInfer<V>, BodyOf<NoInfer<S>>>,
  options?: PathOptions<V> & { readonly request?: S },
): ExpressRoute {
  return frameworkPath('express', route, handler, options);
}

/** Groups routes of this adapter (or the core's) under a prefix and, optionally, a namespace; the core's `include()`. */
export const include = includeFor<'express'>();
