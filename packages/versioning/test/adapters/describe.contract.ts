// The adapter option `describe`: each version's OpenAPI document served as a route of the mount, the version chosen
// as for every other route, and every versioned response linking to its version's document (RFC 8631).
import { afterEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { change, field, VersionHistory } from '../../src/changes/index.js';
import type { OpenAPIDocument } from '../../src/openapi/index.js';
import type { AdapterOptions } from '../../src/adapters/shared.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { parseLinkHeader } from '../lifecycle/rfc-grammars.js';
import { expectValidDocument } from '../openapi/support.js';
import { type AdapterHarness, mountingOf } from './contract.js';
import { fetchReply, rawReply, type Reply, type Served } from './support.js';

const info = { title: 'Users', description: 'The users API.' };

/** The target of the `rel="service-desc"` link of `reply`, or `null` when it has none. */
function serviceDesc(reply: Reply): string | null {
  const header = reply.header('link');
  if (header === null) return null;
  const links = parseLinkHeader(header);
  return links.find(({ params }) => params.get('rel') === 'service-desc')?.target ?? null;
}

function documentOf(reply: Reply): OpenAPIDocument {
  expect(reply.status, reply.body).toBe(200);
  expect(reply.header('content-type')).toMatch(/^application\/json/);
  return JSON.parse(reply.body) as OpenAPIDocument;
}

/** Runs the `describe` contract against one framework's harness. */
export function describeContract(harness: AdapterHarness): void {
  const { path } = harness;
  // A framework that serves the mount under no prefix serves it at the root (Nest: its global prefix is part of
  // each route's path).
  const prefix = harness.prefixes === 'none' ? '' : '/api';
  let served: Served | null = null;
  afterEach(async () => {
    await served?.close();
    served = null;
  });
  const serve = async (urlconf: UrlConf, options: AdapterOptions, under?: string): Promise<string> => {
    served = await harness.serve(
      urlconf,
      options,
      [],
      under === undefined || under === '' ? {} : { prefix: under },
    );
    return served.origin;
  };

  describe('describe: the OpenAPI document of the request’s version', () => {
    test('URLPathVersioning under a prefix: each version’s document at its own URL, valid, without its own route', async () => {
      const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
      const urlconf = new UrlConf([
        path('/:version/users/', harness.echo, { name: 'users', methods: ['GET'] }),
        path('/:version/teams/', harness.echo, { name: 'teams', methods: ['GET'], since: 'v2' }),
        path('/health/', harness.echo, { name: 'health', versioning: null }),
      ]);
      const origin = await serve(
        urlconf,
        { scheme, describe: { path: '/:version/openapi.json', info } },
        prefix,
      );
      for (const version of ['v1', 'v2']) {
        const document = documentOf(await fetchReply(`${origin}${prefix}/${version}/openapi.json`));
        await expectValidDocument(document);
        expect(document.info).toEqual({ ...info, version });
        expect(document.servers).toEqual([{ url: `${origin}${prefix}` }]);
        expect(Object.keys(document.paths)).toEqual(
          version === 'v1' ? ['/v1/users/', '/health/'] : ['/v2/users/', '/v2/teams/', '/health/'],
        );
      }
      const refused = await fetchReply(`${origin}${prefix}/v9/openapi.json`);
      expect(refused.status).toBe(404);
      expect(refused.header('content-type')).toMatch(/^application\/problem\+json/);
      expect(serviceDesc(refused)).toBeNull();
    });

    test('with changes, each version’s document describes its bodies as the history has them in that version', async () => {
      const User = z.object({ id: z.number(), fullName: z.string() }).meta({ id: 'User' });
      const history = new VersionHistory(['v1', 'v2'] as const, {
        v2: [change('A user’s name is "fullName"', [field(User, 'fullName').renamedFrom('name')])],
      });
      const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
      const urlconf = new UrlConf([
        path('/:version/users/', harness.echo, { name: 'users', methods: ['GET'], response: User }),
      ]);
      const origin = await serve(urlconf, {
        scheme,
        changes: history,
        describe: { path: '/:version/openapi.json', info },
      });
      for (const [version, name] of [
        ['v1', 'name'],
        ['v2', 'fullName'],
      ] as const) {
        const document = documentOf(await fetchReply(`${origin}/${version}/openapi.json`));
        await expectValidDocument(document);
        const user = document.components?.schemas?.['User'] as { properties?: object } | undefined;
        expect(Object.keys(user?.properties ?? {})).toEqual(['id', name]);
      }
    });

    test('a versioned response links to its version’s document; following the link gives that document', async () => {
      const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
      const urlconf = new UrlConf([
        path('/:version/users/', harness.echo, { name: 'users', methods: ['GET'] }),
        path('/health/', harness.echo, { name: 'health', versioning: null }),
      ]);
      const origin = await serve(
        urlconf,
        {
          scheme,
          describe: { path: '/:version/openapi.json', info },
          policies: { v1: { link: 'https://example.com/v1' } },
        },
        prefix,
      );
      const reply = await fetchReply(`${origin}${prefix}/v1/users/`);
      expect(reply.status).toBe(200);
      const link = serviceDesc(reply);
      expect(link).toBe(`${origin}${prefix}/v1/openapi.json`);
      // The version's own deprecation link stays, the service description is appended.
      expect(parseLinkHeader(reply.header('link') ?? '').map(({ params }) => params.get('rel'))).toEqual([
        'deprecation',
        'service-desc',
      ]);
      expect(documentOf(await fetchReply(link ?? '')).info.version).toBe('v1');
      expect(serviceDesc(await fetchReply(`${origin}${prefix}/v2/users/`))).toBe(
        `${origin}${prefix}/v2/openapi.json`,
      );
      // A version-neutral route has no version, so no document of its own.
      expect(serviceDesc(await fetchReply(`${origin}${prefix}/health/`))).toBeNull();
    });

    test('HeaderVersioning: the version comes from the header, a request without one gets the default', async () => {
      const scheme = new HeaderVersioning({ defaultVersion: '1', allowedVersions: ['1', '2'] });
      const urlconf = new UrlConf([path('/users/', harness.echo, { name: 'users', methods: ['GET'] })]);
      const origin = await serve(urlconf, { scheme, describe: { path: '/openapi.json', info } });
      expect(documentOf(await fetchReply(`${origin}/openapi.json`)).info.version).toBe('1');
      const headers = { 'Api-Version': '2' };
      const two = documentOf(await fetchReply(`${origin}/openapi.json`, { headers }));
      await expectValidDocument(two);
      expect(two.info.version).toBe('2');
      expect(two.paths['/users/']?.get?.parameters).toContainEqual(
        expect.objectContaining({
          name: 'Api-Version',
          in: 'header',
          schema: { type: 'string', const: '2' },
        }),
      );
      const reply = await fetchReply(`${origin}/users/`, { headers });
      expect(serviceDesc(reply)).toBe(`${origin}/openapi.json`);
      // Followed with the same header, the link gives the same version's document.
      expect(documentOf(await fetchReply(serviceDesc(reply) ?? '', { headers })).info.version).toBe('2');
      expect((await fetchReply(`${origin}/openapi.json`, { headers: { 'Api-Version': '3' } })).status).toBe(
        404,
      );
    });

    test('QueryParameterVersioning: the link carries the version in its query', async () => {
      const scheme = new QueryParameterVersioning({ defaultVersion: '1.0', allowedVersions: ['1.0', '2.0'] });
      const urlconf = new UrlConf([path('/users/', harness.echo, { name: 'users', methods: ['GET'] })]);
      const origin = await serve(urlconf, { scheme, describe: { path: '/openapi.json', info } });
      const link = serviceDesc(await fetchReply(`${origin}/users/?version=2.0`));
      expect(link).toBe(`${origin}/openapi.json?version=2.0`);
      expect(documentOf(await fetchReply(link ?? '')).info.version).toBe('2.0');
    });

    test('a new spelling of the Host (port, case, trailing dot) gets its own servers, and the same document besides', async () => {
      const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
      const urlconf = new UrlConf([
        path('/:version/users/', harness.echo, { name: 'users', methods: ['GET'] }),
        path('/:version/teams/', harness.echo, { name: 'teams', methods: ['GET'], since: 'v2' }),
      ]);
      const origin = await serve(
        urlconf,
        {
          scheme,
          allowedHosts: ['127.0.0.1', 'localhost', '.example.com'],
          describe: { path: '/:version/openapi.json', info },
        },
        prefix,
      );
      const hosts = [
        new URL(origin).host,
        'localhost',
        'localhost:8080',
        'LocalHost:8081',
        'localhost.:8082',
        'API.Example.COM.',
        'api.example.com:443',
      ];
      for (const version of ['v1', 'v2']) {
        const texts = new Set<string>();
        for (const host of hosts) {
          const reply = await rawReply(origin, `${prefix}/${version}/openapi.json`, { host });
          const document = documentOf(reply);
          expect(document.info.version).toBe(version);
          // The origin as the request spelt it, as every absolute URL the mount builds (`Link`, reverse()).
          expect(document.servers).toEqual([{ url: `http://${host}${prefix}` }]);
          texts.add(JSON.stringify({ ...document, servers: [] }));
          expect(serviceDesc(await rawReply(origin, `${prefix}/${version}/users/`, { host }))).toBe(
            `http://${host}${prefix}/${version}/openapi.json`,
          );
        }
        expect(texts.size).toBe(1);
      }
    });

    test('HostNameVersioning: the servers carry the version in the host name, however the Host is spelt', async () => {
      const scheme = new HostNameVersioning({ allowedVersions: ['v1', 'v2'] });
      const urlconf = new UrlConf([path('/users/', harness.echo, { name: 'users', methods: ['GET'] })]);
      const origin = await serve(urlconf, {
        scheme,
        allowedHosts: ['.example.com'],
        describe: { path: '/openapi.json', info },
      });
      for (const [host, version, server] of [
        ['v1.example.com', 'v1', 'http://v1.example.com'],
        ['v2.example.com:8080', 'v2', 'http://v2.example.com:8080'],
        // As the scheme reads a host name: lower-cased, without its trailing dot.
        ['V2.Example.COM.:8081', 'v2', 'http://v2.example.com:8081'],
      ] as const) {
        const document = documentOf(await rawReply(origin, '/openapi.json', { host }));
        expect(document.info.version).toBe(version);
        expect(document.servers).toEqual([{ url: server }]);
      }
      const documents = await Promise.all(
        ['v1.example.com', 'v1.example.com:9'].map(async (host) =>
          documentOf(await rawReply(origin, '/openapi.json', { host })),
        ),
      );
      expect(documents.map((document) => ({ ...document, servers: [] }))).toEqual([
        { ...documents[0], servers: [] },
        { ...documents[0], servers: [] },
      ]);
      expect((await rawReply(origin, '/openapi.json', { host: 'v3.example.com' })).status).toBe(404);
    });

    test('versionRequired: a request without a version gets the newest document; one with a version, that version’s', async () => {
      const scheme = new HeaderVersioning({ allowedVersions: ['1', '2', '3'], versionRequired: true });
      const urlconf = new UrlConf([path('/users/', harness.echo, { name: 'users', methods: ['GET'] })]);
      const origin = await serve(urlconf, { scheme, describe: { path: '/openapi.json', info } });
      const newest = await fetchReply(`${origin}/openapi.json`);
      expect(documentOf(newest).info.version).toBe('3');
      // A request without a version has no version of its own to link to.
      expect(serviceDesc(newest)).toBeNull();
      expect(newest.header('vary')).toBe('Api-Version');
      // An empty version counts as none, as everywhere versionRequired is read.
      const empty = await fetchReply(`${origin}/openapi.json`, { headers: { 'Api-Version': '' } });
      expect(documentOf(empty).info.version).toBe('3');
      const one = await fetchReply(`${origin}/openapi.json`, { headers: { 'Api-Version': '1' } });
      expect(documentOf(one).info.version).toBe('1');
      expect(serviceDesc(one)).toBe(`${origin}/openapi.json`);
      // A version the scheme refuses is still its error; every other route still requires one.
      const refused = await fetchReply(`${origin}/openapi.json`, { headers: { 'Api-Version': '9' } });
      expect(refused.status).toBe(404);
      expect(refused.header('content-type')).toMatch(/^application\/problem\+json/);
      const required = await fetchReply(`${origin}/users/`);
      expect(required.status).toBe(400);
      expect(JSON.parse(required.body)).toMatchObject({ code: 'version_required' });
    });

    test('versionRequired with pinVersion: the pin still chooses the document; without its answer, the newest', async () => {
      const scheme = new QueryParameterVersioning({ allowedVersions: ['1.0', '2.0'], versionRequired: true });
      const urlconf = new UrlConf([path('/users/', harness.echo, { name: 'users', methods: ['GET'] })]);
      const accountOf = (native: unknown): string | undefined =>
        harness.framework === 'hono'
          ? (native as { req: { header(name: string): string | undefined } }).req.header('x-account')
          : ((native as { headers: Record<string, string | undefined> }).headers['x-account'] ?? undefined);
      const origin = await serve(urlconf, {
        scheme,
        describe: { path: '/openapi.json', info },
        pinVersion: {
          version: (native) => (accountOf(native) === 'old' ? '1.0' : null),
          vary: ['X-Account'],
        },
      });
      const pinned = await fetchReply(`${origin}/openapi.json`, { headers: { 'X-Account': 'old' } });
      expect(documentOf(pinned).info.version).toBe('1.0');
      expect(pinned.header('vary')).toBe('X-Account');
      const unpinned = await fetchReply(`${origin}/openapi.json`, { headers: { 'X-Account': 'new' } });
      expect(documentOf(unpinned).info.version).toBe('2.0');
      expect(documentOf(await fetchReply(`${origin}/openapi.json?version=1.0`)).info.version).toBe('1.0');
      expect((await fetchReply(`${origin}/openapi.json?version=3.0`)).status).toBe(404);
    });

    test('mounting refuses a describe it cannot serve, naming it', () => {
      const scheme = new URLPathVersioning({ allowedVersions: ['v1'] });
      const urlconf = new UrlConf([path('/:version/users/', harness.echo)]);
      const where = mountingOf(harness);
      const cases: readonly [AdapterOptions, string][] = [
        [
          { scheme, describe: { path: '/openapi.json', info } },
          `route "/openapi.json" is versioned by URLPathVersioning`,
        ],
        [
          { scheme, describe: { path: '/:version/openapi.json', info: { title: '' } } },
          'info.title must be a non-empty string',
        ],
        [{ scheme, describe: { path: '/:version/o', info, extra: 1 } as never }, 'unknown option "extra"'],
        [
          { scheme: null, describe: { path: '/openapi.json', info } },
          'options.describe needs versions to describe',
        ],
      ];
      for (const [options, message] of cases) {
        const mount = () => harness.versioned(urlconf, options);
        expect(mount).toThrow(where);
        expect(mount).toThrow(message);
        expect(mount).toThrow(TypeError);
      }
    });
  });
}
