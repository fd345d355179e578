import { createServer, request } from 'node:http';
import express, { type ErrorRequestHandler } from 'express';
import { describe, expect, test } from 'vitest';
import { path, versioned } from '../../src/adapters/express/index.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { fetchReply, listen } from '../adapters/support.js';
import { checkResponsesContract } from './check-responses.contract.js';
import { serialisedContract } from './serialised.contract.js';
import { bodiesContract, expectBodyProblem } from './bodies.contract.js';
import { bodies } from './express.harness.js';
import { ZodMember } from './schemas.js';

describe('express: request and response schemas', () => {
  bodiesContract(bodies);
  checkResponsesContract(bodies);
  serialisedContract(bodies);

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

  test('after express.json(), a body it parsed on a GET never reaches the handler; a __proto__ key it kept is refused', async () => {
    const app = express();
    app.use(express.json());
    const urlconf = new UrlConf([
      path('/members/', (req, res) => res.json({ body: req.body === undefined ? 'none' : req.body }), {
        request: ZodMember,
        methods: ['GET', 'POST'],
      }),
    ]);
    app.use(versioned(urlconf, { scheme: null }));
    const served = await listen(createServer(app));
    try {
      // A JSON body on a GET: express.json() parses it; the route's handler reads none.
      const raw = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL(`${served.origin}/members/`);
        const outgoing = request(
          {
            method: 'GET',
            hostname: url.hostname,
            port: url.port,
            path: url.pathname,
            headers: { 'content-type': 'application/json' },
          },
          (incoming) => {
            let text = '';
            incoming.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
            incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: text }));
          },
        );
        outgoing.on('error', reject);
        outgoing.end('{"name":"Mallory","isAdmin":true}');
      });
      expect(raw.status).toBe(200);
      expect(JSON.parse(raw.body)).toEqual({ body: 'none' });
      // JSON.parse keeps "__proto__" as an own key: refused after the parser in front, as when restdash reads it.
      const post = await fetchReply(`${served.origin}/members/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Ada","__proto__":{"isAdmin":true}}',
      });
      expectBodyProblem(post, 400, 'invalid_body', 'Invalid request body.', {
        errors: [{ pointer: '/__proto__', detail: 'must not be "__proto__"' }],
      });
    } finally {
      await served.close();
    }
  });
});
