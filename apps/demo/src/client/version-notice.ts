// What the page shows of a version's lifecycle: the deprecation @restdash/versioning/client's `onDeprecation` reported
// for the version, and the version report and header fields of the last answer, read by its `readLifecycle()`.
import { readLifecycle } from '@restdash/versioning/client';
import type { DeprecationNotice } from '@restdash/versioning/client';

/** The lifecycle of the version an answer is in. */
export interface VersionNotice {
  /** When the version was (or will be) deprecated; null when no answer announced a deprecation. */
  readonly deprecation: Date | null;
  /** When the version goes away; null without a `Sunset`. */
  readonly sunset: Date | null;
  /** The `rel="deprecation"` link, made absolute against the answer's URL; null without one. */
  readonly link: string | null;
  /** `api-supported-versions`, in order. */
  readonly supported: readonly string[];
  /** `api-deprecated-versions`, in order. */
  readonly deprecated: readonly string[];
  /** The header fields it was read from, as they came (name in the server's usual case, value). */
  readonly fields: readonly (readonly [string, string])[];
}

const fieldNames = [
  ['deprecation', 'Deprecation'],
  ['sunset', 'Sunset'],
  ['link', 'Link'],
  ['api-supported-versions', 'api-supported-versions'],
  ['api-deprecated-versions', 'api-deprecated-versions'],
] as const;

/** `headers` as a `Headers`, leaving out a field it refuses (what a server sends is never thrown on). */
function headersOf(headers: Readonly<Record<string, string>>): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    try {
      result.append(name, value);
    } catch {
      // Not a field a Headers can hold: left out.
    }
  }
  return result;
}

function absolute(href: string, base: string): string | null {
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}

/**
 * The lifecycle of an answer from `url` (`headers` with lower-case names, as `fetch` gives them): the deprecation
 * `announced` (what `onDeprecation` reported for the version, null when nothing was), the version report of the
 * answer's own headers. Null when neither says anything.
 * @example
 * versionNotice({ 'api-supported-versions': 'v2, v3' }, 'http://x/api/v2/', null) // { supported: ['v2', 'v3'], deprecation: null, … }
 */
export function versionNotice(
  headers: Readonly<Record<string, string>>,
  url: string,
  announced: DeprecationNotice | null,
): VersionNotice | null {
  const fields = fieldNames
    .filter(([name]) => headers[name] !== undefined)
    .map(([name, shown]) => [shown, headers[name] ?? ''] as const);
  if (fields.length === 0 && announced === null) return null;
  const { supportedVersions, deprecatedVersions } = readLifecycle(headersOf(headers));
  const link = announced?.links.find((candidate) => candidate.rel === 'deprecation')?.href;
  return {
    deprecation: announced?.deprecation ?? null,
    sunset: announced?.sunset ?? null,
    link: link === undefined ? null : absolute(link, url),
    supported: supportedVersions ?? [],
    deprecated: deprecatedVersions ?? [],
    fields,
  };
}
