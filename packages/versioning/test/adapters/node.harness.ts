import { createServer } from 'node:http';
import { path, versioned } from '../../src/adapters/node/index.js';
import { createRequest } from '../../src/http/request.js';
import { echo } from './contract.js';
import { hardeningHosts, type HardeningHarness } from './hardening.js';
import { listen } from './support.js';

export const echoHandler = path('/x/', (req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(echo(req, req.params)));
}).handler;

export const harness: HardeningHarness = {
  framework: 'node',
  path,
  versioned,
  echo: echoHandler as never,
  absoluteUri: path('/x/', (req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ uri: createRequest(req, { allowedHosts: hardeningHosts }).buildAbsoluteUri() }));
  }).handler,
  failing: (error) =>
    path('/x/', () => {
      throw error;
    }).handler as never,
  varying: (value, error) =>
    path('/x/', (_req, res) => {
      res.setHeader('Vary', value);
      if (error !== undefined) throw error;
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    }).handler as never,
  wildcard: 'a/b c/d.txt',
  uncarriableName: null,
  // The listener is the whole server: its `scriptPrefix` option says what path it is served under.
  keepsVaryInFront: true,
  prefixes: 'literal',
  serve: (urlconf, options, frameworkErrors, setup = {}) => {
    const onError = (error: unknown) => frameworkErrors.push(error);
    const listener = versioned(urlconf, {
      ...options,
      onError,
      ...(setup.prefix === undefined ? {} : { scriptPrefix: setup.prefix }),
    });
    const { varyInFront } = setup;
    if (varyInFront !== undefined) {
      return listen(
        createServer((req, res) => {
          res.setHeader('vary', varyInFront);
          listener(req, res);
        }),
      );
    }
    if (setup.upstream !== true) return listen(createServer(listener));
    // What CORS code in front of a node:http listener does: its headers, and Vary, before the listener runs.
    return listen(
      createServer((req, res) => {
        res.setHeader('vary', 'Cookie');
        if (req.headers.origin === 'http://app.example') {
          res.setHeader('access-control-allow-origin', 'http://app.example');
          res.setHeader('vary', 'Cookie, Origin');
        }
        listener(req, res);
      }),
    );
  },
};
