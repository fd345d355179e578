export { versioned } from './express.js';
export type { AdapterOptions, VersioningVariables } from '../shared.js';
