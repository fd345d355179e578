export { include, path } from './routes.js';
export { versioned } from './fastify.js';
export type { FastifyInclude, FastifyRoute, VersionedRequest, VersionedRouteHandler } from './routes.js';
export type {
  AdapterOptions,
  DescribeOptions,
  PinnedVersion,
  PinVersion,
  PinVersionOptions,
  VersioningVariables,
} from '../shared.js';
export type { RouteParams } from '../route-params.js';
