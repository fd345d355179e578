export { include, path, versioned } from './hono.js';
export type { HonoInclude, HonoRoute, VersionedHandler, VersioningEnv } from './hono.js';
export type { AdapterOptions, VersioningVariables } from '../shared.js';
export type { HonoPath, RouteParams } from '../route-params.js';
