import { createServer } from 'node:http';
import cors from 'cors';
import express, { type ErrorRequestHandler } from 'express';
import { path, versioned } from '../../src/adapters/express/index.js';
import { createRequest } from '../../src/http/request.js';
import { echo, type AdapterHarness } from './contract.js';
import { hardeningHosts, type HardeningHarness } from './hardening.js';
import { listen } from './support.js';

const echoHandler = path('/x/', (req, res) => {
  res.json(echo(req, req.params));
}).handler as never;

export const harness: HardeningHarness = {
  framework: 'express',
  path: path as AdapterHarness['path'],
  versioned,
  echo: echoHandler,
  absoluteUri: path('/x/', (req, res) => {
    res.json({ uri: createRequest(req, { allowedHosts: hardeningHosts }).buildAbsoluteUri() });
  }).handler,
  failing: (error) =>
    path('/x/', () => {
      throw error;
    }).handler as never,
  varying: (value, error) =>
    path('/x/', (_req, res) => {
      res.setHeader('Vary', value);
      if (error !== undefined) throw error;
      res.json({ ok: true });
    }).handler as never,
  // Express gives a wildcard's segments.
  wildcard: ['a', 'b c', 'd.txt'],
  uncarriableName: null,
  keepsVaryInFront: true,
  prefixes: 'with parameters',
  serve: (urlconf, options, frameworkErrors, setup = {}) => {
    const app = express();
    const { varyInFront } = setup;
    if (varyInFront !== undefined) {
      app.use((_req, res, next) => {
        res.setHeader('vary', varyInFront);
        next();
      });
    }
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
      // As Express's own final handler does: an error may carry the client's status (400 for a malformed param).
      const status = (error as { status?: unknown }).status;
      res.status(typeof status === 'number' ? status : 500).send('handled by the application error handler');
    }) satisfies ErrorRequestHandler);
    return listen(createServer(app));
  },
};
