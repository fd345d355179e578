import { describe, expect, test } from 'vitest';
import { NoReverseMatch } from '../../src/errors.js';
import { createRequest } from '../../src/http/request.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import type { BaseVersioning } from '../../src/schemes/base.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { reverse } from '../../src/urls/reverse.js';
import { include, path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

const users = [
  path('/users/', 'users-list', { name: 'users-list' }),
  path('/users/:pk{.:format}/', 'users-detail', { name: 'users-detail' }),
];
const health = path('/health/', 'health', { name: 'health' });

/** A request for `url` on `urlconf`, its version determined by `scheme` the way an adapter does it. */
function versionedRequest(url: string, urlconf: UrlConf, scheme: BaseVersioning, headers: HeadersInit = {}) {
  const request = createRequest(new Request(url, { headers }), {
    urlconf,
    allowedHosts: ['localhost', '.example.com'],
  });
  request.versioningScheme = scheme;
  const match = request.resolverMatch;
  request.version = scheme.determineVersion(request, match?.args ?? [], match?.kwargs ?? {});
  return request;
}

describe('URLPathVersioning', () => {
  const urlconf = new UrlConf([include('/:version', users), health]);
  const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
  const request = versionedRequest('http://localhost/v1/users/', urlconf, scheme);

  test.each([
    ['users-list', {}, 'http://localhost/v1/users/'],
    ['users-detail', { kwargs: { pk: 7 } }, 'http://localhost/v1/users/7/'],
    ['users-detail', { kwargs: { pk: 7 }, format: 'json' }, 'http://localhost/v1/users/7.json/'],
    ['users-detail', { kwargs: { pk: 7, version: 'v2' } }, 'http://localhost/v2/users/7/'],
    ['users-detail', { args: ['v2', 7] }, 'http://localhost/v2/users/7/'],
    ['health', {}, 'http://localhost/health/'],
  ] as const)('%s %j → %s', (viewname, options, expected) => {
    expect(reverse(viewname, { ...options, request })).toBe(expected);
  });

  test('the request’s version is read when the URL is built', () => {
    const other = versionedRequest('http://localhost/v2/users/', urlconf, scheme);
    expect(reverse('users-list', { request: other })).toBe('http://localhost/v2/users/');
  });

  test('when both the scheme and the fallback fail, the error says what each tried', () => {
    const call = () => reverse('users-detail', { request });
    expect(call).toThrow(
      new NoReverseMatch(
        `Reverse for 'users-detail' with no arguments not found. 1 pattern(s) tried: ['/:version/users/:pk{.:format}/'] ` +
          `Before that, the request's URLPathVersioning found no match: Reverse for 'users-detail' with keyword ` +
          `arguments '{"version":"v1"}' not found. 1 pattern(s) tried: ['/:version/users/:pk{.:format}/']`,
      ),
    );
    try {
      call();
    } catch (error) {
      expect((error as Error).cause).toBeInstanceOf(NoReverseMatch);
    }
  });

  test('an error that is not NoReverseMatch is not retried', () => {
    expect(() => reverse('users-detail', { request, kwargs: { pk: null as unknown as string } })).toThrow(
      new TypeError('reverse("users-detail"): kwargs.pk must be a string or a finite number, got null'),
    );
  });

  test('the scheme’s reverse without a request is the generic one', () => {
    expect(scheme.reverse('health', { urlconf })).toBe('/health/');
    expect(scheme.reverse('users-list', { urlconf, kwargs: { version: 'v9' } })).toBe('/v9/users/');
  });
});

describe('NamespaceVersioning', () => {
  const urlconf = new UrlConf([
    include('/v1', users, { namespace: 'v1' }),
    include('/v2', users, { namespace: 'v2' }),
    health,
  ]);
  const scheme = new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] });
  const request = versionedRequest('http://localhost/v2/users/', urlconf, scheme);

  test('the version came from the namespace', () => {
    expect(request.version).toBe('v2');
  });

  test.each([
    ['users-list', {}, 'http://localhost/v2/users/'],
    ['users-detail', { kwargs: { pk: 'a b' } }, 'http://localhost/v2/users/a%20b/'],
    ['health', {}, 'http://localhost/health/'],
    ['v1:users-list', {}, 'http://localhost/v1/users/'],
  ] as const)('%s %j → %s', (viewname, options, expected) => {
    expect(reverse(viewname, { ...options, request })).toBe(expected);
  });

  test('an unknown name reports the namespaced and the plain attempt', () => {
    expect(() => reverse('nope', { request })).toThrow(
      new NoReverseMatch(
        `Reverse for 'nope' not found. 'nope' is not a valid view function or pattern name. ` +
          `Before that, the request's NamespaceVersioning found no match: ` +
          `Reverse for 'v2:nope' not found. 'nope' is not a valid view function or pattern name in namespace 'v2'.`,
      ),
    );
  });

  test('an unversioned request reverses the plain name', () => {
    const plain = versionedRequest('http://localhost/health/', urlconf, scheme);
    expect(plain.version).toBeNull();
    expect(reverse('health', { request: plain })).toBe('http://localhost/health/');
    expect(() => reverse('users-list', { request: plain })).toThrow(
      new NoReverseMatch(
        `Reverse for 'users-list' not found. 'users-list' is not a valid view function or pattern name. Did you mean 'v1:users-list' or 'v2:users-list'?`,
      ),
    );
  });
});

describe('QueryParameterVersioning', () => {
  const urlconf = new UrlConf([...users]);
  const scheme = new QueryParameterVersioning({ allowedVersions: ['1.0', '2.0'] });
  const request = versionedRequest('http://localhost/users/?page=2&version=2.0', urlconf, scheme);

  test.each([
    ['users-list', {}, 'http://localhost/users/?version=2.0'],
    ['users-detail', { kwargs: { pk: 1 }, format: 'json' }, 'http://localhost/users/1.json/?version=2.0'],
    ['users-list', { query: { version: '1.0', page: '3' } }, 'http://localhost/users/?version=2.0&page=3'],
    ['users-list', { query: { page: '3', version: '1.0' } }, 'http://localhost/users/?page=3&version=2.0'],
  ] as const)('%s %j → %s', (viewname, options, expected) => {
    expect(reverse(viewname, { ...options, request })).toBe(expected);
  });

  test('a failure the fallback repeats is reported once', () => {
    expect(() => reverse('nope', { request })).toThrow(
      new NoReverseMatch(
        `Reverse for 'nope' not found. 'nope' is not a valid view function or pattern name.`,
      ),
    );
  });
});

describe('schemes without a reverse override', () => {
  const urlconf = new UrlConf([...users]);

  test('AcceptHeaderVersioning builds the generic absolute URL', () => {
    const request = versionedRequest('http://localhost/users/', urlconf, new AcceptHeaderVersioning(), {
      accept: 'application/json; version=1.0',
    });
    expect(request.version).toBe('1.0');
    expect(reverse('users-detail', { request, kwargs: { pk: 3 } })).toBe('http://localhost/users/3/');
  });

  test('HostNameVersioning keeps the request’s host', () => {
    const request = versionedRequest('http://v1.example.com/users/', urlconf, new HostNameVersioning());
    expect(request.version).toBe('v1');
    expect(reverse('users-list', { request })).toBe('http://v1.example.com/users/');
  });
});
