import { argumentError, describe, mustBe } from '../internal/arguments.js';
import type { VersionPolicy } from './policies.js';

/** The version lifecycle options of every adapter's `versioned(urlconf, options)`. */
export interface LifecycleOptions {
  /**
   * What to tell clients about each version, by version, on every route of this mount: `Deprecation`, `Sunset`
   * and `Link` on every response to a request of that version (errors too, except the version errors).
   * @default {}
   * @example { v1: { deprecation: '2025-01-01', sunset: '2025-07-01', link: 'https://api.example.com/v1' } }
   */
  readonly policies?: Readonly<Record<string, VersionPolicy>>;
  /**
   * Send `api-supported-versions` and `api-deprecated-versions` (ASP.NET API Versioning's headers) on every
   * response of a versioned route, errors included. Each route's scheme needs `allowedVersions`.
   * @default false
   */
  readonly reportVersions?: boolean;
  /**
   * Answer a request whose version is past its policy's `sunset` with 410 problem+json, code `version_sunset`.
   * @default false
   */
  readonly enforceSunset?: boolean;
  /**
   * The time the dates are compared with, in milliseconds since 1970 or as a `Date`; read once per request that
   * needs it. Set it in tests to step through a version's lifecycle without waiting.
   * @default Date.now
   */
  readonly clock?: () => number | Date;
}

/** Names of the {@link LifecycleOptions}, for an adapter's check of unknown options. */
export const lifecycleOptionNames: readonly string[] = Object.freeze([
  'policies',
  'reportVersions',
  'enforceSunset',
  'clock',
]);

/** The lifecycle switches of a mount, checked. */
export interface LifecycleSwitches {
  readonly reportVersions: boolean;
  readonly enforceSunset: boolean;
  /** Reads the clock, in milliseconds; a `TypeError` naming the mount when it gives no time. */
  readonly now: () => number;
}

/** Checks `reportVersions`, `enforceSunset` and `clock` of `options` (`where` names the mount). */
export function checkSwitches(where: string, options: LifecycleOptions): LifecycleSwitches {
  const { reportVersions = false, enforceSunset = false, clock = Date.now } = options;
  for (const [name, value] of [
    ['reportVersions', reportVersions],
    ['enforceSunset', enforceSunset],
  ] as const) {
    if (typeof value !== 'boolean') throw mustBe(where, `options.${name}`, 'a boolean', value);
  }
  if (typeof clock !== 'function') {
    throw mustBe(where, 'options.clock', 'a function returning the time', clock);
  }
  const now = (): number => {
    const time: unknown = clock();
    const value = time instanceof Date ? time.getTime() : time;
    if (typeof value !== 'number' || Number.isNaN(value)) {
      throw argumentError(
        `${where}: options.clock() must return a Date or milliseconds since 1970, got ${describe(time)}`,
      );
    }
    return value;
  };
  return { reportVersions, enforceSunset, now };
}
