import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdapterOptions, VersioningVariables } from '../../src/adapters/shared.js';
import { NotFound } from '../../src/errors.js';
import { gettext, withLanguage } from '../../src/i18n/index.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { include, path, UrlConf } from '../../src/urls/urlconf.js';
import { fetchReply, inPool, rawReply, type Reply, type Served, varyFields } from './support.js';

/** What every test route's handler answers: what the adapter put on the request, and a link to itself. */
export interface Echo {
  readonly version: string | null;
  readonly scheme: string | null;
  readonly viewName: string;
  readonly kwargs: Readonly<Record<string, string>>;
  /** `reverse()` of the route's own name with its kwargs (the version left to the scheme). */
  readonly self: string | null;
}

/** The body of the echo handlers; each harness wraps it in its framework's handler. */
export function echo(request: VersioningVariables): Echo {
  const { version, versioningScheme, resolverMatch } = request;
  const { version: _version, ...kwargs } = resolverMatch.kwargs;
  return {
    version,
    scheme: versioningScheme?.constructor.name ?? null,
    viewName: resolverMatch.viewName,
    kwargs: resolverMatch.kwargs,
    self: resolverMatch.urlName === null ? null : request.reverse(resolverMatch.urlName, { kwargs }),
  };
}

/** One framework, as the contract drives it. */
export interface AdapterHarness {
  /** A handler of the framework answering 200 with the JSON {@link echo} of its request. */
  readonly echo: unknown;
  /** A handler of the framework that throws `error`. */
  failing(error: Error): unknown;
  /**
   * Serves `urlconf` through the adapter on 127.0.0.1, port 0. Errors that reach the framework's own error
   * handling (node:http: the adapter's `onError`) are pushed onto `frameworkErrors`; the answer must not reveal them.
   */
  serve(urlconf: UrlConf, options: AdapterOptions, frameworkErrors: unknown[]): Promise<Served>;
}

const allowedHosts = ['127.0.0.1', '.example.com'];
const boom = new Error('kaboom: secret internals');

/** The route table every adapter serves: each scheme, neutral routes, wildcard, optional group, odd names. */
function contractUrlConf(h: AdapterHarness): UrlConf {
  const namespace = new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] });
  const query = new QueryParameterVersioning({ defaultVersion: '1.0', allowedVersions: ['1.0', '2.0'] });
  const host = new HostNameVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] });
  const accept = new AcceptHeaderVersioning({ defaultVersion: '1.0', allowedVersions: ['1.0', '2.0'] });
  return new UrlConf([
    path('/:version/users/', h.echo, { name: 'users-list', methods: ['GET'] }),
    path('/:version/users/', h.echo, { name: 'users-create', methods: ['POST'] }),
    path('/:version/users/:pk/', h.echo, { name: 'users-detail' }),
    ...['v1', 'v2', 'v3'].map((ns) =>
      include(`/${ns}`, [path('/things/', h.echo, { name: 'things', versioning: namespace })], {
        namespace: ns,
      }),
    ),
    path('/query/items/', h.echo, { name: 'query-items', versioning: query }),
    path('/host/items/', h.echo, { name: 'host-items', versioning: host }),
    path('/accept/items/', h.echo, { name: 'accept-items', versioning: accept }),
    path('/health/', h.echo, { name: 'health', versioning: null }),
    path('/files/*rest', h.echo, { name: 'files', versioning: null }),
    path('/docs/:slug{/:page}/', h.echo, { name: 'docs', versioning: null }),
    path('/people/:"person-id"/', h.echo, { name: 'person', versioning: null }),
    path('/café/', h.echo, { name: 'cafe', versioning: null }),
    path('/boom/', h.failing(boom), { versioning: null }),
    path('/gone/', h.failing(new NotFound('Gone for good.')), { versioning: null }),
  ]);
}

function json(reply: Reply): unknown {
  return JSON.parse(reply.body);
}

function echoOf(reply: Reply): Echo {
  return json(reply) as Echo;
}

/** A problem+json answer; `members` are its extension members (`supportedVersions` on version errors). */
export function expectProblem(
  reply: Reply,
  status: number,
  code: string,
  detail: string,
  members: Readonly<Record<string, unknown>> = {},
): void {
  expect(reply.status).toBe(status);
  expect(reply.header('content-type')).toMatch(/^application\/problem\+json/);
  expect(json(reply)).toEqual({
    type: 'about:blank',
    title: expect.any(String),
    status,
    detail,
    code,
    ...members,
  });
}

/** German, checked to be a translation so that a missing catalog entry fails the test. */
function german(msgid: string): string {
  const text = withLanguage('de', () => gettext(msgid));
  expect(text).not.toBe(msgid);
  return text;
}

/** A request the concurrency test sends, with the version and self link its answer must carry. */
interface Probe {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly version: string | null;
  readonly self: (origin: string) => string;
}

const probes: readonly Probe[] = [
  ...['v1', 'v2'].flatMap((v): Probe[] => [
    { path: `/${v}/users/7/`, headers: {}, version: v, self: (o) => `${o}/${v}/users/7/` },
    { path: `/${v}/things/`, headers: {}, version: v, self: (o) => `${o}/${v}/things/` },
    {
      path: '/host/items/',
      headers: { host: `${v}.example.com` },
      version: v,
      self: () => `http://${v}.example.com/host/items/`,
    },
  ]),
  ...['1.0', '2.0'].flatMap((v): Probe[] => [
    {
      path: `/query/items/?version=${v}`,
      headers: {},
      version: v,
      self: (o) => `${o}/query/items/?version=${v}`,
    },
    {
      path: '/accept/items/',
      headers: { accept: `application/json; version=${v}` },
      version: v,
      self: (o) => `${o}/accept/items/`,
    },
  ]),
  { path: '/query/items/', headers: {}, version: '1.0', self: (o) => `${o}/query/items/?version=1.0` },
  { path: '/health/', headers: {}, version: null, self: (o) => `${o}/health/` },
];

/** Runs the adapter contract against one framework's harness. */
export function adapterContract(harness: AdapterHarness): void {
  let served: Served;
  let origin: string;
  const frameworkErrors: unknown[] = [];
  const get = (target: string, headers: Record<string, string> = {}): Promise<Reply> =>
    fetchReply(origin + target, { headers });
  const withHost = (target: string, host: string, headers: Record<string, string> = {}): Promise<Reply> =>
    rawReply(origin, target, { ...headers, host });

  beforeAll(async () => {
    served = await harness.serve(
      contractUrlConf(harness),
      { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), allowedHosts },
      frameworkErrors,
    );
    origin = served.origin;
  });
  afterAll(() => served.close());

  describe('the five schemes', () => {
    test.each(['v1', 'v2'])(
      'URL path %s: the version from the path, self links keep it in the path',
      async (v) => {
        const reply = await get(`/${v}/users/7/`);
        expect(reply.status).toBe(200);
        expect(json(reply)).toEqual({
          version: v,
          scheme: 'URLPathVersioning',
          viewName: 'users-detail',
          kwargs: { version: v, pk: '7' },
          self: `${origin}/${v}/users/7/`,
        });
      },
    );

    test.each(['v1', 'v2'])(
      'namespace %s: the version from the namespace, self links in that namespace',
      async (v) => {
        const reply = await get(`/${v}/things/`);
        expect(json(reply)).toEqual({
          version: v,
          scheme: 'NamespaceVersioning',
          viewName: `${v}:things`,
          kwargs: {},
          self: `${origin}/${v}/things/`,
        });
      },
    );

    test('query parameter: the version from ?version=, self links carry it, absent means the default', async () => {
      expect(json(await get('/query/items/?page=3&version=2.0'))).toMatchObject({
        version: '2.0',
        scheme: 'QueryParameterVersioning',
        self: `${origin}/query/items/?version=2.0`,
      });
      expect(json(await get('/query/items/'))).toMatchObject({
        version: '1.0',
        self: `${origin}/query/items/?version=1.0`,
      });
    });

    test('host name: the version from the first label, self links keep the host', async () => {
      const reply = await withHost('/host/items/', 'v2.example.com');
      expect(json(reply)).toMatchObject({
        version: 'v2',
        scheme: 'HostNameVersioning',
        self: 'http://v2.example.com/host/items/',
      });
      expect(json(await get('/host/items/'))).toMatchObject({ version: 'v1', self: `${origin}/host/items/` });
    });

    test('accept header: the version from the media type, self links stay plain, the answer varies on Accept', async () => {
      const reply = await get('/accept/items/', { accept: 'application/json; version=2.0' });
      expect(json(reply)).toMatchObject({
        version: '2.0',
        scheme: 'AcceptHeaderVersioning',
        self: `${origin}/accept/items/`,
      });
      expect(varyFields(reply)).toContain('accept');
      expect(json(await get('/accept/items/'))).toMatchObject({ version: '1.0' });
    });

    test('a route without Accept versioning does not vary on Accept', async () => {
      expect(varyFields(await get('/v1/users/7/'))).not.toContain('accept');
    });
  });

  describe('routes', () => {
    test('a version-neutral route (versioning: null) has no version and no scheme', async () => {
      expect(json(await get('/health/'))).toEqual({
        version: null,
        scheme: null,
        viewName: 'health',
        kwargs: {},
        self: `${origin}/health/`,
      });
    });

    test("a route's own versioning overrides the adapter's scheme", async () => {
      const schemes = await Promise.all(
        ['/v1/users/7/', '/query/items/', '/health/'].map((target) => get(target)),
      );
      expect(schemes.map((reply) => echoOf(reply).scheme)).toEqual([
        'URLPathVersioning',
        'QueryParameterVersioning',
        null,
      ]);
    });

    test('the method picks among routes sharing a pattern', async () => {
      const [list, create] = await Promise.all([
        get('/v2/users/'),
        fetchReply(`${origin}/v2/users/`, { method: 'POST' }),
      ]);
      expect(list && json(list)).toMatchObject({ viewName: 'users-list', version: 'v2' });
      expect(create && json(create)).toMatchObject({ viewName: 'users-create', version: 'v2' });
    });

    test('a wildcard arrives decoded and joined with "/", and reverses back to the same URL', async () => {
      expect(json(await get('/files/a/b%20c/d.txt'))).toMatchObject({
        kwargs: { rest: 'a/b c/d.txt' },
        self: `${origin}/files/a/b%20c/d.txt`,
      });
    });

    test('an optional group matches with and without its parameter', async () => {
      expect(json(await get('/docs/intro/'))).toMatchObject({
        kwargs: { slug: 'intro' },
        self: `${origin}/docs/intro/`,
      });
      expect(json(await get('/docs/intro/2/'))).toMatchObject({
        kwargs: { slug: 'intro', page: '2' },
        self: `${origin}/docs/intro/2/`,
      });
    });

    test("parameters keep the UrlConf's names, and literal text matches percent-encoded", async () => {
      expect(json(await get('/people/%C3%A9mile/'))).toMatchObject({ kwargs: { 'person-id': 'émile' } });
      expect(json(await get('/caf%C3%A9/'))).toMatchObject({
        viewName: 'cafe',
        self: `${origin}/caf%C3%A9/`,
      });
    });

    test('routing is strict about the trailing slash', async () => {
      expect((await get('/v1/users/7')).status).toBe(404);
    });
  });

  describe('errors', () => {
    // A version the scheme refuses is answered with the versions it allows (supportedVersions); a failed content
    // negotiation is no version error and has none.
    test.each([
      ['/v9/users/7/', {}, 404, 'not_found', 'Invalid version in URL path.', ['v1', 'v2']],
      [
        '/v3/things/',
        {},
        404,
        'not_found',
        'Invalid version in URL path. Does not match any version namespace.',
        ['v1', 'v2'],
      ],
      [
        '/query/items/?version=9',
        {},
        404,
        'not_found',
        'Invalid version in query parameter.',
        ['1.0', '2.0'],
      ],
      [
        '/accept/items/',
        { accept: 'application/json; version=9.0' },
        406,
        'not_acceptable',
        'Invalid version in "Accept" header.',
        ['1.0', '2.0'],
      ],
      [
        '/accept/items/',
        { accept: 'text/html' },
        406,
        'not_acceptable',
        'Could not satisfy the request Accept header.',
        null,
      ],
    ])('%s %j → %i problem+json in English', async (target, headers, status, code, detail, supported) => {
      const reply = await get(target, headers);
      expectProblem(reply, status, code, detail, supported === null ? {} : { supportedVersions: supported });
      expect(reply.header('content-language')).toBe('en');
      expect(varyFields(reply)).toContain('accept-language');
    });

    test('a host name version that is not allowed → 404', async () => {
      expectProblem(
        await withHost('/host/items/', 'v9.example.com'),
        404,
        'not_found',
        'Invalid version in hostname.',
        { supportedVersions: ['v1', 'v2'] },
      );
    });

    test('errors of an Accept-versioned route vary on Accept, others do not', async () => {
      const accept = await get('/accept/items/', { accept: 'application/json; version=9.0' });
      expect(varyFields(accept)).toEqual(expect.arrayContaining(['accept', 'accept-language']));
      expect(varyFields(await get('/v9/users/7/'))).not.toContain('accept');
    });

    test('Accept-Language picks the language of the detail', async () => {
      const reply = await get('/v9/users/7/', { 'accept-language': 'de-AT, en;q=0.5' });
      expectProblem(reply, 404, 'not_found', german('Invalid version in URL path.'), {
        supportedVersions: ['v1', 'v2'],
      });
      expect(reply.header('content-language')).toBe('de');
      expect(varyFields(reply)).toContain('accept-language');
      const accept = await get('/accept/items/', {
        accept: 'application/json; version=9',
        'accept-language': 'de',
      });
      expect(json(accept)).toMatchObject({ detail: german('Invalid version in "Accept" header.') });
    });

    test('a language without a catalog gets English', async () => {
      const reply = await get('/v9/users/7/', { 'accept-language': 'tlh, x-klingon' });
      expect(json(reply)).toMatchObject({ detail: 'Invalid version in URL path.' });
      expect(reply.header('content-language')).toBe('en');
    });

    // `/boom/`'s handler builds no link (it throws): the Host is refused before any handler runs.
    test.each(['/v1/users/7/', '/health/', '/host/items/', '/boom/'])(
      'a Host that is not allowed → 400 on %s, and it is never put into a link',
      async (target) => {
        frameworkErrors.length = 0;
        const reply = await withHost(target, 'evil.attacker.org');
        expect(frameworkErrors).toEqual([]);
        expectProblem(reply, 400, 'disallowed_host', "Invalid HTTP_HOST header: 'evil.attacker.org'.");
        expect(reply.header('location')).toBeNull();
        expect(reply.headerValues.filter((value) => value.includes('evil'))).toEqual([]);
        expect(reply.body).not.toMatch(/\/\/evil/);
      },
    );

    // Hosts that get past every server in front of the frameworks (@hono/node-server answers a bare 400 itself
    // to `[::1` or `a b`; the fuzz test below covers those).
    test.each(['a127.0.0.1', 'bad_host.example.com', ''])('a malformed Host %j → 400', async (host) => {
      const reply = await withHost('/host/items/', host);
      expectProblem(reply, 400, 'disallowed_host', `Invalid HTTP_HOST header: '${host}'.`);
    });

    test("a handler's APIException is answered as problem+json; an untranslated detail claims no language", async () => {
      const reply = await get('/gone/', { 'accept-language': 'de' });
      expectProblem(reply, 404, 'not_found', 'Gone for good.');
      expect(reply.header('content-language')).toBeNull();
    });

    test("a handler's own Error reaches the framework's error handling untouched, and is not revealed", async () => {
      frameworkErrors.length = 0;
      const reply = await get('/boom/');
      expect(reply.status).toBe(500);
      expect(frameworkErrors).toHaveLength(1);
      expect(frameworkErrors[0]).toBe(boom);
      expect(reply.body).not.toContain('kaboom');
    });
  });

  test('2,000 requests of mixed versions, 50 at a time, all answered with their own version', async () => {
    const work = Array.from({ length: 2000 }, (_, index) => probes[index % probes.length] as Probe);
    const wrong = await inPool(work, 50, async (probe) => {
      const reply =
        probe.headers.host === undefined
          ? await get(probe.path, { ...probe.headers })
          : await withHost(probe.path, probe.headers.host);
      const body = reply.status === 200 ? echoOf(reply) : null;
      return body?.version === probe.version && body.self === probe.self(origin) ? 0 : 1;
    });
    expect(wrong.reduce((sum: number, miss) => sum + miss, 0)).toBe(0);
  }, 60_000);

  describe('fuzzed headers never break the server', () => {
    const hostChars = fc.constantFrom(...'av1.-:[]_@/% 9é'.split(''), 'example.com', '127.0.0.1', '::1');
    test('Host', async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: hostChars, maxLength: 24 }), async (host) => {
          const reply = await withHost('/host/items/', host);
          expect([200, 400, 404]).toContain(reply.status);
          if (reply.status === 400 || reply.status === 404)
            expect(reply.body).not.toMatch(/https?:\/\/(?!127)/);
        }),
        { numRuns: 100 },
      );
      expect((await get('/health/')).status).toBe(200);
    }, 60_000);

    test('Accept', async () => {
      const acceptChars = fc.constantFrom(...'a/*;=,"\\ q.0129v'.split(''), 'application/json', 'version=');
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: acceptChars, maxLength: 40 }), async (accept) => {
          const reply = await get('/accept/items/', { accept });
          expect([200, 406]).toContain(reply.status);
          expect(varyFields(reply)).toContain('accept');
        }),
        { numRuns: 100 },
      );
    }, 60_000);
  });
}
