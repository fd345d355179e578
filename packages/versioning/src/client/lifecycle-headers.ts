import { isTchar } from '../internal/field-syntax.js';
import { mustBe } from '../internal/arguments.js';

/** A link of a `Link` header (RFC 8288): one per relation type its `rel` names. */
export interface Link {
  /** The target: resolved against the response's URL when read from a `Response`, else as sent. */
  readonly href: string;
  /** One relation type, lower-cased: `deprecation`, `sunset`, `service-desc`, … */
  readonly rel: string;
}

/** What a response says about its version's lifecycle: the result of {@link readLifecycle}. */
export interface Lifecycle {
  /** `Deprecation` (RFC 9745, `@<seconds>`): when the version was, or will be, deprecated; `null` without a valid one. */
  readonly deprecation: Date | null;
  /** `Sunset` (RFC 8594, an HTTP-date): when the version goes away; `null` without a valid one. */
  readonly sunset: Date | null;
  /** Every link of `Link`, in order; `[]` without one. */
  readonly links: Link[];
  /** `api-supported-versions`, in order; `null` without the header. */
  readonly supportedVersions: string[] | null;
  /** `api-deprecated-versions`, in order; `null` without the header. */
  readonly deprecatedVersions: string[] | null;
  /**
   * `Retry-After` (RFC 9110 §10.2.3), in whole seconds from the response: its delay-seconds, or an HTTP-date counted
   * from the response's `Date` (else from now), never below 0; `null` without a valid one. A version in a brownout
   * (410, code `version_brownout`) sends the seconds until the window ends.
   */
  readonly retryAfter: number | null;
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// RFC 9651 §3.3.7 Date: "@" and an integer of at most 15 digits.
const structuredDate = /^@(-?\d{1,15})$/;
// RFC 9110 §5.6.7: IMF-fixdate, and the obsolete RFC 850 and asctime forms a recipient must read too.
const httpDates = [
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (?<day>\d\d) (?<month>[A-Z][a-z]{2}) (?<year>\d{4}) (?<h>\d\d):(?<m>\d\d):(?<s>\d\d) GMT$/,
  /^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, (?<day>\d\d)-(?<month>[A-Z][a-z]{2})-(?<shortYear>\d\d) (?<h>\d\d):(?<m>\d\d):(?<s>\d\d) GMT$/,
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?<month>[A-Z][a-z]{2}) (?<day>[ \d]\d) (?<h>\d\d):(?<m>\d\d):(?<s>\d\d) (?<year>\d{4})$/,
];

/** The field's value without the spaces and tabs around it, `null` when absent. */
function field(headers: Headers, name: string): string | null {
  return headers.get(name)?.trim() ?? null;
}

/** The four-digit year of an RFC 850 date's two: one more than 50 years ahead is in the past century (RFC 9110). */
function fullYear(shortYear: number): number {
  const thisYear = new Date().getUTCFullYear();
  const year = thisYear - (thisYear % 100) + shortYear;
  return year > thisYear + 50 ? year - 100 : year;
}

/** An HTTP-date in any of its three forms, `null` for anything else (an impossible date such as 31 Feb too). */
function httpDate(value: string): Date | null {
  for (const form of httpDates) {
    const fields = form.exec(value)?.groups;
    if (fields === undefined) continue;
    const month = months.indexOf(fields['month'] ?? '');
    const day = Number(fields['day']);
    const year =
      fields['year'] === undefined ? fullYear(Number(fields['shortYear'])) : Number(fields['year']);
    const [hours, minutes, seconds] = [fields['h'], fields['m'], fields['s']].map(Number) as [
      number,
      number,
      number,
    ];
    if (month === -1 || hours > 23 || minutes > 59 || seconds > 60) return null;
    // A leap second is read as the second before it.
    const date = new Date(Date.UTC(year, month, day, hours, minutes, Math.min(seconds, 59)));
    const real = date.getUTCDate() === day && date.getUTCMonth() === month && date.getUTCFullYear() === year;
    return real ? date : null;
  }
  return null;
}

/** `Sunset`: an HTTP-date, `null` for anything else. */
function sunsetDate(value: string | null): Date | null {
  return value === null ? null : httpDate(value);
}

/** `Deprecation`: an RFC 9651 Date, `null` for anything else. */
function deprecationDate(value: string | null): Date | null {
  const match = value === null ? null : structuredDate.exec(value);
  if (match === null) return null;
  const date = new Date(Number(match[1]) * 1000);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `Retry-After`: delay-seconds, or an HTTP-date counted from the response's `Date` (else now); `null` otherwise. */
function retryAfterSeconds(value: string | null, sent: string | null): number | null {
  if (value === null) return null;
  if (/^\d{1,15}$/.test(value)) return Number(value);
  const until = httpDate(value);
  if (until === null) return null;
  const from = (sent === null ? null : httpDate(sent))?.getTime() ?? Date.now();
  return Math.max(0, Math.ceil((until.getTime() - from) / 1000));
}

function versionList(value: string | null): string[] | null {
  if (value === null) return null;
  return value
    .split(',')
    .map((version) => version.trim())
    .filter((version) => version !== '');
}

const isOws = (code: number): boolean => code === 0x20 || code === 0x09;

/**
 * Reads a `Link` field (RFC 8288 §3): `<target>` and `;`-separated parameters per link, links separated by commas,
 * parameter values tokens or quoted-strings. A link whose parameters cannot be read is skipped up to the next comma;
 * one without `rel` is left out (RFC 8288 requires it); `rel` counts the first time only. Each character is looked
 * at a bounded number of times.
 */
function linksOf(value: string | null, base: string | null): Link[] {
  const links: Link[] = [];
  if (value === null) return links;
  const length = value.length;
  let i = 0;
  const skipOws = () => {
    while (i < length && isOws(value.charCodeAt(i))) i++;
  };
  const skipToNextLink = () => {
    const comma = value.indexOf(',', i);
    i = comma === -1 ? length : comma + 1;
  };
  while (i < length) {
    skipOws();
    if (value.charCodeAt(i) === 0x2c) {
      i++;
      continue;
    }
    if (value.charCodeAt(i) !== 0x3c) {
      skipToNextLink();
      continue;
    }
    const close = value.indexOf('>', i + 1);
    // No later link can close either.
    if (close === -1) break;
    const target = value.slice(i + 1, close);
    i = close + 1;
    let rel: string | null = null;
    let readable = true;
    for (;;) {
      skipOws();
      if (i >= length || value.charCodeAt(i) === 0x2c) break;
      if (value.charCodeAt(i) !== 0x3b) {
        readable = false;
        break;
      }
      i++;
      skipOws();
      const nameStart = i;
      while (i < length && isTchar(value.charCodeAt(i))) i++;
      if (i === nameStart) {
        readable = false;
        break;
      }
      const name = value.slice(nameStart, i).toLowerCase();
      skipOws();
      let paramValue = '';
      if (value.charCodeAt(i) === 0x3d) {
        i++;
        skipOws();
        if (value.charCodeAt(i) === 0x22) {
          i++;
          let closed = false;
          while (i < length) {
            const code = value.charCodeAt(i);
            if (code === 0x22) {
              closed = true;
              i++;
              break;
            }
            if (code === 0x5c && i + 1 < length) i++;
            paramValue += value.charAt(i);
            i++;
          }
          if (!closed) {
            readable = false;
            break;
          }
        } else {
          const valueStart = i;
          while (i < length && isTchar(value.charCodeAt(i))) i++;
          paramValue = value.slice(valueStart, i);
        }
      }
      if (name === 'rel' && rel === null) rel = paramValue;
    }
    if (!readable) {
      skipToNextLink();
      continue;
    }
    if (rel === null) continue;
    const href = resolve(target, base);
    for (const type of rel.toLowerCase().split(/[ \t]+/)) {
      if (type !== '') links.push({ href, rel: type });
    }
  }
  return links;
}

/** `target` resolved against `base`, or as sent when there is no base or it cannot be resolved. */
function resolve(target: string, base: string | null): string {
  if (base === null || base === '') return target;
  try {
    return new URL(target, base).href;
  } catch {
    return target;
  }
}

/**
 * What a response says about its version's lifecycle, read from its headers: `Deprecation` (RFC 9745), `Sunset`
 * (RFC 8594), every link of `Link` (RFC 8288), `api-supported-versions` and `api-deprecated-versions` (what
 * `reportVersions: true` sends), `Retry-After` (a brownout's). Never throws on what a server sends: a field that cannot be read is `null` (a link,
 * left out), and reading is linear in the headers' length.
 * @example
 * const headers = new Headers({ deprecation: '@1735689600', link: '<https://api.example.com/v2>; rel="successor-version"' });
 * readLifecycle(headers).deprecation?.toISOString() // '2025-01-01T00:00:00.000Z'
 */
export function readLifecycle(response: Response | Headers): Lifecycle {
  const given: unknown = response;
  const inner = (given as { headers?: unknown } | null)?.headers;
  const isHeaders = (value: unknown): value is Headers =>
    typeof (value as { get?: unknown } | null)?.get === 'function';
  const headers = isHeaders(inner) ? inner : isHeaders(given) ? given : null;
  if (headers === null) throw mustBe('readLifecycle(response)', 'response', 'a Response or a Headers', given);
  const url = headers === inner ? (given as { url?: unknown }).url : null;
  return {
    deprecation: deprecationDate(field(headers, 'deprecation')),
    sunset: sunsetDate(field(headers, 'sunset')),
    links: linksOf(field(headers, 'link'), typeof url === 'string' ? url : null),
    supportedVersions: versionList(field(headers, 'api-supported-versions')),
    deprecatedVersions: versionList(field(headers, 'api-deprecated-versions')),
    retryAfter: retryAfterSeconds(field(headers, 'retry-after'), field(headers, 'date')),
  };
}
