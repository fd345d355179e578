export { ApiVersion, Versioned, type VersionedOptions } from './decorators.js';
export { RestdashModule } from './module.js';
export type {
  AdapterOptions,
  DescribeOptions,
  PinnedVersion,
  PinVersion,
  PinVersionOptions,
  VersioningVariables,
} from '../shared.js';
