import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { gettext, withLanguage } from '../../src/i18n/index.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import type { AdapterHarness, Echo } from './contract.js';
import { fetchReply, rawReply, type Reply, type Served, varyFields } from './support.js';

const template = 'application/vnd.acme.{version}+json';

/** Routes of the three schemes of SPEC § More schemes, and one route with none. */
function moreSchemesUrlConf(h: AdapterHarness): UrlConf {
  const header = new HeaderVersioning({
    header: 'X-API-Version',
    defaultVersion: '1',
    allowedVersions: ['1', '2'],
  });
  const vendor = new MediaTypeVersioning({ template, defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] });
  const either = new CompositeVersioning([new HeaderVersioning(), new QueryParameterVersioning()], {
    defaultVersion: '1',
    allowedVersions: ['1', '2'],
  });
  const pathOrVendor = new CompositeVersioning(
    [new URLPathVersioning(), new MediaTypeVersioning({ template })],
    { allowedVersions: ['v1', 'v2'] },
  );
  return new UrlConf([
    path('/header/items/', h.echo, { name: 'header-items', versioning: header }),
    path('/vendor/items/', h.echo, { name: 'vendor-items', versioning: vendor }),
    path('/either/items/', h.echo, { name: 'either-items', versioning: either }),
    path('/:version/both/', h.echo, { name: 'both', versioning: pathOrVendor }),
    path('/health/', h.echo, { name: 'health', versioning: null }),
  ]);
}

function echoOf(reply: Reply): Echo {
  expect(reply.status).toBe(200);
  return JSON.parse(reply.body) as Echo;
}

/** A problem+json answer; a refused version's also lists the versions allowed (`supportedVersions`). */
function expectProblem(
  reply: Reply,
  status: number,
  code: string,
  detail: string,
  supportedVersions?: readonly string[],
): void {
  expect(reply.status).toBe(status);
  expect(reply.header('content-type')).toMatch(/^application\/problem\+json/);
  expect(JSON.parse(reply.body)).toEqual({
    type: 'about:blank',
    title: expect.any(String),
    status,
    detail,
    code,
    ...(supportedVersions === undefined ? {} : { supportedVersions }),
  });
}

const ambiguous = (...versions: string[]) =>
  `The request asks for more than one version: ${versions.map((version) => `"${version}"`).join(', ')}.`;

/** HeaderVersioning, MediaTypeVersioning and CompositeVersioning through one framework's adapter, on a real server. */
export function moreSchemesContract(harness: AdapterHarness): void {
  describe('the three more schemes', () => {
    let served: Served;
    let origin: string;
    const get = (target: string, headers: Record<string, string> = {}): Promise<Reply> =>
      fetchReply(origin + target, { headers });
    /** Sends each header as given, a repeated one (an array) on lines of its own. */
    const raw = (target: string, headers: Record<string, string | string[]>): Promise<Reply> =>
      rawReply(origin, target, { host: new URL(origin).host, ...headers });

    beforeAll(async () => {
      served = await harness.serve(
        moreSchemesUrlConf(harness),
        { scheme: null, allowedHosts: ['127.0.0.1'] },
        [],
      );
      origin = served.origin;
    });
    afterAll(() => served.close());

    describe('HeaderVersioning', () => {
      test('the version from its header, whatever the case of its name; links carry none', async () => {
        for (const name of ['X-API-Version', 'x-api-version', 'X-API-VERSION']) {
          expect(echoOf(await raw('/header/items/', { [name]: '2' }))).toEqual({
            version: '2',
            scheme: 'HeaderVersioning',
            viewName: 'header-items',
            route: '/header/items/',
            kwargs: {},
            params: {},
            self: `${origin}/header/items/`,
          });
        }
        expect(echoOf(await get('/header/items/')).version).toBe('1');
      });

      test('every answer varies on its header', async () => {
        expect(varyFields(await get('/header/items/', { 'x-api-version': '2' }))).toContain('x-api-version');
        expect(varyFields(await get('/header/items/'))).toContain('x-api-version');
        expect(varyFields(await get('/health/'))).not.toContain('x-api-version');
      });

      test('a version that is not allowed → 404 naming the header, varying on it, in the asked language', async () => {
        const reply = await get('/header/items/', { 'x-api-version': '9' });
        expectProblem(reply, 404, 'not_found', 'Invalid version in "X-API-Version" header.', ['1', '2']);
        expect(varyFields(reply)).toEqual(expect.arrayContaining(['x-api-version', 'accept-language']));
        const german = await get('/header/items/', { 'x-api-version': '9', 'accept-language': 'de' });
        expect(JSON.parse(german.body)).toMatchObject({
          detail: 'Ungültige Version in der "X-API-Version" Kopfzeile.',
        });
        expect(german.header('content-language')).toBe('de');
      });

      test('the header sent twice with different versions → 400 ambiguous_version', async () => {
        const reply = await raw('/header/items/', { 'x-api-version': ['1', '2'] });
        expectProblem(reply, 400, 'ambiguous_version', ambiguous('1', '2'));
        expect(varyFields(reply)).toContain('x-api-version');
        expect(echoOf(await raw('/header/items/', { 'x-api-version': ['2', '2'] })).version).toBe('2');
      });
    });

    describe('MediaTypeVersioning', () => {
      test('the version from the vendor type in Accept; plain JSON gets the default', async () => {
        const reply = await get('/vendor/items/', { accept: 'application/vnd.acme.v2+json' });
        expect(echoOf(reply)).toMatchObject({
          version: 'v2',
          scheme: 'MediaTypeVersioning',
          self: `${origin}/vendor/items/`,
        });
        expect(echoOf(await get('/vendor/items/', { accept: 'application/json' })).version).toBe('v1');
        expect(
          echoOf(await get('/vendor/items/', { accept: 'text/html, application/vnd.acme.v2+json;q=0.5' }))
            .version,
        ).toBe('v2');
      });

      test('a JSON answer to a request for the vendor type is sent as that type (responseMediaType), others as JSON', async () => {
        const vendor = await get('/vendor/items/', { accept: 'application/vnd.acme.v2+json' });
        expect(vendor.header('content-type')).toMatch(/^application\/vnd\.acme\.v2\+json[\t ]*(;|$)/);
        expect(echoOf(vendor).version).toBe('v2');
        for (const accept of ['application/json', '*/*']) {
          expect((await get('/vendor/items/', { accept })).header('content-type')).toMatch(
            /^application\/json/,
          );
        }
        // A composite answers with the vendor type of its MediaTypeVersioning member.
        const both = await get('/v1/both/', { accept: 'application/vnd.acme.v1+json' });
        expect(both.header('content-type')).toMatch(/^application\/vnd\.acme\.v1\+json[\t ]*(;|$)/);
        // Errors stay problem+json.
        const refused = await get('/vendor/items/', { accept: 'application/vnd.acme.v3+json' });
        expect(refused.header('content-type')).toMatch(/^application\/problem\+json/);
      });

      test('every answer varies on Accept', async () => {
        expect(varyFields(await get('/vendor/items/', { accept: 'application/vnd.acme.v2+json' }))).toContain(
          'accept',
        );
        expect(varyFields(await get('/vendor/items/'))).toContain('accept');
      });

      test('a version that is not allowed → 406, varying on Accept', async () => {
        const reply = await get('/vendor/items/', { accept: 'application/vnd.acme.v3+json' });
        expectProblem(reply, 406, 'not_acceptable', 'Invalid version in "Accept" header.', ['v1', 'v2']);
        expect(varyFields(reply)).toEqual(expect.arrayContaining(['accept', 'accept-language']));
      });

      test('two versions asked for equally → 400 ambiguous_version', async () => {
        const reply = await get('/vendor/items/', {
          accept: 'application/vnd.acme.v1+json, application/vnd.acme.v2+json',
        });
        expectProblem(reply, 400, 'ambiguous_version', ambiguous('v1', 'v2'));
        expect(varyFields(reply)).toContain('accept');
      });
    });

    describe('CompositeVersioning', () => {
      test('the version from either member; none is the default', async () => {
        expect(echoOf(await get('/either/items/', { 'api-version': '2' }))).toMatchObject({
          version: '2',
          scheme: 'CompositeVersioning',
          self: `${origin}/either/items/`,
        });
        expect(echoOf(await get('/either/items/?version=2')).version).toBe('2');
        expect(echoOf(await get('/either/items/?version=2', { 'api-version': '2' })).version).toBe('2');
        expect(echoOf(await get('/either/items/')).version).toBe('1');
      });

      test('it varies on what its members read', async () => {
        expect(varyFields(await get('/either/items/?version=2'))).toContain('api-version');
        expect(varyFields(await get('/either/items/?version=2'))).not.toContain('accept');
        expect(varyFields(await get('/v1/both/'))).toContain('accept');
      });

      test('members that disagree → 400 ambiguous_version, in the members’ order', async () => {
        const reply = await get('/either/items/?version=1', { 'api-version': '2' });
        expectProblem(reply, 400, 'ambiguous_version', ambiguous('2', '1'));
        expect(varyFields(reply)).toEqual(expect.arrayContaining(['api-version', 'accept-language']));
        const german = await get('/either/items/?version=1', { 'api-version': '2', 'accept-language': 'de' });
        expect(JSON.parse(german.body)).toMatchObject({
          detail: withLanguage('de', () =>
            gettext('The request asks for more than one version: %(versions)s.', { versions: '"2", "1"' }),
          ),
        });
        expect(german.header('content-language')).toBe('de');
      });

      test('a version that is not allowed → the error of the member that read it', async () => {
        expectProblem(
          await get('/either/items/?version=9'),
          404,
          'not_found',
          'Invalid version in query parameter.',
          ['1', '2'],
        );
        expectProblem(
          await get('/either/items/', { 'api-version': '9' }),
          404,
          'not_found',
          'Invalid version in "Api-Version" header.',
          ['1', '2'],
        );
        expectProblem(
          await get('/v3/both/', { accept: 'application/vnd.acme.v3+json' }),
          404,
          'not_found',
          'Invalid version in URL path.',
          ['v1', 'v2'],
        );
      });

      test('links carry the version the way the first member does', async () => {
        expect(echoOf(await get('/v2/both/', { accept: 'application/vnd.acme.v2+json' }))).toMatchObject({
          version: 'v2',
          kwargs: { version: 'v2' },
          self: `${origin}/v2/both/`,
        });
        const reply = await get('/v1/both/', { accept: 'application/vnd.acme.v2+json' });
        expectProblem(reply, 400, 'ambiguous_version', ambiguous('v1', 'v2'));
        expect(varyFields(reply)).toContain('accept');
      });
    });
  });
}
