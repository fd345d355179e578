import { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdapterOptions } from '../../src/adapters/shared.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import type { BaseVersioning } from '../../src/schemes/base.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { include } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { type AdapterHarness, type Echo, mountingOf } from './contract.js';
import { rawReply, type Reply, type Served, varyFields } from './support.js';

const dates = ['2024-01-01', '2024-06-01', '2025-01-01'];
const dated = { allowedVersions: dates, versionFormat: 'date', versionRequired: true } as const;

/** One route per scheme, each with required date versions: where a request puts its version, and how it refuses. */
interface SchemeRoute {
  readonly name: string;
  /** The request target and headers carrying `version` (`null`: none). */
  ask(version: string | null): { readonly target: string; readonly headers: Record<string, string> };
  readonly refused: { readonly status: number; readonly code: string };
  /** The `Vary` fields of the scheme, lower-cased: all an answer to a request that sends its version varies on. */
  readonly vary: readonly string[];
}

const host = '127.0.0.1';
const notFound = { status: 404, code: 'not_found' } as const;
const notAcceptable = { status: 406, code: 'not_acceptable' } as const;

const schemeRoutes: readonly SchemeRoute[] = [
  {
    name: 'URLPathVersioning',
    ask: (version) => ({ target: version === null ? '/by-path/' : `/by-path/${version}/`, headers: {} }),
    refused: notFound,
    vary: [],
  },
  {
    name: 'AcceptHeaderVersioning',
    ask: (version) => ({
      target: '/by-accept/',
      headers: version === null ? {} : { accept: `application/json; version=${version}` },
    }),
    refused: notAcceptable,
    vary: ['accept'],
  },
  {
    name: 'NamespaceVersioning (a route outside any namespace)',
    ask: () => ({ target: '/by-namespace/', headers: {} }),
    refused: notFound,
    vary: [],
  },
  {
    name: 'HostNameVersioning',
    ask: (version) => ({
      target: '/by-host/',
      headers: { host: version === null ? 'api.example.com' : `${version}.api.example.com` },
    }),
    refused: notFound,
    vary: [],
  },
  {
    name: 'QueryParameterVersioning',
    ask: (version) => ({
      target: version === null ? '/by-query/' : `/by-query/?version=${version}`,
      headers: {},
    }),
    refused: notFound,
    vary: [],
  },
  {
    name: 'HeaderVersioning',
    ask: (version) => ({
      target: '/by-header/',
      headers: version === null ? {} : { 'api-version': version },
    }),
    refused: notFound,
    vary: ['api-version'],
  },
  {
    name: 'MediaTypeVersioning',
    ask: (version) => ({
      target: '/by-media-type/',
      headers: version === null ? {} : { accept: `application/vnd.acme.${version}+json` },
    }),
    refused: notAcceptable,
    vary: ['accept'],
  },
  {
    name: 'CompositeVersioning',
    ask: (version) => ({
      target: '/by-either/',
      headers: version === null ? {} : { 'api-version': version },
    }),
    refused: notFound,
    vary: ['api-version'],
  },
];

/** The versions each test account is pinned to; `slow` answers after a timer, the others at once or in a promise. */
const pins: Readonly<Record<string, string | null | undefined>> = {
  acme: '2024-03-15',
  sync: '2025-02-01',
  none: null,
  undecided: undefined,
  old: '2020-01-01',
  bad: 'soon',
  slow: '2024-06-30',
};

function choosingUrlConf(h: AdapterHarness): UrlConf {
  const path = h.path;
  const versioning = (scheme: BaseVersioning) => ({ versioning: scheme });
  const namespace = new NamespaceVersioning(dated);
  return new UrlConf([
    path('/by-path{/:version}/', h.echo, { name: 'by-path', ...versioning(new URLPathVersioning(dated)) }),
    path('/by-accept/', h.echo, { name: 'by-accept', ...versioning(new AcceptHeaderVersioning(dated)) }),
    include(
      '/2024-06-01',
      [path('/in-namespace/', h.echo, { name: 'in-namespace', ...versioning(namespace) })],
      {
        namespace: '2024-06-01',
      },
    ),
    path('/by-namespace/', h.echo, { name: 'by-namespace', ...versioning(namespace) }),
    path('/by-host/', h.echo, {
      name: 'by-host',
      ...versioning(
        Object.assign(new HostNameVersioning(dated), { hostnameRegex: /^([0-9-]+)\.api\.example\.com$/ }),
      ),
    }),
    path('/by-query/', h.echo, { name: 'by-query', ...versioning(new QueryParameterVersioning(dated)) }),
    path('/by-header/', h.echo, { name: 'by-header', ...versioning(new HeaderVersioning(dated)) }),
    path('/by-media-type/', h.echo, {
      name: 'by-media-type',
      ...versioning(new MediaTypeVersioning({ template: 'application/vnd.acme.{version}+json', ...dated })),
    }),
    path('/by-either/', h.echo, {
      name: 'by-either',
      ...versioning(new CompositeVersioning([new HeaderVersioning(), new QueryParameterVersioning()], dated)),
    }),
    path('/semver/', h.echo, {
      name: 'semver',
      ...versioning(
        new HeaderVersioning({
          allowedVersions: ['1.0', '1.10', '2.0'],
          defaultVersion: '2.0',
          versionFormat: 'semver',
        }),
      ),
    }),
    path('/neutral/', h.echo, { name: 'neutral', versioning: null }),
  ]);
}

/** The framework's own request, as the pin is handed it: what kind it is, and the header it reads the account from. */
function nativeOf(
  framework: AdapterHarness['framework'],
  native: unknown,
): { kind: string; account: string | null } {
  if (framework === 'hono') {
    const c = native as { req: { header(name: string): string | undefined }; json?: unknown };
    return {
      kind: typeof c.json === 'function' ? 'hono context' : 'other',
      account: c.req.header('x-account') ?? null,
    };
  }
  const request = native as { headers: Record<string, string | undefined>; raw?: unknown; get?: unknown };
  const kind =
    framework === 'fastify'
      ? request.raw instanceof IncomingMessage && !(native instanceof IncomingMessage)
        ? 'fastify request'
        : 'other'
      : framework === 'express'
        ? typeof request.get === 'function' && native instanceof IncomingMessage
          ? 'express request'
          : 'other'
        : native instanceof IncomingMessage
          ? 'incoming message'
          : 'other';
  return { kind, account: request.headers['x-account'] ?? null };
}

const expectedKind = {
  express: 'express request',
  fastify: 'fastify request',
  hono: 'hono context',
  node: 'incoming message',
} as const;

function expectProblem(reply: Reply, status: number, code: string, detail?: string): Record<string, unknown> {
  expect(reply.status).toBe(status);
  expect(reply.header('content-type')).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(reply.body) as Record<string, unknown>;
  expect(body).toMatchObject({ status, code, ...(detail === undefined ? {} : { detail }) });
  return body;
}

/** Choosing the version (versionRequired, versionFormat, pinVersion) through one framework's adapter, on a real server. */
export function choosingContract(harness: AdapterHarness): void {
  describe('choosing the version', () => {
    let served: Served;
    const frameworkErrors: unknown[] = [];
    /** The accounts the pin was asked about, in order, and the kind of request it was handed. */
    const asked: { account: string | null; kind: string }[] = [];
    const get = (target: string, headers: Record<string, string> = {}) =>
      rawReply(served.origin, target, { host, ...headers });

    beforeAll(async () => {
      served = await harness.serve(
        choosingUrlConf(harness),
        {
          scheme: null,
          allowedHosts: [host, '.example.com'],
          pinVersion: (native: unknown) => {
            const { kind, account } = nativeOf(harness.framework, native);
            asked.push({ account, kind });
            if (account === 'sync') return pins[account];
            if (account === 'boom') return Promise.reject(new Error('account store down: secret internals'));
            if (account === 'slow')
              return new Promise((resolve) => setTimeout(() => resolve(pins['slow']), 20));
            return Promise.resolve(account === null ? null : pins[account]);
          },
        },
        frameworkErrors,
      );
    });
    afterAll(() => served.close());

    describe.each(schemeRoutes)('$name', (route) => {
      const send = (version: string | null, headers: Record<string, string> = {}) => {
        const { target, headers: own } = route.ask(version);
        return get(target, { ...own, ...headers });
      };
      const carries = !route.name.startsWith('NamespaceVersioning');

      // A route's namespace is not the client's to send: there, only a route outside any namespace is asked.
      if (carries) {
        test('a date the client sends is served by the version on or before it; no pin asked, Vary the scheme’s', async () => {
          const reply = await send('2024-03-15', { 'x-account': 'explicit' });
          expect(reply.status).toBe(200);
          expect((JSON.parse(reply.body) as Echo).version).toBe('2024-01-01');
          expect(asked.map(({ account }) => account)).not.toContain('explicit');
          expect(varyFields(reply)).toEqual(route.vary);
        });

        test('a version that is not a date is a 400 invalid_version', async () => {
          const body = expectProblem(
            await send('2024-13-01'),
            400,
            'invalid_version',
            'Invalid version "2024-13-01": expected a date like 2024-01-31.',
          );
          expect(body['supportedVersions']).toEqual(dates);
        });
      }

      test('no version: the pinned date (async) decides, with the framework’s own request', async () => {
        const reply = await send(null, { 'x-account': 'acme' });
        expect(reply.status).toBe(200);
        expect((JSON.parse(reply.body) as Echo).version).toBe('2024-01-01');
        expect(asked).toContainEqual({ account: 'acme', kind: expectedKind[harness.framework] });
        // The answer depends on the account, which no header a cache sees tells it.
        expect(reply.header('vary')).toBe('*');
      });

      test('no version: a pin that answers at once, or after a while, decides too', async () => {
        const [sync, slow] = await Promise.all([
          send(null, { 'x-account': 'sync' }),
          send(null, { 'x-account': 'slow' }),
        ]);
        expect((JSON.parse(sync.body) as Echo).version).toBe('2025-01-01');
        expect((JSON.parse(slow.body) as Echo).version).toBe('2024-06-01');
        expect([sync.header('vary'), slow.header('vary')]).toEqual(['*', '*']);
      });

      test('no version and no pin: 400 version_required, translated, with the supported versions', async () => {
        for (const account of ['none', 'undecided']) {
          const reply = await send(null, { 'x-account': account });
          const body = expectProblem(reply, 400, 'version_required', 'A version is required.');
          expect(body['supportedVersions']).toEqual(dates);
          // The pin was asked: another account's answer differs.
          expect(reply.header('vary')).toBe('*');
        }
        expectProblem(
          await send(null, { 'x-account': 'none', 'accept-language': 'de' }),
          400,
          'version_required',
          'Eine Version ist erforderlich.',
        );
      });

      test('a pinned date before the oldest version is refused as a sent one would be', async () => {
        const reply = await send(null, { 'x-account': 'old' });
        const body = expectProblem(reply, route.refused.status, route.refused.code);
        expect(body['supportedVersions']).toEqual(dates);
        expect(reply.header('vary')).toBe('*');
      });

      test('a pinned version that is not a date is a 400 invalid_version', async () => {
        const reply = await send(null, { 'x-account': 'bad' });
        expectProblem(
          reply,
          400,
          'invalid_version',
          'Invalid version "soon": expected a date like 2024-01-31.',
        );
        expect(reply.header('vary')).toBe('*');
      });
    });

    test.skipIf(harness.cannot?.has('namespaces'))(
      'a route in a namespace carries its version: the pin is never asked',
      async () => {
        const reply = await get('/2024-06-01/in-namespace/', { 'x-account': 'in-namespace' });
        expect(reply.status).toBe(200);
        expect((JSON.parse(reply.body) as Echo).version).toBe('2024-06-01');
        expect(asked.map(({ account }) => account)).not.toContain('in-namespace');
      },
    );

    test('a version-neutral route never asks the pin', async () => {
      expect((await get('/neutral/', { 'x-account': 'neutral' })).status).toBe(200);
      expect(asked.map(({ account }) => account)).not.toContain('neutral');
    });

    test('semantic versions: 1, v1.10.0 and 2 are served in the allow list’s spelling; garbage is a 400', async () => {
      const versionOf = async (value: string) =>
        (JSON.parse((await get('/semver/', { 'api-version': value, 'x-account': 'explicit' })).body) as Echo)
          .version;
      expect(await versionOf('1')).toBe('1.0');
      expect(await versionOf('v1.10.0')).toBe('1.10');
      expect(await versionOf('2')).toBe('2.0');
      expectProblem(
        await get('/semver/', { 'api-version': '1.2.3.4' }),
        400,
        'invalid_version',
        'Invalid version "1.2.3.4": expected a version like 1.2.',
      );
      expectProblem(await get('/semver/', { 'api-version': '1.5' }), 404, 'not_found');
    });

    test('a pin that fails is the application’s error, never a problem that reveals it', async () => {
      const reply = await get('/by-header/', { 'x-account': 'boom' });
      expect(reply.status).toBe(500);
      expect(reply.body).not.toContain('secret internals');
      expect(frameworkErrors).toContainEqual(
        expect.objectContaining({ message: 'account store down: secret internals' }),
      );
    });
  });

  describe('pinVersion and caches', () => {
    const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' });
    const urlconf = () => new UrlConf([harness.path('/users/', harness.echo, { name: 'users' })]);
    /** Accounts pinned to a version; any other is pinned to none (the default version). */
    const accounts: Readonly<Record<string, string>> = { acme: '1', gone: '9' };
    const pin = (native: unknown) => accounts[nativeOf(harness.framework, native).account ?? ''] ?? null;
    const sorted = (fields: readonly string[]) => [...fields].sort();
    /** The pin with the header it reads; the pin alone, behind middleware that sets `Vary: Cookie`. */
    let named: Served;
    let behind: Served;

    beforeAll(async () => {
      named = await harness.serve(
        urlconf(),
        { scheme: scheme(), allowedHosts: [host], pinVersion: { version: pin, vary: ['X-Account'] } },
        [],
      );
      behind = await harness.serve(
        urlconf(),
        { scheme: scheme(), allowedHosts: [host], pinVersion: pin },
        [],
        {
          varyInFront: 'Cookie',
        },
      );
    });
    afterAll(async () => {
      await Promise.all([named.close(), behind.close()]);
    });

    test('given as { version, vary }: an answer the pin decided varies on the scheme’s header and the pin’s', async () => {
      const pinned = await rawReply(named.origin, '/users/', { host, 'x-account': 'acme' });
      expect(pinned.status).toBe(200);
      expect((JSON.parse(pinned.body) as Echo).version).toBe('1');
      expect(sorted(varyFields(pinned))).toEqual(['api-version', 'x-account']);
      // The pin answered none: the default version, which the pin decided all the same.
      const unpinned = await rawReply(named.origin, '/users/', { host, 'x-account': 'new' });
      expect((JSON.parse(unpinned.body) as Echo).version).toBe('2');
      expect(sorted(varyFields(unpinned))).toEqual(['api-version', 'x-account']);
      // A pinned version the scheme refuses: its problem varies the same way, and on its language.
      const refused = await rawReply(named.origin, '/users/', { host, 'x-account': 'gone' });
      expectProblem(refused, 404, 'not_found');
      expect(sorted(varyFields(refused))).toEqual(['accept-language', 'api-version', 'x-account']);
    });

    test('a request that sends its version never asks the pin: its Vary is the scheme’s alone', async () => {
      const headers = { host, 'x-account': 'acme', 'api-version': '2' };
      const sent = await rawReply(named.origin, '/users/', headers);
      expect((JSON.parse(sent.body) as Echo).version).toBe('2');
      expect(varyFields(sent)).toEqual(['api-version']);
      const behindSent = await rawReply(behind.origin, '/users/', headers);
      expect((JSON.parse(behindSent.body) as Echo).version).toBe('2');
      expect(sorted(varyFields(behindSent))).toEqual(['api-version', 'cookie']);
    });

    test('Vary: * wins over what middleware in front set: the field is * alone, on success and refusal', async () => {
      for (const [account, status] of [
        ['acme', 200],
        ['new', 200],
        ['gone', 404],
      ] as const) {
        const reply = await rawReply(behind.origin, '/users/', { host, 'x-account': account });
        expect(reply.status).toBe(status);
        expect(reply.fields.filter(([name]) => name === 'vary')).toEqual([['vary', '*']]);
      }
    });

    test('the object form is checked at mount, each mistake a TypeError with a stable code naming the value', () => {
      const where = mountingOf(harness);
      const cases: readonly (readonly [unknown, string, string])[] = [
        [
          { version: pin, vary: 'X-Account' },
          'options.pinVersion.vary must be an array of header names, got "X-Account"',
          'ERR_VERSIONING_INVALID_ARGUMENT',
        ],
        [
          { version: pin, vary: ['X-Account', 'X Tenant'] },
          'options.pinVersion.vary[1] must be a header name (a token such as "Api-Version"), got "X Tenant"',
          'ERR_VERSIONING_INVALID_HEADER',
        ],
        [
          { version: pin },
          'options.pinVersion.vary must be an array of header names, got undefined',
          'ERR_VERSIONING_INVALID_ARGUMENT',
        ],
        [
          { version: '1', vary: [] },
          'options.pinVersion.version must be a function (request) => version, got "1"',
          'ERR_VERSIONING_INVALID_ARGUMENT',
        ],
        [
          { version: pin, vary: [], cache: true },
          'options.pinVersion: unknown option "cache"',
          'ERR_VERSIONING_UNKNOWN_OPTION',
        ],
        [
          ['X-Account'],
          'options.pinVersion must be a function (request) => version, got an array',
          'ERR_VERSIONING_INVALID_ARGUMENT',
        ],
      ];
      for (const [pinVersion, message, code] of cases) {
        const options = { scheme: scheme(), pinVersion } as unknown as AdapterOptions;
        let thrown: unknown = null;
        try {
          harness.versioned(urlconf(), options);
        } catch (error) {
          thrown = error;
        }
        expect(thrown, message).toBeInstanceOf(TypeError);
        expect((thrown as { code?: unknown }).code, message).toBe(code);
        expect((thrown as Error).message).toContain(`${where}: ${message}`);
      }
    });
  });
}
