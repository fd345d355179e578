// route(name).movedFrom(path, { methods }) on a real server: each version served, reversed and documented at its
// own path, the bodies migrated as on any other route.
import { afterEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { change, field, route, VersionHistory } from '../../src/changes/index.js';
import type { OpenAPIDocument } from '../../src/openapi/index.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import type { BodyHarness } from '../bodies/bodies.contract.js';
import { type Echo, mountingOf } from './contract.js';
import { fetchReply, type Served } from './support.js';

const versions = ['v1', 'v2', 'v3'] as const;
const scheme = new URLPathVersioning({ allowedVersions: [...versions] });
/** A user's name: `fullName` was `name` before v3. */
const UserName = z.object({ fullName: z.string() }).meta({ id: 'UserName' });

/** Runs the moved-routes contract against one framework's harnesses (its adapter's, and the one sending JSON). */
export function movedContract(bodies: BodyHarness): void {
  const harness = bodies.adapter;
  const { path } = harness;
  let served: Served | null = null;
  afterEach(async () => {
    await served?.close();
    served = null;
  });
  /** `users-detail` (GET, DELETE; all or `methods` moved) and `users-name` were at `/people/…` before v2. */
  const mount = async (methods?: readonly string[]): Promise<string> => {
    const history = new VersionHistory(versions, {
      v2: [
        change('Users are at /users/', [
          route('users-detail').movedFrom('/:version/people/:pk/', methods === undefined ? {} : { methods }),
          route('users-name').movedFrom('/:version/people/:pk/name/'),
        ]),
      ],
      v3: [change('A user’s name is "fullName"', [field(UserName, 'fullName').renamedFrom('name')])],
    });
    const urlconf = new UrlConf([
      path('/:version/users/:pk/', harness.echo, { name: 'users-detail', methods: ['GET', 'DELETE'] }),
      path(
        '/:version/users/:pk/name/',
        bodies.sends(() => ({ fullName: 'Ada' })),
        {
          name: 'users-name',
          methods: ['GET'],
          response: UserName,
        },
      ),
    ]);
    const options = {
      scheme,
      changes: history,
      describe: { path: '/:version/openapi.json', info: { title: 'T' } },
    };
    served = await harness.serve(urlconf, options, []);
    return served.origin;
  };
  const echoOf = async (url: string, method = 'GET'): Promise<Echo> => {
    const reply = await fetchReply(url, { method });
    expect(reply.status, `${method} ${url}: ${reply.body}`).toBe(200);
    return JSON.parse(reply.body) as Echo;
  };
  const statusOf = async (url: string, method = 'GET'): Promise<number> =>
    (await fetchReply(url, { method })).status;
  /** The paths of the version's document, each with its methods. */
  const pathsOf = async (origin: string, version: string): Promise<Record<string, string[]>> => {
    const reply = await fetchReply(`${origin}/${version}/openapi.json`);
    expect(reply.status, reply.body).toBe(200);
    const { paths } = JSON.parse(reply.body) as OpenAPIDocument;
    return Object.fromEntries(Object.entries(paths).map(([key, item]) => [key, Object.keys(item ?? {})]));
  };

  describe('route(name).movedFrom(path): an endpoint that moved between versions', () => {
    // Nest's router serves a handler at its own path only: a move is refused at bootstrap (the last test).
    const moves = harness.cannot?.has('moved routes') !== true;
    test.skipIf(!moves)(
      'older versions at the old path, newer at the own one; reversal and documents follow',
      async () => {
        const origin = await mount();
        const old = await echoOf(`${origin}/v1/people/7/`);
        expect(old.route).toBe('/:version/people/:pk/');
        expect(old.viewName).toBe('users-detail');
        // The handler's reverse() of its own name gives the path of the request's version.
        expect(old.self).toBe(`${origin}/v1/people/7/`);
        expect(await statusOf(`${origin}/v1/users/7/`)).toBe(404);
        for (const version of ['v2', 'v3']) {
          expect((await echoOf(`${origin}/${version}/users/7/`)).self).toBe(`${origin}/${version}/users/7/`);
          expect(await statusOf(`${origin}/${version}/people/7/`)).toBe(404);
        }
        const documented = {
          v1: { '/v1/people/{pk}/': ['get', 'delete'], '/v1/people/{pk}/name/': ['get'] },
          v2: { '/v2/users/{pk}/': ['get', 'delete'], '/v2/users/{pk}/name/': ['get'] },
          v3: { '/v3/users/{pk}/': ['get', 'delete'], '/v3/users/{pk}/name/': ['get'] },
        };
        for (const [version, paths] of Object.entries(documented))
          expect(await pathsOf(origin, version)).toEqual(paths);
      },
    );

    test.skipIf(!moves)('a migrated body is migrated at the old path as at the new one', async () => {
      const origin = await mount();
      expect(JSON.parse((await fetchReply(`${origin}/v1/people/7/name/`)).body)).toEqual({ name: 'Ada' });
      expect(JSON.parse((await fetchReply(`${origin}/v2/users/7/name/`)).body)).toEqual({ name: 'Ada' });
      expect(JSON.parse((await fetchReply(`${origin}/v3/users/7/name/`)).body)).toEqual({ fullName: 'Ada' });
      expect(await statusOf(`${origin}/v1/users/7/name/`)).toBe(404);
    });

    test.skipIf(!moves)(
      'with methods: only those moved; the others stay at the own path in every version',
      async () => {
        const origin = await mount(['GET']);
        expect((await echoOf(`${origin}/v1/people/7/`)).self).toBe(`${origin}/v1/people/7/`);
        expect(await statusOf(`${origin}/v1/users/7/`)).toBe(404);
        expect((await echoOf(`${origin}/v1/users/7/`, 'DELETE')).route).toBe('/:version/users/:pk/');
        expect([404, 405]).toContain(await statusOf(`${origin}/v1/people/7/`, 'DELETE'));
        for (const method of ['GET', 'DELETE']) {
          expect((await echoOf(`${origin}/v2/users/7/`, method)).self).toBe(`${origin}/v2/users/7/`);
          expect([404, 405]).toContain(await statusOf(`${origin}/v2/people/7/`, method));
        }
        expect(await pathsOf(origin, 'v1')).toEqual({
          '/v1/people/{pk}/': ['get'],
          '/v1/users/{pk}/': ['delete'],
          '/v1/people/{pk}/name/': ['get'],
        });
        expect(await pathsOf(origin, 'v2')).toEqual({
          '/v2/users/{pk}/': ['get', 'delete'],
          '/v2/users/{pk}/name/': ['get'],
        });
      },
    );

    test('a move that names no route is refused when mounting', () => {
      const history = new VersionHistory(versions, {
        v2: [change('Users moved', [route('user-detail').movedFrom('/:version/people/:pk/')])],
      });
      const urlconf = new UrlConf([path('/:version/users/:pk/', harness.echo, { name: 'users-detail' })]);
      const mounting = () => harness.versioned(urlconf, { scheme, changes: history });
      expect(mounting).toThrow(`${mountingOf(harness)}: route("user-detail").movedFrom(`);
      expect(mounting).toThrow(/movedFrom\(.*no route of the UrlConf is named "user-detail"/);
    });

    test.runIf(!moves)(
      'where the router serves a handler at its own path only, a move is refused when mounting',
      () => {
        const history = new VersionHistory(versions, {
          v2: [change('Users moved', [route('users-detail').movedFrom('/:version/people/:pk/')])],
        });
        const urlconf = new UrlConf([path('/:version/users/:pk/', harness.echo, { name: 'users-detail' })]);
        expect(() => harness.versioned(urlconf, { scheme, changes: history })).toThrow(
          `${mountingOf(harness)}: route "users-detail" moved from "/:version/people/:pk/" (route(name).movedFrom() in options.changes), but Nest's router serves a handler at its own path only`,
        );
      },
    );
  });
}
