import { createServer } from 'node:http';
import express, { type RequestHandler } from 'express';
import { describe, expect, test } from 'vitest';
import { path, versioned } from '../../src/adapters/express/index.js';
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
import { bodies } from '../bodies/express.harness.js';
import { fetchReply, listen } from './support.js';
import { harness } from './express.harness.js';

describe('express adapter', () => {
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

  test('a method Express cannot route is refused when mounting, naming it', () => {
    const urlconf = new UrlConf([path('/pot/', () => undefined, { methods: ['BREW'] })]);
    expect(() => versioned(urlconf, { scheme: null })).toThrow('Express cannot route method "BREW"');
  });

  test("a Link an earlier middleware set survives; the version's link is appended", async () => {
    const app = express();
    app.use(((_req, res, next) => {
      res.append('Link', '</style.css>; rel="preload"');
      next();
    }) satisfies RequestHandler);
    app.use(
      versioned(new UrlConf([path('/:version/users/', harness.echo)]), {
        scheme: new URLPathVersioning({ allowedVersions: ['v1'] }),
        policies: { v1: { link: 'https://example.com/v1' } },
      }),
    );
    const served = await listen(createServer(app));
    try {
      const reply = await fetchReply(`${served.origin}/v1/users/`);
      const rels = parseLinkHeader(reply.header('link') ?? '').map(({ params }) => params.get('rel'));
      expect(rels).toEqual(['preload', 'deprecation']);
    } finally {
      await served.close();
    }
  });

  test("Express's own request prototype is left alone: outside the adapter's routes a request has no members", async () => {
    const app = express();
    app.use(
      versioned(new UrlConf([path('/v/:version/', (req, res) => res.send(req.version))]), {
        scheme: new URLPathVersioning(),
      }),
    );
    app.get('/plain/', (req, res) => {
      res.json({ version: 'version' in req, reverse: 'reverse' in req });
    });
    const server = await listen(createServer(app));
    try {
      expect((await fetchReply(`${server.origin}/v/v3/`)).body).toBe('v3');
      expect(JSON.parse((await fetchReply(`${server.origin}/plain/`)).body)).toEqual({
        version: false,
        reverse: false,
      });
      for (const proto of [app.request, Object.getPrototypeOf(app.request) as object]) {
        expect(Object.getOwnPropertyNames(proto)).not.toContain('version');
        expect(Object.getOwnPropertyNames(proto)).not.toContain('resolverMatch');
      }
    } finally {
      await server.close();
    }
  });
});
