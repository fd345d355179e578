// The demo API's version changes, as a history of `@restdash/versioning/changes`, for its changelog page: what a
// city and a city list gained or lost from one version to the next. The labels are the running scheme's.
import { change, field, migrateResponse, VersionHistory } from '@restdash/versioning/changes';
import { citiesRouteName, type Labels } from './schemes.js';

/** A city in lists (and its v2 detail), newest shape. */
const City = {
  $id: 'City',
  type: 'object',
  required: ['id', 'name', 'countryCode', 'population', 'location', 'url'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    countryCode: { type: 'string', pattern: '^[A-Z]{2}$' },
    population: { type: 'integer', minimum: 0 },
    location: {
      type: 'object',
      required: ['lat', 'lon'],
      properties: { lat: { type: 'number' }, lon: { type: 'number' } },
    },
    url: { type: 'string', format: 'uri' },
  },
};

/** A city's detail, newest shape: a list's city and GeoNames' codes. */
const CityDetail = {
  $id: 'CityDetail',
  type: 'object',
  required: [...City.required, 'featureCode', 'adminCode'],
  additionalProperties: false,
  properties: { ...City.properties, featureCode: { type: 'string' }, adminCode: { type: 'string' } },
};

/** A v2 list body as the v1 envelope (DRF's `PageNumberPagination`). */
function toV1Envelope(body: unknown): unknown {
  const { data, meta, links } = body as {
    data: unknown[];
    meta: { totalItems: number };
    links: { next: string | null; prev: string | null };
  };
  return { count: meta.totalItems, next: links.next, previous: links.prev, results: data };
}

/** The history of the demo API under a scheme whose versions are `labels` (v1, v2, v3 as that scheme spells them). */
export function apiHistory(labels: Labels): VersionHistory {
  const [, v2, v3] = labels;
  return new VersionHistory(labels, {
    [v2]: [
      change('Cities have an id, a location and a URL of their own detail', [
        field(City, 'id').added(),
        field(City, 'location').added(),
        field(City, 'url').added(),
      ]),
      change('A city’s country is "countryCode", its ISO 3166-1 code', [
        field(City, 'countryCode').renamedFrom('country'),
      ]),
      change(
        'A list is { data, meta, links }: the paging numbers in "meta", every navigation link in "links"',
        [migrateResponse({ route: citiesRouteName }, toV1Envelope)],
      ),
    ],
    [v3]: [
      change('A city’s detail has GeoNames’ feature and first-order administrative division codes', [
        field(CityDetail, 'featureCode').added(),
        field(CityDetail, 'adminCode').added(),
      ]),
    ],
  });
}
