import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { NameSearchIndex } from '../src/server/search-index.js';

const names = ['paris', 'parma', 'rome', 'aaa', 'bar', '‘afak', 'san josé', 'ab'];
const index = new NameSearchIndex(names);

describe('NameSearchIndex', () => {
  test.each([
    ['a', [0, 1, 3, 4, 5, 6, 7]],
    ['pa', [0, 1]],
    ['par', [0, 1]],
    ['aris', [0]],
    ['aa', [3]],
    ['aaa', [3]],
    ['aaaa', []],
    ['‘a', [5]],
    ['n j', [6]],
    ['é', [6]],
    ['ab', [7]],
    ['rom', [2]],
    ['zz', []],
    ['q', []],
    ['s\nr', []],
    ['ar', [0, 1, 4]],
  ])('%j → %j (each name once, ascending)', (needle, positions) => {
    expect(Array.from(index.find(needle))).toEqual(positions);
  });

  test('a needle that only spans two adjacent names matches neither', () => {
    // "rome" then "aaa": "ea" is in neither name.
    expect(Array.from(index.find('ea'))).toEqual([]);
    expect(Array.from(index.find('mea'))).toEqual([]);
  });

  test('finds exactly the names that contain the needle, for any names and needles', () => {
    const alphabet = fc.constantFrom(...'aabn é‘\n'.split(''));
    const text = fc.string({ unit: alphabet, maxLength: 8 });
    fc.assert(
      fc.property(
        fc.array(text, { maxLength: 30 }),
        fc.string({ unit: alphabet, minLength: 1, maxLength: 4 }),
        (list, needle) => {
          const expected = list.flatMap((name, position) => (name.includes(needle) ? [position] : []));
          expect(Array.from(new NameSearchIndex(list).find(needle))).toEqual(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('an empty index finds nothing', () => {
    expect(Array.from(new NameSearchIndex([]).find('a'))).toEqual([]);
  });
});
