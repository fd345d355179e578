import fc from 'fast-check';
import { readLifecycle } from '@restdash/versioning/client';
import type { DeprecationNotice } from '@restdash/versioning/client';
import { describe, expect, test } from 'vitest';
import { versionNotice } from '../src/client/version-notice.js';

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

/** What versionedFetch's onDeprecation reports for such an answer from `base`. */
function announced(headers: Record<string, string>): DeprecationNotice {
  const response = new Response(null, { headers });
  Object.defineProperty(response, 'url', { value: base });
  const { deprecation, sunset, links } = readLifecycle(response);
  return { version: 'v1', url: base, deprecation, sunset, links };
}

describe('versionNotice', () => {
  test('the announced deprecation (dates, its link made absolute) and the answer’s version report and fields', () => {
    expect(versionNotice(v1Headers, base, announced(v1Headers))).toEqual({
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

  test('nothing announced: the report alone (v2), no dates; no lifecycle header at all is none', () => {
    expect(versionNotice({ 'api-supported-versions': 'v2, v3' }, base, null)).toMatchObject({
      deprecation: null,
      sunset: null,
      link: null,
      supported: ['v2', 'v3'],
      deprecated: [],
    });
    expect(versionNotice({ 'content-type': 'application/json' }, base, null)).toBeNull();
  });

  test('a deprecation announced for the version stays while a later answer carries no header', () => {
    expect(versionNotice({}, base, announced(v1Headers))).toMatchObject({
      deprecation: new Date('2026-01-01T00:00:00Z'),
      fields: [],
    });
  });

  test('never throws, whatever the fields hold', () => {
    const names = ['deprecation', 'sunset', 'link', 'api-supported-versions', 'api-deprecated-versions'];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names), fc.string({ unit: 'binary' })), (headers) => {
        const notice = versionNotice(headers, base, null);
        expect(notice?.fields.length ?? 0).toBe(Object.keys(headers).length);
      }),
    );
  });
});
