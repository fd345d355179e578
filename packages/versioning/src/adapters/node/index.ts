export { include, path } from './routes.js';
export { versioned } from './node.js';
export type {
  NodeAdapterOptions,
  NodeInclude,
  NodeRoute,
  VersionedIncomingMessage,
  VersionedRequestListener,
  VersionedServerResponse,
} from './routes.js';
export type * from '../options-types.js';
export type { RouteParams } from '../route-params.js';
