import { describe, expect, test } from 'vitest';
import { parseImfFixdate, parseLinkHeader, parseSfDate } from './rfc-grammars.js';

// The readers the lifecycle tests rely on, checked on the RFCs' own examples and on near misses.
describe('test grammars', () => {
  test.each([
    ['<https://example.com/TheBook/chapter2>; rel="previous"; title="previous chapter"', 1],
    ['</>; rel="http://example.net/foo"', 1],
    ['</terms>; rel="copyright"; anchor="#foo"', 1],
    ['<http://example.org/>; rel="start http://example.net/relation/other"', 1],
    ['<https://example.org/>; rel="start", <https://example.org/index>; rel="index"', 2],
    ['<a>;rel=next ,  <b> ; rel = "prev"', 2],
  ])('RFC 8288 Link %s', (field, count) => {
    expect(parseLinkHeader(field)).toHaveLength(count);
  });

  test('Link: quoted values are unquoted, the first rel wins, names are case-insensitive', () => {
    const [link] = parseLinkHeader('<x>; REL="a \\"b\\""; rel=c; Type="text/html"');
    expect(link?.params).toEqual(
      new Map([
        ['rel', 'a "b"'],
        ['type', 'text/html'],
      ]),
    );
  });

  test.each([
    'https://example.com/',
    '<https://example.com/',
    '<https://example.com/> rel="x"',
    '<https://exa mple.com/>; rel="x"',
    '<>; rel="x"',
    '<x>; rel="unterminated',
    '<x>; ="x"',
    '<x>; rel="x",',
    '<x>; type=text/html',
  ])('Link refuses %j', (field) => {
    expect(() => parseLinkHeader(field)).toThrow(SyntaxError);
  });

  test('sf-date', () => {
    expect(parseSfDate('@1688169599')).toBe(1688169599);
    expect(parseSfDate('@-1')).toBe(-1);
    for (const bad of ['1688169599', '@1.5', '@', '@1234567890123456', ' @1']) {
      expect(() => parseSfDate(bad)).toThrow(SyntaxError);
    }
  });

  test('IMF-fixdate', () => {
    expect(parseImfFixdate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
    for (const bad of [
      'Sunday, 06-Nov-94 08:49:37 GMT',
      'Sun Nov  6 08:49:37 1994',
      'Mon, 06 Nov 1994 08:49:37 GMT',
      'Sun, 6 Nov 1994 08:49:37 GMT',
      'Sun, 06 Nov 1994 08:49:37 UTC',
    ]) {
      expect(() => parseImfFixdate(bad)).toThrow(SyntaxError);
    }
  });
});
