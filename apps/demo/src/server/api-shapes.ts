import type { CityListV1, CityListV2 } from '../shared/api.js';
import type { CityPage } from './list-params.js';

/** Absolute URL of page `n` of the same list (same version, filters and page size). */
export type PageLink = (n: number) => string;

/** The v1 body: DRF's `PageNumberPagination` envelope around flat cities. */
export function toV1(page: CityPage, link: PageLink): CityListV1 {
  return {
    count: page.totalItems,
    next: page.page < page.totalPages ? link(page.page + 1) : null,
    previous: page.page > 1 ? link(page.page - 1) : null,
    results: page.items.map((city) => ({
      name: city.name,
      country: city.country,
      population: city.population,
    })),
  };
}

/** The v2 body: `data` with ids and locations, paging numbers in `meta`, every navigation link in `links`. */
export function toV2(page: CityPage, link: PageLink): CityListV2 {
  return {
    data: page.items.map((city) => ({
      id: city.id,
      name: city.name,
      countryCode: city.country,
      population: city.population,
      location: { lat: city.lat, lon: city.lon },
    })),
    meta: {
      page: page.page,
      pageSize: page.pageSize,
      totalPages: page.totalPages,
      totalItems: page.totalItems,
    },
    links: {
      self: link(page.page),
      first: link(1),
      prev: page.page > 1 ? link(page.page - 1) : null,
      next: page.page < page.totalPages ? link(page.page + 1) : null,
      last: link(page.totalPages),
    },
  };
}
