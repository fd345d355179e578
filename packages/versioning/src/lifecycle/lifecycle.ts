import { type APIException, NotFound, VersionSunset } from '../errors.js';
import { gettextLazy } from '../i18n/index.js';
import { argumentError } from '../internal/arguments.js';
import type { BaseVersioning } from '../types.js';
import type { FlatRoute } from '../urls/route.types.js';
import { checkSwitches, type LifecycleOptions } from './lifecycle-options.js';
import { VersionBrownout } from './brownout.js';
import {
  brownoutAt,
  type CompiledPolicy,
  compilePolicies,
  enforcedSunset,
  type HeaderField,
} from './policies.js';
import { reportTimeline, stretchAt, type Timeline } from './report.js';
import {
  holds as inWindow,
  orderedVersions,
  type VersionWindow,
  versionWindow,
} from '../urls/version-window.js';

export { type LifecycleOptions, lifecycleOptionNames } from './lifecycle-options.js';

/** A route of a mount with the scheme that versions its requests (`null`: version-neutral). */
export interface LifecycleRoute {
  readonly route: FlatRoute;
  readonly scheme: BaseVersioning | null;
}

/** A version the lifecycle lets through: the route that answers it and the header fields its responses carry. */
export interface Admission {
  readonly kind: 'admit';
  /** The route itself, or a later route of the same pattern and scheme whose `since`/`until` hold the version. */
  readonly route: FlatRoute;
  /** `api-supported-versions`/`api-deprecated-versions`, then `Deprecation`, `Sunset`, `Link`; shared, frozen. */
  readonly fields: readonly HeaderField[];
}

/** A request the lifecycle answers with a problem. */
export interface Refusal {
  readonly kind: 'refuse';
  readonly error: APIException;
  /** The problem member `supportedVersions` (the versions of the URL now), or `null` for none. */
  readonly supportedVersions: readonly string[] | null;
  /** The header fields the problem carries too. */
  readonly fields: readonly HeaderField[];
}

/** What the lifecycle does with each request of one route. */
export interface RouteLifecycle {
  /** Whether a verdict may carry header fields: `false` when no policy and no report applies to the route. */
  readonly setsHeaders: boolean;
  /** The versions the route exists in (its `since`/`until`), oldest first; `null` without bounds. */
  readonly versions: readonly (string | null)[] | null;
  /** After the scheme determined `version`: refuses one past its sunset or outside the URL's routes, else admits. */
  admit(version: string | null, request: { readonly method: string }): Admission | Refusal;
  /**
   * The refusal of `error`, raised before a version was determined (the host, the scheme): with the report header
   * fields, and `supportedVersions` when `versionError` (the error refuses the version itself).
   */
  refuse(error: APIException, versionError: boolean): Refusal;
  /** The policy of `version` on this route's mount, or `null`. */
  policy(version: string): CompiledPolicy | null;
}

/** The compiled lifecycle of a mount. */
export interface MountLifecycle {
  readonly policies: ReadonlyMap<string, CompiledPolicy>;
  /** One per route, in the order given. */
  readonly routes: readonly RouteLifecycle[];
}

/** A member of a group of routes sharing a pattern and a scheme, with the versions it exists in. */
interface Member {
  readonly route: FlatRoute;
  /** `null`: every version. */
  readonly versions: VersionWindow;
  /** The same versions, oldest first; `null`: every version. */
  readonly list: readonly (string | null)[] | null;
}

const noFields: readonly HeaderField[] = Object.freeze([]);

function holds(member: Member, version: string | null): boolean {
  return inWindow(member.versions, version);
}

function answers(methods: readonly string[] | null, method: string): boolean {
  return methods === null || methods.includes(method) || (method === 'HEAD' && methods.includes('GET'));
}

function refusal(
  error: APIException,
  supportedVersions: readonly string[] | null,
  fields: readonly HeaderField[],
): Refusal {
  return { kind: 'refuse', error, supportedVersions, fields };
}

const trivial = (member: Member): RouteLifecycle => {
  const admitted: Admission = Object.freeze({ kind: 'admit', route: member.route, fields: noFields });
  return {
    setsHeaders: false,
    versions: member.list,
    admit: () => admitted,
    refuse: (error) => refusal(error, null, noFields),
    policy: () => null,
  };
};

/**
 * Checks the lifecycle options of a mount (`where` names it) against its routes, and compiles what each route does
 * per request, in the order of `routes`. Throws a `TypeError` naming the option, the route and the value at the
 * first mistake: a malformed policy, a policy for a version no route allows, `since`/`until` that are not allowed
 * versions of the route's scheme, `reportVersions` on a scheme without an allow list.
 */
export function compileLifecycle(
  where: string,
  options: LifecycleOptions,
  routes: readonly LifecycleRoute[],
): MountLifecycle {
  const policies = compilePolicies(where, options.policies);
  const switches = checkSwitches(where, options);
  const lists = new Map<BaseVersioning, readonly string[] | null>();
  const listOf = (scheme: BaseVersioning) => {
    if (!lists.has(scheme)) lists.set(scheme, orderedVersions(scheme));
    return lists.get(scheme) ?? null;
  };
  const members = routes.map(({ route, scheme }): Member => {
    const label = `${where}: route ${JSON.stringify(route.pattern)}`;
    if (switches.reportVersions && scheme !== null && listOf(scheme) === null) {
      throw argumentError(
        `${label}: reportVersions needs the allowedVersions of its ${scheme.constructor.name}, which allows every version`,
      );
    }
    const window = versionWindow(label, route, scheme);
    return { route, versions: window, list: window && Object.freeze([...window]) };
  });
  checkPolicyVersions(where, policies, routes, listOf);

  // Routes of one pattern and scheme are one resource whose versions may be split among them (since/until).
  const groups = new Map<string, number[]>();
  const schemeIds = new Map<BaseVersioning | null, number>();
  const keyOf = (scheme: BaseVersioning | null, route: FlatRoute) => {
    if (!schemeIds.has(scheme)) schemeIds.set(scheme, schemeIds.size);
    return `${schemeIds.get(scheme) ?? 0} ${route.pattern}`;
  };
  routes.forEach(({ route, scheme }, index) => {
    const key = keyOf(scheme, route);
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });

  const hasSunset = [...policies.values()].some((policy) => policy.sunset !== null);
  const lifecycles = routes.map(({ route, scheme }, index): RouteLifecycle => {
    const list = scheme === null ? null : listOf(scheme);
    const memberAt = (position: number) => members[position] as Member;
    if (scheme === null || (policies.size === 0 && list === null)) return trivial(memberAt(index));
    const indices = groups.get(keyOf(scheme, route)) ?? [index];
    const group = indices.map(memberAt);
    // The versions of this URL: the scheme's, narrowed by since/until across the routes sharing the pattern.
    const versions =
      list && Object.freeze(list.filter((version) => group.some((member) => holds(member, version))));
    return admitting(
      { policies, hasSunset, ...switches },
      {
        self: memberAt(index),
        later: indices.filter((position) => position > index).map(memberAt),
        list,
        versions,
        timeline: switches.reportVersions && versions !== null ? reportTimeline(versions, policies) : null,
      },
    );
  });
  return { policies, routes: lifecycles };
}

/** What every route of a mount shares. */
interface Shared {
  readonly policies: ReadonlyMap<string, CompiledPolicy>;
  readonly hasSunset: boolean;
  readonly enforceSunset: boolean;
  readonly now: () => number;
}

/** What one versioned route knows, compiled when mounting. */
interface RouteFacts {
  readonly self: Member;
  /** Later routes of the same pattern and scheme, in definition order. */
  readonly later: readonly Member[];
  /** The scheme's allow list (strings, oldest first); `null` when it allows every version. */
  readonly list: readonly string[] | null;
  /** The versions of the route's URL; `null` without an allow list. */
  readonly versions: readonly string[] | null;
  /** The report headers over time; `null` without `reportVersions`. */
  readonly timeline: Timeline | null;
}

function admitting(mount: Shared, facts: RouteFacts): RouteLifecycle {
  const { policies, hasSunset, enforceSunset, now } = mount;
  const { self, later, list, versions, timeline } = facts;

  /** `from` less the versions past their sunset at `time`. */
  const current = (from: readonly string[], time: number): readonly string[] => {
    if (!hasSunset) return from;
    return from.filter((version) => {
      const sunset = policies.get(version)?.sunset ?? null;
      return sunset === null || sunset > time;
    });
  };
  const hasPolicies = policies.size > 0;
  const reported = (stretch: number) => timeline?.stretches[stretch] ?? noFields;

  // Admissions are shared and made when mounting: one per answering route, policy and stretch of the timeline.
  const stretches = timeline?.stretches.length ?? 1;
  const admissionsOf = (route: FlatRoute, policy: CompiledPolicy | null): readonly Admission[] =>
    Array.from({ length: stretches }, (_, stretch) =>
      Object.freeze({
        kind: 'admit' as const,
        route,
        fields: Object.freeze([...reported(stretch), ...(policy?.headers ?? noFields)]),
      }),
    );
  const byRoute = new Map(
    [self, ...later].map(({ route }) => [
      route,
      new Map([null, ...policies.values()].map((policy) => [policy, admissionsOf(route, policy)])),
    ]),
  );
  // The common case, this route and a version without a policy, without a lookup.
  const plain = admissionsOf(self.route, null);
  const admission = (route: FlatRoute, policy: CompiledPolicy | null, stretch: number): Admission =>
    (policy === null && route === self.route
      ? plain[stretch]
      : byRoute.get(route)?.get(policy)?.[stretch]) as Admission;

  return {
    setsHeaders: timeline !== null || policies.size > 0,
    versions: self.list,
    policy: (version) => policies.get(version) ?? null,
    refuse(error, versionError) {
      // The clock is read once, and only when an answer depends on it.
      const time = timeline !== null || (hasSunset && versionError) ? now() : Number.NaN;
      const fields = timeline === null ? noFields : reported(stretchAt(timeline, time));
      return refusal(error, versionError && versions !== null ? current(versions, time) : null, fields);
    },
    admit(version, request) {
      let time = Number.NaN;
      let stretch = 0;
      if (timeline !== null) {
        time = now();
        stretch = stretchAt(timeline, time);
      }
      // Most versions have no policy; a mount without policies is not asked.
      const policy = version === null || !hasPolicies ? null : (policies.get(version) ?? null);
      const sunset = policy === null ? null : enforcedSunset(policy, enforceSunset);
      if (sunset !== null) {
        if (Number.isNaN(time)) time = now();
        if (sunset <= time) {
          const gone = new VersionSunset(version as string);
          return refusal(gone, versions && current(versions, time), reported(stretch));
        }
      }
      if (policy !== null && policy.brownouts.length > 0) {
        if (Number.isNaN(time)) time = now();
        const window = brownoutAt(policy, time);
        if (window !== null) {
          const retry: HeaderField = ['Retry-After', String(Math.ceil((window.end - time) / 1000))];
          const fields = [...reported(stretch), ...policy.headers, retry];
          const out = new VersionBrownout(version as string, new Date(window.end));
          return refusal(out, versions && current(versions, time), fields);
        }
      }
      if (holds(self, version)) return admission(self.route, policy, stretch);
      // Outside this route's since/until: a later route of the same URL may take the version.
      const answering = [self, ...later].filter((member) => answers(member.route.methods, request.method));
      const other = answering.find((member) => holds(member, version));
      if (other !== undefined) return admission(other.route, policy, stretch);
      const existing = (list ?? []).filter((entry) => answering.some((member) => holds(member, entry)));
      if (hasSunset && Number.isNaN(time)) time = now();
      const missing = new NotFound(
        gettextLazy('Not available in version "%(version)s".', { version: String(version) }),
      );
      return refusal(missing, current(existing, time), admission(self.route, policy, stretch).fields);
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
