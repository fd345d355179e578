/**
 * Frozen versions: every version's contract (its OpenAPI document) committed as a file, and a check that a released
 * version never changes — each difference named by JSON Pointer and classified as oasdiff classifies breaking changes.
 */
export { snapshot } from './contract.js';
export { checkSnapshots, expectFrozen, writeSnapshots } from './snapshots.js';
export type {
  AllowNewest,
  CheckOptions,
  CheckResult,
  Contract,
  Difference,
  DifferenceKind,
  FrozenApi,
  JsonValue,
} from './frozen.types.js';
