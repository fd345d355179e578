export { include, path, versioned } from './express.js';
export type { ExpressInclude, ExpressRoute, VersionedRequest, VersionedRequestHandler } from './express.js';
export type { AdapterOptions, VersioningVariables } from '../shared.js';
export type { RouteParams } from '../route-params.js';
