// What the page shows of the versions' lifecycle: the deprecation banner (what versionedFetch's onDeprecation
// reported) and the version report (the answer's headers), and a city's detail (a route that exists from v2 on).
import { useEffect, useRef } from 'react';
import type { ReactElement } from 'react';
import { ProblemAlert, RequestPanel } from './api-panels.js';
import type { ApiResult } from './fetch-cities.js';
import type { VersionNotice } from './version-notice.js';

/**
 * The banner of a deprecated version, from the answer's `Deprecation`, `Sunset` and `Link` headers and the version
 * report: since when, until when, where to read about it, which versions to move to (buttons), and the header
 * fields themselves.
 */
export function DeprecationBanner({
  version,
  notice,
  dateFormat,
  now,
  onSwitch,
}: {
  version: string;
  notice: VersionNotice & { readonly deprecation: Date };
  dateFormat: Intl.DateTimeFormat;
  /** The time the deprecation date is compared with (an announced deprecation lies ahead). */
  now: number;
  onSwitch: (version: string) => void;
}): ReactElement {
  const since = dateFormat.format(notice.deprecation);
  const moveTo = notice.supported.filter((candidate) => candidate !== version);
  return (
    <section className="alert alert-warning" aria-label="Deprecation" data-testid="deprecation-banner">
      <p className="mb-1" data-testid="deprecation-text">
        <strong>
          API {version} {notice.deprecation.getTime() <= now ? 'is deprecated' : 'will be deprecated'}
        </strong>{' '}
        {notice.deprecation.getTime() <= now ? 'since' : 'on'} {since}
        {notice.sunset !== null && (
          <> and may stop answering from {dateFormat.format(notice.sunset)} (its sunset)</>
        )}
        .
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        {moveTo.length > 0 && <span>Supported versions:</span>}
        {moveTo.map((candidate) => (
          <button
            key={candidate}
            type="button"
            className="btn btn-sm btn-outline-dark"
            onClick={() => {
              onSwitch(candidate);
            }}
          >
            Switch to {candidate}
          </button>
        ))}
        {notice.link !== null && (
          <a href={notice.link} data-testid="deprecation-link">
            About the deprecation
          </a>
        )}
      </div>
      <details className="small mt-2">
        <summary>The response headers this comes from</summary>
        <ul className="list-unstyled mb-0 mt-1 font-monospace text-break" data-testid="deprecation-headers">
          {notice.fields.map(([name, value]) => (
            <li key={name}>
              {name}: {value}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

/** The versions the API reports (`api-supported-versions`, `api-deprecated-versions`), on a version that is not deprecated. */
export function VersionReport({ notice }: { notice: VersionNotice }): ReactElement {
  return (
    <p className="small text-body-secondary mb-2" data-testid="version-report">
      The API reports: supported <code>{notice.supported.join(', ') || '—'}</code>
      {notice.deprecated.length > 0 && (
        <>
          , deprecated <code>{notice.deprecated.join(', ')}</code>
        </>
      )}
      .
    </p>
  );
}

/** A request of a city's detail the page made, and what came back (null while it loads). */
export interface CityDetail {
  readonly title: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly result: ApiResult | null;
}

/** A city's detail as the API answered: the request, then the JSON body or the problem. */
export function CityDetailPanel({
  detail,
  onClose,
}: {
  detail: CityDetail;
  onClose: () => void;
}): ReactElement {
  const { result } = detail;
  const panel = useRef<HTMLElement>(null);
  // The panel opens below the list, off screen on a phone: brought into view when it opens and again when the
  // answer makes it taller (`nearest` leaves it alone when it is already in sight).
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, [detail]);
  return (
    <section ref={panel} className="card mb-3 city-detail" aria-label="City detail" data-testid="city-detail">
      <div className="card-header d-flex justify-content-between align-items-center">
        <span>{detail.title}</span>
        <button type="button" className="btn-close" aria-label="Close the city detail" onClick={onClose} />
      </div>
      <div className="card-body pb-0">
        <RequestPanel url={detail.url} headers={detail.headers} openable={false} />
        {result === null && <p className="text-body-secondary">Loading…</p>}
        {result?.ok === true && (
          <pre className="small text-break" style={{ whiteSpace: 'pre-wrap' }} data-testid="city-detail-body">
            {JSON.stringify(result.body, null, 2)}
          </pre>
        )}
        {result?.ok === false && (
          <ProblemAlert problem={result.problem} document={result.document} response={result.response} />
        )}
      </div>
    </section>
  );
}
