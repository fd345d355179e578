export { include, path } from './routes.js';
export { versioned } from './express.js';
export type { ExpressInclude, ExpressRoute, VersionedRequest, VersionedRequestHandler } from './routes.js';
export type * from '../options-types.js';
export type { RouteParams } from '../route-params.js';
