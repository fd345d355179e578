// The option types every adapter entry point exports, in one place: each entry re-exports them with one line.
export type {
  AdapterOptions,
  DescribeOptions,
  PinnedVersion,
  PinVersion,
  PinVersionOptions,
  VersioningVariables,
} from './shared.js';
