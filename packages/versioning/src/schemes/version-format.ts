// What a scheme's `versionFormat` makes of versions: the parsers of a request's version (linear in its length, never
// throwing on garbage) and the allow list compiled once into what serves a request's version.
import { InvalidVersion } from '../errors.js';
import { argumentError, describe, mustBe } from '../internal/arguments.js';

/** The forms of version a scheme can be told its versions take (`versionFormat`). */
export const versionFormats = ['date', 'semver'] as const;

/** `'date'`: ISO calendar dates, a request served by the newest version on or before its date. `'semver'`: `MAJOR[.MINOR[.PATCH]]`. */
export type VersionFormatName = (typeof versionFormats)[number];

/** What a format makes of the version a request carries: the version that serves it, or none of the allowed ones. */
export const notAllowed: unique symbol = Symbol('not allowed');

/** A format compiled with a scheme's default version and allow list. */
export interface CompiledFormat {
  readonly name: VersionFormatName;
  /**
   * The allowed version (in the allow list's spelling) that serves `raw`, a version a request carries; `raw` itself
   * when every version is allowed; {@link notAllowed} when none does. Throws `InvalidVersion` (400) when `raw` is
   * not of the format.
   */
  choose(raw: string): string | typeof notAllowed;
}

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

const expected: Record<VersionFormatName, string> = {
  date: 'a real calendar date written YYYY-MM-DD, such as "2024-01-31"',
  semver: 'a version MAJOR[.MINOR[.PATCH]] with an optional "v" in front and no leading zeros, such as "1.2"',
};

/** Throws the `TypeError` for an option of a formatted scheme that is not of its format. */
function notOfFormat(where: string, what: string, format: VersionFormatName, value: unknown): never {
  throw mustBe(
    where,
    what,
    `${expected[format]} (versionFormat ${JSON.stringify(format)})`,
    value,
    'ERR_VERSIONING_INVALID_VERSION',
  );
}

/** The newest of `dates` (ascending) on or before `date`, or `null` when all are after it: a binary search. */
function onOrBefore(dates: readonly string[], date: string): string | null {
  let low = 0;
  let high = dates.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((dates[middle] as string) <= date) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? null : (dates[low - 1] as string);
}

function compileDate(
  where: string,
  defaultVersion: string | null,
  allowed: readonly string[] | null,
): CompiledFormat {
  if (defaultVersion !== null && !isIsoDate(defaultVersion))
    notOfFormat(where, 'defaultVersion', 'date', defaultVersion);
  allowed?.forEach((version, index) => {
    if (!isIsoDate(version)) notOfFormat(where, `allowedVersions[${index}]`, 'date', version);
    const before = allowed[index - 1];
    if (before !== undefined && before >= version) {
      throw argumentError(
        `${where}: allowedVersions must be dates in strictly ascending order (oldest first), got ${describe(before)} before ${describe(version)}`,
        'ERR_VERSIONING_INVALID_VERSION',
      );
    }
  });
  return {
    name: 'date',
    choose(raw) {
      if (!isIsoDate(raw)) throw new InvalidVersion(raw, 'date');
      if (allowed === null || raw === defaultVersion) return raw;
      return onOrBefore(allowed, raw) ?? notAllowed;
    },
  };
}

function compileSemver(
  where: string,
  defaultVersion: string | null,
  allowed: readonly string[] | null,
): CompiledFormat {
  const defaultKey = defaultVersion === null ? null : semverKey(defaultVersion);
  if (defaultVersion !== null && defaultKey === null)
    notOfFormat(where, 'defaultVersion', 'semver', defaultVersion);
  const spellings = new Map<string, string>();
  let previous: { key: string; version: string } | null = null;
  allowed?.forEach((version, index) => {
    const key = semverKey(version);
    if (key === null) return notOfFormat(where, `allowedVersions[${index}]`, 'semver', version);
    if (previous !== null && compareSemverKeys(previous.key, key) >= 0) {
      throw argumentError(
        `${where}: allowedVersions must be versions in strictly ascending order by number (oldest first; "1.10" after "1.9", "1" and "1.0" are the same version), got ${describe(previous.version)} before ${describe(version)}`,
        'ERR_VERSIONING_INVALID_VERSION',
      );
    }
    previous = { key, version };
    spellings.set(key, version);
  });
  return {
    name: 'semver',
    choose(raw) {
      const key = semverKey(raw);
      if (key === null) throw new InvalidVersion(raw, 'semver');
      const listed = spellings.get(key);
      if (listed !== undefined) return listed;
      if (key === defaultKey) return defaultVersion as string;
      return allowed === null ? raw : notAllowed;
    },
  };
}

/** Throws a `TypeError` unless `value` is a {@link VersionFormatName} or absent (`undefined`, `null`). */
export function checkVersionFormat(where: string, value: unknown): VersionFormatName | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && (versionFormats as readonly string[]).includes(value))
    return value as VersionFormatName;
  throw mustBe(
    where,
    'versionFormat',
    `one of ${versionFormats.map((name) => JSON.stringify(name)).join(', ')}`,
    value,
  );
}

/**
 * `format` compiled for a scheme's default version and allow list (`null` or empty: every version of the format),
 * checked: each must be of the format, the list strictly ascending and without `null`. Throws a `TypeError` with code
 * `ERR_VERSIONING_INVALID_VERSION` naming `where` and the value otherwise.
 */
export function compileFormat(
  where: string,
  format: VersionFormatName,
  defaultVersion: string | null,
  allowedVersions: readonly (string | null)[] | null,
): CompiledFormat {
  const list = allowedVersions === null || allowedVersions.length === 0 ? null : allowedVersions;
  const blank = list?.indexOf(null) ?? -1;
  if (blank !== -1) notOfFormat(where, `allowedVersions[${blank}]`, format, null);
  const versions = list as readonly string[] | null;
  return format === 'date'
    ? compileDate(where, defaultVersion, versions)
    : compileSemver(where, defaultVersion, versions);
}
