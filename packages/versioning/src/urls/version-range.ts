import type { BaseVersioning } from '../schemes/base.js';
import { argumentError, mustBe } from '../internal/arguments.js';

/** The versions a route exists in, as `path(…, { since, until })` declares them over its scheme's allow list. */
export interface VersionRange {
  /** First version the route exists in; `null`: from the oldest. */
  readonly since: string | null;
  /** First version the route no longer exists in; `null`: up to the newest. */
  readonly until: string | null;
}

/** Checks a `since` / `until` option: a non-empty string or left out. */
export function checkRangeBound(where: string, name: 'since' | 'until', value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || value === '') {
    throw mustBe(where, name, 'a non-empty string (a version)', value);
  }
  return value;
}

/**
 * The entries of `scheme`'s allow list (oldest first) in `range`: from `since` on, up to but not including `until`.
 * Throws a `TypeError` naming `where` when the scheme has no allow list, a bound is not in it, or the range is
 * empty. Only for a range with at least one bound.
 */
export function versionsInRange(
  where: string,
  range: VersionRange,
  scheme: BaseVersioning | null,
): readonly (string | null)[] {
  const bounds = describeRange(range);
  if (scheme === null) {
    throw argumentError(`${where}: ${bounds} needs a versioned route, but this route is version-neutral`);
  }
  const ordered = scheme.allowedVersions;
  if (ordered === null || ordered.length === 0) {
    throw argumentError(
      `${where}: ${bounds} needs the allowedVersions of the route's ${scheme.constructor.name} (oldest first), but it allows every version`,
    );
  }
  const indexOf = (name: 'since' | 'until', version: string | null, absent: number): number => {
    if (version === null) return absent;
    const index = ordered.indexOf(version);
    if (index === -1) {
      const allowed = ordered.map((entry) => JSON.stringify(entry)).join(', ');
      throw argumentError(
        `${where}: ${name} ${JSON.stringify(version)} is not an allowed version of the route's ${scheme.constructor.name} (${allowed})`,
      );
    }
    return index;
  };
  const from = indexOf('since', range.since, 0);
  const to = indexOf('until', range.until, ordered.length);
  if (from >= to) {
    throw argumentError(
      `${where}: since ${JSON.stringify(range.since)} must come before until ${JSON.stringify(range.until)} in allowedVersions, or the route exists in no version`,
    );
  }
  return Object.freeze(ordered.slice(from, to));
}

/** `since "v2" and until "v4"`, how messages name a range. */
export function describeRange(range: VersionRange): string {
  const since = range.since === null ? [] : [`since ${JSON.stringify(range.since)}`];
  const until = range.until === null ? [] : [`until ${JSON.stringify(range.until)}`];
  return [...since, ...until].join(' and ');
}

/**
 * Whether `version` is inside `range` over `scheme`'s allow list as it is now; `true` when the route has no bound
 * or there is no list to order by (reversal cannot tell, and the adapter checked the list at mount). A version
 * the list does not hold is outside every bounded range.
 */
export function isInRange(
  range: VersionRange,
  scheme: BaseVersioning | null,
  version: string | null,
): boolean {
  if (range.since === null && range.until === null) return true;
  const ordered = scheme?.allowedVersions;
  if (ordered === null || ordered === undefined || ordered.length === 0) return true;
  const index = ordered.indexOf(version);
  if (index === -1) return false;
  const from = range.since === null ? 0 : ordered.indexOf(range.since);
  const to = range.until === null ? ordered.length : ordered.indexOf(range.until);
  // A bound the list no longer holds (the list changed after mounting) excludes everything rather than guessing.
  return from !== -1 && to !== -1 && index >= from && index < to;
}
