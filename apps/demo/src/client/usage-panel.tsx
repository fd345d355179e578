// Who uses which version, live: the server counts the API's answered requests per version from restdash's request
// channel (GET /api/usage); the panel polls it, and says when v1 is browned out (410 for a few seconds every minute).
import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { usagePath, type VersionUsage } from '../shared/api.js';

/** How often the panel asks again, in milliseconds. */
const pollEvery = 1000;

const timeFormat = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium', timeZone: 'UTC' });
const timeOf = (iso: string) => `${timeFormat.format(new Date(iso))} UTC`;

/** The brownout line: now (with the end of the window), or when the next one starts. */
function BrownoutNote({ brownout }: { brownout: NonNullable<VersionUsage['brownout']> }): ReactElement {
  if (brownout.active) {
    return (
      <p className="alert alert-danger py-1 mb-2" role="status" data-testid="brownout" data-active="true">
        <strong>API {brownout.version} is browned out now</strong>: it answers 410{' '}
        <code>version_brownout</code> with <code>Retry-After</code>
        {brownout.until !== null && <> until {timeOf(brownout.until)}</>} ({brownout.schedule}).
      </p>
    );
  }
  return (
    <p className="alert alert-secondary py-1 mb-2" role="status" data-testid="brownout" data-active="false">
      API {brownout.version} answers as usual
      {brownout.next !== null && <>; its next brownout starts at {timeOf(brownout.next)}</>} (
      {brownout.schedule}).
    </p>
  );
}

/** The live counts per version, and v1's brownouts. */
export function UsagePanel(): ReactElement | null {
  const [usage, setUsage] = useState<VersionUsage | null>(null);
  useEffect(() => {
    let stopped = false;
    const load = async () => {
      try {
        const response = await fetch(usagePath, { cache: 'no-store' });
        if (response.ok && !stopped) setUsage((await response.json()) as VersionUsage);
      } catch {
        // The next poll tries again.
      }
    };
    void load();
    const timer = setInterval(() => void load(), pollEvery);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  if (usage === null) return null;
  return (
    <section className="mb-4" aria-labelledby="usage-title" data-testid="usage-panel">
      <h2 id="usage-title" className="h5">
        Who uses which version
      </h2>
      {usage.brownout !== null && <BrownoutNote brownout={usage.brownout} />}
      <div className="table-responsive">
        <table className="table table-sm align-middle mb-1">
          <caption className="small">
            Requests the API answered since the server started, per version, from restdash&apos;s request
            channel.
          </caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Requests</th>
              <th scope="col">Refused (4xx/5xx)</th>
              <th scope="col">Sent / default / pinned / waterfall</th>
            </tr>
          </thead>
          <tbody>
            {usage.versions.map((row) => (
              <tr key={row.version ?? 'none'} data-testid={`usage-${row.version ?? 'none'}`}>
                <th scope="row">{row.version ?? 'refused version'}</th>
                <td data-testid="usage-requests">{row.requests}</td>
                <td>{row.refused}</td>
                <td>
                  {row.how.sent} / {row.how.default} / {row.how.pinned} / {row.how.waterfall}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
