import type { CityListV1, CityListV2, Problem, Shape, VersionRequest } from '../shared/api.js';

/** A table row, whichever version the API answered with. */
export interface CityRow {
  readonly key: string;
  readonly name: string;
  readonly country: string;
  readonly population: number;
  /** v2 only. */
  readonly id?: number;
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

/** What a request for a page gave: the rows, or the problem the API (or the network) reported. */
export type CityListResult =
  { readonly ok: true; readonly view: CityListView } | { readonly ok: false; readonly problem: Problem };

function problem(status: number, title: string, detail: string): Problem {
  return { type: 'about:blank', title, status, detail, code: status === 0 ? 'network_error' : 'error' };
}

function isProblem(body: unknown): body is Problem {
  return typeof body === 'object' && body !== null && 'status' in body && 'detail' in body;
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
    })),
    totalItems: body.meta.totalItems,
    totalPages: body.meta.totalPages,
    links: body.links,
  };
}

/**
 * GETs `url` the way `version` says (its headers) and reads either version's body; v1 bodies do not
 * carry the page count, so `pageSize` derives it from `count`.
 */
export async function fetchCities(
  version: VersionRequest,
  url: string,
  pageSize: number,
  signal: AbortSignal,
): Promise<CityListResult> {
  let response: Response;
  try {
    response = await fetch(url, { headers: version.headers, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return { ok: false, problem: problem(0, 'Network error', `GET ${url} failed: ${String(error)}`) };
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {
      ok: false,
      problem: problem(response.status, response.statusText || 'Error', text.slice(0, 300)),
    };
  }
  if (!response.ok) {
    return {
      ok: false,
      problem: isProblem(body)
        ? body
        : problem(response.status, response.statusText || 'Error', text.slice(0, 300)),
    };
  }
  if (typeof body === 'object' && body !== null) {
    if (version.shape === 1 && 'results' in body)
      return { ok: true, view: fromV1(body as CityListV1, pageSize) };
    if (version.shape === 2 && 'data' in body) return { ok: true, view: fromV2(body as CityListV2) };
  }
  return {
    ok: false,
    problem: problem(
      response.status,
      'Unexpected response',
      `Not a version ${version.shape} body: ${text.slice(0, 200)}`,
    ),
  };
}
