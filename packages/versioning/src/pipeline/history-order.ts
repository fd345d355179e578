import type { VersionHistory } from '../changes/history.js';
import { argumentError, describe } from '../internal/arguments.js';
import { firstOutOfOrder, type VersionFormatName, versionFormats } from '../internal/version-order.js';
import type { BaseVersioning } from '../schemes/base.js';
import type { UrlConf } from '../urls/urlconf.js';

/** The `versionFormat` of `scheme`, or `null` when it has none (a scheme written from scratch may not). */
function formatOf(scheme: BaseVersioning): VersionFormatName | null {
  const format: unknown = (scheme as { versionFormat?: unknown }).versionFormat;
  return (versionFormats as readonly unknown[]).includes(format) ? (format as VersionFormatName) : null;
}

/**
 * Checks, at mount, that every scheme with a `versionFormat` (`scheme`, the mount's, and each route's own) orders the
 * versions of `history` it can read as the history lists them, oldest first. A history of dates or of semantic
 * versions ascends already; this catches one of other names too (`['v2', 'v1', 'beta']` under `'semver'`). Throws a
 * `TypeError` with code `ERR_VERSIONING_CONFLICTING_OPTIONS` naming `where`, the scheme, its format and the first two
 * versions out of its order.
 */
export function checkHistoryOrder(
  where: string,
  history: VersionHistory,
  urlconf: UrlConf,
  scheme: BaseVersioning | null | undefined,
): void {
  const schemes = new Map<BaseVersioning, string>();
  if (scheme !== null && scheme !== undefined) schemes.set(scheme, 'options.scheme');
  for (const route of urlconf.routes()) {
    const own = route.versioning;
    if (own !== null && own !== undefined && !schemes.has(own))
      schemes.set(own, `the scheme of route ${JSON.stringify(route.pattern)}`);
  }
  for (const [each, label] of schemes) {
    const format = formatOf(each);
    const pair = format === null ? null : firstOutOfOrder(history.versions, format);
    if (pair === null) continue;
    const before = JSON.stringify(pair.before);
    const after = JSON.stringify(pair.after);
    const order = pair.same ? `reads ${before} and ${after} as the same version` : `puts ${after} first`;
    throw argumentError(
      `${where}: options.changes lists ${before} before ${after} (oldest first), but ${label} (${describe(each)}, versionFormat ${JSON.stringify(format)}) ${order}: list the history's versions in the order the scheme gives them`,
      'ERR_VERSIONING_CONFLICTING_OPTIONS',
    );
  }
}
