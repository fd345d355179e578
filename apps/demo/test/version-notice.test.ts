import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { linkTarget, versionNotice } from '../src/client/version-notice.js';

const base = 'http://127.0.0.1:3000/api/v1/cities/';
// What the demo's API sends for a v1 answer (see the API suite).
const v1Headers = {
  deprecation: '@1767225600',
  sunset: 'Thu, 01 Jul 2027 00:00:00 GMT',
  link: '</api/docs/?urls.primaryName=v2>; rel="deprecation"; type="text/html", </api/docs/?urls.primaryName=v2>; rel="sunset"; type="text/html"',
  'api-supported-versions': 'v2, v3',
  'api-deprecated-versions': 'v1',
  'content-type': 'application/json; charset=utf-8',
};

describe('versionNotice', () => {
  test('reads the dates, the deprecation link (made absolute) and the version report', () => {
    expect(versionNotice(v1Headers, base)).toEqual({
      deprecation: new Date('2026-01-01T00:00:00Z'),
      sunset: new Date('2027-07-01T00:00:00Z'),
      link: 'http://127.0.0.1:3000/api/docs/?urls.primaryName=v2',
      supported: ['v2', 'v3'],
      deprecated: ['v1'],
      fields: [
        ['Deprecation', v1Headers.deprecation],
        ['Sunset', v1Headers.sunset],
        ['Link', v1Headers.link],
        ['api-supported-versions', 'v2, v3'],
        ['api-deprecated-versions', 'v1'],
      ],
    });
  });

  test('a report alone (v2) is a notice without dates; no lifecycle header at all is none', () => {
    expect(versionNotice({ 'api-supported-versions': 'v2, v3' }, base)).toMatchObject({
      deprecation: null,
      sunset: null,
      link: null,
      supported: ['v2', 'v3'],
      deprecated: [],
    });
    expect(versionNotice({ 'content-type': 'application/json' }, base)).toBeNull();
  });

  test.each([
    { deprecation: 'yesterday', sunset: 'soon' },
    { deprecation: '@', sunset: '' },
    { deprecation: '1767225600', sunset: 'x'.repeat(100) },
  ])('malformed dates are left out: $deprecation, $sunset', (fields) => {
    expect(versionNotice(fields, base)).toMatchObject({ deprecation: null, sunset: null });
  });

  test('never throws, whatever the fields hold', () => {
    const names = ['deprecation', 'sunset', 'link', 'api-supported-versions', 'api-deprecated-versions'];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names), fc.string({ unit: 'binary' })), (headers) => {
        const notice = versionNotice(headers, base);
        expect(notice?.fields.length ?? 0).toBe(Object.keys(headers).length);
      }),
    );
  });
});

describe('linkTarget', () => {
  test.each([
    { value: '<https://example.com/a>; rel=deprecation', expected: 'https://example.com/a' },
    { value: '<a>; rel="sunset", <b>; rel="Deprecation"', expected: 'http://127.0.0.1:3000/api/v1/cities/b' },
    {
      value: '<a>; rel="sunset deprecation"; type="text/html"',
      expected: 'http://127.0.0.1:3000/api/v1/cities/a',
    },
    { value: '<a>; title="rel=deprecation"', expected: null },
    { value: '<http://[bad>; rel="deprecation"', expected: null },
    { value: 'rel="deprecation"', expected: null },
  ])('$value → $expected', ({ value, expected }) => {
    expect(linkTarget(value, 'deprecation', base)).toBe(expected);
  });

  test('finds a link whatever surrounds it, never throws on any field', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (before, after) => {
        const value = `${before.replace(/[<>]/g, '')}, <http://example.com/x>; rel="deprecation", ${after}`;
        const found = linkTarget(value, 'deprecation', base);
        expect(found === null || found === 'http://example.com/x').toBe(true);
        linkTarget(`${before}${after}`, 'deprecation', base);
      }),
    );
  });

  test('a field of unclosed brackets is read in bounded time (left out past 4096 characters)', () => {
    expect(linkTarget('<'.repeat(4097), 'deprecation', base)).toBeNull();
    expect(linkTarget('<'.repeat(4096), 'deprecation', base)).toBeNull();
  });
});
