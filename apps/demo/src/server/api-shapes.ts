import type { CityListV2, CityV2, CityV3 } from '../shared/api.js';
import type { City } from './cities.js';
import type { CityPage } from './list-params.js';

/** Absolute URL of page `n` of the same list (same version, filters and page size). */
export type PageLink = (n: number) => string;
/** Absolute URL of a city's detail in the same version. */
export type CityLink = (city: City) => string;

/**
 * A city in lists, in the newest version: v3's (its id a string). Older versions get it migrated down by the API's
 * history (api-history.ts).
 */
export function toCityV2(city: City, url: CityLink): CityV2 {
  return {
    id: String(city.id),
    name: city.name,
    countryCode: city.country,
    population: city.population,
    location: { lat: city.lat, lon: city.lon },
    url: url(city),
  };
}

/** A city's detail in the newest version: a list's city and GeoNames' codes. */
export function toCityV3(city: City, url: CityLink): CityV3 {
  return { ...toCityV2(city, url), featureCode: city.featureCode, adminCode: city.adminCode };
}

/**
 * A page of the list in the newest version: `data` with ids, locations and detail URLs, paging numbers in `meta`,
 * every navigation link in `links`. The history migrates it down for older versions (v1: DRF's envelope).
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
