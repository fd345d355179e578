// The web page's URL and the state the server embeds into it, shared by server and client.
import type { ComponentJSON, PaginationProps } from '@restdash/pagination';
import { defaultPageSize, maxPageSize, parseWholeNumber } from './api.js';
import type { SchemeName, VersionAsk, VersionRequest } from './api.js';

/** Where the server embeds the page's state in `index.html` (see src/client/index.html). */
export const stateMarker = '<!--demo-state-->';
/** Id of the `<script type="application/json">` holding the page's {@link PageState}. */
export const stateElementId = 'demo-state';

/** Query parameters of the page URL that are passed on, unchanged, to the city list API. */
export const forwardedParams = ['page', 'page_size', 'ordering', 'search'] as const;

/** What the server embeds into the page (`<script type="application/json" id="demo-state">`). */
export interface PageState {
  readonly scheme: SchemeName;
  readonly schemeClass: string;
  /** Where a request carries the version, in words. */
  readonly versionIn: string;
  /** How to ask for each version, first = default. */
  readonly versions: readonly VersionRequest[];
  /**
   * The first page's URL as the page's client writes it: `{version}` where the scheme carries the version in the URL,
   * the bare URL otherwise (@restdash/versioning/client's `versionedFetch` puts the version in).
   */
  readonly apiTemplate: string;
  /**
   * The page URL's version when the scheme does not serve it (`/?version=v9`), so the page can ask the API for it
   * and show the API's own answer; `request` is null when the label cannot be put into a request of this scheme.
   * Null when the page URL asks for a served version.
   */
  readonly unserved: { readonly version: string; readonly request: VersionAsk | null } | null;
  /** The initial pagination, `new Pagination({...}).toJSON()` for the requested page. */
  readonly layout: ComponentJSON<PaginationProps>;
  /** The largest city: the one the page asks v1 for, whose lists carry no ids (and which has no detail route). */
  readonly exampleCity: { readonly id: number; readonly name: string };
}

/**
 * The URL of a city's detail in the version whose first list page is `listUrl`: the list's path plus `<id>/`, its
 * query kept (`/api/cities/1796236/?version=2`), as a client would try it in any version.
 */
export function cityDetailUrl(listUrl: string, id: number): string {
  const url = new URL(listUrl);
  url.pathname += `${id}/`;
  return url.href;
}

/** The version a page URL asks for: its `version` parameter, else (absent or empty) the default (first) version. */
export function requestedVersion(pageQuery: URLSearchParams, state: Pick<PageState, 'versions'>): string {
  const version = pageQuery.get('version');
  return version === null || version === '' ? (state.versions[0]?.version ?? '') : version;
}

/** The page number a page URL shows as active; 0 (nothing active) when `page` is not a whole number. */
export function requestedPage(pageQuery: URLSearchParams, totalPages: number): number {
  const page = pageQuery.get('page');
  if (page === null) return 1;
  if (page === 'last') return totalPages;
  return parseWholeNumber(page) ?? 0;
}

/** The API URL for a page URL: the version's first-page URL plus the forwarded parameters. */
export function apiUrl(version: Pick<VersionAsk, 'url'>, pageQuery: URLSearchParams): string {
  const url = new URL(version.url);
  for (const key of forwardedParams) {
    const value = pageQuery.get(key);
    if (value !== null && value !== '') url.searchParams.set(key, value);
  }
  return url.href;
}

/** A page URL (path and query) with `changes` applied; `null` removes a parameter. */
export function pageHref(
  pageQuery: URLSearchParams,
  changes: Readonly<Record<string, string | null>>,
): string {
  const next = new URLSearchParams(pageQuery);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query === '' ? '/' : `/?${query}`;
}

/** The rows per page a page URL gets from the API: its `page_size`, else the default (also for one the API refuses). */
export function requestedPageSize(pageQuery: URLSearchParams): number {
  const size = parseWholeNumber(pageQuery.get('page_size'));
  return size === null || size > maxPageSize ? defaultPageSize : size;
}

/**
 * The page URL changes that show what an API link of the response points at: its `page`, `page_size`,
 * `ordering` and `search` (absent ones removed), so the page asks the API for that very URL.
 */
export function linkChanges(apiLink: string): Record<string, string | null> {
  const query = new URL(apiLink).searchParams;
  return Object.fromEntries(forwardedParams.map((key) => [key, query.get(key)]));
}
