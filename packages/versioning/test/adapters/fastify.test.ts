import Fastify, { type RouteHandlerMethod } from 'fastify';
import { describe, expect, test } from 'vitest';
import { versioned } from '../../src/adapters/fastify/index.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { createRequest } from '../../src/http/request.js';
import { path, UrlConf } from '../../src/urls/urlconf.js';
import { adapterContract, echo } from './contract.js';
import { moreSchemesContract } from './more-schemes.contract.js';
import { hardeningContract, hardeningHosts, type HardeningHarness } from './hardening.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { parseLinkHeader } from '../lifecycle/rfc-grammars.js';
import { lifecycleContract } from './lifecycle.contract.js';

const harness: HardeningHarness = {
  echo: ((request) => echo(request)) satisfies RouteHandlerMethod,
  absoluteUri: ((request) => ({
    uri: createRequest(request.raw, { allowedHosts: hardeningHosts }).buildAbsoluteUri(),
  })) satisfies RouteHandlerMethod,
  failing: (error) =>
    (async () => {
      await Promise.resolve();
      throw error;
    }) satisfies RouteHandlerMethod,
  serve: async (urlconf, options, frameworkErrors) => {
    const app = Fastify();
    app.setErrorHandler((error, _request, reply) => {
      frameworkErrors.push(error);
      return reply.code(500).send('handled by the application error handler');
    });
    await app.register(versioned(urlconf, options));
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    return { origin, close: () => app.close() };
  },
};

describe('fastify adapter', () => {
  adapterContract(harness);
  moreSchemesContract(harness);
  hardeningContract(harness);
  lifecycleContract(harness);

  test('several plugins share one set of decorators; a path and method routed twice go to the first route', async () => {
    const app = Fastify();
    const first: RouteHandlerMethod = () => 'first';
    const second: RouteHandlerMethod = () => 'second';
    const version: RouteHandlerMethod = (request) => ({ version: request.version });
    await app.register(
      versioned(
        new UrlConf([path('/twice/', first), path('/twice/', second, { methods: ['GET', 'POST'] })]),
        { scheme: null },
      ),
    );
    await app.register(
      versioned(new UrlConf([path('/items/', version)]), { scheme: new QueryParameterVersioning() }),
    );
    app.get('/plain/', (request) => ({ version: request.version }));
    expect((await app.inject('/twice/')).body).toBe('first');
    expect((await app.inject({ url: '/twice/', method: 'POST' })).body).toBe('first');
    expect((await app.inject('/items/?version=3')).json()).toEqual({ version: '3' });
    // Outside the adapter's routes the decorators keep their default.
    expect((await app.inject('/plain/')).json()).toEqual({ version: null });
    await app.close();
  });

  test("a Link an onRequest hook set survives; the version's link is appended", async () => {
    const app = Fastify();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('link', '</style.css>; rel="preload"');
      done();
    });
    await app.register(
      versioned(new UrlConf([path('/:version/users/', harness.echo)]), {
        scheme: new URLPathVersioning({ allowedVersions: ['v1'] }),
        policies: { v1: { link: 'https://example.com/v1' } },
      }),
    );
    const reply = await app.inject('/v1/users/');
    const rels = parseLinkHeader(String(reply.headers.link)).map(({ params }) => params.get('rel'));
    expect(rels).toEqual(['preload', 'deprecation']);
    await app.close();
  });
});
