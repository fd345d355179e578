import type { CityListV1, CityListV2, CityV2, CityV3 } from '../shared/api.js';
import type { City } from './cities.js';
import type { CityPage } from './list-params.js';

/** Absolute URL of page `n` of the same list (same version, filters and page size). */
export type PageLink = (n: number) => string;
/** Absolute URL of a city's detail in the same version. */
export type CityLink = (city: City) => string;

/** A city in v2 (and v3) lists and v2 details. */
export function toCityV2(city: City, url: CityLink): CityV2 {
  return {
    id: city.id,
    name: city.name,
    countryCode: city.country,
    population: city.population,
    location: { lat: city.lat, lon: city.lon },
    url: url(city),
  };
}

/** A city's v3 detail: v2's and GeoNames' codes. */
export function toCityV3(city: City, url: CityLink): CityV3 {
  return { ...toCityV2(city, url), featureCode: city.featureCode, adminCode: city.adminCode };
}

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

/**
 * The v2 (and v3) body: `data` with ids, locations and detail URLs, paging numbers in `meta`, every navigation link
 * in `links`.
 */
export function toV2(page: CityPage, link: PageLink, cityLink: CityLink): CityListV2 {
  return {
    data: page.items.map((city) => toCityV2(city, cityLink)),
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
