import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createRequest } from '../../src/http/request.js';

// A query with nothing to decode is read without parsing all of it; the answer must be URLSearchParams' own.
test('queryParams.get() answers as URLSearchParams does, for any query and key', () => {
  const chars = fc.constantFrom('a', 'b', 'v', '=', '&', '1', '.', '%', '+', '2', 'F', ' ', 'é');
  fc.assert(
    fc.property(
      fc.string({ unit: chars, maxLength: 30 }),
      fc.string({ unit: chars, maxLength: 3 }),
      (query, key) => {
        const request = createRequest(
          new Request(`http://localhost/?${encodeURI(query).replaceAll('#', '%23')}`),
        );
        const expected =
          new URLSearchParams(encodeURI(query).replaceAll('#', '%23')).getAll(key).at(-1) ?? null;
        expect(request.queryParams.get(key)).toBe(expected);
      },
    ),
    { numRuns: 2000 },
  );
});
