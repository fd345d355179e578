// The demo API's history of version changes (@restdash/versioning/changes): the handlers write the newest version
// only, and every older version a client asks for is derived from this — responses migrated down, the changelog
// page and the OpenAPI documents written from it. The labels are the running scheme's (v1, v2, v3 as it spells them).
import { change, field, migrateResponse, VersionHistory } from '@restdash/versioning/changes';
import { City, CityDetail, CityListV1 } from './api-schemas.js';
import { citiesRouteName, type Labels } from './schemes.js';

/** A page of the newest shape as the first version's envelope (DRF's `PageNumberPagination`). */
function toV1Envelope(body: {
  data: unknown[];
  meta: { totalItems: number };
  links: { next: string | null; prev: string | null };
}): unknown {
  return {
    count: body.meta.totalItems,
    next: body.links.next,
    previous: body.links.prev,
    results: body.data,
  };
}

/** An id the third version sends as a string, as the versions before it send it: a number. */
const idRetyped = {
  schema: { type: 'integer', minimum: 1 },
  up: (id: number) => String(id),
  down: (id: string) => Number(id),
} as const;

/** The history of the demo API under a scheme whose versions are `labels`. */
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
        // The function's result is the older envelope: its schema, for the documents and checkResponses.
        [migrateResponse({ route: citiesRouteName }, toV1Envelope, { schema: CityListV1 })],
      ),
    ],
    [v3]: [
      change('A city’s id is a string (GeoNames ids outgrow no JavaScript number, but other ids will)', [
        field(City, 'id').retyped(idRetyped),
        field(CityDetail, 'id').retyped(idRetyped),
      ]),
      change('A city’s detail has GeoNames’ feature and first-order administrative division codes', [
        field(CityDetail, 'featureCode').added(),
        field(CityDetail, 'adminCode').added(),
      ]),
    ],
  });
}
