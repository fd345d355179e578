import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  compilePolicies,
  formatDeprecation,
  formatLink,
  formatSunset,
  parsePolicyDate,
} from '../../src/lifecycle/policies.js';
import { dateCases, dateErrorCases, policyCases, policyErrorCases } from './policies.cases.js';
import { parseImfFixdate, parseLinkHeader, parseSfDate } from './rfc-grammars.js';

describe('parsePolicyDate', () => {
  test.each(dateCases)('$title', ({ value, expected }) => {
    expect(new Date(parsePolicyDate('date', value)).toISOString()).toBe(expected);
  });

  test.each(dateErrorCases)('$title → TypeError', ({ value, message }) => {
    const call = () => parsePolicyDate('policies["v1"].sunset', value);
    expect(call).toThrow(TypeError);
    expect(call).toThrow(`policies["v1"].sunset `);
    expect(call).toThrow(message);
  });

  test('never throws anything but a TypeError on any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        try {
          const time = parsePolicyDate('date', text);
          expect(time % 1000).toBe(0);
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('compilePolicies', () => {
  test.each(policyCases)('$title', ({ policy, headers }) => {
    expect(compilePolicies('test', { v1: policy }).get('v1')?.headers).toEqual(headers);
  });

  test.each(policyErrorCases)('$title → TypeError', ({ policies, message }) => {
    const call = () => compilePolicies('test', policies);
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
  });

  test('brownout windows: in time order, floored to the second; touching windows and one ending at the sunset are fine', () => {
    const policy = compilePolicies('test', {
      v1: {
        sunset: '2025-07-01',
        brownouts: [
          { start: '2025-06-30T23:00:00Z', end: '2025-07-01T00:00:00Z' },
          { start: new Date('2025-06-02T12:00:00.900Z'), end: '2025-06-02T13:00:00Z' },
          { start: '2025-06-02T13:00:00Z', end: '2025-06-02T13:00:01Z' },
        ],
      },
    }).get('v1');
    expect(policy?.brownouts).toEqual([
      { start: Date.UTC(2025, 5, 2, 12), end: Date.UTC(2025, 5, 2, 13) },
      { start: Date.UTC(2025, 5, 2, 13), end: Date.UTC(2025, 5, 2, 13, 0, 1) },
      { start: Date.UTC(2025, 5, 30, 23), end: Date.UTC(2025, 6, 1) },
    ]);
    expect(policy?.headers).toEqual([['Sunset', 'Tue, 01 Jul 2025 00:00:00 GMT']]);
  });

  test('no policies: an empty map', () => {
    expect(compilePolicies('test', undefined).size).toBe(0);
  });

  test('keeps the instants, floored to the second', () => {
    const policy = compilePolicies('test', {
      v1: { deprecation: '2025-01-01T00:00:00.400Z', sunset: '2025-07-01T00:00:00.600Z' },
    }).get('v1');
    expect(policy).toMatchObject({
      deprecation: Date.UTC(2025, 0, 1),
      sunset: Date.UTC(2025, 6, 1),
    });
  });
});

// Any instant a policy may name (1970–9999), its header fields read back by the RFCs' grammars.
const instant = fc.integer({ min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59) });

describe('header syntax, checked against the RFC grammars', () => {
  test('Deprecation is an RFC 9651 sf-date: "@" and the integer seconds (RFC 9745 §2.1)', () => {
    fc.assert(
      fc.property(instant, (time) => {
        expect(parseSfDate(formatDeprecation(time))).toBe(Math.floor(time / 1000));
      }),
    );
  });

  test('Sunset is an IMF-fixdate (RFC 8594 §3, RFC 9110 §5.6.7) that Date.parse reads back', () => {
    fc.assert(
      fc.property(instant, (time) => {
        const value = formatSunset(Math.floor(time / 1000) * 1000);
        expect(parseImfFixdate(value)).toBe(Math.floor(time / 1000) * 1000);
        expect(Date.parse(value)).toBe(Math.floor(time / 1000) * 1000);
      }),
    );
  });

  test('Link parses as RFC 8288: one link-value per relation, type text/html', () => {
    const links = parseLinkHeader(formatLink('https://api.example.com/v1?lang=en#retire', true));
    expect(links.map(({ target, params }) => [target, Object.fromEntries(params)])).toEqual([
      ['https://api.example.com/v1?lang=en#retire', { rel: 'deprecation', type: 'text/html' }],
      ['https://api.example.com/v1?lang=en#retire', { rel: 'sunset', type: 'text/html' }],
    ]);
    expect(parseLinkHeader(formatLink('/docs/v1', false))).toEqual([
      {
        target: '/docs/v1',
        params: new Map([
          ['rel', 'deprecation'],
          ['type', 'text/html'],
        ]),
      },
    ]);
  });

  test('every link a policy accepts gives a Link field that parses back to it', () => {
    const uriChars = fc.constantFrom(..."abcXYZ019-._~:/?#[]@!$&'()*+,;=".split(''), '%20', '%C3%A9');
    fc.assert(
      fc.property(
        fc.string({ unit: uriChars, minLength: 1, maxLength: 30 }),
        fc.boolean(),
        (path, sunset) => {
          const link = `https://example.com/${path}`;
          let policy;
          try {
            policy = compilePolicies('test', {
              v1: { link, ...(sunset ? { sunset: '2030-01-01' } : {}) },
            }).get('v1');
          } catch (error) {
            // URL-invalid references (such as "[" outside a host) are refused, never passed on.
            expect(error).toBeInstanceOf(TypeError);
            return;
          }
          const field = policy?.headers.find(([name]) => name === 'Link')?.[1] ?? '';
          const links = parseLinkHeader(field);
          expect(links.map(({ target }) => target)).toEqual(sunset ? [link, link] : [link]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
