export { include, path } from './routes.js';
export { versioned } from './hono.js';
export type { HonoInclude, HonoRoute, VersionedHandler, VersioningEnv } from './routes.js';
export type * from '../options-types.js';
export type { HonoPath, RouteParams } from '../route-params.js';
