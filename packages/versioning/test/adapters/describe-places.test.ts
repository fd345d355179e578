// The adapter option `describe` where a version's document lives somewhere of its own: under NamespaceVersioning
// (one describe route per namespace, each version's `service-desc` link leading to its document), under
// HostNameVersioning on a host that carries no version (the document names the request's own origin, never a 500),
// and routes left out of the documents (`openapi: false`). On every adapter, on real servers.
import { afterEach, describe, expect, test } from 'vitest';
import type { AdapterOptions } from '../../src/adapters/shared.js';
import type { OpenAPIDocument } from '../../src/openapi/index.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { include } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { parseLinkHeader } from '../lifecycle/rfc-grammars.js';
import { expectValidDocument } from '../openapi/support.js';
import { type AdapterHarness, mountingOf } from './contract.js';
import { harness as express } from './express.harness.js';
import { harness as fastify } from './fastify.harness.js';
import { harness as hono } from './hono.harness.js';
import { harness as node } from './node.harness.js';
import { fetchReply, rawReply, type Reply, type Served } from './support.js';

const info = { title: 'Users' };

/** The target of the `rel="service-desc"` link of `reply`, or `null` when it has none. */
function serviceDesc(reply: Reply): string | null {
  const links = parseLinkHeader(reply.header('link') ?? '');
  return links.find(({ params }) => params.get('rel') === 'service-desc')?.target ?? null;
}

function documentOf(reply: Reply): OpenAPIDocument {
  expect(reply.status, reply.body).toBe(200);
  expect(reply.header('content-type')).toMatch(/^application\/json/);
  return JSON.parse(reply.body) as OpenAPIDocument;
}

describe.each([express, fastify, hono, node])('describe on $framework', (harness: AdapterHarness) => {
  const { path } = harness;
  let served: Served | null = null;
  afterEach(async () => {
    await served?.close();
    served = null;
  });
  const serve = async (urlconf: UrlConf, options: AdapterOptions): Promise<string> => {
    served = await harness.serve(urlconf, options, []);
    return served.origin;
  };

  test('NamespaceVersioning: the describe route is mounted in each version’s namespace; each version links its own document', async () => {
    const scheme = new NamespaceVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v1' });
    const routes = (version: string) => [
      path('/users/', harness.echo, { name: 'users', methods: ['GET'] }),
      ...(version === 'v1' ? [] : [path('/teams/', harness.echo, { name: 'teams', methods: ['GET'] })]),
    ];
    const urlconf = new UrlConf(
      ['v1', 'v2', 'v3'].map((version) => include(`/${version}`, routes(version), { namespace: version })),
    );
    const origin = await serve(urlconf, { scheme, describe: { path: '/:version/openapi.json', info } });
    for (const version of ['v1', 'v2', 'v3']) {
      const answer = await fetchReply(`${origin}/${version}/users/`);
      expect(answer.status).toBe(200);
      const link = serviceDesc(answer);
      expect(link).toBe(`${origin}/${version}/openapi.json`);
      const followed = await fetchReply(link ?? '');
      const document = documentOf(followed);
      await expectValidDocument(document);
      expect(document.info.version).toBe(version);
      expect(Object.keys(document.paths)).toEqual(
        version === 'v1' ? ['/v1/users/'] : [`/${version}/users/`, `/${version}/teams/`],
      );
      // The document's own answer links itself.
      expect(serviceDesc(followed)).toBe(link);
    }
    // No namespace serves v9: no document either.
    expect((await fetchReply(`${origin}/v9/openapi.json`)).status).toBe(404);
  });

  test('NamespaceVersioning: a describe path without ":version" is refused at mount, naming it', () => {
    const scheme = new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] });
    const urlconf = new UrlConf([include('/v1', [path('/users/', harness.echo)], { namespace: 'v1' })]);
    expect(() => harness.versioned(urlconf, { scheme, describe: { path: '/openapi.json', info } })).toThrow(
      expect.objectContaining({
        code: 'ERR_VERSIONING_INVALID_ROUTE',
        message: expect.stringContaining(
          `${mountingOf(harness)}: options.describe.path "/openapi.json" has no ":version"`,
        ) as unknown,
      }),
    );
  });

  test('HostNameVersioning on a host that carries no version: the document names the request’s origin, never a 500', async () => {
    const scheme = new HostNameVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' });
    const urlconf = new UrlConf([path('/users/', harness.echo, { name: 'users', methods: ['GET'] })]);
    const origin = await serve(urlconf, {
      scheme,
      allowedHosts: ['127.0.0.1', '.example.com'],
      describe: { path: '/openapi.json', info, ui: '/docs/' },
    });
    // 127.0.0.1 gives no version (its host would be v1.127.0.0.1, which hostnameRegex reads none from): the default's.
    for (const url of [
      `${origin}/openapi.json`,
      `${origin}/docs/openapi-v1.json`,
      `${origin}/docs/openapi-v2.json`,
    ]) {
      const document = documentOf(await fetchReply(url));
      await expectValidDocument(document);
      expect(document.servers).toEqual([
        {
          url: origin,
          description:
            'This host carries no version (hostnameRegex reads none from it): a request sent here is answered as one without a version.',
        },
      ]);
    }
    // A host that carries one still gets the version's host.
    const hosted = documentOf(await rawReply(origin, '/openapi.json', { host: 'v2.example.com:8080' }));
    expect(hosted.info.version).toBe('v2');
    expect(hosted.servers).toEqual([{ url: 'http://v2.example.com:8080' }]);
    // The page still loads.
    expect((await fetchReply(`${origin}/docs/`)).status).toBe(200);
  });

  test('openapi: false leaves a route out of every document, served all the same', async () => {
    const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' });
    const urlconf = new UrlConf([
      path('/users/', harness.echo, { name: 'users', methods: ['GET'] }),
      path('/health/', harness.echo, { name: 'health', versioning: null, openapi: false }),
      path('/users/', harness.echo, { name: 'users-delete', methods: ['DELETE'], openapi: false }),
    ]);
    const origin = await serve(urlconf, { scheme, describe: { path: '/openapi.json', info, ui: '/docs/' } });
    for (const url of [`${origin}/openapi.json`, `${origin}/docs/openapi-1.json`]) {
      const document = documentOf(await fetchReply(url));
      expect(Object.keys(document.paths)).toEqual(['/users/']);
      expect(Object.keys(document.paths['/users/'] ?? {})).toEqual(['get']);
    }
    expect((await fetchReply(`${origin}/health/`)).status).toBe(200);
    expect((await fetchReply(`${origin}/users/`, { method: 'DELETE' })).status).toBe(200);
  });
});
