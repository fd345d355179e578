import { path } from '../../src/adapters/fastify/index.js';
import { harness } from '../adapters/fastify.harness.js';
import type { BodyHarness } from './bodies.contract.js';

export const bodies: BodyHarness = {
  adapter: harness,
  echoBody: path('/x/', (request) => ({
    body: request.body ?? null,
    version: request.version,
    query: request.query,
    flag: request.headers['x-flag'] ?? null,
  })).handler as never,
  sends: (value, status = 200) =>
    path('/x/', (_request, reply) => reply.code(status).send(value())).handler as never,
  reflects: (extra) => path('/x/', (request) => ({ ...(request.body as object), ...extra })).handler as never,
};
