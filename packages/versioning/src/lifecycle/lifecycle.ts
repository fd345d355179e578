import { isAPIException, NotFound, VersionSunset } from '../errors.js';
import { gettextLazy } from '../i18n/index.js';
import type { BaseVersioning } from '../schemes/base.js';
import type { VersioningRequest } from '../types.js';
import { argumentError, describe, mustBe } from '../internal/arguments.js';
import type { FlatRoute } from '../urls/route.types.js';
import { versionsInRange } from '../urls/version-range.js';
import { type CompiledPolicy, compilePolicies, type HeaderField, type VersionPolicy } from './policies.js';

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

/**
 * Puts a header field on the response `target` builds, after any value it has already (lists are appended to). A
 * function of the adapter's module rather than one made per request.
 */
export type SetHeader<T> = (target: T, name: string, value: string) => void;

/** A route of a mount with the scheme that versions its requests (`null`: version-neutral). */
export interface LifecycleRoute {
  readonly route: FlatRoute;
  readonly scheme: BaseVersioning | null;
}

/** What the lifecycle does with each request of one route. */
export interface RouteLifecycle {
  /** Whether `admit()` may set a header field: `false` when no policy and no report applies to the route. */
  readonly setsHeaders: boolean;
  /**
   * Versions a request the framework routed to this route: sets the version headers with `setHeader` on
   * `target`, checks its host and lets `scheme` determine its version from `kwargs` (see
   * {@link determineVersion}), refuses a version past its sunset or outside the route's `since`/`until`, and
   * returns the route that answers: this one, or a later route of the same pattern and scheme whose range holds
   * the version. Throws an `APIException` to answer with.
   */
  admit<T>(
    request: VersioningRequest,
    scheme: BaseVersioning | null,
    kwargs: Readonly<Record<string, string | undefined>>,
    setHeader: SetHeader<T>,
    target: T,
  ): FlatRoute;
}

const noArgs: readonly string[] = Object.freeze([]);

/**
 * Checks the host of `request` (like Django's CommonMiddleware, on every route, version-neutral ones too), then
 * lets `scheme` determine its version from `kwargs`: sets `request.versioningScheme` and `request.version`, or
 * throws the scheme's error.
 */
function determineVersion(
  request: VersioningRequest,
  scheme: BaseVersioning | null,
  kwargs: Readonly<Record<string, string | undefined>>,
): void {
  request.getHost();
  if (scheme === null) return;
  request.versioningScheme = scheme;
  request.version = scheme.determineVersion(request, noArgs, kwargs);
}

/** RFC 9457 extension members of the problems the lifecycle raised or saw, read when rendering them. */
const extensionMembers = new WeakMap<object, Readonly<Record<string, unknown>>>();

/** The extension members to add to the problem+json body of `error` (`supportedVersions`), if any. */
export function problemMembers(error: object): Readonly<Record<string, unknown>> | undefined {
  return extensionMembers.get(error);
}

function withMembers<E extends object>(error: E, supportedVersions: readonly string[] | null): E {
  if (supportedVersions !== null) extensionMembers.set(error, { supportedVersions });
  return error;
}

/**
 * Whether `error`, thrown while determining the version, refuses the version itself: a 404, or a 406 other than
 * the one of content negotiation (the request throws that same error again when its media type is read).
 */
function isVersionError(error: unknown, request: VersioningRequest): boolean {
  if (!isAPIException(error)) return false;
  if (error.statusCode === 404) return true;
  if (error.statusCode !== 406) return false;
  try {
    return typeof request.acceptedMediaType === 'string';
  } catch (negotiation) {
    return negotiation !== error;
  }
}

function answers(methods: readonly string[] | null, method: string): boolean {
  return methods === null || methods.includes(method) || (method === 'HEAD' && methods.includes('GET'));
}

/** The distinct strings of a scheme's allow list, oldest first; `null` when it allows every version. */
function orderedVersions(scheme: BaseVersioning): readonly string[] | null {
  const allowed = scheme.allowedVersions;
  if (allowed === null || allowed.length === 0) return null;
  return Object.freeze([...new Set(allowed.filter((version) => version !== null))]);
}

/** A member of a group of routes sharing a pattern and a scheme, with the versions it exists in. */
interface Member {
  readonly route: FlatRoute;
  /** `null`: every version. */
  readonly versions: ReadonlySet<string | null> | null;
}

function holds(member: Member, version: string | null): boolean {
  return member.versions === null || member.versions.has(version);
}

/** The report headers for every instant: they change only at the policies' dates, so each stretch is built once. */
interface Timeline {
  /** Deprecation and sunset dates, ascending, without repeats. */
  readonly instants: readonly number[];
  /** `stretches[k]`: the headers while `k` of the instants have passed. */
  readonly stretches: readonly (readonly HeaderField[])[];
}

function isRetired(policy: CompiledPolicy | undefined, time: number): boolean {
  if (policy === undefined) return false;
  return (
    (policy.deprecation !== null && policy.deprecation <= time) ||
    (policy.sunset !== null && policy.sunset <= time)
  );
}

function reportTimeline(
  versions: readonly string[],
  policies: ReadonlyMap<string, CompiledPolicy>,
): Timeline {
  const dates = versions.flatMap((version) => {
    const policy = policies.get(version);
    return policy === undefined ? [] : [policy.deprecation, policy.sunset].filter((date) => date !== null);
  });
  const instants = [...new Set(dates)].sort((a, b) => a - b);
  const stretches = [Number.NEGATIVE_INFINITY, ...instants].map((time) => {
    const retired = versions.filter((version) => isRetired(policies.get(version), time));
    const supported = versions.filter((version) => !retired.includes(version));
    const headers: HeaderField[] = [];
    if (supported.length > 0) headers.push(['api-supported-versions', supported.join(', ')]);
    if (retired.length > 0) headers.push(['api-deprecated-versions', retired.join(', ')]);
    return Object.freeze(headers);
  });
  return { instants, stretches };
}

function stretchAt(timeline: Timeline, now: number): readonly HeaderField[] {
  let passed = 0;
  while (passed < timeline.instants.length && (timeline.instants[passed] ?? 0) <= now) passed++;
  return timeline.stretches[passed] ?? [];
}

const trivial = (route: FlatRoute): RouteLifecycle => ({
  setsHeaders: false,
  admit(request, scheme, kwargs) {
    determineVersion(request, scheme, kwargs);
    return route;
  },
});

/**
 * Checks the lifecycle options of an adapter (`where` names it) against the routes it mounts, and compiles what
 * each route does per request, in the order of `routes`. Throws a `TypeError` naming the option, the route and the
 * value at the first mistake: a malformed policy, a policy for a version no route allows, `since`/`until` that are
 * not allowed versions of the route's scheme, `reportVersions` on a scheme without an allow list.
 */
export function compileLifecycle(
  where: string,
  options: LifecycleOptions,
  routes: readonly LifecycleRoute[],
): readonly RouteLifecycle[] {
  const policies = compilePolicies(where, options.policies);
  const { reportVersions = false, enforceSunset = false, clock = Date.now } = options;
  for (const [name, value] of [
    ['reportVersions', reportVersions],
    ['enforceSunset', enforceSunset],
  ] as const) {
    if (typeof value !== 'boolean') {
      throw mustBe(where, `options.${name}`, 'a boolean', value);
    }
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

  const lists = new Map<BaseVersioning, readonly string[] | null>();
  const listOf = (scheme: BaseVersioning) => {
    if (!lists.has(scheme)) lists.set(scheme, orderedVersions(scheme));
    return lists.get(scheme) ?? null;
  };
  const members = routes.map(({ route, scheme }): Member => {
    const label = `${where}: route ${JSON.stringify(route.pattern)}`;
    if (reportVersions && scheme !== null && listOf(scheme) === null) {
      throw argumentError(
        `${label}: reportVersions needs the allowedVersions of its ${scheme.constructor.name}, which allows every version`,
      );
    }
    const bounded = route.since !== null || route.until !== null;
    return { route, versions: bounded ? new Set(versionsInRange(label, route, scheme)) : null };
  });
  checkPolicyVersions(where, policies, routes, listOf);

  // Routes of one pattern and scheme are one resource whose versions may be split among them (since/until).
  const groups = new Map<string, number[]>();
  const schemeIds = new Map<BaseVersioning | null, number>();
  routes.forEach(({ route, scheme }, index) => {
    if (!schemeIds.has(scheme)) schemeIds.set(scheme, schemeIds.size);
    const key = `${schemeIds.get(scheme) ?? 0} ${route.pattern}`;
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });

  const mount: MountLifecycle = {
    policies,
    hasSunset: [...policies.values()].some((policy) => policy.sunset !== null),
    enforceSunset,
    now,
  };
  return routes.map(({ route, scheme }, index): RouteLifecycle => {
    const list = scheme === null ? null : listOf(scheme);
    if (scheme === null || (policies.size === 0 && list === null)) return trivial(route);
    const indices = groups.get(`${schemeIds.get(scheme) ?? 0} ${route.pattern}`) ?? [index];
    const memberAt = (position: number) => members[position] as Member;
    const group = indices.map(memberAt);
    // The versions of this URL: the scheme's, narrowed by since/until across the routes sharing the pattern.
    const versions =
      list && Object.freeze(list.filter((version) => group.some((member) => holds(member, version))));
    return admitting(mount, {
      self: memberAt(index),
      later: indices.filter((position) => position > index).map(memberAt),
      list,
      versions,
      timeline: reportVersions && versions !== null ? reportTimeline(versions, policies) : null,
    });
  });
}

/** What every route of a mount shares. */
interface MountLifecycle {
  readonly policies: ReadonlyMap<string, CompiledPolicy>;
  readonly hasSunset: boolean;
  readonly enforceSunset: boolean;
  /** Reads the clock. */
  readonly now: () => number;
}

/** What one versioned route knows, compiled when mounting. */
interface RouteFacts {
  readonly self: Member;
  /** Later routes of the same pattern and scheme, in definition order. */
  readonly later: readonly Member[];
  /** The scheme's allow list (strings, oldest first); `null` when it allows every version. */
  readonly list: readonly string[] | null;
  /** The versions of the route's URL (see compileLifecycle); `null` without an allow list. */
  readonly versions: readonly string[] | null;
  /** The report headers over time; `null` without `reportVersions`. */
  readonly timeline: Timeline | null;
}

function admitting(mount: MountLifecycle, route: RouteFacts): RouteLifecycle {
  const { policies, hasSunset, enforceSunset } = mount;
  const { self, later, list, versions, timeline } = route;

  /** `from` less the versions past their sunset at `time`. */
  const current = (from: readonly string[], time: number): readonly string[] => {
    if (!hasSunset) return from;
    return from.filter((version) => {
      const sunset = policies.get(version)?.sunset ?? null;
      return sunset === null || sunset > time;
    });
  };

  return {
    setsHeaders: timeline !== null || policies.size > 0,
    admit(request, scheme, kwargs, setHeader, target) {
      // The clock is read once, and only when an answer depends on it.
      let time = Number.NaN;
      if (timeline !== null) {
        time = mount.now();
        for (const [name, value] of stretchAt(timeline, time)) setHeader(target, name, value);
      }
      try {
        determineVersion(request, scheme, kwargs);
      } catch (error) {
        if (versions !== null && isVersionError(error, request)) {
          withMembers(
            error as object,
            current(versions, hasSunset && Number.isNaN(time) ? mount.now() : time),
          );
        }
        throw error;
      }
      const version = request.version;
      const policy = version === null ? undefined : policies.get(version);
      if (policy !== undefined) {
        if (enforceSunset && policy.sunset !== null) {
          if (Number.isNaN(time)) time = mount.now();
          if (policy.sunset <= time) {
            throw withMembers(new VersionSunset(version as string), versions && current(versions, time));
          }
        }
        for (const [name, value] of policy.headers) setHeader(target, name, value);
      }
      if (holds(self, version)) return self.route;
      // Outside this route's since/until: a later route of the same URL may take the version.
      const answering = [self, ...later].filter((member) => answers(member.route.methods, request.method));
      const other = answering.find((member) => holds(member, version));
      if (other !== undefined) return other.route;
      const existing = (list ?? []).filter((entry) => answering.some((member) => holds(member, entry)));
      if (hasSunset && Number.isNaN(time)) time = mount.now();
      throw withMembers(
        new NotFound(gettextLazy('Not available in version "%(version)s".', { version: String(version) })),
        current(existing, time),
      );
    },
  };
}

/**
 * Throws a `TypeError` for a policy whose version no route of the mount allows, unless some versioned route's
 * scheme allows every version (then any version may come).
 */
function checkPolicyVersions(
  where: string,
  policies: ReadonlyMap<string, CompiledPolicy>,
  routes: readonly LifecycleRoute[],
  listOf: (scheme: BaseVersioning) => readonly string[] | null,
): void {
  if (policies.size === 0) return;
  const known = new Set<string>();
  for (const { scheme } of routes) {
    if (scheme === null) continue;
    const list = listOf(scheme);
    if (list === null) return;
    for (const version of list) known.add(version);
    if (scheme.defaultVersion !== null) known.add(scheme.defaultVersion);
  }
  for (const version of policies.keys()) {
    if (!known.has(version)) {
      const allowed = known.size === 0 ? 'no route is versioned' : `allowed: ${[...known].join(', ')}`;
      throw argumentError(
        `${where}: options.policies[${JSON.stringify(version)}] is for a version no route of this mount allows (${allowed})`,
      );
    }
  }
}
