import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdapterHarness } from '../adapters/contract.js';
import { fetchReply, type Reply, type Served } from '../adapters/support.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { change, migrateProblem, VersionHistory } from '../../src/changes/index.js';
import { bodyCases } from './bodies.cases.js';
import { z } from 'zod';
import { history, TypeBoxMember, User, versions, ZodMember, ZodTree } from './schemas.js';
import {
  Accounts,
  cachedPerson,
  Fragile,
  Member,
  memberAsSent,
  migrationError,
  Model,
  OpenUser,
  OpenUserRecord,
  Person,
  personInV1,
  reportedMember,
  SentUser,
  sentHistory,
} from '../changes/sent-values.schemas.js';

/** What the echo handlers answer: what the handler read. */
export interface BodyEcho {
  /** `req.body`, `request.body`, `c.req.valid('json')`; `null` when there is none. */
  readonly body: unknown;
  readonly version: string | null;
  /** The query string as the framework parses it for the handler. */
  readonly query: Readonly<Record<string, unknown>>;
  /** The request's `X-Flag` header as the handler reads it. */
  readonly flag: string | null;
}

/** One framework, as the body contract drives it. */
export interface BodyHarness {
  readonly adapter: AdapterHarness;
  /** A handler answering 200 with the JSON {@link BodyEcho} of its request, through the framework's own JSON. */
  readonly echoBody: never;
  /** A handler sending `value()` with `status` through the framework's own JSON (`res.json`, a returned object, `c.json`). */
  sends(value: () => unknown, status?: number): never;
  /** A handler sending the body it read back, with `extra` properties, through the framework's own JSON. */
  reflects(extra: Readonly<Record<string, unknown>>): never;
}

function bodyOf(reply: Reply): Record<string, unknown> {
  return JSON.parse(reply.body) as Record<string, unknown>;
}

/** A problem+json reply of `status`, `code` and `detail` (`…` at its end: its start), with `members`. */
export function expectBodyProblem(
  reply: Reply,
  status: number,
  code: string,
  detail: string,
  members: Readonly<Record<string, unknown>> = {},
): void {
  expect(reply.status, reply.body).toBe(status);
  expect(reply.header('content-type')).toMatch(/^application\/problem\+json/);
  const problem = bodyOf(reply);
  expect(problem).toMatchObject({ type: 'about:blank', status, code, ...members });
  if (detail.endsWith('…')) {
    expect(String(problem['detail']).startsWith(detail.slice(0, -1)), String(problem['detail'])).toBe(true);
    expect(String(problem['detail']).length).toBeGreaterThan(detail.length - 1);
  } else expect(problem['detail']).toBe(detail);
}

/**
 * Sends `head` and then `chunk` after `chunk` (a chunked body, no `Content-Length`, unless `headers` has one) until
 * the answer arrives or `total` bytes went out; resolves with the answer and how many bytes had gone out.
 */
function streamUntilAnswered(
  origin: string,
  path: string,
  headers: Readonly<Record<string, string>>,
  total: number,
): Promise<{ readonly status: number; readonly body: string; readonly sent: number }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(16_384, 0x20);
    const outgoing = httpRequest(
      { method: 'POST', hostname, port, path, headers, agent: false },
      (incoming) => {
        answered = true;
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (data: string) => (body += data));
        incoming.on('end', () => {
          outgoing.destroy();
          resolve({ status: incoming.statusCode ?? 0, body, sent });
        });
      },
    );
    // The server may close the connection while the client still writes: the answer is what counts.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    outgoing.write('{"name":"');
    const pump = (): void => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!outgoing.write(chunk)) {
          outgoing.once('drain', pump);
          return;
        }
      }
      if (!answered) outgoing.end('"}');
    };
    setImmediate(pump);
  });
}

function send(
  served: Served,
  path: string,
  {
    method = 'POST',
    contentType,
    body,
    headers = {},
  }: {
    method?: string;
    contentType: string | null;
    body?: string | Uint8Array;
    headers?: Readonly<Record<string, string>>;
  },
): Promise<Reply> {
  return fetchReply(served.origin + path, {
    method,
    headers: { ...(contentType === null ? {} : { 'content-type': contentType }), ...headers },
    ...(body === undefined ? {} : { body: body as BodyInit }),
  });
}

/** Runs the request and response schema contract against one framework. */
export function bodiesContract(h: BodyHarness): void {
  const { adapter } = h;
  const path = adapter.path;

  describe('request bodies', () => {
    let served: Served;
    const frameworkErrors: unknown[] = [];
    beforeAll(async () => {
      const urlconf = new UrlConf([
        path('/zod/', h.echoBody, { request: ZodMember, methods: ['GET', 'POST', 'PUT', 'DELETE'] }),
        path('/typebox/', h.echoBody, { request: TypeBoxMember }),
        path('/plain/', h.echoBody),
      ]);
      served = await adapter.serve(urlconf, { scheme: null, bodyLimit: 256 }, frameworkErrors);
    });
    afterAll(() => served.close());

    test.each(bodyCases)('$name', async (c) => {
      const reply = await send(served, c.path, c);
      if (c.code === undefined) {
        expect(reply.status, reply.body).toBe(c.status);
        if (c.handlerBody !== undefined) expect(bodyOf(reply)['body']).toEqual(c.handlerBody);
      } else {
        expectBodyProblem(
          reply,
          c.status,
          c.code,
          c.detail ?? '',
          c.errors === undefined ? {} : { errors: c.errors },
        );
      }
      expect(frameworkErrors).toEqual([]);
    });
  });

  describe('schemas with code of their own: a transform, and validation that throws', () => {
    let served: Served;
    const frameworkErrors: unknown[] = [];
    const schemaBoom = new Error('kaboom: schema internals');
    /** A Standard Schema whose validation throws at once (zod's, below, turns the throw into a rejected promise). */
    const throwsAtOnce = {
      '~standard': {
        version: 1 as const,
        vendor: 'test',
        jsonSchema: { input: () => ({ type: 'object' }), output: () => ({ type: 'object' }) },
        validate: (): never => {
          throw schemaBoom;
        },
      },
    };
    beforeAll(async () => {
      const urlconf = new UrlConf([
        path('/sync/', h.echoBody, { request: throwsAtOnce }),
        path('/transform/', h.echoBody, {
          request: z.object({ name: z.string() }).transform(({ name }) => ({ slug: name.toLowerCase() })),
        }),
        path('/zod/', h.echoBody, {
          request: z.object({ name: z.string() }).superRefine((): never => {
            throw schemaBoom;
          }),
        }),
      ]);
      served = await adapter.serve(urlconf, { scheme: null }, frameworkErrors);
    });
    afterAll(() => served.close());

    test("a transform's output is what the handler reads; its depth is not known, so deep bodies are refused", async () => {
      const reply = await send(served, '/transform/', {
        contentType: 'application/json',
        body: '{"name":"Ada"}',
      });
      expect([reply.status, bodyOf(reply)['body']]).toEqual([200, { slug: 'ada' }]);
      expectBodyProblem(
        await send(served, '/transform/', {
          contentType: 'application/json',
          body: `{"name":"Ada","extra":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
        }),
        400,
        'parse_error',
        'JSON parse error - …',
      );
    });

    test.each(['/sync/', '/zod/'])(
      '%s: the framework gets the error, as from a handler; nothing is revealed',
      async (route) => {
        frameworkErrors.length = 0;
        const reply = await send(served, route, { contentType: 'application/json', body: '{"name":"Ada"}' });
        expect(reply.status).toBe(500);
        expect(frameworkErrors).toEqual([schemaBoom]);
        expect(reply.body).not.toContain('kaboom');
      },
    );
  });

  describe('hostile bodies', () => {
    let served: Served;
    const frameworkErrors: unknown[] = [];
    beforeAll(async () => {
      const urlconf = new UrlConf([
        path('/zod/', h.echoBody, { request: ZodMember }),
        path('/loose/', h.echoBody, { request: z.looseObject({ name: z.string() }) }),
        path('/tree/', h.echoBody, { request: ZodTree }),
        path('/any/', h.echoBody, {
          request: { type: ['object', 'array', 'string', 'number', 'boolean', 'null'] },
        }),
        path('/plain/', h.echoBody),
      ]);
      served = await adapter.serve(urlconf, { scheme: null }, frameworkErrors);
    });
    afterAll(() => served.close());

    test.each([
      ['{"name":"Ada","__proto__":{"polluted":true}}', '/__proto__', 'must not be "__proto__"'],
      [
        '{"name":"Ada","tags":[{"\\u005f_proto__":{"polluted":true}}]}',
        '/tags/0/__proto__',
        'must not be "__proto__"',
      ],
      [
        '{"name":"Ada","constructor":{"prototype":{"polluted":true}}}',
        '/constructor',
        'must not be "constructor" holding "prototype"',
      ],
    ])(
      'a prototype key at any depth is a 400 invalid_body pointing at it, the handler not run: %s',
      async (body, pointer, detail) => {
        for (const route of ['/zod/', '/any/']) {
          const reply = await send(served, route, { contentType: 'application/json', body });
          expectBodyProblem(reply, 400, 'invalid_body', 'Invalid request body.', {
            errors: [{ pointer, detail }],
          });
          expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
        }
        // A "constructor" key of data (no "prototype" in it) is data.
        const plain = await send(served, '/any/', {
          contentType: 'application/json',
          body: '{"constructor":"Ada"}',
        });
        expect(plain.status, plain.body).toBe(200);
        // The server goes on serving.
        expect(
          (await send(served, '/zod/', { contentType: 'application/json', body: '{"name":"B"}' })).status,
        ).toBe(200);
        expect(frameworkErrors).toEqual([]);
      },
    );

    test('JSON nested 50,000 deep is a 400 parse_error where it could reach a recursive walk or the handler', async () => {
      for (const body of [
        '['.repeat(50_000) + ']'.repeat(50_000),
        `{"name":"Ada","extra":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`,
      ]) {
        // `/any/` lets any value through to the handler; `/loose/` keeps properties it does not know; `/tree/`
        // recurses.
        for (const route of ['/any/', '/loose/', '/tree/']) {
          const reply = await send(served, route, { contentType: 'application/json', body });
          expectBodyProblem(reply, 400, 'parse_error', 'JSON parse error - …');
        }
      }
      expect(
        (await send(served, '/zod/', { contentType: 'application/json', body: '{"name":"B"}' })).status,
      ).toBe(200);
      // The schema that recurses (unnamed, as zod writes it: `$ref: "#"`) validates what is not too deep.
      const tree = await send(served, '/tree/', {
        contentType: 'application/json',
        body: '{"name":"a","children":[{"name":"b","children":[]}]}',
      });
      expect([tree.status, bodyOf(tree)['body']]).toEqual([
        200,
        { name: 'a', children: [{ name: 'b', children: [] }] },
      ]);
      expectBodyProblem(
        await send(served, '/tree/', {
          contentType: 'application/json',
          body: '{"name":"a","children":[{"name":3,"children":[]}]}',
        }),
        400,
        'invalid_body',
        'Invalid request body.',
        { errors: [{ pointer: '/children/0/name', detail: 'must be string' }] },
      );
      expect(frameworkErrors).toEqual([]);
    }, 30_000);

    test('a route whose schema bounds the depth validates deep JSON like any body: never a crash', async () => {
      // Where the schema wants a string or an object, a deep value is the wrong type.
      expectBodyProblem(
        await send(served, '/zod/', {
          contentType: 'application/json',
          body: `{"name":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`,
        }),
        400,
        'invalid_body',
        'Invalid request body.',
      );
      expectBodyProblem(
        await send(served, '/zod/', {
          contentType: 'application/json',
          body: '['.repeat(50_000) + ']'.repeat(50_000),
        }),
        400,
        'invalid_body',
        'Invalid request body.',
      );
      // Deep data where the schema does not look is left out of what the handler gets (zod's object drops it).
      const reply = await send(served, '/zod/', {
        contentType: 'application/json',
        body: `{"name":"Ada","extra":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
      });
      expect(reply.status).toBe(200);
      expect(bodyOf(reply)['body']).toEqual({ name: 'Ada', tags: [] });
      expect(frameworkErrors).toEqual([]);
    }, 30_000);

    test('a Content-Length over the limit is answered 413 before the body is sent', async () => {
      const answer = await streamUntilAnswered(
        served.origin,
        '/zod/',
        { 'content-type': 'application/json', 'content-length': String(64 * 1_048_576) },
        64 * 1_048_576,
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large' });
      expect(answer.sent).toBeLessThan(8 * 1_048_576);
    });

    test('a chunked body over the limit is answered 413 once the limit is passed, not at its end', async () => {
      const answer = await streamUntilAnswered(
        served.origin,
        '/zod/',
        { 'content-type': 'application/json' },
        64 * 1_048_576,
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'payload_too_large',
        detail: 'Request body too large: more than 1048576 bytes.',
      });
      expect(answer.sent).toBeLessThan(16 * 1_048_576);
    });

    test('fuzz: any bytes, any JSON, any Content-Type get a 2xx or a 4xx problem, never a 5xx', async () => {
      const contentTypes = fc.constantFrom(
        'application/json',
        'application/x+json',
        'text/plain',
        'application/json; charset=latin1',
        '',
      );
      const bodies = fc.oneof(
        fc.json().map((text) => new TextEncoder().encode(text)),
        fc.uint8Array({ maxLength: 256 }),
        fc.string({ unit: 'binary', maxLength: 128 }).map((text) => new TextEncoder().encode(text)),
        fc
          .constantFrom('{"__proto__":{"x":1}}', '{"name":"\\ud800"}', '{"name":"a","name":1}')
          .map((text) => new TextEncoder().encode(text)),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('/zod/', '/any/'),
          contentTypes,
          bodies,
          async (route, contentType, body) => {
            const reply = await send(served, route, {
              contentType: contentType === '' ? null : contentType,
              body,
            });
            expect(reply.status).toBeLessThan(500);
            if (reply.status >= 400)
              expect(reply.header('content-type')).toMatch(/^application\/problem\+json/);
          },
        ),
        { numRuns: 150 },
      );
      expect(({} as Record<string, unknown>)['x']).toBeUndefined();
      expect(frameworkErrors).toEqual([]);
    }, 60_000);
  });

  describe('version changes through the server', () => {
    let served: Served;
    const frameworkErrors: unknown[] = [];
    // Shared by every request, as a cache would be: frozen, so that a change to it would throw.
    const cached = Object.freeze({
      id: '7',
      fullName: 'Grace Hopper',
      address: Object.freeze({ city: 'Arlington', street: 'Army Navy Dr' }),
      _internal: 'never sent',
    });
    const scheme = new HeaderVersioning({ defaultVersion: '2025-01-01', allowedVersions: versions });
    beforeAll(async () => {
      const urlconf = new UrlConf([
        path('/users/', h.reflects({ _internal: 'never sent' }), {
          name: 'users',
          methods: ['POST'],
          request: User,
          response: User,
        }),
        path(
          '/users/7/',
          h.sends(() => cached),
          { name: 'user', methods: ['GET'], response: User },
        ),
        path('/flags/', h.echoBody, { name: 'flags', methods: ['POST'], request: User }),
        path('/members/7/', h.echoBody, {
          name: 'member',
          methods: ['GET', 'HEAD', 'OPTIONS', 'PUT'],
          request: User,
        }),
        path(
          '/created/',
          h.sends(() => cached, 201),
          { name: 'created', response: User },
        ),
        path(
          '/failed/',
          h.sends(() => ({ ...cached, fullName: 'x' }), 409),
          { name: 'failed', response: User },
        ),
        path('/neutral/', h.reflects({}), {
          name: 'neutral',
          versioning: null,
          request: User,
          response: User,
        }),
      ]);
      served = await adapter.serve(urlconf, { scheme, changes: history }, frameworkErrors);
    });
    afterAll(() => served.close());

    const post = (route: string, version: string, body: unknown) =>
      send(served, route, {
        contentType: 'application/json',
        body: JSON.stringify(body),
        headers: { 'api-version': version },
      });

    test('an old request is migrated up, its response down, in its own names', async () => {
      const reply = await post('/users/', '2024-01-01', { id: '1', name: 'Ada' });
      expect(reply.status, reply.body).toBe(200);
      expect(bodyOf(reply)).toEqual({ id: '1', name: 'Ada' });
      expect(reply.header('x-legacy')).toBe('1');
    });

    test('GET, HEAD and OPTIONS of a route whose PUT has a request schema are never body-checked, in any version', async () => {
      for (const version of versions) {
        for (const method of ['GET', 'HEAD', 'OPTIONS']) {
          const reply = await fetchReply(`${served.origin}/members/7/`, {
            method,
            headers: { 'api-version': version },
          });
          expect(reply.status, `${method} in ${version}: ${reply.body}`).toBe(200);
          if (method !== 'HEAD') expect(bodyOf(reply)).toMatchObject({ body: null, version });
        }
        // The PUT beside them is checked in its own version's shape.
        const put = await send(served, '/members/7/', {
          method: 'PUT',
          contentType: 'application/json',
          body: '{}',
          headers: { 'api-version': version },
        });
        expect(put.status, `PUT in ${version}`).toBe(400);
      }
    });

    test('each version in its own shape', async () => {
      const middle = await post('/users/', '2024-06-01', { id: '1', fullName: 'Ada' });
      expect(bodyOf(middle)).toEqual({ id: '1', fullName: 'Ada' });
      expect(middle.header('x-legacy')).toBeNull();
      const address = { city: 'London', street: 'Baker St' };
      const head = await post('/users/', '2025-01-01', { id: '1', fullName: 'Ada', address });
      expect(bodyOf(head)).toEqual({ id: '1', fullName: 'Ada', address });
    });

    test('the handler reads the newest shape, and the headers and query string the migrations made', async () => {
      const reply = await post('/flags/', '2024-01-01', { id: '1', name: 'Ada' });
      expect(bodyOf(reply)).toMatchObject({
        body: { id: '1', fullName: 'Ada', address: null },
        version: '2024-01-01',
        flag: 'from-2024-01-01',
        query: { from: 'old' },
      });
      const head = await post('/flags/', '2025-01-01', { id: '1', fullName: 'Ada', address: null });
      expect(bodyOf(head)).toMatchObject({ flag: null, query: {} });
    });

    test("a body invalid in its version is refused with pointers in that version's names", async () => {
      const reply = await post('/users/', '2024-01-01', { id: '1', fullName: 'Ada' });
      expectBodyProblem(reply, 400, 'invalid_body', 'Invalid request body.', {
        errors: [{ pointer: '/name', detail: "must have required property 'name'" }],
        legacy: true,
      });
      // The newest version's clients get the problem as it is.
      const head = await post('/users/', '2025-01-01', { id: '1', name: 'Ada' });
      expect(bodyOf(head)['legacy']).toBeUndefined();
      expect(bodyOf(head)['errors']).toEqual([
        { pointer: '/fullName', detail: "must have required property 'fullName'" },
        { pointer: '/address', detail: "must have required property 'address'" },
      ]);
    });

    test("restdash's own problems go through migrateProblem too", async () => {
      const reply = await send(served, '/users/', {
        contentType: 'text/plain',
        body: 'x',
        headers: { 'api-version': '2024-01-01' },
      });
      expectBodyProblem(
        reply,
        415,
        'unsupported_media_type',
        'Unsupported media type "text/plain" in request.',
        {
          legacy: true,
        },
      );
    });

    test('a shared response object is never changed; what the schema rules out is never sent', async () => {
      for (const version of versions) {
        const reply = await fetchReply(`${served.origin}/users/7/`, { headers: { 'api-version': version } });
        expect(reply.status, reply.body).toBe(200);
        const expected =
          version === '2024-01-01'
            ? { id: '7', name: 'Grace Hopper' }
            : version === '2024-06-01'
              ? { id: '7', fullName: 'Grace Hopper' }
              : { id: '7', fullName: 'Grace Hopper', address: { city: 'Arlington', street: 'Army Navy Dr' } };
        expect(bodyOf(reply)).toEqual(expected);
      }
      expect(cached._internal).toBe('never sent');
      expect(frameworkErrors).toEqual([]);
    });

    test('any 2xx is migrated; another status is sent as it is', async () => {
      const created = await fetchReply(`${served.origin}/created/`, {
        headers: { 'api-version': '2024-01-01' },
      });
      expect(created.status).toBe(201);
      expect(bodyOf(created)).toEqual({ id: '7', name: 'Grace Hopper' });
      const failed = await fetchReply(`${served.origin}/failed/`, {
        headers: { 'api-version': '2024-01-01' },
      });
      expect(failed.status).toBe(409);
      expect(bodyOf(failed)).toMatchObject({ fullName: 'x', _internal: 'never sent' });
    });

    test('a version-neutral route is served as the newest version', async () => {
      const user = { id: '1', fullName: 'Ada', address: null };
      const reply = await post('/neutral/', '2024-01-01', user);
      expect(reply.status, reply.body).toBe(200);
      expect(bodyOf(reply)).toEqual(user);
      expect(reply.header('x-legacy')).toBeNull();
    });
  });

  describe('a migration function that throws', () => {
    let served: Served;
    const frameworkErrors: unknown[] = [];
    const careless = new VersionHistory(['2024-01-01', '2025-01-01'], {
      '2025-01-01': [
        change('Problems list their errors as "issues"', [
          // Written for invalid_body only: every other problem has no `errors`, and this throws on it.
          migrateProblem((problem) => {
            const { errors, ...rest } = problem as { errors: unknown[] };
            return { ...rest, issues: errors.map((error) => error) };
          }),
        ]),
      ],
    });
    beforeAll(async () => {
      const urlconf = new UrlConf([path('/members/', h.echoBody, { request: ZodMember })]);
      const scheme = new HeaderVersioning({
        defaultVersion: '2025-01-01',
        allowedVersions: ['2024-01-01', '2025-01-01'],
      });
      served = await adapter.serve(urlconf, { scheme, changes: careless }, frameworkErrors);
    });
    afterAll(() => served.close());

    test("is a handler's error: the framework's error handling answers (node:http a 500 problem), and the server goes on serving", async () => {
      const old = { 'api-version': '2024-01-01' };
      // A 415 has no `errors`: v1's migrateProblem throws on it.
      const refused = await send(served, '/members/', { contentType: 'text/plain', body: 'x', headers: old });
      expect(refused.status).toBe(500);
      if (adapter.framework === 'node')
        expect(refused.header('content-type')).toMatch(/^application\/problem\+json/);
      expect(frameworkErrors.length).toBeGreaterThan(0);
      // An invalid body has `errors`: migrated as written.
      const invalid = await send(served, '/members/', {
        contentType: 'application/json',
        body: '{}',
        headers: old,
      });
      expect(invalid.status).toBe(400);
      expect(bodyOf(invalid)['issues']).toHaveLength(1);
      const ok = await send(served, '/members/', {
        contentType: 'application/json',
        body: '{"name":"Ada"}',
        headers: old,
      });
      expect(ok.status).toBe(200);
    });
  });

  describe('what is sent: the value as JSON, nothing the schema rules out, nothing written back', () => {
    let served: Served;
    const frameworkErrors: unknown[] = [];
    const cached = cachedPerson();
    beforeAll(async () => {
      const urlconf = new UrlConf([
        path(
          '/me/',
          h.sends(() => new Model({ id: 1, fullName: 'Ada', passwordHash: '$argon2id$v=19$secret' })),
          { response: SentUser },
        ),
        path(
          '/profile/',
          h.sends(() => new OpenUserRecord()),
          { response: OpenUser },
        ),
        path(
          '/member/',
          h.sends(() => reportedMember),
          { response: Member },
        ),
        path(
          '/accounts/',
          h.sends(() => ({ accounts: [{ owner: { name: 'Ada', profile: reportedMember.profile } }] })),
          { response: Accounts },
        ),
        path(
          '/cached/',
          h.sends(() => cached),
          { response: Person },
        ),
        path(
          '/fragile/',
          h.sends(() => ({ a: 'x' })),
          { response: Fragile },
        ),
      ]);
      const scheme = new HeaderVersioning({ defaultVersion: 'v2', allowedVersions: ['v1', 'v2'] });
      served = await adapter.serve(urlconf, { scheme, changes: sentHistory }, frameworkErrors);
    });
    afterAll(() => served.close());
    const get = (route: string, version: string) =>
      fetchReply(`${served.origin}${route}`, { headers: { 'api-version': version } });

    test('an ORM record is sent as its toJSON() has it, in every version: its password hash never', async () => {
      const head = await get('/me/', 'v2');
      const old = await get('/me/', 'v1');
      expect([bodyOf(head), bodyOf(old)]).toEqual([
        { id: 1, fullName: 'Ada' },
        { id: 1, name: 'Ada' },
      ]);
      // An open schema keeps what toJSON() gives, and nothing it hides; the closed address still leaves its secret out.
      const profile = await get('/profile/', 'v2');
      expect(bodyOf(profile)).toEqual({ id: 1, fullName: 'Ada', address: { city: 'London' } });
      expect(head.body + old.body + profile.body).not.toMatch(/argon2|door code/);
    });

    test("another branch's apiKey and a nested profile's ssn are never sent", async () => {
      for (const version of ['v1', 'v2']) {
        const member = await get('/member/', version);
        expect(bodyOf(member)).toEqual(memberAsSent);
        const accounts = await get('/accounts/', version);
        expect(bodyOf(accounts)).toEqual({ accounts: [{ owner: { name: 'Ada', profile: { bio: 'x' } } }] });
        expect(member.body + accounts.body).not.toMatch(/sk_live|078-05/);
      }
    });

    test('a migration that changes what it gets changes no cached value: the same answers every time', async () => {
      const before = structuredClone(cached);
      const answers: unknown[] = [];
      for (let round = 0; round < 3; round += 1)
        for (const version of ['v1', 'v2']) answers.push(bodyOf(await get('/cached/', version)));
      expect(answers).toEqual([personInV1, before, personInV1, before, personInV1, before]);
      expect(cached).toEqual(before);
    });

    test("a migration that throws is a handler's error; the server goes on serving", async () => {
      frameworkErrors.length = 0;
      const reply = await get('/fragile/', 'v1');
      expect(reply.status).toBe(500);
      expect(reply.body).not.toContain('internals');
      expect(frameworkErrors).toEqual([migrationError]);
      expect(bodyOf(await get('/fragile/', 'v2'))).toEqual({ a: 'x' });
    });
  });

  describe('mounting with changes', () => {
    const urlconf = () => new UrlConf([path('/users/', h.echoBody, { request: User })]);

    test('a scheme without allowedVersions is refused', () => {
      expect(() =>
        adapter.versioned(urlconf(), { scheme: new HeaderVersioning(), changes: history }),
      ).toThrow(/without allowedVersions/);
    });

    test('a version the history does not have is refused, named', () => {
      const scheme = new QueryParameterVersioning({ allowedVersions: ['2024-01-01', '2023-01-01'] });
      expect(() => adapter.versioned(urlconf(), { scheme, changes: history })).toThrow(/"2023-01-01"/);
      const defaulted = new QueryParameterVersioning({
        defaultVersion: '1999-01-01',
        allowedVersions: ['2024-01-01'],
      });
      expect(() => adapter.versioned(urlconf(), { scheme: defaulted, changes: history })).toThrow(
        /"1999-01-01"/,
      );
    });

    test.each([0, -1, 1.5, '1024', Number.NaN])('bodyLimit %s is refused', (bodyLimit) => {
      expect(() => adapter.versioned(urlconf(), { scheme: null, bodyLimit: bodyLimit as number })).toThrow(
        expect.objectContaining({
          code: 'ERR_VERSIONING_INVALID_ARGUMENT',
          message: expect.stringMatching(/options\.bodyLimit/),
        }),
      );
    });

    test('changes must be a VersionHistory', () => {
      expect(() => adapter.versioned(urlconf(), { scheme: null, changes: {} as never })).toThrow(
        /options\.changes/,
      );
    });
  });
}
