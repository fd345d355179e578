// The demo's HTTP contract, shared by the server (which produces it) and the client (which reads it).
import type { ProblemDetails } from '@restdash/versioning';

/** Sort orders of `GET …/cities/?ordering=`, DRF OrderingFilter style (`-` = descending). */
export const orderings = ['-population', 'population', 'name', '-name'] as const;
/** One of {@link orderings}. */
export type Ordering = (typeof orderings)[number];

/** Page size when the request gives none. */
export const defaultPageSize = 10;
/** The largest `page_size`; a larger one (like 0) is a 400 that says the range, never silently capped. */
export const maxPageSize = 100;
/** The page sizes the web page offers (its select). */
export const pageSizeChoices = [10, 25, 50, 100] as const;
/** Longest `search` accepted. */
export const maxSearchLength = 100;

/**
 * `text` as a whole number from 1 (digits only, at most 15 so it stays exact), or null: what `page` and
 * `page_size` accept.
 */
export function parseWholeNumber(text: string | null): number | null {
  return text !== null && /^[1-9][0-9]{0,14}$/.test(text) ? Number(text) : null;
}

/** v1 city: DRF-style flat fields. */
export interface CityV1 {
  readonly name: string;
  readonly country: string;
  readonly population: number;
}

/** v1 list: DRF `PageNumberPagination` (`next`/`previous` are absolute URLs or null). */
export interface CityListV1 {
  readonly count: number;
  readonly next: string | null;
  readonly previous: string | null;
  readonly results: readonly CityV1[];
}

/** v2 (and v3) city: an id, camelCase fields, a location and the URL of its detail. */
export interface CityV2 {
  /** GeoNames id: a number in v2, a string from v3 on. */
  readonly id: number | string;
  readonly name: string;
  readonly countryCode: string;
  readonly population: number;
  readonly location: { readonly lat: number; readonly lon: number };
  /** `GET` it for the city alone (the detail route exists from v2 on). */
  readonly url: string;
}

/** The detail of a city in v3: the v2 city and GeoNames' codes for it. */
export interface CityV3 extends CityV2 {
  /** GeoNames feature code: `PPLC` a capital, `PPLA` the seat of a first-order division, `PPL` a place, … */
  readonly featureCode: string;
  /** GeoNames code of its first-order administrative division (state, region) within the country. */
  readonly adminCode: string;
}

/** v2 list: JSON:API-like `data` / `meta` / `links`. */
export interface CityListV2 {
  readonly data: readonly CityV2[];
  readonly meta: {
    readonly page: number;
    readonly pageSize: number;
    readonly totalPages: number;
    readonly totalItems: number;
  };
  readonly links: {
    readonly self: string;
    readonly first: string;
    readonly prev: string | null;
    readonly next: string | null;
    readonly last: string;
  };
}

/** The API reference page (Swagger UI over the OpenAPI documents); `?urls.primaryName=v2` picks the version shown. */
export const apiDocsPath = '/api/docs/';

/** The reference page showing `version`'s document first. */
export function apiDocsHref(version: string): string {
  return `${apiDocsPath}?${new URLSearchParams({ 'urls.primaryName': version }).toString()}`;
}

/** Names of the versioning schemes the demo can run with (`--scheme`). */
export const schemeNames = [
  'url-path',
  'namespace',
  'accept-header',
  'hostname',
  'query',
  'header',
  'media-type',
  'composite',
] as const;
/** One of {@link schemeNames}. */
export type SchemeName = (typeof schemeNames)[number];

/** Which list body a version label serves: v1's, or v2's (v2 and v3). */
export type Shape = 1 | 2;

/** One complete request for the first page of the city list. */
export interface ExampleRequest {
  /** Absolute URL of the first page. */
  readonly url: string;
  /** Headers to send (the `Accept` header for accept-header versioning), else empty. */
  readonly headers: Readonly<Record<string, string>>;
  /** The same request as a shell command. */
  readonly curl: string;
}

/** How a client asks for a version label of the city list under the running scheme (served or not). */
export interface VersionAsk extends ExampleRequest {
  /** The version label as the scheme spells it (`v2`, `2`). */
  readonly version: string;
  /** Other requests the scheme answers the same (a composite's other members: `?version=2`); often none. */
  readonly alternatives: readonly ExampleRequest[];
}

/** How a client asks for one version the running scheme serves, and the response shape it gets. */
export interface VersionRequest extends VersionAsk {
  readonly shape: Shape;
  /** Absolute URL of the version's OpenAPI document (`/api/openapi/v2.json`). */
  readonly openapi: string;
}

/** A request as a copy-pasteable shell command (URL and headers single-quoted; they hold no quote). */
export function toCurl(request: {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}): string {
  const headers = Object.entries(request.headers).map(([name, value]) => ` -H '${name}: ${value}'`);
  return `curl${headers.join('')} '${request.url}'`;
}

/** `GET /api/meta`: the running scheme and how to ask for each version. */
export interface ApiMeta {
  readonly scheme: SchemeName;
  /** The scheme's class, e.g. `URLPathVersioning`. */
  readonly schemeClass: string;
  /** Where a request carries the version, in words. */
  readonly versionIn: string;
  /** Always null: this route is version-neutral. */
  readonly version: null;
  /** The URL keyword, query or media type parameter the version is read from; null when the scheme reads none. */
  readonly versionParam: string | null;
  readonly defaultVersion: string | null;
  readonly versions: readonly VersionRequest[];
  readonly parameters: Readonly<Record<string, string>>;
}

/** Where the live version usage is served: `GET /api/usage` (version-neutral). */
export const usagePath = '/api/usage';

/** `GET /api/usage`: the API's answered requests per version since the server started, and v1's brownouts. */
export interface VersionUsage {
  readonly versions: readonly {
    /** `null`: requests whose version was refused. */
    readonly version: string | null;
    readonly requests: number;
    /** Answered 4xx or 5xx (a brownout's 410 among them). */
    readonly refused: number;
    /** How each request's version was chosen (restdash's request channel). */
    readonly how: Readonly<Record<'sent' | 'default' | 'pinned' | 'waterfall', number>>;
  }[];
  /** The brownouts of the oldest version; `null` when the server schedules none. */
  readonly brownout: {
    readonly version: string;
    readonly active: boolean;
    /** The end of the current window (ISO 8601), when active. */
    readonly until: string | null;
    /** The start of the next window, when there is one. */
    readonly next: string | null;
    readonly schedule: string;
  } | null;
}

/** An error body (`application/problem+json`). */
export type Problem = ProblemDetails;
