import { createServer } from 'node:http';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { describe, expect, test } from 'vitest';
import { versioned } from '../../src/adapters/express/index.js';
import { createRequest } from '../../src/http/request.js';
import { path, UrlConf } from '../../src/urls/urlconf.js';
import { adapterContract, echo } from './contract.js';
import { moreSchemesContract } from './more-schemes.contract.js';
import { hardeningContract, hardeningHosts, type HardeningHarness } from './hardening.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { parseLinkHeader } from '../lifecycle/rfc-grammars.js';
import { lifecycleContract } from './lifecycle.contract.js';
import { fetchReply, listen } from './support.js';

const harness: HardeningHarness = {
  echo: ((req, res) => {
    res.json(echo(req));
  }) satisfies RequestHandler,
  absoluteUri: ((req, res) => {
    res.json({ uri: createRequest(req, { allowedHosts: hardeningHosts }).buildAbsoluteUri() });
  }) satisfies RequestHandler,
  failing: (error) =>
    (() => {
      throw error;
    }) satisfies RequestHandler,
  serve: (urlconf, options, frameworkErrors) => {
    const app = express();
    app.use(versioned(urlconf, options));
    app.use(((error, _req, res, _next) => {
      frameworkErrors.push(error);
      // As Express's own final handler does: an error may carry the client's status (400 for a malformed param).
      const status = (error as { status?: unknown }).status;
      res.status(typeof status === 'number' ? status : 500).send('handled by the application error handler');
    }) satisfies ErrorRequestHandler);
    return listen(createServer(app));
  },
};

describe('express adapter', () => {
  adapterContract(harness);
  moreSchemesContract(harness);
  hardeningContract(harness);
  lifecycleContract(harness);

  test('a method Express cannot route is refused when mounting, naming it', () => {
    const urlconf = new UrlConf([path('/pot/', harness.echo, { methods: ['BREW'] })]);
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
});
