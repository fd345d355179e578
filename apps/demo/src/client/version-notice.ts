// What an API answer says about its version's lifecycle, read from its headers: `Deprecation` (RFC 9745),
// `Sunset` (RFC 8594), `Link` with rel="deprecation", and the version report (`api-supported-versions`,
// `api-deprecated-versions`). Nothing here throws on what a server sends; a malformed field is left out.

/** The lifecycle headers of one answer, read. */
export interface VersionNotice {
  /** When the version was (or will be) deprecated; null when the answer has no valid `Deprecation`. */
  readonly deprecation: Date | null;
  /** When the version goes away; null without a valid `Sunset`. */
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

/** Longer `Link` fields are not read (the demo's is about 150 characters). */
const maxLinkLength = 4096;

/** `Deprecation: @1767225600` (an RFC 9651 Date: whole seconds since 1970). */
function deprecationDate(value: string | undefined): Date | null {
  const match = /^@(-?\d{1,15})$/.exec(value?.trim() ?? '');
  return match === null ? null : new Date(Number(match[1]) * 1000);
}

/** `Sunset: Thu, 01 Jul 2027 00:00:00 GMT` (an HTTP-date). */
function sunsetDate(value: string | undefined): Date | null {
  if (value === undefined || value.length > 64) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * The target of the first link of a `Link` field whose `rel` includes `relation`, resolved against `base`. Each link
 * is `<target>` followed by `;`-separated parameters, links separated by commas (RFC 8288).
 */
export function linkTarget(value: string | undefined, relation: string, base: string): string | null {
  // Bounded: an unclosed `<` is scanned to the end, once per `<`.
  if (value === undefined || value.length > maxLinkLength) return null;
  for (const [, target, parameters] of value.matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(parameters ?? '');
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!relations.includes(relation)) continue;
    try {
      return new URL(target ?? '', base).href;
    } catch {
      return null;
    }
  }
  return null;
}

function versionList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((version) => version.trim())
    .filter((version) => version !== '');
}

/**
 * Reads the lifecycle headers of an answer (`headers` with lower-case names, as `fetch` gives them) from `url`.
 * Null when the answer says nothing of its version's lifecycle.
 * @example
 * versionNotice({ deprecation: '@1767225600', link: '</docs>; rel="deprecation"' }, 'http://x/api/v1/')
 * // { deprecation: 2026-01-01, link: 'http://x/docs', … }
 */
export function versionNotice(headers: Readonly<Record<string, string>>, url: string): VersionNotice | null {
  const fields = fieldNames
    .filter(([name]) => headers[name] !== undefined)
    .map(([name, shown]) => [shown, headers[name] ?? ''] as const);
  if (fields.length === 0) return null;
  return {
    deprecation: deprecationDate(headers['deprecation']),
    sunset: sunsetDate(headers['sunset']),
    link: linkTarget(headers['link'], 'deprecation', url),
    supported: versionList(headers['api-supported-versions']),
    deprecated: versionList(headers['api-deprecated-versions']),
    fields,
  };
}
