import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { path, versioned } from '../../src/adapters/fastify/index.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
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
import { bodies } from '../bodies/fastify.harness.js';
import { harness } from './fastify.harness.js';

describe('fastify adapter', () => {
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

  test('several plugins, each encapsulated; a path and method routed twice go to the first route', async () => {
    const app = Fastify();
    await app.register(
      versioned(
        new UrlConf([
          path('/twice/', () => 'first'),
          path('/twice/', () => 'second', { methods: ['GET', 'POST'] }),
        ]),
        { scheme: null },
      ),
    );
    await app.register(
      versioned(new UrlConf([path('/items/', (request) => ({ version: request.version }))]), {
        scheme: new QueryParameterVersioning(),
      }),
    );
    app.get('/plain/', (request) => ({ version: 'version' in request, reverse: 'reverse' in request }));
    expect((await app.inject('/twice/')).body).toBe('first');
    expect((await app.inject({ url: '/twice/', method: 'POST' })).body).toBe('first');
    expect((await app.inject('/items/?version=3')).json()).toEqual({ version: '3' });
    // Outside the plugin's routes the requests have none of the members.
    expect((await app.inject('/plain/')).json()).toEqual({ version: false, reverse: false });
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
