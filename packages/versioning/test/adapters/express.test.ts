import { createServer } from 'node:http';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { describe, expect, test } from 'vitest';
import { versioned } from '../../src/adapters/express/index.js';
import { createRequest } from '../../src/http/request.js';
import { path, UrlConf } from '../../src/urls/urlconf.js';
import { adapterContract, echo } from './contract.js';
import { moreSchemesContract } from './more-schemes.contract.js';
import { hardeningContract, hardeningHosts, type HardeningHarness } from './hardening.js';
import { listen } from './support.js';

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

  test('a method Express cannot route is refused when mounting, naming it', () => {
    const urlconf = new UrlConf([path('/pot/', harness.echo, { methods: ['BREW'] })]);
    expect(() => versioned(urlconf, { scheme: null })).toThrow('Express cannot route method "BREW"');
  });
});
