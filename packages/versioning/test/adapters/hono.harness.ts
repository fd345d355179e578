import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { path, versioned } from '../../src/adapters/hono/index.js';
import { createRequest } from '../../src/http/request.js';
import { echo, type AdapterHarness } from './contract.js';
import { hardeningHosts, type HardeningHarness } from './hardening.js';
import { listen } from './support.js';

export const harness: HardeningHarness = {
  framework: 'hono',
  path: path as AdapterHarness['path'],
  versioned,
  echo: path('/x/', (c) =>
    c.json(
      echo(
        {
          version: c.get('version'),
          versioningScheme: c.get('versioningScheme'),
          resolverMatch: c.get('resolverMatch'),
          reverse: c.get('reverse'),
        },
        c.req.param(),
      ),
    ),
  ).handler as never,
  absoluteUri: path('/x/', (c) =>
    c.json({
      uri: createRequest(c.req.raw, { allowedHosts: hardeningHosts }).buildAbsoluteUri(),
    }),
  ).handler,
  failing: (error) =>
    path('/x/', () => {
      throw error;
    }).handler as never,
  varying: (value, error) =>
    path('/x/', (c) => {
      c.header('Vary', value);
      if (error !== undefined) throw error;
      return c.json({ ok: true });
    }).handler as never,
  wildcard: 'a/b c/d.txt',
  // Hono reads a final "?" as "optional".
  uncarriableName: 'page?',
  keepsVaryInFront: false,
  prefixes: 'with parameters',
  serve: (urlconf, options, frameworkErrors, setup = {}) => {
    const app = new Hono();
    const { varyInFront } = setup;
    if (varyInFront !== undefined) {
      app.use(async (c, next) => {
        c.header('Vary', varyInFront);
        await next();
      });
    }
    if (setup.upstream === true) {
      app.use(async (c, next) => {
        c.header('Vary', 'Cookie');
        await next();
      });
      app.use(cors({ origin: 'http://app.example' }));
    }
    app.route(setup.prefix ?? '/', versioned(urlconf, options));
    app.onError((error, c) => {
      frameworkErrors.push(error);
      return c.text('handled by the application error handler', 500);
    });
    // @hono/node-server's server, as serve() starts it
    return listen(createAdaptorServer({ fetch: app.fetch, hostname: '127.0.0.1' }) as Server);
  },
};
