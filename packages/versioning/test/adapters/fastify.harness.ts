import cors from '@fastify/cors';
import Fastify from 'fastify';
import { path, versioned } from '../../src/adapters/fastify/index.js';
import { createRequest } from '../../src/http/request.js';
import { echo } from './contract.js';
import { hardeningHosts, type HardeningHarness } from './hardening.js';

export const harness: HardeningHarness = {
  framework: 'fastify',
  path,
  versioned,
  echo: path('/x/', (request) => echo(request, request.params)).handler as never,
  absoluteUri: path('/x/', (request) => ({
    uri: createRequest(request.raw, { allowedHosts: hardeningHosts }).buildAbsoluteUri(),
  })).handler,
  failing: (error) =>
    path('/x/', async () => {
      await Promise.resolve();
      throw error;
    }).handler as never,
  varying: (value, error) =>
    path('/x/', (_request, reply) => {
      reply.header('vary', value);
      if (error !== undefined) throw error;
      return { ok: true };
    }).handler as never,
  wildcard: 'a/b c/d.txt',
  // find-my-way ends a parameter's name at "-".
  uncarriableName: 'person-id',
  keepsVaryInFront: true,
  prefixes: 'literal',
  serve: async (urlconf, options, frameworkErrors, setup = {}) => {
    const app = Fastify();
    app.setErrorHandler((error, _request, reply) => {
      frameworkErrors.push(error);
      return reply.code(500).send('handled by the application error handler');
    });
    const { varyInFront } = setup;
    if (varyInFront !== undefined) {
      app.addHook('onRequest', async (_request, reply) => {
        reply.header('vary', varyInFront);
      });
    }
    if (setup.upstream === true) {
      app.addHook('onRequest', async (_request, reply) => {
        reply.header('vary', 'Cookie');
      });
      await app.register(cors, { origin: ['http://app.example'] });
    }
    await app.register(
      versioned(urlconf, options),
      setup.prefix === undefined ? {} : { prefix: setup.prefix },
    );
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    return { origin, close: () => app.close() };
  },
};
