import { argumentError, checkKnownKeys, describe, mustBe } from './internal/arguments.js';
import { checkFieldValue } from './internal/field-syntax.js';
import { isUrlConf } from './internal/recognize.js';
import type { UrlConf } from './types.js';

/** Package-wide defaults: DRF's `DEFAULT_VERSION`, `ALLOWED_VERSIONS`, `VERSION_PARAM` and `ROOT_URLCONF`. */
export interface VersioningSettings {
  /** Version used when the request carries none. @default null */
  readonly defaultVersion: string | null;
  /** Permitted versions; `null` or empty allows every version. @default null */
  readonly allowedVersions: readonly (string | null)[] | null;
  /** Name of the media-type parameter, URL keyword or query parameter carrying the version. @default 'version' */
  readonly versionParam: string;
  /** Route table `reverse()` uses when neither the call nor the request names one. @default null */
  readonly urlconf: UrlConf | null;
}

const defaults: VersioningSettings = Object.freeze({
  defaultVersion: null,
  allowedVersions: null,
  versionParam: 'version',
  urlconf: null,
});

let current: VersioningSettings = defaults;

/**
 * Checks a scheme attribute or setting and throws a `TypeError` that names it and the value. Versions must be
 * strings a header can carry (`ERR_VERSIONING_INVALID_HEADER` otherwise): responses send them in headers, such as
 * `api-supported-versions`.
 */
export function checkVersionAttributes(
  where: string,
  values: Partial<Pick<VersioningSettings, 'defaultVersion' | 'allowedVersions' | 'versionParam'>>,
): void {
  const { defaultVersion, allowedVersions, versionParam } = values;
  if (defaultVersion !== undefined && defaultVersion !== null) {
    if (typeof defaultVersion !== 'string')
      throw mustBe(where, 'defaultVersion', 'a string or null', defaultVersion);
    checkFieldValue(where, 'defaultVersion', defaultVersion);
  }
  if (allowedVersions !== undefined && allowedVersions !== null) {
    if (!Array.isArray(allowedVersions)) {
      throw mustBe(where, 'allowedVersions', 'an array or null', allowedVersions);
    }
    const bad: unknown = allowedVersions.find((version) => version !== null && typeof version !== 'string');
    if (bad !== undefined) {
      throw argumentError(`${where}: allowedVersions may hold only strings and null, got ${describe(bad)}`);
    }
    (allowedVersions as readonly (string | null)[]).forEach((version, index) => {
      if (version !== null) checkFieldValue(where, `allowedVersions[${index}]`, version);
    });
  }
  if (versionParam !== undefined && (typeof versionParam !== 'string' || versionParam === '')) {
    throw mustBe(where, 'versionParam', 'a non-empty string', versionParam);
  }
}

/**
 * Sets package-wide defaults; keys left out keep their value. Schemes read them when constructed.
 * @example configure({ defaultVersion: '1.0', allowedVersions: ['1.0', '2.0'] })
 */
export function configure(settings: Partial<VersioningSettings>): VersioningSettings {
  if (typeof settings !== 'object' || settings === null) {
    throw argumentError(`configure(settings): expected an object, got ${describe(settings)}`);
  }
  checkKnownKeys('configure(settings)', settings, Object.keys(defaults));
  checkVersionAttributes('configure(settings)', settings);
  if (settings.urlconf !== undefined && settings.urlconf !== null && !isUrlConf(settings.urlconf)) {
    throw mustBe('configure(settings)', 'urlconf', 'a UrlConf or null', settings.urlconf);
  }
  const next: { -readonly [K in keyof VersioningSettings]: VersioningSettings[K] } = { ...current };
  for (const key of Object.keys(settings) as (keyof VersioningSettings)[]) {
    if (settings[key] !== undefined) Object.assign(next, { [key]: settings[key] });
  }
  if (next.allowedVersions) next.allowedVersions = Object.freeze([...next.allowedVersions]);
  current = Object.freeze(next);
  return current;
}

/** The settings in force now. */
export function getSettings(): VersioningSettings {
  return current;
}

/** Back to the defaults (`null`, `null`, `'version'`, no urlconf); for tests. */
export function resetSettings(): void {
  current = defaults;
}
