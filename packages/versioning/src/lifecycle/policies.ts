import { argumentError, checkKnownKeys, describe, isPlainObject, mustBe } from '../internal/arguments.js';

/**
 * What clients are told about one version: when it was (or will be) deprecated, when it goes away, and where to
 * read about it. Each date is a `Date` or an ISO 8601 string that says its time zone (a date alone is UTC
 * midnight).
 * @example { deprecation: '2025-01-01', sunset: '2025-07-01T00:00:00Z', link: 'https://api.example.com/v1-retirement' }
 */
export interface VersionPolicy {
  /**
   * When the version is (or will be) deprecated: `Deprecation: @<unix seconds>` (RFC 9745), sent from the moment
   * the policy is mounted, even while the date lies ahead (that announces it).
   * @default undefined (no Deprecation header)
   */
  readonly deprecation?: Date | string;
  /**
   * When the version stops answering: `Sunset: <IMF-fixdate>` (RFC 8594); not before `deprecation`.
   * @default undefined (no Sunset header)
   */
  readonly sunset?: Date | string;
  /**
   * A page about the deprecation: `Link: <url>; rel="deprecation"; type="text/html"`, and the same URL with
   * `rel="sunset"` when `sunset` is given. An absolute URL or a reference relative to the request's URL.
   * @default undefined (no Link header)
   */
  readonly link?: string;
  /**
   * Scheduled brownouts before the sunset (GitHub's practice): inside a window (from `start`, up to but not including
   * `end`) the version answers 410 problem+json, code `version_brownout`, with `Retry-After` (seconds to the window's
   * end) and the policy's `Deprecation`, `Sunset` and `Link`; outside, as usual. Windows must not overlap, nor end
   * after the `sunset`.
   * @default undefined (no brownouts)
   * @example [{ start: '2025-06-02T14:00:00Z', end: '2025-06-02T14:15:00Z' }]
   */
  readonly brownouts?: readonly BrownoutWindow[];
}

/** A window of a {@link VersionPolicy}'s `brownouts`: from `start`, up to but not including `end`. */
export interface BrownoutWindow {
  readonly start: Date | string;
  readonly end: Date | string;
}

/** A brownout window checked: Unix times in milliseconds, floored to the second, `start` before `end`. */
export interface CompiledWindow {
  readonly start: number;
  readonly end: number;
}

/** One header field of a response: name and value. */
export type HeaderField = readonly [name: string, value: string];

/** A {@link VersionPolicy} checked when mounting, with its header fields built once. */
export interface CompiledPolicy {
  /** Unix time in milliseconds, floored to the second; `null` when not given. */
  readonly deprecation: number | null;
  /** Unix time in milliseconds, floored to the second; `null` when not given. */
  readonly sunset: number | null;
  /** The URL of the page about the deprecation, checked; `null` when not given. */
  readonly link: string | null;
  /** `Deprecation`, `Sunset` and `Link`, those the policy gives, in that order. */
  readonly headers: readonly HeaderField[];
  /** The brownout windows, in time order (empty without). */
  readonly brownouts: readonly CompiledWindow[];
}

const policyKeys = ['deprecation', 'sunset', 'link', 'brownouts'];

// The forms Date.parse reads the same way everywhere: ISO 8601 date (UTC), date-time with an offset, IMF-fixdate.
const isoDate =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:(Z)|([+-])(\d{2}):(\d{2}))?)?$/;
const imfFixdate = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
// RFC 3986 characters only: nothing that could end the `<…>` of a link or start another header line.
const uriCharacters = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})+$/;

const earliest = 0;
const latest = Date.UTC(9999, 11, 31, 23, 59, 59);

function inRange(value: string | undefined, low: number, high: number): boolean {
  const number = Number(value ?? low);
  return number >= low && number <= high;
}

/** Whether the fields of an ISO 8601 match name a real date and time (Date.parse would roll 02-30 over). */
function isRealIsoDate(match: RegExpExecArray): boolean {
  const [, year, month, day, hour, minute, second, , , offsetHours, offsetMinutes] = match;
  const days = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  return (
    inRange(month, 1, 12) &&
    inRange(day, 1, days) &&
    inRange(hour, 0, 23) &&
    inRange(minute, 0, 59) &&
    inRange(second, 0, 59) &&
    inRange(offsetHours, 0, 23) &&
    inRange(offsetMinutes, 0, 59)
  );
}

/**
 * The instant `value` names, in milliseconds floored to the second: a valid `Date`, an ISO 8601 date (`2025-06-30`,
 * UTC midnight), an ISO 8601 date-time with `Z` or an offset, or an IMF-fixdate (`Mon, 30 Jun 2025 00:00:00 GMT`),
 * between 1970 and 9999. Anything else is a `TypeError` naming `what` and the value.
 */
export function parsePolicyDate(what: string, value: unknown): number {
  const expected =
    'a Date, an ISO 8601 date ("2025-06-30") or date-time with an offset ("2025-06-30T12:00:00Z"), or an IMF-fixdate';
  let time = Number.NaN;
  if (value instanceof Date) {
    time = value.getTime();
  } else if (typeof value === 'string') {
    const iso = isoDate.exec(value);
    if (iso !== null && iso[4] !== undefined && iso[7] === undefined && iso[8] === undefined) {
      throw argumentError(
        `${what} has no time zone, so it would be read in the server's local time: add "Z" or an offset such as "+02:00", got ${describe(value)}`,
      );
    }
    if (iso !== null && isRealIsoDate(iso)) time = Date.parse(value);
    else if (imfFixdate.test(value)) {
      const parsed = Date.parse(value);
      // Only a date that prints back the same (weekday included) is read unambiguously.
      if (new Date(parsed).toUTCString() === value) time = parsed;
    }
  } else {
    throw argumentError(`${what} must be ${expected}, got ${describe(value)}`);
  }
  if (Number.isNaN(time)) throw argumentError(`${what} must be ${expected}, got ${describe(value)}`);
  if (time < earliest || time > latest) {
    throw argumentError(`${what} must lie between 1970 and 9999, got ${new Date(time).toISOString()}`);
  }
  return Math.floor(time / 1000) * 1000;
}

/** `@<unix seconds>`: the `Deprecation` field value (RFC 9745, a structured-field Date). */
export function formatDeprecation(time: number): string {
  return `@${Math.floor(time / 1000)}`;
}

/** The IMF-fixdate of `time`: the `Sunset` field value (RFC 8594, an HTTP-date). */
export function formatSunset(time: number): string {
  return new Date(time).toUTCString();
}

/** The `Link` field value (RFC 8288) pointing at `url` for the deprecation, and for the sunset when there is one. */
export function formatLink(url: string, sunset: boolean): string {
  const link = (rel: string) => `<${url}>; rel="${rel}"; type="text/html"`;
  return sunset ? `${link('deprecation')}, ${link('sunset')}` : link('deprecation');
}

function checkLink(what: string, value: unknown): string {
  if (typeof value !== 'string' || !uriCharacters.test(value) || !URL.canParse(value, 'http://localhost/')) {
    throw argumentError(
      `${what} must be a URL made of URI characters (percent-encode others, e.g. with encodeURI()), got ${describe(value)}`,
    );
  }
  return value;
}

/**
 * The `brownouts` of a policy (`what` names it) checked and in time order: each a `{ start, end }` of dates, `start`
 * before `end`, none overlapping another, none ending after `sunset`. A `TypeError` at the first mistake.
 */
function compileBrownouts(what: string, value: unknown, sunset: number | null): readonly CompiledWindow[] {
  if (value === undefined) return Object.freeze([]);
  if (!Array.isArray(value)) {
    throw argumentError(`${what} must be an array of { start, end } windows, got ${describe(value)}`);
  }
  const windows = value.map((window: unknown, index): CompiledWindow => {
    const where = `${what}[${index}]`;
    if (!isPlainObject(window)) {
      throw argumentError(`${where} must be an object { start, end }, got ${describe(window)}`);
    }
    checkKnownKeys(where, window, ['start', 'end']);
    const start = parsePolicyDate(`${where}.start`, window['start']);
    const end = parsePolicyDate(`${where}.end`, window['end']);
    if (end <= start) {
      throw argumentError(`${where}: end ${formatSunset(end)} is not after start ${formatSunset(start)}`);
    }
    if (sunset !== null && end > sunset) {
      throw argumentError(
        `${where} ends ${formatSunset(end)}, after the sunset ${formatSunset(sunset)}: a brownout comes before the version goes away`,
      );
    }
    return Object.freeze({ start, end });
  });
  const ordered = [...windows].sort((a, b) => a.start - b.start);
  for (let index = 1; index < ordered.length; index += 1) {
    const [before, after] = [ordered[index - 1] as CompiledWindow, ordered[index] as CompiledWindow];
    if (after.start < before.end) {
      throw argumentError(
        `${what}: the windows ${formatSunset(before.start)} – ${formatSunset(before.end)} and ${formatSunset(after.start)} – ${formatSunset(after.end)} overlap`,
      );
    }
  }
  return Object.freeze(ordered);
}

/** The brownout window of `policy` that holds `time`, or `null`. */
export function brownoutAt(policy: CompiledPolicy, time: number): CompiledWindow | null {
  for (const window of policy.brownouts) {
    if (time < window.start) return null;
    if (time < window.end) return window;
  }
  return null;
}

function compilePolicy(what: string, policy: unknown): CompiledPolicy {
  if (!isPlainObject(policy)) {
    throw argumentError(
      `${what} must be an object such as { deprecation, sunset, link, brownouts }, got ${describe(policy)}`,
    );
  }
  checkKnownKeys(what, policy, policyKeys);
  const date = (key: 'deprecation' | 'sunset') =>
    policy[key] === undefined ? null : parsePolicyDate(`${what}.${key}`, policy[key]);
  const deprecation = date('deprecation');
  const sunset = date('sunset');
  const link = policy['link'] === undefined ? null : checkLink(`${what}.link`, policy['link']);
  if (deprecation !== null && sunset !== null && sunset < deprecation) {
    throw argumentError(
      `${what}: sunset ${formatSunset(sunset)} is earlier than deprecation ${formatSunset(deprecation)}, which RFC 9745 forbids`,
    );
  }
  const headers: HeaderField[] = [];
  if (deprecation !== null) headers.push(['Deprecation', formatDeprecation(deprecation)]);
  if (sunset !== null) headers.push(['Sunset', formatSunset(sunset)]);
  if (link !== null) headers.push(['Link', formatLink(link, sunset !== null)]);
  const brownouts = compileBrownouts(`${what}.brownouts`, policy['brownouts'], sunset);
  return Object.freeze({ deprecation, sunset, link, headers: Object.freeze(headers), brownouts });
}

/**
 * Checks the `policies` option of an adapter (`where` names it) and compiles each policy, by version. Throws a
 * `TypeError` naming the version and the value at the first mistake.
 */
export function compilePolicies(where: string, policies: unknown): ReadonlyMap<string, CompiledPolicy> {
  const compiled = new Map<string, CompiledPolicy>();
  if (policies === undefined) return compiled;
  if (!isPlainObject(policies)) {
    throw mustBe(where, 'options.policies', 'an object of policies by version', policies);
  }
  for (const [version, policy] of Object.entries(policies)) {
    compiled.set(version, compilePolicy(`${where}: options.policies[${JSON.stringify(version)}]`, policy));
  }
  return compiled;
}

/**
 * The one rule of the 410: the instant from which a version under `policy` is answered 410 Gone (`version_sunset`),
 * or `null` when it never is (no policy, no `sunset`, or the mount does not enforce it). Only a request that has a
 * version can be refused this way.
 */
export function enforcedSunset(
  policy: CompiledPolicy | null | undefined,
  enforceSunset: boolean,
): number | null {
  return enforceSunset && policy != null ? policy.sunset : null;
}
