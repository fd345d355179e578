import { createServer } from 'node:http';
import cors from 'cors';
import express, { type ErrorRequestHandler } from 'express';
import { describe, expect, test } from 'vitest';
import { path, versioned } from '../../src/adapters/express/index.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { adapterContract, echo, type AdapterHarness } from './contract.js';
import { fetchReply, listen } from './support.js';

const echoHandler = path('/x/', (req, res) => {
  res.json(echo(req, req.params));
}).handler as never;

const harness: AdapterHarness = {
  framework: 'express',
  path: path as AdapterHarness['path'],
  versioned,
  echo: echoHandler,
  failing: (error) =>
    path('/x/', () => {
      throw error;
    }).handler as never,
  // Express gives a wildcard's segments.
  wildcard: ['a', 'b c', 'd.txt'],
  uncarriableName: null,
  prefixes: 'with parameters',
  serve: (urlconf, options, frameworkErrors, setup = {}) => {
    const app = express();
    if (setup.upstream === true) {
      app.use((_req, res, next) => {
        res.setHeader('vary', 'Cookie');
        next();
      });
      app.use(cors({ origin: ['http://app.example'] }));
    }
    if (setup.prefix === undefined) app.use(versioned(urlconf, options));
    else app.use(setup.prefix, versioned(urlconf, options));
    app.use(((error, _req, res, _next) => {
      frameworkErrors.push(error);
      res.status(500).send('handled by the application error handler');
    }) satisfies ErrorRequestHandler);
    return listen(createServer(app));
  },
};

describe('express adapter', () => {
  adapterContract(harness);

  test('a method Express cannot route is refused when mounting, naming it', () => {
    const urlconf = new UrlConf([path('/pot/', () => undefined, { methods: ['BREW'] })]);
    expect(() => versioned(urlconf, { scheme: null })).toThrow('Express cannot route method "BREW"');
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
