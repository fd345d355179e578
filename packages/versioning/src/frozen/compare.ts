import { isBreaking, type Usage, usageOf } from './breaking.js';
import type { Contract, Difference } from './frozen.types.js';
import { differencesOf, pointerOf } from './structural-diff.js';

/** Every difference between `version`'s committed contract (`before`) and its contract now (`after`), classified. */
export function compareContracts(version: string, before: Contract, after: Contract): Difference[] {
  let usage: Usage | undefined;
  const between = { before, after, usage: () => (usage ??= usageOf(before, after)) };
  return differencesOf(before, after).map((found) => ({
    version,
    pointer: pointerOf(found.path),
    kind: found.kind,
    before: found.before,
    after: found.after,
    breaking: isBreaking(found, between),
  }));
}
