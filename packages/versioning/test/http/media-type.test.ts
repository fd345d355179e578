import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { NotAcceptable } from '../../src/errors.js';
import { parseMediaType } from '../../src/http/media-type.js';
import { negotiate } from '../../src/http/negotiation.js';
import { stringWork } from '../work-meter.js';
import {
  invalidRenderersCases,
  negotiateCases,
  parseCases,
  versionPrecedenceCases,
} from './media-type.cases.js';

/** `negotiate()`'s answer, with `NotAcceptable` as `null` so that results compare as values. */
function outcome(accept: string | null, renderers: readonly string[]): string | null {
  try {
    return negotiate(accept, renderers);
  } catch (error) {
    if (error instanceof NotAcceptable) return null;
    throw error;
  }
}

describe('parseMediaType', () => {
  test.each(parseCases)('$title: $input', ({ input, type, subtype, params }) => {
    const parsed = parseMediaType(input);
    expect({ type: parsed.type, subtype: parsed.subtype, params: [...parsed.params] }).toEqual({
      type,
      subtype,
      params,
    });
  });

  test('a non-string is a TypeError naming the value', () => {
    expect(() => parseMediaType(42 as unknown as string)).toThrow(
      new TypeError('parseMediaType(text): expected a string, got 42'),
    );
  });
});

describe('negotiate', () => {
  test.each(negotiateCases)('$title', ({ accept, renderers, expected }) => {
    expect(outcome(accept, renderers)).toBe(expected);
  });

  test.each(versionPrecedenceCases)('version precedence: $title', ({ accept, renderers, expected }) => {
    expect(outcome(accept, renderers)).toBe(expected);
  });

  test('nothing acceptable is NotAcceptable (406) with DRF’s detail', () => {
    const call = () => negotiate('text/html', ['application/json']);
    expect(call).toThrow(NotAcceptable);
    expect(call).toThrow('Could not satisfy the request Accept header.');
    try {
      call();
    } catch (error) {
      expect((error as NotAcceptable).toJSON()).toMatchObject({ status: 406, code: 'not_acceptable' });
    }
  });

  test.each(invalidRenderersCases)('renderers: $title is a TypeError', ({ renderers, message }) => {
    const call = () => negotiate(null, renderers as readonly string[]);
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
  });

  test('a remembered NotAcceptable is a fresh error each time', () => {
    const errors = [1, 2].map(() => {
      try {
        return negotiate('image/png', ['application/json']);
      } catch (error) {
        return error;
      }
    });
    expect(errors[0]).toBeInstanceOf(NotAcceptable);
    expect(errors[1]).toBeInstanceOf(NotAcceptable);
    expect(errors[1]).not.toBe(errors[0]);
  });

  test('a header answered for some renderers is answered again for others', () => {
    expect(outcome('text/html', ['application/json'])).toBeNull();
    expect(outcome('text/html', ['text/html'])).toBe('text/html');
    expect(outcome('text/html', ['application/json'])).toBeNull();
  });

  test('a renderers array changed after a negotiation is read again', () => {
    const changing = ['application/json'];
    expect(outcome('text/html', changing)).toBeNull();
    changing[0] = 'text/html';
    expect(outcome('text/html', changing)).toBe('text/html');
    expect(outcome('image/png', changing)).toBeNull();
    changing.push('image/png');
    expect(outcome('image/png', changing)).toBe('image/png');
    changing[1] = 'text/*';
    expect(() => negotiate('text/html', changing)).toThrow('renderers[1] must be a concrete media type');
  });

  test('an acceptHeader that is not a string or null is a TypeError', () => {
    expect(() => negotiate(7 as unknown as string, ['application/json'])).toThrow(
      'negotiate(acceptHeader, renderers): acceptHeader must be a string or null, got 7',
    );
  });
});

const mediaTypePieces = fc.constantFrom(
  'text',
  'application',
  'json',
  '*',
  '/',
  ';',
  ',',
  '=',
  'q',
  '0.5',
  '1',
  '0',
  'version',
  '1.0',
  '"',
  '\\',
  ' ',
  '\t',
  'é',
  '\u0000',
  '\u{1F600}',
);
/** Strings built from the grammar's own pieces: they reach deep into the scanner's states. */
const grammarish = fc.array(mediaTypePieces, { maxLength: 40 }).map((pieces) => pieces.join(''));
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  grammarish,
);
const renderers = ['application/json', 'text/html', 'application/json; charset=utf-8'] as const;

describe('properties', () => {
  test('parseMediaType never throws, and a non-empty type always has a subtype', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const parsed = parseMediaType(text);
        expect(parsed.type === '').toBe(parsed.subtype === '');
      }),
      { numRuns: 2000 },
    );
  });

  test('negotiate throws nothing but NotAcceptable, and answers with one of the renderers’ types', () => {
    fc.assert(
      fc.property(anyText, (accept) => {
        const accepted = outcome(accept, renderers);
        if (accepted === null) return;
        const { type, subtype } = parseMediaType(accepted);
        expect(renderers.map((renderer) => renderer.split(';')[0])).toContain(`${type}/${subtype}`);
      }),
      { numRuns: 2000 },
    );
  });

  test('what negotiate accepts parses as a media type with the version the client sent', () => {
    const version = fc.stringMatching(/^[0-9a-z.]{1,8}$/);
    fc.assert(
      fc.property(fc.constantFrom('*/*', 'application/*', 'application/json'), version, (range, v) => {
        const accepted = negotiate(`${range}; version=${v}`, ['application/json']);
        expect(parseMediaType(accepted).params.get('version')).toBe(v);
      }),
    );
  });

  test('a remembered answer is the answer worked out anew', () => {
    // A fresh array each time is parsed anew, with nothing remembered; the shared one remembers its answers.
    fc.assert(
      fc.property(anyText, (accept) => {
        const fresh = outcome(accept, [...renderers]);
        expect(outcome(accept, renderers)).toBe(fresh);
        expect(outcome(accept, renderers)).toBe(fresh);
      }),
      { numRuns: 1000 },
    );
  });

  test('permuting elements with distinct q-values does not change the result', () => {
    const ranges = fc.constantFrom(
      'application/json',
      'application/json; version=1',
      'application/json; charset=utf-8',
      'application/*',
      'text/html',
      'text/html; level=1',
      'text/*',
      '*/*',
      '*/*; version=2',
      'image/png',
    );
    const weighted = fc
      .uniqueArray(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 8 })
      .chain((weights) =>
        fc.tuple(
          fc.array(ranges, { minLength: weights.length, maxLength: weights.length }),
          fc.constant(weights),
          fc.array(fc.nat(), { minLength: weights.length, maxLength: weights.length }),
        ),
      );
    fc.assert(
      fc.property(weighted, ([types, weights, sortKeys]) => {
        const elements = types.map((type, index) => `${type};q=${String((weights[index] ?? 0) / 1000)}`);
        const shuffled = elements
          .map((element, index) => ({ element, key: sortKeys[index] ?? 0 }))
          .sort((a, b) => a.key - b.key)
          .map(({ element }) => element);
        expect(outcome(shuffled.join(', '), renderers)).toBe(outcome(elements.join(', '), renderers));
      }),
      { numRuns: 1000 },
    );
  });
});

/** Repeats `unit` until the text is at least `size` characters long, then closes it with `tail`. */
function build(unit: string, size: number, head = '', tail = ''): string {
  return head + unit.repeat(Math.ceil(size / unit.length)) + tail;
}

const adversarial: readonly (readonly [string, (size: number) => string])[] = [
  ['many elements', (size) => build('*/*;q=0.5, ', size)],
  ['many malformed elements', (size) => build('a/b c, ', size)],
  ['one unterminated quoted string per element', (size) => build('a/b;p="x, ', size)],
  ['a long quoted value full of escapes', (size) => build('\\"', size, 'a/b; p="', '"')],
  ['many parameters', (size) => build(';p=1', size, 'application/json')],
  ['many distinct parameters', (size) => build(';p=1;r=2;s=3;t=4;u=5', size, '*/*')],
  ['a whitespace run before garbage', (size) => build(' ', size, 'a/b', 'x')],
  ['only semicolons', (size) => build(';', size, 'a/b')],
  ['only slashes', (size) => build('/', size)],
  ['one long token', (size) => build('a', size)],
  ['commas inside quotes', (size) => build(',', size, 'a/b; p="', '"')],
];

function stepsFor(header: string): number {
  return stringWork(() => {
    outcome(header, renderers);
    parseMediaType(header);
  });
}

describe('linear time (string work counted from outside, not timed)', () => {
  test.each(adversarial)('%s: ten times the header costs about ten times the work', (_name, make) => {
    const small = make(100_000);
    const large = make(1_000_000);
    const smallSteps = stepsFor(small);
    const largeSteps = stepsFor(large);
    // Reading the input is linear work already, so a ratio under 5 would mean the meter misses the real work.
    expect(largeSteps / smallSteps).toBeGreaterThan(5);
    expect(largeSteps / smallSteps).toBeLessThan(20);
  });
});
