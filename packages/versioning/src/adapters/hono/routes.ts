import type { Env, Handler, Input } from 'hono';
import type { Schema, SchemaInput, SchemaOutput } from '../../changes/schema.js';
import type { PathOptions } from '../../urls/route.types.js';
import type { HonoPath } from '../route-params.js';
import { frameworkPath, includeFor } from '../shared.js';
import type { FrameworkInclude, FrameworkRoute, VersioningVariables } from '../shared.js';

/** The Hono environment of a versioned route: `c.get('version')`, `c.get('reverse')(…)` are typed through it. */
export interface VersioningEnv<V extends string = string> {
  Variables: VersioningVariables<V>;
}

/**
 * A route handler for the Hono adapter: Hono's own `Handler`, `c.req.param()` typed from the route and the
 * versioning members in `c.get()`. `E` adds the application's own bindings and variables.
 */
export type VersionedHandler<
  Route extends string = string,
  E extends Env = VersioningEnv,
  V extends string = string,
  I extends Input = {}, // eslint-disable-line @typescript-eslint/no-empty-object-type -- Hono's own default
> = Handler<E & VersioningEnv<V>, HonoPath<Route>, I>;

/** The validated input of a route with a `request` schema: `c.req.valid('json')` is the schema's output. */
type InputOf<S> = [S] extends [never]
  ? {} // eslint-disable-line @typescript-eslint/no-empty-object-type -- Hono's own default
  : { in: { json: SchemaInput<S> }; out: { json: SchemaOutput<S> } };

/** A route made by this adapter's {@link path}; another adapter refuses it. */
export type HonoRoute = FrameworkRoute<'hono'>;

/** A group made by this adapter's {@link include}. */
export type HonoInclude = FrameworkInclude<'hono'>;

/**
 * Declares a route served by a Hono handler, typed from the route: `c.req.param('pk')` has its parameters
 * (optional ones in `{…}` may be `undefined`) and `c.get('version')`, `c.get('reverse')`… are there. The core's
 * `path()` with types; `E` adds the application's own bindings and variables. `c.get('version')` is typed by the
 * versions of `options.versioning` when that scheme is typed by its allow list.
 * @example path('/users/:pk/', (c) => c.json({ pk: c.req.param('pk'), version: c.get('version') }))
 */
export function path<
  const R extends string,
  E extends Env = VersioningEnv,
  V extends string = string,
  S extends Schema = never,
>(
  route: R,
  handler: VersionedHandler<NoInfer<R>, E, NoInfer<V>, InputOf<NoInfer<S>>>,
  options?: PathOptions<V> & { readonly request?: S },
): HonoRoute {
  return frameworkPath('hono', route, handler, options);
}

/** Groups routes of this adapter (or the core's) under a prefix and, optionally, a namespace; the core's `include()`. */
export const include = includeFor<'hono'>();
