import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdapterOptions } from '../../src/adapters/shared.js';
import { APIException } from '../../src/errors.js';
import { gettext, withLanguage } from '../../src/i18n/index.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { parseImfFixdate, parseLinkHeader, parseSfDate } from '../lifecycle/rfc-grammars.js';
import { type AdapterHarness, type Echo, expectProblem, mountingOf } from './contract.js';
import { fetchReply, type Reply, type Served } from './support.js';

const retirementPage = 'https://api.example.com/retiring-v1';
const policies: NonNullable<AdapterOptions['policies']> = {
  v1: { deprecation: '2025-01-01', sunset: '2025-07-01T00:00:00Z', link: retirementPage },
};
const lifecycleHeaders = ['deprecation', 'sunset', 'link'];

function lifecycleUrlConf(h: AdapterHarness): UrlConf {
  return new UrlConf([
    path('/:version/users/', h.echo, { name: 'users' }),
    path('/:version/reports/', h.echo, { name: 'reports', since: 'v2' }),
    path('/:version/widgets/', h.echo, { name: 'widgets-old', until: 'v3' }),
    path('/:version/widgets/', h.echo, { name: 'widgets-new', since: 'v3' }),
    path('/:version/teapot/', h.failing(new APIException('I am a teapot.', 'teapot', 418)), {
      name: 'teapot',
    }),
    path('/health/', h.echo, { name: 'health', versioning: null }),
  ]);
}

/** German, checked to be a translation so that a missing catalog entry fails the test. */
function german(msgid: string, version: string): string {
  const text = withLanguage('de', () => gettext(msgid, { version }));
  expect(text).not.toBe(gettext(msgid, { version }));
  return text;
}

function lifecycleOf(reply: Reply): Record<string, string | null> {
  return Object.fromEntries(
    ['api-supported-versions', 'api-deprecated-versions', ...lifecycleHeaders].map((name) => [
      name,
      reply.header(name),
    ]),
  );
}

/**
 * Runs the version lifecycle contract against one framework's harness: a mount with `policies`, `reportVersions`,
 * `enforceSunset` and a clock the tests set, walked through deprecation, sunset and enforcement.
 */
export function lifecycleContract(harness: AdapterHarness): void {
  describe('version lifecycle', () => {
    let served: Served;
    let now = 0;
    const frameworkErrors: unknown[] = [];
    const at = (iso: string) => {
      now = Date.parse(iso);
    };
    const get = (target: string, headers: Record<string, string> = {}) =>
      fetchReply(served.origin + target, { headers });

    beforeAll(async () => {
      served = await harness.serve(
        lifecycleUrlConf(harness),
        {
          scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'] as const }),
          allowedHosts: ['127.0.0.1'],
          policies,
          reportVersions: true,
          enforceSunset: true,
          clock: () => now,
        },
        frameworkErrors,
      );
    });
    afterAll(() => served.close());

    test('1. announced: before its deprecation date v1 carries Deprecation, Sunset and Link, by the RFC grammars', async () => {
      at('2024-12-01T00:00:00Z');
      const reply = await get('/v1/users/');
      expect(reply.status).toBe(200);
      expect((JSON.parse(reply.body) as Echo).version).toBe('v1');
      expect(parseSfDate(reply.header('deprecation') ?? '')).toBe(Date.UTC(2025, 0, 1) / 1000);
      expect(parseImfFixdate(reply.header('sunset') ?? '')).toBe(Date.UTC(2025, 6, 1));
      const links = parseLinkHeader(reply.header('link') ?? '');
      expect(links.map(({ target, params }) => [target, params.get('rel'), params.get('type')])).toEqual([
        [retirementPage, 'deprecation', 'text/html'],
        [retirementPage, 'sunset', 'text/html'],
      ]);
      expect(reply.header('api-supported-versions')).toBe('v1, v2, v3');
      expect(reply.header('api-deprecated-versions')).toBeNull();
    });

    test('a version without a policy gets the report only', async () => {
      at('2024-12-01T00:00:00Z');
      expect(lifecycleOf(await get('/v3/users/'))).toEqual({
        'api-supported-versions': 'v1, v2, v3',
        'api-deprecated-versions': null,
        deprecation: null,
        sunset: null,
        link: null,
      });
    });

    test('2. deprecated: past its deprecation date v1 is reported deprecated, and still answered', async () => {
      at('2025-02-01T00:00:00Z');
      const reply = await get('/v1/users/');
      expect(reply.status).toBe(200);
      expect(lifecycleOf(reply)).toMatchObject({
        'api-supported-versions': 'v2, v3',
        'api-deprecated-versions': 'v1',
        deprecation: '@1735689600',
        sunset: 'Tue, 01 Jul 2025 00:00:00 GMT',
      });
    });

    test("a handler's error on v1 carries v1's headers too", async () => {
      at('2025-02-01T00:00:00Z');
      const reply = await get('/v1/teapot/');
      expectProblem(reply, 418, 'teapot', 'I am a teapot.');
      expect(lifecycleOf(reply)).toMatchObject({
        'api-deprecated-versions': 'v1',
        deprecation: '@1735689600',
        sunset: 'Tue, 01 Jul 2025 00:00:00 GMT',
      });
      expect(parseLinkHeader(reply.header('link') ?? '')).toHaveLength(2);
    });

    test('3. enforced: from its sunset v1 answers 410 version_sunset with the versions that remain', async () => {
      at('2025-07-01T00:00:00Z');
      const reply = await get('/v1/users/');
      expectProblem(reply, 410, 'version_sunset', 'Version "v1" is no longer available.', {
        supportedVersions: ['v2', 'v3'],
      });
      expect(JSON.parse(reply.body)).toMatchObject({ title: 'Gone' });
      // A version error carries the report, not the refused version's own headers.
      expect(lifecycleOf(reply)).toEqual({
        'api-supported-versions': 'v2, v3',
        'api-deprecated-versions': 'v1',
        deprecation: null,
        sunset: null,
        link: null,
      });
    });

    test('the 410 is translated', async () => {
      at('2025-07-01T00:00:00Z');
      const reply = await get('/v1/users/', { 'accept-language': 'de' });
      expectProblem(
        reply,
        410,
        'version_sunset',
        german('Version "%(version)s" is no longer available.', 'v1'),
        { supportedVersions: ['v2', 'v3'] },
      );
      expect(reply.header('content-language')).toBe('de');
    });

    test('a version the scheme refuses: 404 listing the versions not past their sunset, with the report', async () => {
      at('2025-07-01T00:00:00Z');
      const reply = await get('/v9/users/');
      expectProblem(reply, 404, 'not_found', 'Invalid version in URL path.', {
        supportedVersions: ['v2', 'v3'],
      });
      expect(reply.header('api-supported-versions')).toBe('v2, v3');
    });

    test('a route since v2, asked in v1: 404 in the asked language, listing its versions, v1 still announced', async () => {
      at('2024-12-01T00:00:00Z');
      const reply = await get('/v1/reports/', { 'accept-language': 'fr' });
      expectProblem(
        reply,
        404,
        'not_found',
        withLanguage('fr', () => gettext('Not available in version "%(version)s".', { version: 'v1' })),
        {
          supportedVersions: ['v2', 'v3'],
        },
      );
      expect(lifecycleOf(reply)).toMatchObject({
        'api-supported-versions': 'v2, v3',
        deprecation: '@1735689600',
      });
      const v2 = await get('/v2/reports/');
      expect(JSON.parse(v2.body)).toMatchObject({
        version: 'v2',
        self: `${served.origin}/v2/reports/`,
      });
    });

    test.skipIf(harness.cannot?.has('handlers at one path'))(
      'routes of one pattern split by version: each version reaches its own route, and links to it',
      async () => {
        at('2024-12-01T00:00:00Z');
        const [old, current] = await Promise.all([get('/v2/widgets/'), get('/v3/widgets/')]);
        expect(JSON.parse(old.body)).toMatchObject({
          viewName: 'widgets-old',
          version: 'v2',
          self: `${served.origin}/v2/widgets/`,
        });
        expect(JSON.parse(current.body)).toMatchObject({
          viewName: 'widgets-new',
          version: 'v3',
          self: `${served.origin}/v3/widgets/`,
        });
      },
    );

    test.runIf(harness.cannot?.has('handlers at one path'))(
      'where the router calls one handler per path and method, a pattern split by version is refused when mounting',
      () => {
        const urlconf = lifecycleUrlConf(harness);
        const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'] });
        expect(() => harness.versioned(urlconf, { scheme })).toThrow(
          `${mountingOf(harness)}: route "widgets-new" serves "/:version/widgets/" for a method another @Versioned() handler serves there`,
        );
      },
    );

    test('a version-neutral route carries none of the lifecycle headers', async () => {
      at('2025-02-01T00:00:00Z');
      const reply = await get('/health/');
      expect(reply.status).toBe(200);
      expect(Object.values(lifecycleOf(reply))).toEqual([null, null, null, null, null]);
    });

    test('without enforceSunset a version past its sunset is answered, still saying so', async () => {
      const lenient = await harness.serve(
        lifecycleUrlConf(harness),
        {
          scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'] }),
          allowedHosts: ['127.0.0.1'],
          policies,
          clock: () => Date.UTC(2030, 0, 1),
        },
        [],
      );
      try {
        const reply = await fetchReply(`${lenient.origin}/v1/users/`);
        expect(reply.status).toBe(200);
        expect(lifecycleOf(reply)).toMatchObject({
          'api-supported-versions': null,
          sunset: 'Tue, 01 Jul 2025 00:00:00 GMT',
        });
      } finally {
        await lenient.close();
      }
    });

    test('no error reached the framework', () => {
      expect(frameworkErrors).toEqual([]);
    });
  });
}
