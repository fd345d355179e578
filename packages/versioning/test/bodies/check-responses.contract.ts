import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import type { AdapterOptions } from '../../src/adapters/shared.js';
import { change, field, migrateProblem, migrateResponse, VersionHistory } from '../../src/changes/index.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { fetchReply, type Reply, type Served } from '../adapters/support.js';
import { type BodyHarness, expectBodyProblem } from './bodies.contract.js';

/** The newest shape: `fullName` was `name` in v1; `createdAt` is a string as JSON.stringify writes a Date. */
const Account = z
  .object({ id: z.string(), fullName: z.string(), createdAt: z.iso.datetime() })
  .meta({ id: 'CheckedAccount' });

/** A schema a buggy migration of the history turns wrong in v1. */
const Broken = z.object({ id: z.string(), label: z.string() }).meta({ id: 'CheckedBroken' });

const history = new VersionHistory(['v1', 'v2'], {
  v2: [
    change('An account\'s name is "fullName"', [field(Account, 'fullName').renamedFrom('name')]),
    // A migration with a bug: v1's clients would get a number where their schema says a string.
    change('Broken for v1', [migrateResponse(Broken, (body) => ({ ...body, id: 7 }))]),
    // A route's own migration: what it returns is sent as it is in v1 (v1's schema describes the body before it).
    change('Reshaped for v1', [migrateResponse({ route: 'reshaped' }, (body) => ({ account: body }))]),
    change('Old clients are told apart', [migrateProblem((problem) => ({ ...problem, legacy: true }))]),
  ],
});

const scheme = new HeaderVersioning({ defaultVersion: 'v2', allowedVersions: ['v1', 'v2'] });
const policies = { v1: { deprecation: '2024-01-01T00:00:00Z' } };
const createdAt = new Date('2025-03-01T12:00:00Z');

/** Right in the newest schema, with a property it does not know (left out, as always). */
const right = () => ({ id: '7', fullName: 'Ada', createdAt, _internal: 'never sent' });
const broken = () => ({ id: '7', label: 'x' });
/** Wrong in every version: `id` a number, `fullName` (v1: `name`) missing. */
const wrong = () => ({ id: 7, createdAt, _internal: 'never sent' });

function bodyOf(reply: Reply): Record<string, unknown> {
  return JSON.parse(reply.body) as Record<string, unknown>;
}

/**
 * Runs the `checkResponses` contract against one framework: what a handler sends is checked against the route's
 * `response` schema in the newest version, and migrated down in the request's.
 */
export function checkResponsesContract(h: BodyHarness): void {
  const { adapter } = h;
  const path = adapter.path;
  const urlconf = () =>
    new UrlConf([
      path('/right/', h.sends(right), { name: 'right', methods: ['GET'], response: Account }),
      path('/wrong/', h.sends(wrong), { name: 'wrong', methods: ['GET'], response: Account }),
      path('/broken/', h.sends(broken), { name: 'broken', methods: ['GET'], response: Broken }),
      path('/reshaped/', h.sends(right), { name: 'reshaped', methods: ['GET'], response: Account }),
      path('/conflict/', h.sends(wrong, 409), { methods: ['GET'], response: Account }),
      path('/unnamed/:pk/', h.sends(wrong), { methods: ['GET'], response: Account }),
    ]);
  const get = (served: Served, route: string, version: string) =>
    fetchReply(served.origin + route, { headers: { 'api-version': version } });

  const serving = (options: Partial<AdapterOptions>) => {
    const box: { served?: Served; errors: unknown[] } = { errors: [] };
    beforeAll(async () => {
      box.served = await adapter.serve(
        urlconf(),
        { scheme, changes: history, policies, ...options },
        box.errors,
      );
    });
    afterAll(() => box.served?.close());
    return box;
  };

  describe('checkResponses: true', () => {
    const box = serving({ checkResponses: true });

    test.each(['v1', 'v2'])(
      'in %s, a value that fits the newest schema goes out as before, in its version',
      async (version) => {
        const reply = await get(box.served as Served, '/right/', version);
        expect(reply.status, reply.body).toBe(200);
        const name = version === 'v1' ? 'name' : 'fullName';
        expect(bodyOf(reply)).toEqual({ id: '7', [name]: 'Ada', createdAt: createdAt.toJSON() });
      },
    );

    test.each([
      ['v2', 'fullName'],
      ['v1', 'name'],
    ])(
      'in %s, a value its schema refuses is a 500 invalid_response naming the route, the version and the pointers in its names',
      async (version, name) => {
        const reply = await get(box.served as Served, '/wrong/', version);
        expectBodyProblem(
          reply,
          500,
          'invalid_response',
          `The response of route "wrong" does not match its response schema in version "${version}".`,
          {
            route: 'wrong',
            version,
            errors: [
              { pointer: `/${name}`, detail: `must have required property '${name}'` },
              { pointer: '/id', detail: 'must be string' },
            ],
          },
        );
        // As any answer of the request's version: its migrateProblem()s, its lifecycle headers, its Vary.
        expect(bodyOf(reply)['legacy']).toBe(version === 'v1' ? true : undefined);
        expect(reply.header('deprecation') !== null).toBe(version === 'v1');
        expect(reply.header('vary')).toMatch(/api-version/i);
        expect(reply.body).not.toContain('never sent');
        expect(box.errors).toEqual([]);
      },
    );

    test('a value that fits the newest schema but, migrated down, not the older version’s: refused in that version only', async () => {
      expect((await get(box.served as Served, '/broken/', 'v2')).status).toBe(200);
      const reply = await get(box.served as Served, '/broken/', 'v1');
      expectBodyProblem(
        reply,
        500,
        'invalid_response',
        'The response of route "broken" does not match its response schema in version "v1".',
        {
          route: 'broken',
          version: 'v1',
          errors: [{ pointer: '/id', detail: 'must be string' }],
          legacy: true,
        },
      );
      expect(reply.header('deprecation')).not.toBeNull();
    });

    test('a route’s own migrateResponse() into a version: what it returns is not checked, as it is not filtered', async () => {
      const reply = await get(box.served as Served, '/reshaped/', 'v1');
      expect(reply.status, reply.body).toBe(200);
      expect(bodyOf(reply)).toEqual({ account: { id: '7', name: 'Ada', createdAt: createdAt.toJSON() } });
    });

    test('a route without a name is named by its pattern (Nest: its handler); the detail is translated', async () => {
      const reply = await fetchReply(`${(box.served as Served).origin}/unnamed/1/`, {
        headers: { 'api-version': 'v2', 'accept-language': 'de' },
      });
      expect(reply.status).toBe(500);
      const name = h.adapter.nameOf?.('/unnamed/:pk/', 'GET') ?? '/unnamed/:pk/';
      expect(bodyOf(reply)).toMatchObject({ route: name, version: 'v2' });
      expect(bodyOf(reply)['detail']).toBe(
        `Die Antwort der Route "${name}" entspricht nicht ihrem Antwortschema in Version "v2".`,
      );
      expect(reply.header('content-language')).toBe('de');
    });

    test('only 2xx answers are checked', async () => {
      const reply = await get(box.served as Served, '/conflict/', 'v2');
      expect(reply.status).toBe(409);
      expect(bodyOf(reply)).toEqual({ id: 7, createdAt: createdAt.toJSON(), _internal: 'never sent' });
    });
  });

  describe('checkResponses: false', () => {
    const box = serving({ checkResponses: false });

    test.each(['v1', 'v2'])('in %s, a wrong value goes out trimmed, as before', async (version) => {
      const reply = await get(box.served as Served, '/wrong/', version);
      expect(reply.status, reply.body).toBe(200);
      expect(bodyOf(reply)).toEqual({ id: 7, createdAt: createdAt.toJSON() });
      const broken = await get(box.served as Served, '/broken/', 'v1');
      expect([broken.status, bodyOf(broken)['id']]).toEqual([200, 7]);
    });
  });

  describe('the default follows NODE_ENV, read at mount', () => {
    const mounted = (nodeEnv: string) => {
      const box: { served?: Served; errors: unknown[] } = { errors: [] };
      beforeAll(async () => {
        vi.stubEnv('NODE_ENV', nodeEnv);
        try {
          box.served = await adapter.serve(urlconf(), { scheme, changes: history }, box.errors);
        } finally {
          vi.unstubAllEnvs();
        }
      });
      afterAll(() => box.served?.close());
      return box;
    };
    const production = mounted('production');
    const development = mounted('development');

    test('production: off; any other: on', async () => {
      expect((await get(production.served as Served, '/wrong/', 'v2')).status).toBe(200);
      expect((await get(development.served as Served, '/wrong/', 'v2')).status).toBe(500);
    });
  });

  test('a value other than a boolean is a TypeError at mount', () => {
    expect(() =>
      adapter.versioned(urlconf(), { scheme, changes: history, checkResponses: 'yes' as never }),
    ).toThrow(
      expect.objectContaining({
        name: 'TypeError',
        code: 'ERR_VERSIONING_INVALID_ARGUMENT',
        message: expect.stringContaining('options.checkResponses must be a boolean, got "yes"') as unknown,
      }),
    );
  });
}
