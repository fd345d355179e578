export { versioned } from './fastify.js';
export type { AdapterOptions, VersioningVariables } from '../shared.js';
