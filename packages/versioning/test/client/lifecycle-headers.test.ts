import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readLifecycle } from '../../src/client/lifecycle-headers.js';
import { stringWork } from '../work-meter.js';

const read = (fields: Record<string, string>) => readLifecycle(new Headers(fields));

describe('readLifecycle', () => {
  test('what the adapters send for a deprecated version with a sunset', () => {
    const link =
      '<https://api.example.com/docs/retiring-v1>; rel="deprecation"; type="text/html", <https://api.example.com/docs/retiring-v1>; rel="sunset"; type="text/html"';
    expect(
      read({
        deprecation: '@1735689600',
        sunset: 'Tue, 01 Jul 2025 00:00:00 GMT',
        link,
        'api-supported-versions': 'v2, v3',
        'api-deprecated-versions': 'v1',
      }),
    ).toEqual({
      deprecation: new Date('2025-01-01T00:00:00Z'),
      sunset: new Date('2025-07-01T00:00:00Z'),
      links: [
        { href: 'https://api.example.com/docs/retiring-v1', rel: 'deprecation' },
        { href: 'https://api.example.com/docs/retiring-v1', rel: 'sunset' },
      ],
      supportedVersions: ['v2', 'v3'],
      deprecatedVersions: ['v1'],
      retryAfter: null,
    });
  });

  test('nothing said: nulls and no links', () => {
    expect(read({})).toEqual({
      deprecation: null,
      sunset: null,
      links: [],
      supportedVersions: null,
      deprecatedVersions: null,
      retryAfter: null,
    });
  });

  test.each([
    ['delay-seconds, as a brownout sends them', { 'retry-after': '42' }, 42],
    ['zero', { 'retry-after': '0' }, 0],
    [
      "an HTTP-date, counted from the response's Date",
      { 'retry-after': 'Tue, 01 Jul 2025 00:01:30 GMT', date: 'Tue, 01 Jul 2025 00:00:00 GMT' },
      90,
    ],
    [
      'an HTTP-date before the Date: 0',
      { 'retry-after': 'Tue, 01 Jul 2025 00:00:00 GMT', date: 'Tue, 01 Jul 2025 00:01:00 GMT' },
      0,
    ],
    ['a negative number', { 'retry-after': '-5' }, null],
    ['a fraction', { 'retry-after': '1.5' }, null],
    ['garbage', { 'retry-after': 'soon' }, null],
  ])('Retry-After: %s', (_title, fields, seconds) => {
    expect(read(fields).retryAfter).toBe(seconds);
  });

  test('Retry-After as an HTTP-date without a Date header is counted from now', () => {
    const inAMinute = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000).toUTCString();
    expect(read({ 'retry-after': inAMinute }).retryAfter).toBeGreaterThanOrEqual(59);
    expect(read({ 'retry-after': inAMinute }).retryAfter).toBeLessThanOrEqual(61);
  });

  const dates = [
    ['RFC 850', 'Sunday, 06-Nov-94 08:49:37 GMT', '1994-11-06T08:49:37Z'],
    ['asctime', 'Sun Nov  6 08:49:37 1994', '1994-11-06T08:49:37Z'],
    ['IMF-fixdate', 'Sun, 06 Nov 1994 08:49:37 GMT', '1994-11-06T08:49:37Z'],
  ] as const;
  test.each(dates)('Sunset in the %s form', (_form, sunset, iso) => {
    expect(read({ sunset }).sunset).toEqual(new Date(iso));
  });

  test.each([
    ['no such day', 'Mon, 31 Feb 2025 00:00:00 GMT'],
    ['not GMT', 'Tue, 01 Jul 2025 00:00:00 CET'],
    ['what Date.parse would take', '2025-07-01'],
    ['garbage', 'soon'],
  ])('a Sunset that is no HTTP-date (%s) is null', (_title, sunset) => {
    expect(read({ sunset }).sunset).toBeNull();
  });

  test.each([
    ['true'],
    ['1735689600'],
    ['@'],
    ['@1.5'],
    ['@1234567890123456'],
    ['Wed, 01 Jan 2025 00:00:00 GMT'],
  ])('a Deprecation that is no RFC 9651 date (%s) is null', (deprecation) => {
    expect(read({ deprecation }).deprecation).toBeNull();
  });

  test('links: every one, a relation type each, rel lower-cased, parameters quoted with commas and escapes', () => {
    const link =
      '<https://a.example/1>; title="a, b; c \\"d\\""; rel="Deprecation alternate",<https://a.example/2>;rel=next;rel=prev, <https://a.example/3>; type=x';
    expect(read({ link }).links).toEqual([
      { href: 'https://a.example/1', rel: 'deprecation' },
      { href: 'https://a.example/1', rel: 'alternate' },
      // Only the first rel counts (RFC 8288 §3.3).
      { href: 'https://a.example/2', rel: 'next' },
    ]);
  });

  test('links of a Response are resolved against its URL; of Headers, kept as sent', () => {
    const headers = { link: '</docs/v2>; rel="successor-version"' };
    const response = new Response(null, { headers });
    Object.defineProperty(response, 'url', { value: 'https://api.example.com/v1/users/' });
    expect(readLifecycle(response).links).toEqual([
      { href: 'https://api.example.com/docs/v2', rel: 'successor-version' },
    ]);
    expect(read(headers).links).toEqual([{ href: '/docs/v2', rel: 'successor-version' }]);
  });

  test('a link that cannot be read is skipped, the next one still read', () => {
    const link =
      '<https://a.example/1> rel=x, <https://a.example/2>; rel="unclosed, <https://a.example/3>; rel=y';
    expect(read({ link }).links).toEqual([]);
    expect(read({ link: 'junk; rel=a, <https://a.example/4>; rel=b' }).links).toEqual([
      { href: 'https://a.example/4', rel: 'b' },
    ]);
  });

  test('version lists: trimmed, empty entries dropped', () => {
    expect(read({ 'api-supported-versions': ' 1.0 ,, 2.0,', 'api-deprecated-versions': '' })).toMatchObject({
      supportedVersions: ['1.0', '2.0'],
      deprecatedVersions: [],
    });
  });

  test('something that is neither a Response nor Headers is a TypeError', () => {
    expect(() => readLifecycle('deprecation: @1' as never)).toThrow(
      expect.objectContaining({ name: 'TypeError', code: 'ERR_VERSIONING_INVALID_ARGUMENT' }) as Error,
    );
  });
});

describe('readLifecycle never throws on what a server sends (fast-check)', () => {
  // Header values as fetch hands them over: latin1, no CR, LF or NUL, no spaces around them.
  const piece = fc.oneof(
    fc.constantFrom('<', '>', ';', ',', '"', '\\', '=', ' ', 'rel', 'rel=', '@', '-', 'GMT', 'Sun, ', ':'),
    fc.string({
      unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
      maxLength: 6,
    }),
  );
  const value = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join('').trim());

  test('any Deprecation, Sunset, Link and version lists', () => {
    fc.assert(
      fc.property(value, value, value, value, (deprecation, sunset, link, versions) => {
        const lifecycle = read({
          deprecation,
          sunset,
          link,
          'api-supported-versions': versions,
          'api-deprecated-versions': versions,
        });
        expect(lifecycle.deprecation === null || !Number.isNaN(lifecycle.deprecation.getTime())).toBe(true);
        expect(lifecycle.sunset === null || !Number.isNaN(lifecycle.sunset.getTime())).toBe(true);
        for (const found of lifecycle.links) expect(found.rel).toMatch(/^[^\sA-Z]+$/);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('linear time (string work counted from outside, not timed)', () => {
  const adversarial: readonly (readonly [string, (size: number) => string])[] = [
    ['unclosed targets', (size) => '<'.repeat(size)],
    ['unclosed quoted strings', (size) => '<a>; rel="'.repeat(size / 10)],
    ['escapes', (size) => `<a>; rel="${'\\"'.repeat(size / 2)}`],
    ['many parameters', (size) => `<a>${'; x=y'.repeat(size / 5)}`],
    ['many links', (size) => '<a>; rel=b, '.repeat(size / 12)],
    ['commas', (size) => ','.repeat(size)],
    ['semicolons after a target', (size) => `<a>${';'.repeat(size)}`],
  ];
  const stepsFor = (link: string) =>
    stringWork(() => {
      read({ link, deprecation: link, sunset: link, 'api-supported-versions': link });
    });

  test.each(adversarial)('%s: ten times the header costs about ten times the work', (_name, make) => {
    const small = stepsFor(make(20_000));
    const large = stepsFor(make(200_000));
    expect(large / small).toBeGreaterThan(5);
    expect(large / small).toBeLessThan(20);
  });
});
