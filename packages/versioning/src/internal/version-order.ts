// The forms a version can be written in, read without throwing on garbage, and the order each form gives: what a
// scheme's `versionFormat` reads a request's version by, and what a history's versions must ascend by.

/** The forms of version a scheme can be told its versions take (`versionFormat`). */
export const versionFormats = ['date', 'semver'] as const;

/** `'date'`: ISO calendar dates, a request served by the newest version on or before its date. `'semver'`: `MAJOR[.MINOR[.PATCH]]`. */
export type VersionFormatName = (typeof versionFormats)[number];

const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const DASH = 0x2d;
const DOT = 0x2e;
const LOWER_V = 0x76;

function digitAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= DIGIT_0 && code <= DIGIT_9 ? code - DIGIT_0 : -1;
}

/** The number written by the digits of `text` from `from` to `to`, or -1 where one is not a digit. */
function numberAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let index = from; index < to; index++) {
    const digit = digitAt(text, index);
    if (digit === -1) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Whether `text` is a real calendar date written `YYYY-MM-DD` (proleptic Gregorian, as ISO 8601 has it): `2024-02-29`
 * is one, `2023-02-29`, `2024-1-31` and `2024-01-31T00:00Z` are not. Constant time: anything but ten characters is
 * refused before a character is read.
 */
export function isIsoDate(text: string): boolean {
  if (typeof text !== 'string' || text.length !== 10) return false;
  if (text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH) return false;
  const year = numberAt(text, 0, 4);
  const month = numberAt(text, 5, 7);
  const day = numberAt(text, 8, 10);
  if (year === -1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days =
    month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

/**
 * The semantic version `text` writes, as a key that is the same for every spelling of it (`1`, `1.0`, `v1.0.0` →
 * `1.0.0`), or `null` when it is not `MAJOR[.MINOR[.PATCH]]` with an optional `v` in front: numbers without leading
 * zeros, no pre-release or build suffix. One pass over `text`; numbers of any length are compared as text, never
 * parsed into a number that could overflow.
 */
export function semverKey(text: string): string | null {
  if (typeof text !== 'string') return null;
  const start = text.length > 0 && text.charCodeAt(0) === LOWER_V ? 1 : 0;
  const parts: string[] = [];
  let from = start;
  for (let index = start; index <= text.length; index++) {
    if (index < text.length && digitAt(text, index) !== -1) continue;
    if (index < text.length && text.charCodeAt(index) !== DOT) return null;
    const length = index - from;
    // Empty (`1..2`, `1.`, `v`), or a leading zero (`01`), or a fourth part.
    if (length === 0 || (length > 1 && text.charCodeAt(from) === DIGIT_0) || parts.length === 3) return null;
    parts.push(text.slice(from, index));
    from = index + 1;
  }
  while (parts.length < 3) parts.push('0');
  return parts.join('.');
}

/** Compares two keys of {@link semverKey} by number, part by part: negative, zero or positive. */
export function compareSemverKeys(a: string, b: string): number {
  const left = a.split('.');
  const right = b.split('.');
  for (let index = 0; index < 3; index++) {
    const x = left[index] ?? '0';
    const y = right[index] ?? '0';
    // Without leading zeros, the longer number is the greater one; of equal length, the text orders them.
    if (x.length !== y.length) return x.length - y.length;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The format `version` is written in, or `null` when it is neither a real date nor a semantic version. */
export function formatOf(version: string): VersionFormatName | null {
  if (isIsoDate(version)) return 'date';
  return semverKey(version) === null ? null : 'semver';
}

/**
 * The format every one of `versions` is written in, or `null` when they are not all of one: then they have no order
 * of their own.
 */
export function formatOfAll(versions: readonly string[]): VersionFormatName | null {
  const first = versions[0] === undefined ? null : formatOf(versions[0]);
  return first !== null && versions.every((version) => formatOf(version) === first) ? first : null;
}

/** Compares two versions of `format` by the order it gives: negative when `a` is the older, zero for the same one. */
export function compareVersions(format: VersionFormatName, a: string, b: string): number {
  if (format === 'date') return a < b ? -1 : a > b ? 1 : 0;
  return compareSemverKeys(semverKey(a) as string, semverKey(b) as string);
}

/** Two versions listed one after the other, the first not older than the second. */
export interface OutOfOrder {
  readonly before: string;
  readonly after: string;
  /** Whether they are two spellings of one version (`"1"` and `"1.0"`). */
  readonly same: boolean;
}

/**
 * The first pair of `versions` written in `format` (the others skipped: they have no place in its order) that does
 * not strictly ascend, or `null` when they all do.
 */
export function firstOutOfOrder(versions: readonly string[], format: VersionFormatName): OutOfOrder | null {
  let previous: string | null = null;
  for (const version of versions) {
    if (formatOf(version) !== format) continue;
    if (previous !== null) {
      const compared = compareVersions(format, previous, version);
      if (compared >= 0) return { before: previous, after: version, same: compared === 0 };
    }
    previous = version;
  }
  return null;
}
