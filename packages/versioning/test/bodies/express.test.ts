import { createServer } from 'node:http';
import express, { type ErrorRequestHandler } from 'express';
import { describe, expect, test } from 'vitest';
import { path, versioned } from '../../src/adapters/express/index.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { fetchReply, listen } from '../adapters/support.js';
import { bodiesContract, expectBodyProblem } from './bodies.contract.js';
import { bodies } from './express.harness.js';
import { ZodMember } from './schemas.js';

describe('express: request and response schemas', () => {
  bodiesContract(bodies);

  test('after express.json(), its parsed body is validated; its own errors answer through Express', async () => {
    const app = express();
    app.use(express.json({ limit: 64 }));
    const urlconf = new UrlConf([
      path('/members/', (req, res) => res.json({ tags: req.body.tags }), { request: ZodMember }),
    ]);
    app.use(versioned(urlconf, { scheme: null }));
    const errors: unknown[] = [];
    app.use(((error, _req, res, _next) => {
      errors.push(error);
      res.status(499).send('the application error handler');
    }) satisfies ErrorRequestHandler);
    const served = await listen(createServer(app));
    try {
      const post = (body: string) =>
        fetchReply(`${served.origin}/members/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
      expect(JSON.parse((await post('{"name":"Ada"}')).body)).toEqual({ tags: [] });
      expectBodyProblem(await post('{"tags":[]}'), 400, 'invalid_body', 'Invalid request body.');
      expect((await post('{"name":')).status).toBe(499);
      expect((await post(JSON.stringify({ name: 'x'.repeat(100) }))).status).toBe(499);
      expect(errors).toHaveLength(2);
    } finally {
      await served.close();
    }
  });
});
