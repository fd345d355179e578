// Who uses which version, live: the demo subscribes to restdash's request channel and counts the answered requests
// of its API per version, and schedules v1's brownouts — a few seconds every minute — which the page shows.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { BrownoutWindow, RequestMessage, VersionChoice } from '@restdash/versioning';
import type { VersionUsage } from '../shared/api.js';

/** The channel restdash publishes every answered request of a versioned route on. */
const requestChannel = 'restdash:versioning:request';

/** v1's brownouts: from second `from` of every minute for `seconds` seconds. */
export const brownoutEveryMinute = { from: 50, seconds: 8 } as const;

/** How long ahead the schedule is written when the server starts (a longer run starts again from its end). */
const scheduleLength = 24 * 60 * 60 * 1000;

/** A brownout window with its dates as `Date`s. */
export interface DatedWindow extends BrownoutWindow {
  readonly start: Date;
  readonly end: Date;
}

/** v1's brownout windows for a day from `now`: each minute's from `brownoutEveryMinute`, none past `sunset`. */
export function brownoutWindows(now: number, sunset: string): DatedWindow[] {
  const end = Math.min(now + scheduleLength, Date.parse(sunset));
  const windows: DatedWindow[] = [];
  for (let minute = Math.floor(now / 60_000) * 60_000; minute < end; minute += 60_000) {
    const start = minute + brownoutEveryMinute.from * 1000;
    const stop = start + brownoutEveryMinute.seconds * 1000;
    if (stop <= end) windows.push({ start: new Date(start), end: new Date(stop) });
  }
  return windows;
}

/** Counts of the answered requests per version (and how each was chosen) since the server started. */
export interface UsageCounter {
  /** The counts, versions in the order given, then any other (a refused version: `null`). */
  counts(): VersionUsage['versions'];
  stop(): void;
}

const noChoices = (): Record<VersionChoice, number> => ({ sent: 0, default: 0, pinned: 0, waterfall: 0 });

/** Subscribes to the request channel and counts the requests of the routes whose pattern starts with `prefix`. */
export function countVersions(versions: readonly string[], prefix: string): UsageCounter {
  const rows = new Map<
    string | null,
    { requests: number; refused: number; how: Record<VersionChoice, number> }
  >(versions.map((version) => [version, { requests: 0, refused: 0, how: noChoices() }]));
  const listener = (message: unknown): void => {
    const { version, route, how, status } = message as RequestMessage;
    if (!route.startsWith(prefix)) return;
    const row = rows.get(version) ?? { requests: 0, refused: 0, how: noChoices() };
    row.requests += 1;
    if (status >= 400) row.refused += 1;
    row.how[how] += 1;
    rows.set(version, row);
  };
  subscribe(requestChannel, listener);
  return {
    counts: () => [...rows].map(([version, row]) => ({ version, ...row, how: { ...row.how } })),
    stop: () => {
      unsubscribe(requestChannel, listener);
    },
  };
}

/** Whether `version` is browned out at `now` under `windows`, and until when; else when the next window starts. */
export function brownoutState(
  version: string,
  windows: readonly DatedWindow[],
  now: number,
): VersionUsage['brownout'] {
  const current = windows.find(({ start, end }) => start.getTime() <= now && now < end.getTime());
  const next = windows.find(({ start }) => start.getTime() > now);
  return {
    version,
    active: current !== undefined,
    until: current === undefined ? null : current.end.toISOString(),
    next: next === undefined ? null : next.start.toISOString(),
    schedule: `every minute, from second ${brownoutEveryMinute.from} for ${brownoutEveryMinute.seconds} seconds`,
  };
}
