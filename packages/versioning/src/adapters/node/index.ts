export { include, path, versioned } from './node.js';
export type {
  NodeAdapterOptions,
  NodeInclude,
  NodeRoute,
  VersionedIncomingMessage,
  VersionedRequestListener,
} from './node.js';
export type { AdapterOptions, VersioningVariables } from '../shared.js';
export type { RouteParams } from '../route-params.js';
