// The rule of `since`/`until` lives in lifecycle/version-window.ts; this module only keeps the old import path
// working until its last importer moves over.
import type { BaseVersioning } from '../schemes/base.js';
import { type VersionRange, versionWindow } from '../lifecycle/version-window.js';

export { checkRangeBound, describeRange, isInRange, type VersionRange } from '../lifecycle/version-window.js';

/** The entries of the route's window, oldest first: see `versionWindow()` in lifecycle/version-window.ts. */
export function versionsInRange(
  where: string,
  range: VersionRange,
  scheme: BaseVersioning | null,
): readonly (string | null)[] {
  return Object.freeze([...(versionWindow(where, range, scheme) ?? [])]);
}
