export { versioned } from './node.js';
export type { NodeAdapterOptions, VersionedIncomingMessage, VersionedRequestListener } from './node.js';
export type { AdapterOptions, VersioningVariables } from '../shared.js';
