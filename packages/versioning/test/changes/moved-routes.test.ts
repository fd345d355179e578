// route(name).movedFrom(path, { methods }): the UrlConf a mount serves, reverses and documents with, and the errors
// of a move that does not fit the routes.
import { describe, expect, test } from 'vitest';
import { change, route, VersionHistory } from '../../src/changes/index.js';
import { withMovedRoutes } from '../../src/changes/moved-routes.js';
import type { Instruction } from '../../src/changes/instructions.js';
import { openapi } from '../../src/openapi/index.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { include, path } from '../../src/urls/route-builders.js';
import type { Include, Route } from '../../src/urls/route.types.js';
import { UrlConf } from '../../src/urls/urlconf.js';

const versions = ['v1', 'v2', 'v3'] as const;
const scheme = new URLPathVersioning({ allowedVersions: [...versions] });
const handler = (): undefined => undefined;
const where = 'test';

/** A history of three versions whose `v2` and `v3` list `moves`. */
function historyOf(moves: { v2?: Instruction[]; v3?: Instruction[] }): VersionHistory {
  const changes: Record<string, ReturnType<typeof change>[]> = {};
  for (const version of ['v2', 'v3'] as const) {
    const list = moves[version];
    if (list !== undefined) changes[version] = [change(`moved in ${version}`, list)];
  }
  return new VersionHistory(versions, changes);
}

/** The rewritten table's routes, as rows to compare. */
function rows(urlconf: UrlConf): string[] {
  return [...urlconf.routes()].map(
    ({ pattern, viewName, methods, since, until }) =>
      `${viewName} ${pattern} ${methods?.join(',') ?? '*'} ${since ?? '…'}–${until ?? '…'}`,
  );
}

const users = (options: { methods?: string[]; since?: string } = {}): Route =>
  path('/:version/users/:pk/', handler, { name: 'users-detail', ...options });

interface RewriteCase {
  readonly name: string;
  readonly routes: readonly (Route | Include)[];
  readonly moves: { v2?: Instruction[]; v3?: Instruction[] };
  readonly rows: readonly string[];
}

const cases: readonly RewriteCase[] = [
  {
    name: 'a move in the middle version: the old path before it, the own path from it on',
    routes: [users()],
    moves: { v2: [route('users-detail').movedFrom('/:version/people/:pk/')] },
    rows: ['users-detail /:version/users/:pk/ * v2–…', 'users-detail /:version/people/:pk/ * …–v2'],
  },
  {
    name: 'a chain: each version before a move at the path it moved from',
    routes: [users()],
    moves: {
      v2: [route('users-detail').movedFrom('/:version/people/:pk/')],
      v3: [route('users-detail').movedFrom('/:version/members/:pk/')],
    },
    rows: [
      'users-detail /:version/users/:pk/ * v3–…',
      'users-detail /:version/members/:pk/ * v2–v3',
      'users-detail /:version/people/:pk/ * …–v2',
    ],
  },
  {
    name: 'methods: only those moved, the others stay at the own path in every version',
    routes: [users({ methods: ['GET', 'PUT', 'DELETE'] })],
    moves: { v2: [route('users-detail').movedFrom('/:version/people/:pk/', { methods: ['get', 'PUT'] })] },
    rows: [
      'users-detail /:version/users/:pk/ GET,PUT v2–…',
      'users-detail /:version/people/:pk/ GET,PUT …–v2',
      'users-detail /:version/users/:pk/ DELETE …–…',
    ],
  },
  {
    name: "the route's own since bounds every copy; a move before it changes nothing",
    routes: [users({ since: 'v2' })],
    moves: {
      v2: [route('users-detail').movedFrom('/:version/people/:pk/')],
      v3: [route('users-detail').movedFrom('/:version/members/:pk/')],
    },
    rows: ['users-detail /:version/users/:pk/ * v3–…', 'users-detail /:version/members/:pk/ * v2–v3'],
  },
  {
    name: 'inside includes: the name with its namespace, the old path relative to the same prefix',
    routes: [
      path('/health/', handler, { name: 'health', versioning: null }),
      include('/api/', [include('/admin', [users()], { namespace: 'admin' })], { namespace: 'api' }),
      path('/:version/teams/', handler, { name: 'teams' }),
    ],
    moves: { v3: [route('api:admin:users-detail').movedFrom('/:version/people/:pk/')] },
    rows: [
      'health /health/ * …–…',
      'api:admin:users-detail /api/admin/:version/users/:pk/ * v3–…',
      'api:admin:users-detail /api/admin/:version/people/:pk/ * …–v3',
      'teams /:version/teams/ * …–…',
    ],
  },
];

describe('withMovedRoutes(): the routes a mount serves', () => {
  test.each(cases)('$name', ({ routes, moves, rows: expected }) => {
    const rewritten = withMovedRoutes(where, new UrlConf(routes), historyOf(moves), scheme);
    expect(rows(rewritten)).toEqual(expected);
  });

  test('without a history, or one that moves nothing, the UrlConf itself', () => {
    const urlconf = new UrlConf([users()]);
    expect(withMovedRoutes(where, urlconf, null, scheme)).toBe(urlconf);
    expect(withMovedRoutes(where, urlconf, historyOf({}), scheme)).toBe(urlconf);
  });

  test('a move in a version the scheme does not allow: the old path up to the next allowed version', () => {
    const sparse = new URLPathVersioning({ allowedVersions: ['v1', 'v3'] });
    const history = historyOf({ v2: [route('users-detail').movedFrom('/:version/people/:pk/')] });
    expect(rows(withMovedRoutes(where, new UrlConf([users()]), history, sparse))).toEqual([
      'users-detail /:version/users/:pk/ * v3–…',
      'users-detail /:version/people/:pk/ * …–v3',
    ]);
  });

  test('reversal: without a version the own path, for a request of a version that version’s path', () => {
    const history = historyOf({ v2: [route('users-detail').movedFrom('/:version/people/:pk/')] });
    const rewritten = withMovedRoutes(where, new UrlConf([users()]), history, scheme);
    const kwargs = { version: 'v1', pk: 7 };
    expect(rewritten.reverse('users-detail', { kwargs })).toBe('/v1/users/7/');
    const request = { version: 'v1', versioningScheme: scheme } as never;
    expect(rewritten.reverse('users-detail', { kwargs }, request)).toBe('/v1/people/7/');
    expect(rewritten.reverse('users-detail', { kwargs: { ...kwargs, version: 'v2' } }, request)).toBe(
      '/v2/users/7/',
    );
  });

  test("openapi(): each version's document at that version's path", () => {
    const history = historyOf({
      v2: [route('users-detail').movedFrom('/:version/people/:pk/', { methods: ['GET'] })],
    });
    const urlconf = new UrlConf([users({ methods: ['GET', 'DELETE'] })]);
    const pathsOf = (version: string): Record<string, string[]> =>
      Object.fromEntries(
        Object.entries(
          openapi(urlconf, { scheme, changes: history, version, info: { title: 'T' } }).paths,
        ).map(([template, item]) => [template, Object.keys(item ?? {})]),
      );
    expect(pathsOf('v1')).toEqual({ '/v1/people/{pk}/': ['get'], '/v1/users/{pk}/': ['delete'] });
    expect(pathsOf('v2')).toEqual({ '/v2/users/{pk}/': ['get', 'delete'] });
  });
});

interface ErrorCase {
  readonly name: string;
  readonly routes: readonly Route[];
  readonly move: Instruction;
  readonly message: RegExp;
}

const errors: readonly ErrorCase[] = [
  {
    name: 'a name no route has',
    routes: [users()],
    move: route('user-detail').movedFrom('/:version/people/:pk/'),
    message:
      /test: route\("user-detail"\)\.movedFrom\("\/:version\/people\/:pk\/"\) in version "v2" \("moved in v2"\): no route of the UrlConf is named "user-detail" \(its names: "users-detail"\)/,
  },
  {
    name: 'an old path another route has for the same methods and versions',
    routes: [users(), path('/:version/people/:id/', handler, { name: 'people', methods: ['GET'] })],
    move: route('users-detail').movedFrom('/:version/people/:pk/'),
    message:
      /the old path "\/:version\/people\/:pk\/" is also served by route "people" \("\/:version\/people\/:id\/"\) for GET in version "v1"; give one of them another path, other methods or other since\/until/,
  },
  {
    name: 'methods the route does not answer',
    routes: [users({ methods: ['GET'] })],
    move: route('users-detail').movedFrom('/:version/people/:pk/', { methods: ['GET', 'PATCH'] }),
    message: /route "users-detail" does not answer PATCH \(its methods: GET\); list only methods it answers/,
  },
  {
    name: 'methods of a route that answers every method',
    routes: [users()],
    move: route('users-detail').movedFrom('/:version/people/:pk/', { methods: ['GET'] }),
    message: /answers every method, .*list its methods \(path\(…, \{ methods \}\)\)/,
  },
  {
    name: 'an old path with other parameters',
    routes: [users()],
    move: route('users-detail').movedFrom('/:version/people/:id/'),
    message: /the old path's parameters \(:version, :id\) are not .*\(:version, :pk\)/,
  },
  {
    name: 'an old path that is not a route pattern',
    routes: [users()],
    move: route('users-detail').movedFrom('/:version/people/{:pk/'),
    message:
      /in version "v2" \("moved in v2"\): the old path is not a route pattern: path\("\/:version\/people\/\{:pk\/"\)/,
  },
  {
    name: 'a version-neutral route',
    routes: [path('/users/:pk/', handler, { name: 'users-detail', versioning: null })],
    move: route('users-detail').movedFrom('/people/:pk/'),
    message: /is version-neutral or versioned by a scheme without allowedVersions/,
  },
];

describe('withMovedRoutes(): a move that does not fit is a TypeError at mount', () => {
  test.each(errors)('$name', ({ routes, move, message }) => {
    const history = historyOf({ v2: [move] });
    expect(() => withMovedRoutes(where, new UrlConf(routes), history, scheme)).toThrow(message);
    try {
      withMovedRoutes(where, new UrlConf(routes), history, scheme);
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
      expect((error as { code?: string }).code).toBe('ERR_VERSIONING_INVALID_ROUTE');
    }
  });

  test('an old path another route has only in other versions is no collision', () => {
    const history = historyOf({ v2: [route('users-detail').movedFrom('/:version/people/:pk/')] });
    const people = path('/:version/people/:pk/', handler, { name: 'people', since: 'v2' });
    expect(rows(withMovedRoutes(where, new UrlConf([users(), people]), history, scheme))).toContain(
      'people /:version/people/:pk/ * v2–…',
    );
  });
});
