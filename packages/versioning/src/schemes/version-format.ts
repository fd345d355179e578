// What a scheme's `versionFormat` makes of versions: the allow list compiled once into what serves a request's
// version, read by the parsers of internal/version-order.ts (linear in its length, never throwing on garbage).
import { InvalidVersion } from '../errors.js';
import { argumentError, describe, mustBe } from '../internal/arguments.js';
import {
  compareSemverKeys,
  isIsoDate,
  semverKey,
  type VersionFormatName,
  versionFormats,
} from '../internal/version-order.js';

export { compareSemverKeys, isIsoDate, semverKey, type VersionFormatName, versionFormats };

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
