import type { CompiledPolicy, HeaderField } from './policies.js';

/** The report headers for every instant: they change only at the policies' dates, so each stretch is built once. */
export interface Timeline {
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

/** `api-supported-versions` and `api-deprecated-versions` of `versions` (oldest first) over time. */
export function reportTimeline(
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

/** How many of the timeline's instants have passed at `now`: the index of its stretch. */
export function stretchAt(timeline: Timeline, now: number): number {
  let passed = 0;
  while (passed < timeline.instants.length && (timeline.instants[passed] ?? 0) <= now) passed++;
  return passed;
}
