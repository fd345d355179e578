import { createServer, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { path, versioned } from '../../src/adapters/node/index.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { UrlConf } from '../../src/urls/urlconf.js';
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
import { bodies } from '../bodies/node.harness.js';
import { fetchReply, listen, type Served } from './support.js';
import { echoHandler, harness } from './node.harness.js';

describe('node:http adapter', () => {
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

  describe('routing of its own', () => {
    let served: Served;
    const errors: unknown[] = [];
    beforeAll(async () => {
      const urlconf = new UrlConf([
        path('/:version/users/', echoHandler as never, { name: 'users-list', methods: ['GET'] }),
        path('/:version/users/', echoHandler as never, { name: 'users-create', methods: ['POST', 'PUT'] }),
        path('/async-boom/', () => Promise.reject(new Error('async secret')), { versioning: null }),
        path('/static/1.0/', echoHandler as never, { name: 'static', versioning: null }),
        path(
          '/names/:__proto__/:constructor/',
          (req, res) => {
            const { params } = req as unknown as { params: Record<string, unknown> };
            res.setHeader('content-type', 'application/json');
            res.end(
              JSON.stringify({
                own: Object.keys(params),
                proto: Object.getPrototypeOf(params) === Object.prototype,
                values: [params['__proto__'], params['constructor']],
              }),
            );
          },
          { versioning: null },
        ),
      ]);
      served = await harness.serve(urlconf, { scheme: new URLPathVersioning() }, errors);
    });
    afterAll(() => served.close());

    test('no route → 404 problem+json, whatever the problems option', async () => {
      const reply = await fetchReply(`${served.origin}/nowhere/`);
      expect(reply.status).toBe(404);
      expect(reply.header('content-type')).toBe('application/problem+json');
      expect(reply.header('x-content-type-options')).toBe('nosniff');
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
      expect(reply.header('allow')).toBe('GET, HEAD, POST, PUT');
      expect((await fetchReply(`${served.origin}/v1/users/`, { method: 'HEAD' })).status).toBe(200);
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

    test('req.params is a plain object whose parameters are own properties, named __proto__ or constructor too', async () => {
      const reply = await fetchReply(`${served.origin}/names/a/b/`);
      expect(JSON.parse(reply.body)).toEqual({
        own: ['__proto__', 'constructor'],
        proto: true,
        values: ['a', 'b'],
      });
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

  test.each([
    [
      'an object',
      (res: ServerResponse) => res.writeHead(200, { 'Content-Type': 'text/plain', VARY: 'Origin' }),
    ],
    [
      'a flat list',
      (res: ServerResponse) => res.writeHead(200, ['content-type', 'text/plain', 'vary', 'Origin']),
    ],
  ])('a Vary given to writeHead() as %s is appended to, and the scheme’s stays', async (_form, answer) => {
    const urlconf = new UrlConf([
      path('/own/', (_req, res) => answer(res).end('ok'), { versioning: new AcceptHeaderVersioning() }),
    ]);
    const listener = versioned(urlconf, { scheme: null });
    const served = await listen(
      createServer((req, res) => {
        res.setHeader('vary', 'Cookie');
        listener(req, res);
      }),
    );
    try {
      const reply = await fetchReply(`${served.origin}/own/`);
      expect(reply.status).toBe(200);
      expect(reply.header('content-type')).toBe('text/plain');
      expect(reply.header('vary')).toBe('Cookie, Origin, Accept');
    } finally {
      await served.close();
    }
  });

  test('without onError, the error is logged with the method and URL only, never the request', async () => {
    const failure = new Error('disk on fire');
    const urlconf = new UrlConf([
      path(
        '/fail/',
        () => {
          throw failure;
        },
        { versioning: null },
      ),
    ]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const served = await listen(createServer(versioned(urlconf, { scheme: null })));
    try {
      const reply = await fetchReply(`${served.origin}/fail/?page=2`, {
        headers: { authorization: 'Bearer secret-token', cookie: 'session=secret-cookie' },
      });
      expect(reply.status).toBe(500);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(logged.mock.calls[0]).toEqual(['@restdash/versioning: GET /fail/?page=2 failed:', failure]);
      expect(JSON.stringify(logged.mock.calls)).not.toMatch(/secret-token|secret-cookie/);
    } finally {
      logged.mockRestore();
      await served.close();
    }
  });
});
