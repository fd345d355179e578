import { createServer } from 'node:http';
import { describe, expect, test } from 'vitest';
import { path, versioned } from '../../src/adapters/node/index.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { harness } from '../adapters/node.harness.js';
import { fetchReply, listen } from '../adapters/support.js';
import { type BodyHarness, bodiesContract } from './bodies.contract.js';

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

describe('node: request and response schemas', () => {
  bodiesContract(bodies);

  test('res.json() sends application/json with res.statusCode, on every route', async () => {
    const urlconf = new UrlConf([
      path('/made/', (_req, res) => {
        res.statusCode = 201;
        res.json({ made: true });
      }),
    ]);
    const served = await listen(createServer(versioned(urlconf, { scheme: null })));
    try {
      const reply = await fetchReply(`${served.origin}/made/`);
      expect(reply.status).toBe(201);
      expect(reply.header('content-type')).toBe('application/json');
      expect(JSON.parse(reply.body)).toEqual({ made: true });
    } finally {
      await served.close();
    }
  });
});
