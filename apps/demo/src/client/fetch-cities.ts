import type { CityListV1, CityListV2, Problem, Shape } from '../shared/api.js';

/** A table row, whichever version the API answered with. */
export interface CityRow {
  readonly key: string;
  readonly name: string;
  readonly country: string;
  readonly population: number;
  /** v2 and v3 only: a number in v2, a string from v3 on. */
  readonly id?: number | string;
  /** v2 and v3: the city's detail. */
  readonly url?: string;
  readonly lat?: number;
  readonly lon?: number;
}

/** One page of the list, as the page shows it. */
export interface CityListView {
  readonly shape: Shape;
  readonly rows: readonly CityRow[];
  readonly totalItems: number;
  readonly totalPages: number;
  /** The navigation links of the response body (built by `request.reverse` on the server). */
  readonly links: Readonly<Record<string, string | null>>;
}

/** The HTTP answer as it came: what the page shows of it besides the body (status line, headers). */
export interface ApiResponse {
  /** The URL that answered (links in headers are relative to it). */
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  /** Every header the page may read, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
}

/** What the page asks the API: the URL and the headers it gives its versioned fetch, and what that sends. */
export interface CityListRequest {
  /** The URL with `{version}` where the scheme carries it in the URL. */
  readonly url: string;
  /** The page's own headers (`Accept-Language`). */
  readonly headers: Readonly<Record<string, string>>;
  /** The request as sent, the version in its place: what the page shows. */
  readonly sent: { readonly url: string; readonly headers: Readonly<Record<string, string>> };
  /** The shape the version serves; null for a version the scheme does not serve (only an error is expected). */
  readonly shape: Shape | null;
  /** Rows per page: v1 bodies carry no page count, so it comes from `count`. */
  readonly pageSize: number;
}

/**
 * What a request for a page gave: the rows, or the problem. `document` is the body exactly as the API sent it
 * (its `application/problem+json`); `response` is null when no answer came at all (the network failed).
 */
export type CityListResult =
  { readonly ok: true; readonly view: CityListView; readonly response: ApiResponse } | ApiProblem;

function isProblem(body: unknown): body is Problem {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Partial<Problem>).status === 'number' &&
    typeof (body as Partial<Problem>).detail === 'string'
  );
}

function fromV1(body: CityListV1, pageSize: number): CityListView {
  return {
    shape: 1,
    rows: body.results.map((city, index) => ({ key: `${index} ${city.name}`, ...city })),
    totalItems: body.count,
    totalPages: Math.max(1, Math.ceil(body.count / pageSize)),
    links: { next: body.next, previous: body.previous },
  };
}

function fromV2(body: CityListV2): CityListView {
  return {
    shape: 2,
    rows: body.data.map((city) => ({
      key: String(city.id),
      id: city.id,
      name: city.name,
      country: city.countryCode,
      population: city.population,
      lat: city.location.lat,
      lon: city.location.lon,
      url: city.url,
    })),
    totalItems: body.meta.totalItems,
    totalPages: body.meta.totalPages,
    links: body.links,
  };
}

/** A problem the page describes itself, for an answer that is no problem document (or no answer). */
function pageProblem(
  response: ApiResponse | null,
  title: string,
  detail: string,
  document: unknown,
): ApiProblem {
  const status = response?.status ?? 0;
  const code = response === null ? 'network_error' : 'unexpected_response';
  return { ok: false, problem: { type: 'about:blank', title, status, detail, code }, document, response };
}

/** The API's problem answer as it came, or the page's own description of an answer or failure that is none. */
export interface ApiProblem {
  readonly ok: false;
  readonly problem: Problem;
  /** The body exactly as the API sent it (its `application/problem+json`). */
  readonly document: unknown;
  /** Null when no answer came at all (the network failed). */
  readonly response: ApiResponse | null;
}

/** What a GET of the API gave: a JSON body with its response, or the problem. */
export type ApiResult =
  { readonly ok: true; readonly body: unknown; readonly response: ApiResponse } | ApiProblem;

/** What sends a request: `fetch`, or a `versionedFetch()` that puts the version in first. */
export type Send = (url: string, init: RequestInit) => Promise<Response>;

/** GETs `url` with `headers` through `send` and reads the JSON body, or the API's problem. */
export async function fetchApi(
  send: Send,
  url: string,
  headers: Readonly<Record<string, string>>,
  signal: AbortSignal,
): Promise<ApiResult> {
  let answer: Response;
  try {
    answer = await send(url, { headers, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return pageProblem(null, 'Network error', `GET ${url} failed: ${String(error)}`, null);
  }
  const response: ApiResponse = {
    url: answer.url,
    status: answer.status,
    statusText: answer.statusText,
    headers: Object.fromEntries(answer.headers),
  };
  const text = await answer.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return pageProblem(response, answer.statusText || 'Error', text.slice(0, 300), text);
  }
  if (!answer.ok) {
    return isProblem(body)
      ? { ok: false, problem: body, document: body, response }
      : pageProblem(response, answer.statusText || 'Error', text.slice(0, 300), body);
  }
  return { ok: true, body, response };
}

/**
 * GETs `request.url` with `request.headers` through `send` (a `versionedFetch()` for the version) and reads either
 * version's body, or the API's problem.
 */
export async function fetchCities(
  send: Send,
  request: CityListRequest,
  signal: AbortSignal,
): Promise<CityListResult> {
  const result = await fetchApi(send, request.url, request.headers, signal);
  if (!result.ok) return result;
  const { body, response } = result;
  if (typeof body === 'object' && body !== null) {
    if (request.shape === 1 && 'results' in body) {
      return { ok: true, view: fromV1(body as CityListV1, request.pageSize), response };
    }
    if (request.shape === 2 && 'data' in body) {
      return { ok: true, view: fromV2(body as CityListV2), response };
    }
  }
  const expected = request.shape === null ? 'an error' : `a version ${request.shape} body`;
  return pageProblem(
    response,
    'Unexpected response',
    `Expected ${expected}: ${JSON.stringify(body).slice(0, 200)}`,
    body,
  );
}
