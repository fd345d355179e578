import { path } from '../../src/adapters/hono/index.js';
import { harness } from '../adapters/hono.harness.js';
import type { BodyHarness } from './bodies.contract.js';

export const bodies: BodyHarness = {
  adapter: harness,
  echoBody: path('/x/', (c) =>
    c.json({
      body: (c.req.valid as (target: 'json') => unknown)('json') ?? null,
      version: c.get('version'),
      query: c.req.query(),
      flag: c.req.header('x-flag') ?? null,
    }),
  ).handler as never,
  sends: (value, status = 200) =>
    path('/x/', (c) => c.json(value() as object, status as 200)).handler as never,
  reflects: (extra) =>
    path('/x/', (c) => c.json({ ...(c.req.valid as (target: 'json') => object)('json'), ...extra }))
      .handler as never,
};
