import { path } from '../../src/adapters/express/index.js';
import { harness } from '../adapters/express.harness.js';
import type { BodyHarness } from './bodies.contract.js';

export const bodies: BodyHarness = {
  adapter: harness,
  echoBody: path('/x/', (req, res) => {
    res.json({
      body: req.body ?? null,
      version: req.version,
      query: req.query,
      flag: req.headers['x-flag'] ?? null,
    });
  }).handler as never,
  sends: (value, status = 200) =>
    path('/x/', (_req, res) => {
      res.status(status).json(value());
    }).handler as never,
  reflects: (extra) =>
    path('/x/', (req, res) => {
      res.json({ ...(req.body as object), ...extra });
    }).handler as never,
};
