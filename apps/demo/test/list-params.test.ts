import fc from 'fast-check';
import { isAPIException, withLanguage } from '@restdash/versioning';
import { describe, expect, test } from 'vitest';
import type { City } from '../src/server/cities.js';
import { paginate, parseListParams } from '../src/server/list-params.js';
import { invalidListQueries, validListQueries } from './list-params.cases.js';

describe('parseListParams', () => {
  test.each(validListQueries)('?$query', ({ query, expected }) => {
    expect(parseListParams(new URLSearchParams(query))).toEqual(expected);
  });

  test.each(invalidListQueries)('?$query → $status $detail', ({ query, status, detail }) => {
    let caught: unknown;
    try {
      parseListParams(new URLSearchParams(query));
    } catch (error) {
      caught = error;
    }
    expect(isAPIException(caught)).toBe(true);
    expect(caught).toMatchObject({ statusCode: status, message: detail });
  });

  test.each([
    { query: 'page=0', language: 'fr', detail: 'Page non valide.' },
    { query: 'page=x', language: 'zh-CN', detail: '无效页面。' },
    {
      query: 'page_size=1000',
      language: 'de',
      detail: 'Ungültige page_size "1000": erwartet wird eine ganze Zahl von 1 bis 100.',
    },
    {
      query: 'ordering=size',
      language: 'pt-BR',
      detail: 'ordering "size" inválido: esperado um de -population, population, name, -name.',
    },
    {
      query: `search=${'y'.repeat(101)}`,
      language: 'ja',
      detail: 'search "yyyyyyyyyyyyyyyyyyyy…" は不正です: 100 文字を超えています。',
    },
  ])('?$query read in $language: $detail', ({ query, language, detail }) => {
    let caught: unknown;
    try {
      parseListParams(new URLSearchParams(query));
    } catch (error) {
      caught = error;
    }
    expect(withLanguage(language, () => (caught as Error).message)).toBe(detail);
    // The same error, read again outside, is English.
    expect((caught as Error).message).not.toBe(detail);
  });

  test('any query string gives valid parameters or an API error, never another exception', () => {
    const key = fc.constantFrom('page', 'page_size', 'ordering', 'search', 'version', 'x');
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.string({ unit: 'binary' })), { maxLength: 6 }), (pairs) => {
        const query = new URLSearchParams(pairs);
        try {
          const params = parseListParams(query);
          expect(params.pageSize).toBeGreaterThanOrEqual(1);
          expect(params.pageSize).toBeLessThanOrEqual(100);
          expect(params.page === 'last' || Number.isSafeInteger(params.page)).toBe(true);
        } catch (error) {
          expect(isAPIException(error)).toBe(true);
        }
      }),
    );
  });
});

describe('paginate', () => {
  const city = (id: number): City => ({
    id,
    name: `c${id}`,
    country: 'XX',
    population: 0,
    lat: 0,
    lon: 0,
    featureCode: 'PPL',
    adminCode: '01',
  });
  const items = Array.from({ length: 23 }, (_, index) => city(index + 1));

  test.each([
    { page: 1, ids: [1, 10], totalPages: 3 },
    { page: 3, ids: [21, 23], totalPages: 3 },
    { page: 'last' as const, ids: [21, 23], totalPages: 3 },
  ])('page $page of 23 items by 10', ({ page, ids, totalPages }) => {
    const result = paginate(items, page, 10);
    expect([result.items[0]?.id, result.items.at(-1)?.id]).toEqual(ids);
    expect(result).toMatchObject({ totalPages, totalItems: 23, pageSize: 10 });
  });

  test('an empty list has one empty page; past it is NotFound', () => {
    expect(paginate([], 1, 10)).toEqual({ items: [], page: 1, pageSize: 10, totalPages: 1, totalItems: 0 });
    expect(() => paginate([], 2, 10)).toThrow('Invalid page.');
    expect(() => paginate(items, 4, 10)).toThrow(expect.objectContaining({ statusCode: 404 }));
  });
});
