export { versioned } from './hono.js';
export type { VersioningEnv } from './hono.js';
export type { AdapterOptions, VersioningVariables } from '../shared.js';
