import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DisallowedHost, NotAcceptable } from '../../src/errors.js';
import { createRequest, type CreateRequestOptions } from '../../src/http/request.js';
import { include, path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { startIncomingServer, type IncomingServer } from './incoming.js';
import {
  absoluteUriCases,
  defaultHostCases,
  djangoAllowedHosts,
  hostCases,
  type HostCase,
} from './request.cases.js';

let server: IncomingServer;
beforeAll(async () => {
  server = await startIncomingServer();
});
afterAll(async () => {
  await server.close();
});

/** `getHost()`'s answer, or the DisallowedHost's host and detail. */
function hostOutcome(
  read: () => string,
): string | { rejected: string; detail: string; status: number; code: string } {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof DisallowedHost)) throw error;
    return { rejected: error.host, detail: String(error.detail), status: error.statusCode, code: error.code };
  }
}

function expectedHost({ host, allowed }: HostCase): ReturnType<typeof hostOutcome> {
  return allowed
    ? host
    : {
        rejected: host,
        detail: `Invalid HTTP_HOST header: '${host}'.`,
        status: 400,
        code: 'disallowed_host',
      };
}

const fetchWithHost = (host: string, options?: CreateRequestOptions) =>
  createRequest(new Request('http://ignored.invalid/', { headers: { host } }), options);

describe('getHost() validates the Host header like Django', () => {
  test.each(hostCases)('fetch Request, Host: "$host"', (hostCase) => {
    const request = fetchWithHost(hostCase.host, { allowedHosts: djangoAllowedHosts });
    expect(hostOutcome(() => request.getHost())).toEqual(expectedHost(hostCase));
  });

  // Node's client does not send an empty Host header, so that case is left to the fetch table.
  test.each(hostCases.filter(({ host }) => host !== ''))(
    'IncomingMessage, Host: "$host"',
    async (hostCase) => {
      const outcome = await server.capture('/', { host: hostCase.host }, (message) =>
        hostOutcome(() => createRequest(message, { allowedHosts: djangoAllowedHosts }).getHost()),
      );
      expect(outcome).toEqual(expectedHost(hostCase));
    },
  );

  test.each(defaultHostCases)('default allowedHosts, Host: "$host"', (hostCase) => {
    expect(hostOutcome(() => fetchWithHost(hostCase.host).getHost())).toEqual(expectedHost(hostCase));
  });

  test('"*" allows every well-formed host, never a malformed one', () => {
    expect(fetchWithHost('anything.example', { allowedHosts: ['*'] }).getHost()).toBe('anything.example');
    expect(() => fetchWithHost('a@b', { allowedHosts: ['*'] }).getHost()).toThrow(DisallowedHost);
  });

  test('without a Host header, the fetch URL’s host (default port left out)', () => {
    expect(createRequest(new Request('http://api.localhost:8000/x')).getHost()).toBe('api.localhost:8000');
    expect(createRequest(new Request('http://localhost:80/x')).getHost()).toBe('localhost');
    expect(() => createRequest(new Request('http://example.com/')).getHost()).toThrow(
      "Invalid HTTP_HOST header: 'example.com'.",
    );
  });

  test('without a Host header, the IncomingMessage’s local address and port', async () => {
    const host = await server.capture('/', {}, (message) => createRequest(message).getHost(), false);
    expect(host).toBe(`127.0.0.1:${server.port}`);
  });

  test('an IPv6 local address is bracketed, a default port left out', () => {
    const message = (localPort: number) =>
      ({ url: '/', headers: {}, socket: { localAddress: '::1', localPort } }) as unknown as IncomingMessage;
    expect(createRequest(message(8080)).getHost()).toBe('[::1]:8080');
    expect(createRequest(message(80)).getHost()).toBe('[::1]');
  });
});

describe('proxies', () => {
  const forwarded = {
    host: 'localhost',
    'x-forwarded-host': 'api.example.com, proxy.internal',
    'x-forwarded-proto': 'https',
  };

  test('X-Forwarded-Host and -Proto are ignored without trustProxy', () => {
    const request = createRequest(new Request('http://ignored.invalid/a', { headers: forwarded }));
    expect(request.getHost()).toBe('localhost');
    expect(request.buildAbsoluteUri()).toBe('http://localhost/a');
  });

  test('with trustProxy their first values are used, and the host is still validated', () => {
    const options = { trustProxy: true, allowedHosts: ['.example.com'] };
    const request = createRequest(new Request('http://ignored.invalid/a', { headers: forwarded }), options);
    expect(request.getHost()).toBe('api.example.com');
    expect(request.buildAbsoluteUri('/b')).toBe('https://api.example.com/b');
    const poisoned = createRequest(
      new Request('http://ignored.invalid/', {
        headers: { 'x-forwarded-host': 'evil.com/x, api.example.com' },
      }),
      options,
    );
    expect(() => poisoned.getHost()).toThrow("Invalid HTTP_HOST header: 'evil.com/x'.");
  });

  test('an X-Forwarded-Proto other than http or https falls back to the connection’s scheme', () => {
    const request = createRequest(
      new Request('http://localhost/', { headers: { 'x-forwarded-proto': 'gopher' } }),
      { trustProxy: true },
    );
    expect(request.buildAbsoluteUri()).toBe('http://localhost/');
  });

  test('on a real IncomingMessage too', async () => {
    const uri = await server.capture('/p?q=1', { 'x-forwarded-proto': 'HTTPS' }, (message) =>
      createRequest(message, { trustProxy: true }).buildAbsoluteUri(),
    );
    expect(uri).toBe(`https://127.0.0.1:${server.port}/p?q=1`);
  });
});

describe('buildAbsoluteUri', () => {
  const testserver = createRequest(new Request('http://testserver/path/to/?x=1'), {
    allowedHosts: ['testserver'],
  });

  test.each(absoluteUriCases)('$title', ({ location, expected }) => {
    expect(testserver.buildAbsoluteUri(location)).toBe(expected);
  });

  test('https from the fetch URL, the port kept', () => {
    expect(createRequest(new Request('https://localhost:8443/a?b')).buildAbsoluteUri()).toBe(
      'https://localhost:8443/a?b',
    );
  });

  test('https when the IncomingMessage came over TLS', () => {
    const message = { url: '/secure', headers: { host: 'localhost' }, socket: { encrypted: true } };
    expect(createRequest(message as unknown as IncomingMessage).buildAbsoluteUri()).toBe(
      'https://localhost/secure',
    );
  });

  test('the IncomingMessage’s own path and query', async () => {
    const uri = await server.capture('/users/?page=2&page=3', {}, (message) =>
      createRequest(message).buildAbsoluteUri(),
    );
    expect(uri).toBe(`http://127.0.0.1:${server.port}/users/?page=2&page=3`);
  });

  test('a disallowed host is never put into a URL', () => {
    expect(() => fetchWithHost('evil.com').buildAbsoluteUri('/a')).toThrow(DisallowedHost);
  });

  test('a location that is not a string is a TypeError', () => {
    expect(() => testserver.buildAbsoluteUri(5 as unknown as string)).toThrow(
      'buildAbsoluteUri(location): expected a string, got 5',
    );
  });

  test('a location that cannot be resolved is a TypeError naming it', () => {
    expect(() => testserver.buildAbsoluteUri('//[bad/')).toThrow(
      'buildAbsoluteUri(location): cannot resolve "//[bad/" against http://testserver/path/to/',
    );
  });
});

describe('the request’s parts', () => {
  test('method, path, and nothing determined yet', async () => {
    const fetched = createRequest(new Request('http://localhost/a/b?c=1', { method: 'POST' }));
    expect([fetched.method, fetched.path, fetched.version, fetched.versioningScheme]).toEqual([
      'POST',
      '/a/b',
      null,
      null,
    ]);
    const incoming = await server.capture('/a/b?c=1', {}, (message) => {
      const request = createRequest(message);
      return [request.method, request.path, request.version, request.versioningScheme];
    });
    expect(incoming).toEqual(['GET', '/a/b', null, null]);
  });

  test('an absolute-form request target (as sent to a proxy)', async () => {
    const parts = await server.capture('http://localhost/a/b?c=1', {}, (message) => {
      const request = createRequest(message);
      return [request.path, request.queryParams.get('c')];
    });
    expect(parts).toEqual(['/a/b', '1']);
  });

  test('queryParams.get: a repeated key gives its last value, like Django’s QueryDict.get', async () => {
    const search = '?a=1&a=2&b=&c&plus=a+b&pct=%C3%A9&bad=%zz&__proto__=x';
    const read = (request: ReturnType<typeof createRequest>) =>
      ['a', 'b', 'c', 'plus', 'pct', 'bad', '__proto__', 'constructor', 'missing'].map((name) =>
        request.queryParams.get(name),
      );
    const expected = ['2', '', '', 'a b', 'é', '%zz', 'x', null, null];
    expect(read(createRequest(new Request(`http://localhost/${search}`)))).toEqual(expected);
    expect(await server.capture(`/${search}`, {}, (message) => read(createRequest(message)))).toEqual(
      expected,
    );
  });

  test('headers.get is case-insensitive; repeated headers are joined with ", "', async () => {
    const names = ['x-custom', 'X-CUSTOM', 'X-Multi', 'missing', '__proto__', 'constructor'];
    const expected = ['one', 'one', 'a=1, b=2', null, null, null];
    const read = (request: ReturnType<typeof createRequest>) =>
      names.map((name) => request.headers.get(name));
    const fetched = new Headers([
      ['X-Custom', 'one'],
      ['x-multi', 'a=1'],
      ['x-multi', 'b=2'],
    ]);
    expect(read(createRequest(new Request('http://localhost/', { headers: fetched })))).toEqual(expected);
    const incoming = { 'X-Custom': 'one', 'x-multi': ['a=1', 'b=2'], 'set-cookie': ['c=3', 'd=4'] };
    expect(await server.capture('/', incoming, (message) => read(createRequest(message)))).toEqual(expected);
    // Node keeps Set-Cookie as an array; it is joined like every other repeated header.
    expect(
      await server.capture('/', incoming, (message) => createRequest(message).headers.get('Set-Cookie')),
    ).toBe('c=3, d=4');
  });

  test('a header name no request can carry is absent, not an error', () => {
    expect(createRequest(new Request('http://localhost/')).headers.get('bad name')).toBeNull();
  });

  test('get() with a name that is not a string is a TypeError', () => {
    const request = createRequest(new Request('http://localhost/'));
    expect(() => request.headers.get(1 as unknown as string)).toThrow(
      'headers.get(name): expected a string, got 1',
    );
    expect(() => request.queryParams.get(null as unknown as string)).toThrow(
      'queryParams.get(name): expected a string, got null',
    );
  });
});

describe('acceptedMediaType', () => {
  test('negotiated from Accept and the renderers', async () => {
    const accepted = await server.capture(
      '/',
      { accept: 'application/json; version=1.0' },
      (message) => createRequest(message).acceptedMediaType,
    );
    expect(accepted).toBe('application/json; version=1.0');
    const html = createRequest(
      new Request('http://localhost/', { headers: { accept: 'text/html, */*;q=0.1' } }),
      {
        renderers: ['application/json', 'text/html'],
      },
    );
    expect(html.acceptedMediaType).toBe('text/html');
  });

  test('no Accept header: the first renderer', () => {
    expect(createRequest(new Request('http://localhost/')).acceptedMediaType).toBe('application/json');
  });

  test('lazy: an unacceptable Accept header throws only when read, once negotiated', () => {
    const request = createRequest(new Request('http://localhost/', { headers: { accept: 'text/html' } }));
    const read = (): unknown => {
      try {
        return request.acceptedMediaType;
      } catch (error) {
        return error;
      }
    };
    const first = read();
    expect(first).toBeInstanceOf(NotAcceptable);
    expect(read()).toBe(first);
  });

  test('writable: a value set before the first read replaces negotiation', () => {
    const request = createRequest(new Request('http://localhost/', { headers: { accept: 'text/html' } }));
    request.acceptedMediaType = 'application/json; version=2.0';
    expect(request.acceptedMediaType).toBe('application/json; version=2.0');
    expect(() => {
      request.acceptedMediaType = 3 as unknown as string;
    }).toThrow('request.acceptedMediaType: expected a media type string, got 3');
  });
});

describe('resolverMatch', () => {
  const urlconf = new UrlConf([
    include('/v1', [path('/users/', 'users', { name: 'users-list' })], { namespace: 'v1' }),
  ]);

  test('null without a urlconf', () => {
    expect(createRequest(new Request('http://localhost/v1/users/')).resolverMatch).toBeNull();
  });

  test('resolved from the path when a urlconf is given', () => {
    const request = createRequest(new Request('http://localhost/v1/users/?x=1'), { urlconf });
    expect(request.urlconf).toBe(urlconf);
    expect(request.resolverMatch).toMatchObject({
      namespace: 'v1',
      urlName: 'users-list',
      viewName: 'v1:users-list',
    });
    expect(createRequest(new Request('http://localhost/nowhere/'), { urlconf }).resolverMatch).toBeNull();
  });

  test('writable, and checked', () => {
    const request = createRequest(new Request('http://localhost/v1/users/'), { urlconf });
    request.resolverMatch = null;
    expect(request.resolverMatch).toBeNull();
    expect(() => {
      request.resolverMatch = 'v1' as never;
    }).toThrow('request.resolverMatch: expected a ResolverMatch or null, got "v1"');
  });
});

describe('createRequest validates what it is given', () => {
  const fetched = new Request('http://localhost/');
  test.each([
    ['options not an object', 'json', 'createRequest(input, options): options must be an object, got "json"'],
    [
      'an unknown option',
      { allowedHost: ['x'] },
      'unknown option "allowedHost"; known: urlconf, allowedHosts',
    ],
    [
      'allowedHosts not an array',
      { allowedHosts: 'example.com' },
      'allowedHosts must be an array of host names, got "example.com"',
    ],
    [
      'an empty allowed host',
      { allowedHosts: ['a.com', ''] },
      'allowedHosts[1] must be a host name such as "example.com"',
    ],
    [
      'a host that is not a string',
      { allowedHosts: [7] },
      'allowedHosts[0] must be a host name such as "example.com", ".example.com" or "*", got 7',
    ],
    ['trustProxy not a boolean', { trustProxy: 'yes' }, 'trustProxy must be a boolean, got "yes"'],
    [
      'a wildcard renderer',
      { renderers: ['*/*'] },
      'renderers[0] must be a concrete media type such as "application/json", got "*/*"',
    ],
    ['no renderers', { renderers: [] }, 'renderers must be a non-empty array of media types'],
    ['a urlconf that is not a UrlConf', { urlconf: [] }, 'urlconf must be a UrlConf, got an array'],
  ])('%s', (_title, options, message) => {
    const call = () => createRequest(fetched, options as CreateRequestOptions);
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
  });

  test.each([
    [
      'a URL string',
      'http://localhost/',
      'input must be a fetch Request or a node:http IncomingMessage, got "http://localhost/"',
    ],
    ['null', null, 'got null'],
    ['a plain object', {}, 'got an object'],
    [
      'a Request-like object with a relative URL',
      { url: '/x', headers: new Headers() },
      'the Request\'s url must be absolute, got "/x"',
    ],
  ])('input: %s is a TypeError', (_title, input, message) => {
    const call = () => createRequest(input as Request);
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
  });
});
