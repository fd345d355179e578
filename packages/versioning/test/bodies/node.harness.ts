import { path } from '../../src/adapters/node/index.js';
import { harness } from '../adapters/node.harness.js';
import type { BodyHarness } from './bodies.contract.js';

export const bodies: BodyHarness = {
  adapter: harness,
  echoBody: path('/x/', (req, res) => {
    const query = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
    res.json({ body: req.body ?? null, version: req.version, query, flag: req.headers['x-flag'] ?? null });
  }).handler as never,
  sends: (value, status = 200) =>
    path('/x/', (_req, res) => {
      res.statusCode = status;
      res.json(value());
    }).handler as never,
  reflects: (extra) =>
    path('/x/', (req, res) => {
      res.json({ ...(req.body as object), ...extra });
    }).handler as never,
};
