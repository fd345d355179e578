import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { path, versioned } from '../../src/adapters/hono/index.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { parseLinkHeader } from '../lifecycle/rfc-grammars.js';
import { choosingContract } from './choosing.contract.js';
import { adapterContract } from './contract.js';
import { describeContract } from './describe.contract.js';
import { hardeningContract } from './hardening.js';
import { lifecycleContract } from './lifecycle.contract.js';
import { moreSchemesContract } from './more-schemes.contract.js';
import { docsUiContract } from './docs-ui.contract.js';
import { brownoutContract } from './brownout.contract.js';
import { requestChannelContract } from './request-channel.contract.js';
import { movedContract } from './moved.contract.js';
import { bodies } from '../bodies/hono.harness.js';
import { listen, rawReply } from './support.js';
import { harness } from './hono.harness.js';

describe('hono adapter', () => {
  adapterContract(harness);
  moreSchemesContract(harness);
  hardeningContract(harness);
  lifecycleContract(harness);
  describeContract(harness);
  choosingContract(harness);
  requestChannelContract(harness);
  brownoutContract(harness);
  docsUiContract(harness);
  movedContract(bodies);

  test("a route Hono's router cannot express is refused when mounting, naming it", () => {
    const urlconf = new UrlConf([path('/users/:pk.json', (c) => c.text('x'))]);
    expect(() => versioned(urlconf, { scheme: null })).toThrow(
      `Route "/users/:pk.json" cannot be registered in Hono's router: parameter "pk" shares its path segment`,
    );
  });

  test('a response with immutable headers still varies on Accept on an Accept-versioned route', async () => {
    const redirect = path('/moved/', () => Response.redirect('http://127.0.0.1/elsewhere', 302));
    const app = versioned(new UrlConf([redirect]), { scheme: new AcceptHeaderVersioning() });
    const response = await app.request('http://127.0.0.1/moved/');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://127.0.0.1/elsewhere');
    expect(response.headers.get('vary')).toBe('Accept');
  });

  test("a response with immutable headers still carries its version's lifecycle headers", async () => {
    const redirect = path('/:version/moved/', () => Response.redirect('http://127.0.0.1/elsewhere', 302));
    const app = versioned(new UrlConf([redirect]), {
      scheme: new URLPathVersioning({ allowedVersions: ['v1'] }),
      policies: { v1: { deprecation: '2025-01-01' } },
    });
    const response = await app.request('http://127.0.0.1/v1/moved/');
    expect(response.status).toBe(302);
    expect(response.headers.get('deprecation')).toBe('@1735689600');
  });

  test("on @hono/node-server, a Request middleware makes anew is versioned by its own Host, not the connection's", async () => {
    const hosts = versioned(
      new UrlConf([
        path('/hosts/', (c) => c.json({ version: c.get('version'), host: c.req.header('host') })),
      ]),
      { scheme: new HostNameVersioning({ allowedVersions: ['v1', 'v2'] }), allowedHosts: ['.example.com'] },
    );
    const app = new Hono();
    // Sends /moved/ on as a new Request for v2's host, with the same env (the connection's IncomingMessage).
    app.get('/moved/', (c) =>
      hosts.fetch(
        new Request('http://v2.example.com/hosts/', { headers: { host: 'v2.example.com' } }),
        c.env,
      ),
    );
    app.route('/', hosts);
    const served = await listen(createAdaptorServer({ fetch: app.fetch, hostname: '127.0.0.1' }) as Server);
    try {
      const direct = await rawReply(served.origin, '/hosts/', { host: 'v1.example.com' });
      expect(JSON.parse(direct.body)).toEqual({ version: 'v1', host: 'v1.example.com' });
      const moved = await rawReply(served.origin, '/moved/', { host: 'v1.example.com' });
      expect(JSON.parse(moved.body)).toEqual({ version: 'v2', host: 'v2.example.com' });
    } finally {
      await served.close();
    }
  });

  test("a Link an earlier middleware set survives; the version's link is appended", async () => {
    const app = new Hono();
    app.use(async (c, next) => {
      c.header('Link', '</style.css>; rel="preload"');
      await next();
    });
    app.route(
      '/',
      versioned(new UrlConf([path('/:version/users/', harness.echo)]), {
        scheme: new URLPathVersioning({ allowedVersions: ['v1'] }),
        policies: { v1: { link: 'https://example.com/v1' } },
      }),
    );
    const response = await app.request('http://127.0.0.1/v1/users/');
    const rels = parseLinkHeader(response.headers.get('link') ?? '').map(({ params }) => params.get('rel'));
    expect(rels).toEqual(['preload', 'deprecation']);
  });
});
