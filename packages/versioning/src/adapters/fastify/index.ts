export { include, path } from './routes.js';
export { versioned } from './fastify.js';
export type { FastifyInclude, FastifyRoute, VersionedRequest, VersionedRouteHandler } from './routes.js';
export type * from '../options-types.js';
export type { RouteParams } from '../route-params.js';
