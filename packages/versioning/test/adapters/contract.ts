import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdapterOptions, VersioningVariables } from '../../src/adapters/shared.js';
import { NotFound } from '../../src/errors.js';
import { gettext, withLanguage } from '../../src/i18n/index.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path as expressPath } from '../../src/adapters/express/index.js';
import { path as honoPath } from '../../src/adapters/hono/index.js';
import { include } from '../../src/urls/route-builders.js';
import type { Include, PathOptions, Route } from '../../src/urls/route.types.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { fetchReply, inPool, rawReply, type Reply, type Served, varyFields } from './support.js';
import {
  allowed,
  type Ask,
  errorFor,
  handlerVaryCases,
  refused,
  schemeKinds,
  segments,
} from './vary.cases.js';

/** What every test route's handler answers: what the adapter put on the request, and a link to itself. */
export interface Echo {
  readonly version: string | null;
  readonly scheme: string | null;
  readonly viewName: string;
  readonly route: string;
  readonly kwargs: Readonly<Record<string, string>>;
  /** The parameters as the framework itself gives them to the handler (`req.params`, `c.req.param()`). */
  readonly params: unknown;
  /** `reverse()` of the route's own name with its kwargs (the version left to the scheme). */
  readonly self: string | null;
}

/** The body of the echo handlers; each harness wraps it in its framework's handler. */
export function echo(request: VersioningVariables, params: unknown): Echo {
  const { version, versioningScheme, resolverMatch } = request;
  const { version: _version, ...kwargs } = resolverMatch.kwargs;
  return {
    version,
    scheme: versioningScheme?.constructor.name ?? null,
    viewName: resolverMatch.viewName,
    route: resolverMatch.route,
    kwargs: resolverMatch.kwargs,
    params,
    self: resolverMatch.urlName === null ? null : request.reverse(resolverMatch.urlName, { kwargs }),
  };
}

/** What is in front of the adapter, or around it, when a test serves it. */
export interface ServeSetup {
  /** Mount point: `app.use(prefix, …)`, `register(plugin, { prefix })`, `app.route(prefix, …)`. */
  readonly prefix?: string;
  /**
   * Middleware in front that sets `Vary: Cookie`, then the framework's CORS middleware allowing the origin
   * `http://app.example` (which adds `Vary: Origin`).
   */
  readonly upstream?: boolean;
  /** Middleware in front that sets `Vary` to this value, and nothing else. */
  readonly varyInFront?: string;
}

/** One framework, as the contract drives it. */
export interface AdapterHarness {
  readonly framework: 'express' | 'fastify' | 'hono' | 'node';
  /** The adapter's typed `path()`. */
  readonly path: (route: string, handler: never, options?: PathOptions) => Route;
  /** The adapter's `versioned()`. */
  readonly versioned: (urlconf: UrlConf, options: AdapterOptions) => unknown;
  /** A handler of the framework answering 200 with the JSON {@link echo} of its request. */
  readonly echo: never;
  /** A handler of the framework that throws `error`. */
  failing(error: Error): never;
  /**
   * A handler of the framework that sets the response's `Vary` to `value` its own way, replacing what is there
   * (`res.setHeader('Vary', …)`, `reply.header('vary', …)`, `c.header('Vary', …)`), then answers 200 with JSON, or
   * throws `error` when given one.
   */
  varying(value: string, error?: Error): never;
  /** The framework's own value of `params.rest` for `/files/a/b%20c/d.txt` on `/files/*rest`. */
  readonly wildcard: unknown;
  /**
   * The name a wildcard is reported under, to restdash and the handler: its UrlConf name unless the router has its
   * own (Nest on Fastify, whose find-my-way wildcard `*` Nest registers as written: `*`).
   */
  readonly wildcardName?: string;
  /** A parameter name the framework's router cannot carry, if there is one. */
  readonly uncarriableName: string | null;
  /**
   * Whether a `Vary` that middleware in front set survives a handler that replaces it. Not on Hono: middleware and
   * handler write the one header list of `c`, which the adapter can read only by making `c.res` before the handler
   * runs, and so making Hono build every response of the route twice.
   */
  readonly keepsVaryInFront: boolean;
  /** Whether the framework can serve the adapter under a prefix, and one with parameters. */
  readonly prefixes: 'none' | 'literal' | 'with parameters';
  /**
   * What the suites ask that the adapter cannot do, by name (Nest: nest-urlconf.harness.ts says each one's reason);
   * a test that asks it is skipped, and says so in its title.
   */
  readonly cannot?: ReadonlySet<string>;
  /** The name a route without one gets, when it is not its pattern (Nest: `<Controller>.<method>`). */
  readonly nameOf?: (pattern: string, method: string) => string;
  /** What the adapter's mount-time errors call mounting; `<framework> versioned(urlconf, options)` unless given. */
  readonly mounting?: string;
  /**
   * Serves `urlconf` through the adapter on 127.0.0.1, port 0. Errors that reach the framework's own error
   * handling (node:http: the adapter's `onError`) are pushed onto `frameworkErrors`; the answer must not reveal them.
   */
  serve(
    urlconf: UrlConf,
    options: AdapterOptions,
    frameworkErrors: unknown[],
    setup?: ServeSetup,
  ): Promise<Served>;
}

/** What `h`'s mount-time errors call mounting (see `AdapterHarness.mounting`). */
export const mountingOf = (h: AdapterHarness): string =>
  h.mounting ?? `${h.framework} versioned(urlconf, options)`;

const allowedHosts = ['127.0.0.1', '.example.com'];
const boom = new Error('kaboom: secret internals');

/** The route table every adapter serves: each scheme, neutral routes, wildcard, optional group, odd names. */
function contractUrlConf(h: AdapterHarness): UrlConf {
  const path = h.path;
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
    path('/people/:"person id"/', h.echo, { name: 'person', versioning: null }),
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
  expect(reply.header('x-content-type-options')).toBe('nosniff');
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
  const namespaces = harness.cannot?.has('namespaces') !== true;
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
          route: '/:version/users/:pk/',
          kwargs: { version: v, pk: '7' },
          params: { version: v, pk: '7' },
          self: `${origin}/${v}/users/7/`,
        });
      },
    );

    test.skipIf(!namespaces).each(['v1', 'v2'])(
      'namespace %s: the version from the namespace, self links in that namespace',
      async (v) => {
        const reply = await get(`/${v}/things/`);
        expect(json(reply)).toEqual({
          version: v,
          scheme: 'NamespaceVersioning',
          viewName: `${v}:things`,
          route: `/${v}/things/`,
          kwargs: {},
          params: {},
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
      expect(json(await get('/host/items/'))).toMatchObject({
        version: 'v1',
        self: `${origin}/host/items/`,
      });
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
        route: '/health/',
        kwargs: {},
        params: {},
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
        kwargs: { [harness.wildcardName ?? 'rest']: 'a/b c/d.txt' },
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
      const person = await get('/people/%C3%A9mile/');
      if (harness.cannot?.has('parameter names') === true) expect(person.status).toBe(404);
      else
        expect(json(person)).toMatchObject({
          kwargs: { 'person id': 'émile' },
          params: { 'person id': 'émile' },
        });
      expect(json(await get('/caf%C3%A9/'))).toMatchObject({
        viewName: 'cafe',
        self: `${origin}/caf%C3%A9/`,
      });
    });

    test.skipIf(harness.cannot?.has('strict trailing slash'))(
      'routing is strict about the trailing slash',
      async () => {
        expect((await get('/v1/users/7')).status).toBe(404);
      },
    );

    test.runIf(harness.cannot?.has('strict trailing slash'))(
      'where the router serves a route without its trailing slash, it is decided there too, as declared',
      async () => {
        for (const target of ['/v1/users/7', '/v1/users/7/'])
          expect(json(await get(target))).toMatchObject({
            viewName: 'users-detail',
            route: '/:version/users/:pk/',
          });
      },
    );
  });

  describe('errors', () => {
    // A version the scheme refuses is answered with the versions it allows (supportedVersions); a failed content
    // negotiation is no version error and has none.
    const refusals: [string, Record<string, string>, number, string, string, string[] | null][] = [
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
    ];
    test.each(refusals.filter(([target]) => namespaces || target !== '/v3/things/'))(
      '%s %j → %i problem+json in English',
      async (target, headers, status, code, detail, supported) => {
        const reply = await get(target, headers);
        expectProblem(
          reply,
          status,
          code,
          detail,
          supported === null ? {} : { supportedVersions: supported },
        );
        expect(reply.header('content-language')).toBe('en');
        expect(varyFields(reply)).toContain('accept-language');
      },
    );

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
    const asked = probes.filter(({ path }) => namespaces || !path.includes('/things/'));
    const work = Array.from({ length: 2000 }, (_, index) => asked[index % asked.length] as Probe);
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

  describe("the framework's own parameters", () => {
    test('keep their UrlConf names: req.params.pk, request.params.pk, c.req.param("pk")', async () => {
      expect(json(await get('/v2/users/7/'))).toMatchObject({ params: { version: 'v2', pk: '7' } });
      expect(json(await get('/docs/intro/2/'))).toMatchObject({ params: { slug: 'intro', page: '2' } });
    });

    test("a wildcard's value arrives the framework's way, under its UrlConf name", async () => {
      const { params } = echoOf(await get('/files/a/b%20c/d.txt'));
      expect((params as Record<string, unknown>)[harness.wildcardName ?? 'rest']).toEqual(harness.wildcard);
    });

    const uncarriable = harness.uncarriableName;
    if (uncarriable !== null) {
      test(`a name the router cannot carry ("${uncarriable}") is a TypeError when mounting, naming the route`, () => {
        const pattern = `/odd/:"${uncarriable}"/`;
        const urlconf = new UrlConf([harness.path(pattern, harness.echo, { versioning: null })]);
        const mount = () => harness.versioned(urlconf, { scheme: null });
        expect(mount).toThrow(TypeError);
        expect(mount).toThrow(`Route ${JSON.stringify(pattern)} cannot be registered`);
        expect(mount).toThrow(mountingOf(harness));
      });
    }
  });

  describe('checks when mounting', () => {
    test('a URLPathVersioning route without the version parameter is a TypeError naming the route and the parameter', () => {
      const scheme = new URLPathVersioning({ versionParam: 'api' });
      const urlconf = new UrlConf([harness.path('/users/:pk/', harness.echo)]);
      const mount = () => harness.versioned(urlconf, { scheme });
      expect(mount).toThrow(TypeError);
      expect(mount).toThrow(
        `${mountingOf(harness)}: route "/users/:pk/" is versioned by URLPathVersioning, which reads the version from its parameter "api", but its pattern has none`,
      );
      const fine = new UrlConf([harness.path('/:api/users/:pk/', harness.echo)]);
      expect(() => harness.versioned(fine, { scheme })).not.toThrow();
      expect(() => harness.versioned(urlconf, { scheme: null })).not.toThrow();
    });

    test("a handler declared with another adapter's path() is refused", () => {
      const other = (harness.framework === 'hono' ? expressPath : honoPath) as AdapterHarness['path'];
      const urlconf = new UrlConf([other('/x/', (() => undefined) as never, { versioning: null })]);
      expect(() => harness.versioned(urlconf, { scheme: null })).toThrow(
        /the handler of route "\/x\/" was declared with path\(\) of @restdash\/versioning\/(hono|express)/,
      );
    });
  });

  describe('a scheme attribute assigned while serving', () => {
    test('takes effect on the next request, and a bad value is answered as a server error', async () => {
      const scheme = new QueryParameterVersioning<string>({ allowedVersions: ['1.0'] });
      const urlconf = new UrlConf([harness.path('/items/', harness.echo, { name: 'items' })]);
      const errors: unknown[] = [];
      const server = await harness.serve(urlconf, { scheme, allowedHosts }, errors);
      try {
        expect((await fetchReply(`${server.origin}/items/?version=3.0`)).status).toBe(404);
        scheme.allowedVersions = ['1.0', '3.0'];
        expect(json(await fetchReply(`${server.origin}/items/?version=3.0`))).toMatchObject({
          version: '3.0',
        });
        (scheme as { allowedVersions: unknown }).allowedVersions = '3.0';
        expect((await fetchReply(`${server.origin}/items/?version=3.0`)).status).toBe(500);
        expect(errors).toEqual([
          new TypeError('QueryParameterVersioning: allowedVersions must be an array or null, got "3.0"'),
        ]);
      } finally {
        await server.close();
      }
    });
  });

  // The node:http listener is a whole server, with nothing to be mounted under.
  if (harness.prefixes !== 'none')
    describe('mounted under a prefix', () => {
      let api: Served;
      beforeAll(async () => {
        api = await harness.serve(
          contractUrlConf(harness),
          { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), allowedHosts },
          frameworkErrors,
          { prefix: '/api' },
        );
      });
      afterAll(() => api.close());

      test('routes match under it and their links carry it, like Django’s script prefix', async () => {
        expect(json(await fetchReply(`${api.origin}/api/v2/users/7/`))).toMatchObject({
          version: 'v2',
          route: '/:version/users/:pk/',
          self: `${api.origin}/api/v2/users/7/`,
        });
        expect(json(await fetchReply(`${api.origin}/api/v1/things/`))).toMatchObject({
          version: 'v1',
          self: `${api.origin}/api/v1/things/`,
        });
        expect(json(await fetchReply(`${api.origin}/api/query/items/?version=2.0`))).toMatchObject({
          self: `${api.origin}/api/query/items/?version=2.0`,
        });
        expect(json(await fetchReply(`${api.origin}/api/files/a/b`))).toMatchObject({
          kwargs: { rest: 'a/b' },
          self: `${api.origin}/api/files/a/b`,
        });
      });

      test('the same paths without it are not the adapter’s', async () => {
        expect((await fetchReply(`${api.origin}/v2/users/7/`)).status).toBe(404);
      });

      test('errors under it are answered as at the root', async () => {
        expectProblem(
          await fetchReply(`${api.origin}/api/v9/users/7/`),
          404,
          'not_found',
          'Invalid version in URL path.',
          { supportedVersions: ['v1', 'v2'] },
        );
      });

      test(
        harness.prefixes === 'with parameters'
          ? 'a prefix with parameters gets its values in the links'
          : 'a prefix with parameters is refused with an error that says why',
        async () => {
          const urlconf = new UrlConf([
            harness.path('/:version/users/', harness.echo, { name: 'users-list' }),
          ]);
          const options = { scheme: new URLPathVersioning(), allowedHosts };
          if (harness.prefixes !== 'with parameters') {
            const serving = Promise.resolve().then(() =>
              harness.serve(urlconf, options, [], { prefix: '/t/:tenant' }),
            );
            await expect(serving).rejects.toThrow(
              /prefix "\/t\/:tenant".* Put the parameters in the UrlConf/,
            );
            return;
          }
          const server = await harness.serve(urlconf, options, [], { prefix: '/t/:tenant' });
          try {
            expect(json(await fetchReply(`${server.origin}/t/acme/v1/users/`))).toMatchObject({
              version: 'v1',
              self: `${server.origin}/t/acme/v1/users/`,
            });
          } finally {
            await server.close();
          }
        },
      );
    });

  describe('Vary behind middleware that sets it, and a CORS middleware', () => {
    let front: Served;
    const corsOrigin = { origin: 'http://app.example' };
    beforeAll(async () => {
      front = await harness.serve(
        contractUrlConf(harness),
        { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), allowedHosts },
        frameworkErrors,
        { upstream: true },
      );
    });
    afterAll(() => front.close());
    const ask = (target: string, headers: Record<string, string> = {}) =>
      fetchReply(front.origin + target, { headers: { ...corsOrigin, ...headers } });
    const once = (fields: string[]) => [...new Set(fields)];

    test('a success keeps what was there and adds the scheme’s header', async () => {
      const reply = await ask('/accept/items/', { accept: 'application/json; version=2.0' });
      expect(reply.status).toBe(200);
      expect(varyFields(reply)).toEqual(expect.arrayContaining(['cookie', 'origin', 'accept']));
      expect(once(varyFields(reply))).toHaveLength(varyFields(reply).length);
      expect(reply.header('access-control-allow-origin')).toBe('http://app.example');
      const plain = await ask('/v1/users/7/');
      expect(varyFields(plain)).toEqual(expect.arrayContaining(['cookie', 'origin']));
      expect(varyFields(plain)).not.toContain('accept');
    });

    test('a translated error keeps it too, and adds Accept and Accept-Language', async () => {
      const reply = await ask('/accept/items/', {
        accept: 'application/json; version=9',
        'accept-language': 'de',
      });
      expect(reply.status).toBe(406);
      expect(varyFields(reply)).toEqual(
        expect.arrayContaining(['cookie', 'origin', 'accept', 'accept-language']),
      );
      expect(reply.header('content-language')).toBe('de');
      expect(reply.header('access-control-allow-origin')).toBe('http://app.example');
      const path = await ask('/v9/users/7/', { 'accept-language': 'de' });
      expect(varyFields(path)).toEqual(expect.arrayContaining(['cookie', 'origin', 'accept-language']));
      expect(varyFields(path)).not.toContain('accept');
    });
  });

  describe.skipIf(harness.cannot?.has('problems'))('problems: true', () => {
    let strict: Served;
    beforeAll(async () => {
      strict = await harness.serve(
        contractUrlConf(harness),
        { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), allowedHosts, problems: true },
        frameworkErrors,
      );
    });
    afterAll(() => strict.close());

    test('a path under no route is a 404 problem, translated', async () => {
      expectProblem(await fetchReply(`${strict.origin}/nowhere/`), 404, 'not_found', 'Not found.');
      const german = await fetchReply(`${strict.origin}/v1/nowhere/`, {
        headers: { 'accept-language': 'de' },
      });
      expectProblem(german, 404, 'not_found', 'Nicht gefunden.');
      expect(german.header('content-language')).toBe('de');
      expect(varyFields(german)).toContain('accept-language');
    });

    test('a method no route on the path has is a 405 problem with Allow, translated', async () => {
      const reply = await fetchReply(`${strict.origin}/v1/users/`, { method: 'DELETE' });
      expectProblem(reply, 405, 'method_not_allowed', 'Method "DELETE" not allowed.');
      expect(reply.header('allow')).toBe('GET, HEAD, POST');
      // HEAD is listed because it is served: the framework answers it with the GET route.
      expect((await fetchReply(`${strict.origin}/v1/users/`, { method: 'HEAD' })).status).toBe(200);
      const german = await fetchReply(`${strict.origin}/v1/users/`, {
        method: 'PUT',
        headers: { 'accept-language': 'de' },
      });
      expectProblem(german, 405, 'method_not_allowed', 'Methode "PUT" nicht erlaubt.');
    });

    test('routes are served as before', async () => {
      expect(json(await fetchReply(`${strict.origin}/v2/users/7/`))).toMatchObject({ version: 'v2' });
    });
  });

  describe('Vary a handler sets itself is appended to, never replaced', () => {
    let front: Served;
    const schemes = {
      Accept: new AcceptHeaderVersioning(),
      'X-API-Version': new HeaderVersioning({ header: 'X-API-Version' }),
    };
    beforeAll(async () => {
      const routes = handlerVaryCases.map(({ scheme, sets, thrown }, index) =>
        harness.path(`/own-vary/${index}/`, harness.varying(sets, errorFor(thrown)), {
          versioning: schemes[scheme],
        }),
      );
      front = await harness.serve(new UrlConf(routes), { scheme: null, allowedHosts }, frameworkErrors, {
        varyInFront: 'Cookie',
      });
    });
    afterAll(() => front.close());

    test.each(
      handlerVaryCases.map(
        (row, index) => [row.scheme, row.sets, row.thrown, row.fields.join(', '), index] as const,
      ),
    )(
      'route varying on %s: the handler sets Vary: %s, throws %s → Vary %s',
      async (_scheme, _sets, _thrown, _fields, index) => {
        const { status, fields, thrown } = handlerVaryCases[index] as (typeof handlerVaryCases)[number];
        const reply = await fetchReply(`${front.origin}/own-vary/${index}/`);
        expect(reply.status).toBe(status);
        if (fields.length === 1 && fields[0] === '*') {
          expect(reply.header('vary')).toBe('*');
          return;
        }
        const got = varyFields(reply);
        expect(got).toHaveLength(new Set(got).size);
        const required = harness.keepsVaryInFront ? fields : fields.filter((field) => field !== 'cookie');
        expect(got).toEqual(expect.arrayContaining([...required]));
        // The node:http adapter answers the handler's own error itself, with a translated 500.
        const extra = thrown === 'own error' ? ['accept-language'] : [];
        expect(got.filter((field) => !fields.includes(field) && !extra.includes(field))).toEqual([]);
      },
    );
  });

  describe('no header of any response has an empty value', () => {
    let served: Served;
    const errors: unknown[] = [];
    // Nest's platforms answer a path or method no route serves themselves (problems: true is refused there).
    const problems = harness.cannot?.has('problems') !== true;
    beforeAll(async () => {
      const routes = schemeKinds.flatMap(({ scheme, pattern, namespaced }): (Route | Include)[] => {
        const made = segments.map(({ segment, thrown }) => {
          const error = errorFor(thrown);
          const handler = error === undefined ? harness.echo : harness.failing(error);
          return harness.path(pattern(segment), handler, { versioning: scheme });
        });
        if (namespaced === true && !namespaces) return [];
        return namespaced === true
          ? [allowed, refused].map((version) => include(`/${version}`, made, { namespace: version }))
          : made;
      });
      routes.push(harness.path('/get-only/', harness.echo, { methods: ['GET'], versioning: null }));
      served = await harness.serve(new UrlConf(routes), { scheme: null, allowedHosts, problems }, errors);
    });
    afterAll(() => served.close());

    const asks: { title: string; ask: Ask; method: string; status: number }[] = [
      ...schemeKinds.flatMap(({ kind, ask, refused: refusal }) => [
        ...segments.map(({ segment, thrown, status }) => ({
          title: `${kind}: handler throws ${thrown}`,
          ask: ask(segment, allowed),
          method: 'GET',
          status,
        })),
        ...(refusal === null
          ? []
          : [{ title: `${kind}: refused version`, ask: ask('ok', refused), method: 'GET', status: refusal }]),
      ]),
      {
        title: 'no route (problems: true)',
        ask: { target: '/nowhere/', headers: {} },
        method: 'GET',
        status: 404,
      },
      {
        title: 'wrong method (problems: true)',
        ask: { target: '/get-only/', headers: {} },
        method: 'DELETE',
        status: 405,
      },
    ].filter(
      ({ title }) =>
        (namespaces || !title.startsWith('NamespaceVersioning')) && (problems || !title.includes('problems')),
    );

    test.each(asks.map((row) => [row.title, row.status, row] as const))(
      '%s → %i',
      async (_title, _status, row) => {
        const { ask, method, status } = row;
        const reply = await rawReply(
          served.origin,
          ask.target,
          { host: new URL(served.origin).host, ...ask.headers },
          method,
        );
        expect(reply.status).toBe(status);
        expect(reply.fields.filter(([, value]) => value.trim() === '')).toEqual([]);
      },
    );
  });
}
