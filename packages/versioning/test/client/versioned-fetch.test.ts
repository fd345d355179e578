import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { versionedFetch } from '../../src/client/versioned-fetch.js';
import type { DeprecationNotice } from '../../src/client/versioned-fetch.js';
import { path, versioned } from '../../src/adapters/node/index.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { listen, type Served } from '../adapters/support.js';

const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] as const });
let served: Served;

beforeAll(async () => {
  const echo = path(
    '/:version/echo/',
    async (req, res) => {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          version: req.version,
          method: req.method,
          body,
          accept: req.headers.accept ?? null,
          token: req.headers['x-token'] ?? null,
          url: req.url,
        }),
      );
    },
    { methods: ['GET', 'POST'] },
  );
  const urlconf = new UrlConf([echo]);
  served = await listen(
    createServer(
      versioned(urlconf, {
        scheme,
        policies: {
          v1: {
            deprecation: '2025-01-01',
            sunset: '2025-07-01',
            link: 'https://docs.example.com/retiring-v1',
          },
        },
      }),
    ),
  );
});
afterAll(() => served.close());

const echoUrl = () => `${served.origin}/{version}/echo/?q=1`;

describe('onDeprecation', () => {
  test('is told once per function, with the version, the URL, the dates and the links', async () => {
    const notices: DeprecationNotice<'v1' | 'v2'>[] = [];
    const api = versionedFetch({ scheme, version: 'v1', onDeprecation: (notice) => notices.push(notice) });
    await Promise.all([api(echoUrl()), api(echoUrl()), api(echoUrl())]);
    await api(echoUrl());
    expect(notices).toEqual([
      {
        version: 'v1',
        url: `${served.origin}/v1/echo/?q=1`,
        deprecation: new Date('2025-01-01T00:00:00Z'),
        sunset: new Date('2025-07-01T00:00:00Z'),
        links: [
          { href: 'https://docs.example.com/retiring-v1', rel: 'deprecation' },
          { href: 'https://docs.example.com/retiring-v1', rel: 'sunset' },
        ],
      },
    ]);
    // Another function for the same version hears it again.
    const again: unknown[] = [];
    await versionedFetch({ scheme, version: 'v1', onDeprecation: (notice) => again.push(notice) })(echoUrl());
    expect(again).toHaveLength(1);
  });

  test('is not called for a version without Deprecation or Sunset', async () => {
    const notices: unknown[] = [];
    const api = versionedFetch({ scheme, version: 'v2', onDeprecation: (notice) => notices.push(notice) });
    const response = await api(echoUrl());
    expect(await response.json()).toMatchObject({ version: 'v2' });
    expect(notices).toEqual([]);
  });

  test('an error it throws rejects that call', async () => {
    const api = versionedFetch({
      scheme,
      version: 'v1',
      onDeprecation: () => {
        throw new Error('told');
      },
    });
    await expect(api(echoUrl())).rejects.toThrow('told');
    await expect(api(echoUrl())).resolves.toBeInstanceOf(Response);
  });
});

describe('what is sent', () => {
  test('init is kept: method, body, headers', async () => {
    const api = versionedFetch({ scheme, version: 'v2' });
    const response = await api(echoUrl(), { method: 'POST', body: 'hello', headers: { 'X-Token': 't' } });
    expect(await response.json()).toEqual({
      version: 'v2',
      method: 'POST',
      body: 'hello',
      accept: '*/*',
      token: 't',
      url: '/v2/echo/?q=1',
    });
  });

  test('a Request, its URL holding %7Bversion%7D: moved to the placed URL with its body and headers', async () => {
    const api = versionedFetch({ scheme, version: 'v2' });
    const request = new Request(echoUrl(), { method: 'POST', body: 'payload', headers: { 'X-Token': 'r' } });
    expect(await (await api(request)).json()).toMatchObject({
      version: 'v2',
      method: 'POST',
      body: 'payload',
      token: 'r',
    });
  });

  test('a Request whose URL stays: only the headers change, init applied over it', async () => {
    const headerScheme = new HeaderVersioning({ allowedVersions: ['1', '2'] as const });
    const seen: Request[] = [];
    const api = versionedFetch({
      scheme: headerScheme,
      version: '2',
      fetch: (input) => {
        seen.push(input as Request);
        return new Response('{}');
      },
    });
    await api(new Request('https://api.example.com/users/', { method: 'PUT', body: 'x' }), {
      headers: { 'X-Token': 'i' },
    });
    const [sent] = seen;
    expect(sent?.method).toBe('PUT');
    expect(await sent?.text()).toBe('x');
    // As fetch(request, init) does, init's headers replace the request's.
    expect(Object.fromEntries(sent?.headers ?? [])).toEqual({ 'api-version': '2', 'x-token': 'i' });
  });

  test('the fetch option receives the placed URL as a string and init with the placed headers', async () => {
    const calls: [unknown, RequestInit | undefined][] = [];
    const api = versionedFetch({
      scheme: new HeaderVersioning(),
      version: '3',
      fetch: (input, init) => {
        calls.push([input, init]);
        return new Response(null, { status: 204 });
      },
    });
    const response = await api(new URL('https://api.example.com/users/'), { headers: [['a', 'b']] });
    expect(response.status).toBe(204);
    expect(calls[0]?.[0]).toBe('https://api.example.com/users/');
    expect(Object.fromEntries(new Headers(calls[0]?.[1]?.headers))).toEqual({ a: 'b', 'api-version': '3' });
  });
});

describe('bad options are TypeErrors with a stable code, when versionedFetch() is called', () => {
  test.each([
    ['not an object', () => versionedFetch(null as never), 'ERR_VERSIONING_INVALID_ARGUMENT'],
    [
      'an unknown scheme',
      () => versionedFetch({ scheme: {} as never, version: 'v1' as never }),
      'ERR_VERSIONING_UNKNOWN_SCHEME',
    ],
    [
      'a version that is not a string',
      () => versionedFetch({ scheme, version: 1 as never }),
      'ERR_VERSIONING_INVALID_ARGUMENT',
    ],
    [
      'fetch that is not a function',
      () => versionedFetch({ scheme, version: 'v1', fetch: 'x' as never }),
      'ERR_VERSIONING_INVALID_ARGUMENT',
    ],
    [
      'onDeprecation that is not a function',
      () => versionedFetch({ scheme, version: 'v1', onDeprecation: 1 as never }),
      'ERR_VERSIONING_INVALID_ARGUMENT',
    ],
    [
      'an unknown option',
      () => versionedFetch({ scheme, version: 'v1', retries: 3 } as never),
      'ERR_VERSIONING_UNKNOWN_OPTION',
    ],
  ])('%s', (_title, call, code) => {
    expect(call).toThrow(expect.objectContaining({ name: 'TypeError', code }) as Error);
  });

  test('a URL without {version} rejects the call with the code', async () => {
    await expect(
      versionedFetch({ scheme, version: 'v1' })('https://api.example.com/users/'),
    ).rejects.toMatchObject({
      name: 'TypeError',
      code: 'ERR_VERSIONING_CANNOT_PLACE',
    });
  });
});
