import { argumentError, mustBe } from '../internal/arguments.js';
import type { BaseVersioning } from '../types.js';

/** The versions a route exists in, as `path(…, { since, until })` declares them over its scheme's allow list. */
export interface VersionRange {
  /** First version the route exists in; `null`: from the oldest. */
  readonly since: string | null;
  /** First version the route no longer exists in; `null`: up to the newest. */
  readonly until: string | null;
}

/**
 * The versions a route exists in, compiled from its {@link VersionRange}: a set of entries of its scheme's allow list,
 * or `null` when the route has no bound (it exists in every version its scheme allows).
 */
export type VersionWindow = ReadonlySet<string | null> | null;

/** Why a range has no window over a scheme: what {@link versionWindow} reports as a `TypeError`. */
export type WindowProblem =
  /** The route is version-neutral. */
  | { readonly kind: 'unversioned' }
  /** The scheme allows every version, so nothing orders them. */
  | { readonly kind: 'unordered' }
  /** A bound is not an entry of the allow list. */
  | { readonly kind: 'unknown-bound'; readonly name: 'since' | 'until'; readonly bound: string }
  /** `since` does not come before `until`: the route would exist in no version. */
  | { readonly kind: 'empty' };

/**
 * The one owner of version order: a scheme's allow list as it is now, oldest first (`null` entries kept, as a
 * request without a version may be served one); `null` for a version-neutral route or a scheme that allows every
 * version (then nothing orders the versions).
 */
export function versionOrder(scheme: BaseVersioning | null): readonly (string | null)[] | null {
  const order = scheme?.allowedVersions ?? null;
  return order === null || order.length === 0 ? null : order;
}

/** The distinct versions of a scheme a client can name (strings), oldest first; `null` when it allows every version. */
export function orderedVersions(scheme: BaseVersioning): readonly string[] | null {
  const order = versionOrder(scheme);
  if (order === null) return null;
  return Object.freeze([...new Set(order.filter((version) => version !== null))]);
}

/** `since "v2" and until "v4"`, how messages name a range. */
export function describeRange(range: VersionRange): string {
  const since = range.since === null ? [] : [`since ${JSON.stringify(range.since)}`];
  const until = range.until === null ? [] : [`until ${JSON.stringify(range.until)}`];
  return [...since, ...until].join(' and ');
}

/** Checks a `since` / `until` option where it enters (`path()`): a non-empty string or left out. */
export function checkRangeBound(where: string, name: 'since' | 'until', value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || value === '') {
    throw mustBe(where, name, 'a non-empty string (a version)', value);
  }
  return value;
}

/** Whether the range has a bound at all. */
export function isBounded(range: VersionRange): boolean {
  return range.since !== null || range.until !== null;
}

/** Where a bound stands in `order`: `absent` when there is no bound, -1 when `order` does not hold it. */
function boundIndex(order: readonly (string | null)[], bound: string | null, absent: number): number {
  return bound === null ? absent : order.indexOf(bound);
}

/**
 * The window of `range` over `scheme`'s allow list, or why it has none. The one rule of `since`/`until`: a route
 * exists in the entries of the allow list (oldest first) from `since` on, up to but not including `until`.
 */
export function compileWindow(
  range: VersionRange,
  scheme: BaseVersioning | null,
): { readonly window: VersionWindow } | { readonly problem: WindowProblem } {
  if (!isBounded(range)) return { window: null };
  if (scheme === null) return { problem: { kind: 'unversioned' } };
  const order = versionOrder(scheme);
  if (order === null) return { problem: { kind: 'unordered' } };
  // The range covers the positions from `since` up to but not including `until`.
  const from = boundIndex(order, range.since, 0);
  if (from === -1) return { problem: { kind: 'unknown-bound', name: 'since', bound: range.since as string } };
  const to = boundIndex(order, range.until, order.length);
  if (to === -1) return { problem: { kind: 'unknown-bound', name: 'until', bound: range.until as string } };
  if (from >= to) return { problem: { kind: 'empty' } };
  return { window: new Set(order.slice(from, to)) };
}

/**
 * {@link compileWindow}, its problem a `TypeError` naming `where`: for `path()` with the route's own scheme, and for
 * a mount (the adapters' scheme).
 */
export function versionWindow(
  where: string,
  range: VersionRange,
  scheme: BaseVersioning | null,
): VersionWindow {
  const compiled = compileWindow(range, scheme);
  if ('window' in compiled) return compiled.window;
  const { problem } = compiled;
  const bounds = describeRange(range);
  const name = scheme?.constructor.name ?? '';
  switch (problem.kind) {
    case 'unversioned':
      throw argumentError(`${where}: ${bounds} needs a versioned route, but this route is version-neutral`);
    case 'unordered':
      throw argumentError(
        `${where}: ${bounds} needs the allowedVersions of the route's ${name} (oldest first), but it allows every version`,
      );
    case 'unknown-bound': {
      const allowed = (versionOrder(scheme) ?? []).map((entry) => JSON.stringify(entry)).join(', ');
      throw argumentError(
        `${where}: ${problem.name} ${JSON.stringify(problem.bound)} is not an allowed version of the route's ${name} (${allowed})`,
      );
    }
    case 'empty':
      throw argumentError(
        `${where}: since ${JSON.stringify(range.since)} must come before until ${JSON.stringify(range.until)} in allowedVersions, or the route exists in no version`,
      );
  }
}

/** Whether a route whose window is `window` exists in `version`. */
export function holds(window: VersionWindow, version: string | null): boolean {
  return window === null || window.has(version);
}

/**
 * Whether `version` is inside `range` over `scheme`'s allow list as it is now, for reversal, which cannot refuse:
 * `true` when the route has no bound or there is no list to order by (the adapter checked the list at mount); a
 * bound the list no longer holds (the list changed after mounting) excludes everything rather than guessing. Reads
 * positions only and makes nothing, as reversal runs inside handlers.
 */
export function isInRange(
  range: VersionRange,
  scheme: BaseVersioning | null,
  version: string | null,
): boolean {
  if (!isBounded(range)) return true;
  const order = versionOrder(scheme);
  if (order === null) return true;
  const index = order.indexOf(version);
  if (index === -1) return false;
  const from = boundIndex(order, range.since, 0);
  const to = boundIndex(order, range.until, order.length);
  return from !== -1 && to !== -1 && index >= from && index < to;
}
