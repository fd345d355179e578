import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { NoReverseMatch } from '../../src/errors.js';
import { path } from '../../src/urls/route-builders.js';
import type { CompiledRoute } from '../../src/urls/route.types.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { sample } from './urlconf.cases.js';

const urlconf = new UrlConf([
  path('/items/:a/:b/', 'items', { name: 'items' }),
  path('/files/*rest', 'files', { name: 'files' }),
]);

/** Characters that need care in a URL, mixed with whole Unicode graphemes (no lone surrogates: those are TypeErrors). */
const tricky = fc.oneof(
  fc.constantFrom('/', '%', '?', '#', '.', '+', ' ', '%2F', '%zz', 'é', '😀', '\u0000', '&', '=', ';', '\\'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }),
);
const value = fc.array(tricky, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));
const isDotSegment = (text: string) => text === '.' || text === '..';

/** What a client does with the URL before sending it: a WHATWG URL parser must leave the path as it is. */
const sent = (reversed: string) => new URL(reversed, 'http://localhost').pathname;

describe('reverse then resolve', () => {
  test('round-trips kwargs on /items/:a/:b/ for arbitrary strings', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        fc.pre(!isDotSegment(a) && !isDotSegment(b));
        const reversed = urlconf.reverse('items', { kwargs: { a, b } });
        expect(sent(reversed)).toBe(reversed);
        expect(urlconf.resolve(reversed)).toMatchObject({ route: '/items/:a/:b/', kwargs: { a, b } });
      }),
    );
  });

  test('round-trips a wildcard made of segments without /', () => {
    const segment = value.map((text) => text.replaceAll('/', '_')).filter((text) => !isDotSegment(text));
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const rest = segments.join('/');
        const reversed = urlconf.reverse('files', { kwargs: { rest } });
        expect(sent(reversed)).toBe(reversed);
        expect(urlconf.resolve(reversed)?.kwargs).toEqual({ rest });
      }),
    );
  });

  test('a value that is a dot segment is no match, never a URL a client would shorten', () => {
    for (const dots of ['.', '..']) {
      expect(() => urlconf.reverse('items', { kwargs: { a: dots, b: 'x' } })).toThrow(NoReverseMatch);
    }
  });
});

describe('reversal skips the round-trip check only where it cannot fail', () => {
  // Routes whose parameters each stand alone in a segment skip the check; the others are here to compare too.
  const shapes = new UrlConf([
    path('/items/:a/:b/', 'h', { name: 'plain' }),
    path('/:a/x/:b', 'h', { name: 'plain, no trailing slash' }),
    path('/exports/:a.csv/:b/', 'h', { name: 'plain, text around a parameter' }),
    path('/café/:a/:b/', 'h', { name: 'plain, encoded literal' }),
    path('/a-:a/:b-b/', 'h', { name: 'plain, prefix and suffix' }),
    path('/pair/:a-:b/', 'h', { name: 'two parameters in a segment' }),
    path('/opt/:a{/:b}/', 'h', { name: 'optional group' }),
    path('/rest/:a/*b', 'h', { name: 'wildcard' }),
  ]);
  const routes = [...shapes.routes()] as CompiledRoute[];
  const values = fc.array(fc.oneof(value, fc.constantFrom('', '.', '..', '...', '-', '.csv', undefined)), {
    minLength: 2,
    maxLength: 2,
  });

  test.each(routes.map((route) => [route.name, route] as const))('%s', (_name, route) => {
    fc.assert(
      fc.property(values, (given) => {
        expect(route.pathFor(given)).toBe(route.roundTripPathFor(given));
      }),
      { numRuns: 500 },
    );
  });
});

describe('resolve', () => {
  const garbage = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc
      .array(
        fc.constantFrom('/', '%', '%2', '%zz', '%C3', '%A9', 'items', 'files', 'v1', '?', '#', '.', ':', '*'),
        {
          maxLength: 20,
        },
      )
      .map((parts) => parts.join('')),
  );

  test('never throws on arbitrary strings, and a match resolves to a route of the conf', () => {
    fc.assert(
      fc.property(garbage, (input) => {
        for (const conf of [urlconf, sample]) {
          const match = conf.resolve(input);
          if (match !== null) expect([...conf.routes()].map((route) => route.pattern)).toContain(match.route);
        }
      }),
    );
  });
});
