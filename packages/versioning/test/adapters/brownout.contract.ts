import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readLifecycle } from '../../src/client/lifecycle-headers.js';
import { gettext, withLanguage } from '../../src/i18n/index.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { type AdapterHarness, expectProblem } from './contract.js';
import { fetchReply, type Served } from './support.js';

const sunset = '2026-01-01T00:00:00Z';
const page = 'https://api.example.com/retiring-v1';
/** Two windows of v1: fifteen minutes, then (after a gap) one second. */
const windows = [
  { start: '2025-06-02T14:00:00Z', end: '2025-06-02T14:15:00Z' },
  { start: new Date('2025-06-09T14:00:00Z'), end: new Date('2025-06-09T14:00:01Z') },
];

/**
 * Runs the brownout contract against one framework on a real server with a clock the test sets: inside a window of
 * its policy a version answers 410 problem+json `version_brownout` with `Retry-After` (the seconds to the window's end)
 * and its lifecycle headers; outside (before, at the end, between windows) as usual; other versions are untouched.
 */
export function brownoutContract(harness: AdapterHarness): void {
  describe('brownouts (policies[v].brownouts)', () => {
    let served: Served;
    let now = 0;
    const get = (target: string, at: string, headers: Record<string, string> = {}) => {
      now = Date.parse(at);
      return fetchReply(served.origin + target, { headers });
    };

    beforeAll(async () => {
      served = await harness.serve(
        new UrlConf([harness.path('/:version/users/', harness.echo, { name: 'users' })]),
        {
          scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
          allowedHosts: ['127.0.0.1'],
          policies: { v1: { deprecation: '2025-01-01', sunset, link: page, brownouts: windows } },
          clock: () => now,
        },
        [],
      );
    });
    afterAll(() => served.close());

    test.each([
      ['at the start of the first window', '2025-06-02T14:00:00Z', 900],
      ['inside it', '2025-06-02T14:07:30.250Z', 450],
      ['its last instant', '2025-06-02T14:14:59.999Z', 1],
      ['inside the one-second window', '2025-06-09T14:00:00.500Z', 1],
    ])(
      '%s: 410 version_brownout, Retry-After %i, with Deprecation, Sunset and Link',
      async (_title, at, retry) => {
        const reply = await get('/v1/users/', at);
        const detail = 'Version "v1" is unavailable during a scheduled brownout before its sunset.';
        expectProblem(reply, 410, 'version_brownout', detail, { supportedVersions: ['v1', 'v2'] });
        expect(JSON.parse(reply.body)).toMatchObject({ title: 'Gone' });
        expect(reply.header('retry-after')).toBe(String(retry));
        const lifecycle = readLifecycle(
          new Headers(reply.fields.map(([name, value]): [string, string] => [name, value])),
        );
        expect(lifecycle).toMatchObject({
          deprecation: new Date('2025-01-01T00:00:00Z'),
          sunset: new Date(sunset),
          retryAfter: retry,
        });
        expect(lifecycle.links.map(({ rel }) => rel)).toEqual(['deprecation', 'sunset']);
      },
    );

    test.each([
      ['a second before the first window', '2025-06-02T13:59:59Z'],
      ['at its end', '2025-06-02T14:15:00Z'],
      ['between the windows', '2025-06-05T00:00:00Z'],
      ['at the end of the last one', '2025-06-09T14:00:01Z'],
    ])('%s (%s): v1 answers as usual, no Retry-After', async (_title, at) => {
      const reply = await get('/v1/users/', at);
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.body)).toMatchObject({ version: 'v1' });
      expect(reply.header('retry-after')).toBeNull();
      expect(reply.header('sunset')).toBe(new Date(sunset).toUTCString());
    });

    test('inside a window of v1, v2 answers as usual', async () => {
      const reply = await get('/v2/users/', '2025-06-02T14:05:00Z');
      expect(reply.status).toBe(200);
      expect(reply.header('retry-after')).toBeNull();
    });

    test('the detail is translated like the other problems', async () => {
      const reply = await get('/v1/users/', '2025-06-02T14:05:00Z', { 'accept-language': 'de' });
      const msgid = 'Version "%(version)s" is unavailable during a scheduled brownout before its sunset.';
      const german = withLanguage('de', () => gettext(msgid, { version: 'v1' }));
      expect(german).not.toBe(gettext(msgid, { version: 'v1' }));
      expect(reply.header('content-language')).toBe('de');
      expect((JSON.parse(reply.body) as { detail: string }).detail).toBe(german);
    });
  });
}
