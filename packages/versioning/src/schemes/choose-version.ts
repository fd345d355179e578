// The one rule every scheme follows from the version a request carries to the version it is served: explicit
// version → pinned version → default version → version required; each scheme only reads the raw version.
import { VersionRequired } from '../errors.js';
import type { VersionRules } from './compiled-attributes.js';
import { notAllowed } from './version-format.js';

export { notAllowed } from './version-format.js';

/**
 * Whether `version` is allowed under `rules`: always without an allow list; a non-null default version always
 * (unless it stands for a pinned version, which is checked like a sent one); an absent version while it is deferred
 * to a pin; else when listed.
 */
export function isAllowedUnder(rules: VersionRules, version: string | null | undefined): boolean {
  const { allowed, allowedVersions, defaultVersion, absent } = rules;
  if (allowed === null) return true;
  if (version === null || version === undefined) {
    if (absent === 'defer') return true;
  } else if (version === defaultVersion && absent === 'default') {
    return true;
  }
  // A short list is searched: a version is a string the request just made, which a set would hash first.
  return allowed.size <= 8
    ? (allowedVersions as readonly (string | null)[]).includes(version ?? null)
    : allowed.has(version ?? null);
}

/**
 * The version that serves a request carrying `carried` (`null`: none) under `rules`, or {@link notAllowed}, for the
 * scheme to refuse with its own error:
 * - a carried version is read by the rules' format, if any (`InvalidVersion`, 400, when it is not of it; a date is
 *   served by the newest allowed date on or before it, a semantic version in the allow list's spelling), and checked;
 * - none (or an empty one, where a version is required or pinned) is, by `rules.absent`: `null` while deferred to a
 *   pin; the pinned version, read and checked as if carried; else `VersionRequired` (400) when the rules require a
 *   version, or the default version, checked.
 */
export function chooseVersion(
  rules: VersionRules,
  carried: string | null,
): string | null | typeof notAllowed {
  let raw = carried;
  if (raw === null || (raw === '' && (rules.required || rules.absent !== 'default'))) {
    if (rules.absent === 'defer') return null;
    if (rules.absent === 'pinned') raw = rules.defaultVersion;
    else if (rules.required) throw new VersionRequired();
    else return isAllowedUnder(rules, rules.defaultVersion) ? rules.defaultVersion : notAllowed;
    if (raw === null) return notAllowed;
  }
  // The format compiled the allow list and the default in: what it chooses is allowed.
  if (rules.format !== null) return rules.format.choose(raw);
  return isAllowedUnder(rules, raw) ? raw : notAllowed;
}
