import { createServer } from 'node:http';
import { describe, expect, test } from 'vitest';
import { path, versioned } from '../../src/adapters/node/index.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { fetchReply, listen } from '../adapters/support.js';
import { checkResponsesContract } from './check-responses.contract.js';
import { serialisedContract } from './serialised.contract.js';
import { bodiesContract } from './bodies.contract.js';
import { bodies } from './node.harness.js';

describe('node: request and response schemas', () => {
  bodiesContract(bodies);
  checkResponsesContract(bodies);
  serialisedContract(bodies);

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
