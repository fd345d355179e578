export { ApiVersion, Versioned, type VersionedOptions } from './decorators.js';
export { RestdashModule } from './module.js';
export type * from '../options-types.js';
