import { checkVersionAttributes } from '../settings.js';
import { checkKnownKeys, isPlainObject, mustBe } from '../internal/arguments.js';
import type { VersioningOptions } from './base.js';

const versionKeys = ['defaultVersion', 'allowedVersions', 'versionRequired', 'versionFormat'] as const;

/**
 * Checks the options object of a scheme that reads `defaultVersion`, `allowedVersions`, `versionRequired`, `versionFormat` and its own `ownKeys` (not
 * `versionParam`: such a scheme does not read it, so passing it is a mistake) and splits it into its own values, still
 * to be checked, and the options for `BaseVersioning`'s constructor, checked. `where` names the constructor.
 */
export function splitOptions<K extends string>(
  where: string,
  options: unknown,
  ownKeys: readonly K[],
): { readonly own: Readonly<Partial<Record<K, unknown>>>; readonly base: VersioningOptions } {
  if (!isPlainObject(options)) throw mustBe(where, 'options', 'an object', options);
  checkKnownKeys(where, options, [...ownKeys, ...versionKeys]);
  const own: Partial<Record<K, unknown>> = {};
  const base: Record<string, unknown> & VersioningOptions = {};
  for (const [key, value] of Object.entries(options)) {
    if ((ownKeys as readonly string[]).includes(key)) own[key as K] = value;
    else base[key] = value;
  }
  checkVersionAttributes(where, base);
  return { own, base };
}
