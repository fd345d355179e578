export { include, path, versioned } from './fastify.js';
export type { FastifyInclude, FastifyRoute, VersionedRequest, VersionedRouteHandler } from './fastify.js';
export type { AdapterOptions, VersioningVariables } from '../shared.js';
export type { RouteParams } from '../route-params.js';
