import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { versioned, type VersionedRequestListener } from '../../src/adapters/node/index.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { createRequest } from '../../src/http/request.js';
import { path, UrlConf } from '../../src/urls/urlconf.js';
import { adapterContract, echo } from './contract.js';
import { moreSchemesContract } from './more-schemes.contract.js';
import { hardeningContract, hardeningHosts, type HardeningHarness } from './hardening.js';
import { lifecycleContract } from './lifecycle.contract.js';
import { fetchReply, listen, type Served } from './support.js';

const echoHandler: VersionedRequestListener = (req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(echo(req)));
};

const harness: HardeningHarness = {
  echo: echoHandler,
  absoluteUri: ((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ uri: createRequest(req, { allowedHosts: hardeningHosts }).buildAbsoluteUri() }));
  }) satisfies VersionedRequestListener,
  failing: (error) =>
    (() => {
      throw error;
    }) satisfies VersionedRequestListener,
  serve: (urlconf, options, frameworkErrors) => {
    const onError = (error: unknown) => frameworkErrors.push(error);
    return listen(createServer(versioned(urlconf, { ...options, onError })));
  },
};

describe('node:http adapter', () => {
  adapterContract(harness);
  moreSchemesContract(harness);
  hardeningContract(harness);
  lifecycleContract(harness);

  describe('routing of its own', () => {
    let served: Served;
    const errors: unknown[] = [];
    beforeAll(async () => {
      const urlconf = new UrlConf([
        path('/:version/users/', echoHandler, { name: 'users-list', methods: ['GET'] }),
        path('/:version/users/', echoHandler, { name: 'users-create', methods: ['POST', 'PUT'] }),
        path('/async-boom/', () => Promise.reject(new Error('async secret')), { versioning: null }),
        path('/static/1.0/', echoHandler, { name: 'static', versioning: null }),
      ]);
      served = await harness.serve(urlconf, { scheme: new URLPathVersioning() }, errors);
    });
    afterAll(() => served.close());

    test('no route → 404 problem+json', async () => {
      const reply = await fetchReply(`${served.origin}/nowhere/`);
      expect(reply.status).toBe(404);
      expect(reply.header('content-type')).toBe('application/problem+json');
      expect(JSON.parse(reply.body)).toEqual({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: 'Not found.',
        code: 'not_found',
      });
    });

    test('a route without the method → 405 with Allow listing the methods of every route on the path', async () => {
      const reply = await fetchReply(`${served.origin}/v1/users/`, { method: 'DELETE' });
      expect(reply.status).toBe(405);
      expect(reply.header('allow')).toBe('GET, POST, PUT');
      expect(JSON.parse(reply.body)).toMatchObject({ status: 405, code: 'method_not_allowed' });
    });

    test('literal text matches with its unreserved characters percent-encoded (%31 is 1), %2F stays a slash', async () => {
      for (const target of ['/static/1.0/', '/static/1%2E0/', '/%73tatic/%31.0/']) {
        const reply = await fetchReply(`${served.origin}${target}`);
        expect(reply.status).toBe(200);
        expect(JSON.parse(reply.body)).toMatchObject({ viewName: 'static' });
      }
      expect((await fetchReply(`${served.origin}/static%2F1.0/`)).status).toBe(404);
    });

    test('HEAD is answered by a GET route, without a body', async () => {
      const reply = await fetchReply(`${served.origin}/v1/users/`, { method: 'HEAD' });
      expect(reply.status).toBe(200);
      expect(reply.body).toBe('');
    });

    test("a handler's rejected promise → 500 problem+json that does not reveal it, and onError hears of it", async () => {
      errors.length = 0;
      const reply = await fetchReply(`${served.origin}/async-boom/`);
      expect(reply.status).toBe(500);
      expect(JSON.parse(reply.body)).toMatchObject({ status: 500, code: 'error' });
      expect(reply.body).not.toContain('secret');
      expect(errors).toEqual([new Error('async secret')]);
    });
  });
});
