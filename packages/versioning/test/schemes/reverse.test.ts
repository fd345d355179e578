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
  path('/users/', 'list', { name: 'users-list' }),
  path('/users/:pk/', 'detail', { name: 'users-detail' }),
];
const urlconf = new UrlConf([
  path('/:version/users/', 'list', { name: 'versioned-list' }),
  path('/:version/users/:pk{.:format}', 'detail', { name: 'versioned-detail' }),
  path('/:api/things/', 'things', { name: 'things' }),
  include('/v1', users, { namespace: 'v1' }),
  include('/v2', users, { namespace: 'v2' }),
  path('/users/', 'list', { name: 'users-list' }),
  path('/health/', 'health', { name: 'health' }),
]);

/** A request for `url` whose version `scheme` has determined as `version`, as an adapter leaves it. */
function versioned(scheme: BaseVersioning, version: string | null, url = 'http://localhost/anywhere/') {
  const request = createRequest(new Request(url), { urlconf, allowedHosts: ['localhost', '.example.com'] });
  request.version = version;
  request.versioningScheme = scheme;
  return request;
}

describe('URLPathVersioning.reverse: request.version becomes kwargs[versionParam]', () => {
  const scheme = new URLPathVersioning();

  test('the request’s version fills the keyword; the URL is absolute', () => {
    const request = versioned(scheme, 'v2');
    expect(scheme.reverse('versioned-list', { request })).toBe('http://localhost/v2/users/');
    expect(scheme.reverse('versioned-detail', { kwargs: { pk: 5 }, format: 'json', request })).toBe(
      'http://localhost/v2/users/5.json',
    );
  });

  test('a version the caller passes explicitly wins, and the caller’s object is not changed', () => {
    const kwargs = Object.freeze({ version: 'v1', pk: 5 });
    expect(scheme.reverse('versioned-detail', { kwargs, request: versioned(scheme, 'v2') })).toBe(
      'http://localhost/v1/users/5',
    );
    expect(kwargs).toEqual({ version: 'v1', pk: 5 });
  });

  test('the caller’s kwargs are copied, not mutated, when the version is added', () => {
    const kwargs = { pk: 5 };
    scheme.reverse('versioned-detail', { kwargs, request: versioned(scheme, 'v2') });
    expect(kwargs).toEqual({ pk: 5 });
  });

  test('positional args are taken as complete: the version is not added', () => {
    expect(scheme.reverse('versioned-detail', { args: ['v1', 5], request: versioned(scheme, 'v2') })).toBe(
      'http://localhost/v1/users/5',
    );
  });

  test('a custom versionParam names the keyword', () => {
    const custom = new URLPathVersioning({ versionParam: 'api' });
    expect(custom.reverse('things', { request: versioned(custom, 'v3') })).toBe(
      'http://localhost/v3/things/',
    );
  });

  test('without a version on the request, the generic reversal', () => {
    expect(scheme.reverse('users-list', { request: versioned(scheme, null) })).toBe(
      'http://localhost/users/',
    );
    expect(() => scheme.reverse('versioned-list', { request: versioned(scheme, null) })).toThrow(
      NoReverseMatch,
    );
  });

  test('reverse() goes through the scheme, and back to the generic reversal for unversioned routes', () => {
    const request = versioned(scheme, 'v2');
    expect(reverse('versioned-list', { request })).toBe('http://localhost/v2/users/');
    expect(reverse('health', { request })).toBe('http://localhost/health/');
  });
});

describe('NamespaceVersioning.reverse: the view name gets the version’s namespace', () => {
  const scheme = new NamespaceVersioning();

  test('getVersionedViewname is "<version>:<viewname>"', () => {
    expect(scheme.getVersionedViewname('users-list', versioned(scheme, 'v1'))).toBe('v1:users-list');
  });

  test('the request’s version picks the namespace', () => {
    expect(scheme.reverse('users-list', { request: versioned(scheme, 'v1') })).toBe(
      'http://localhost/v1/users/',
    );
    expect(scheme.reverse('users-detail', { kwargs: { pk: 3 }, request: versioned(scheme, 'v2') })).toBe(
      'http://localhost/v2/users/3/',
    );
  });

  test('without a version on the request, the name as given', () => {
    expect(scheme.reverse('users-list', { request: versioned(scheme, null) })).toBe(
      'http://localhost/users/',
    );
  });

  test('reverse() falls back to the unversioned name when the namespace has no such route', () => {
    expect(reverse('health', { request: versioned(scheme, 'v1') })).toBe('http://localhost/health/');
  });

  test('getVersionedViewname needs a request with a version', () => {
    expect(() => scheme.getVersionedViewname('users-list', versioned(scheme, null))).toThrow(
      'NamespaceVersioning.getVersionedViewname(viewname, request): request.version must be a string, got null',
    );
    expect(() => scheme.getVersionedViewname(7 as unknown as string, versioned(scheme, 'v1'))).toThrow(
      'NamespaceVersioning.getVersionedViewname(viewname, request): viewname must be a string, got 7',
    );
  });
});

describe('QueryParameterVersioning.reverse: versionParam set in the query', () => {
  const scheme = new QueryParameterVersioning();

  test('added to the generic URL', () => {
    expect(scheme.reverse('users-list', { request: versioned(scheme, '2.0') })).toBe(
      'http://localhost/users/?version=2.0',
    );
  });

  test('other parameters are kept; an existing one is replaced in place', () => {
    const request = versioned(scheme, '2.0');
    expect(scheme.reverse('users-list', { request, query: { page: '2' } })).toBe(
      'http://localhost/users/?page=2&version=2.0',
    );
    expect(scheme.reverse('users-list', { request, query: { version: '1.0', page: '2' } })).toBe(
      'http://localhost/users/?version=2.0&page=2',
    );
  });

  test('a custom versionParam, encoded', () => {
    const custom = new QueryParameterVersioning({ versionParam: 'api version' });
    expect(custom.reverse('users-list', { request: versioned(custom, '2.0') })).toBe(
      'http://localhost/users/?api+version=2.0',
    );
  });

  test('without a version on the request, the generic URL', () => {
    expect(scheme.reverse('users-list', { request: versioned(scheme, null) })).toBe(
      'http://localhost/users/',
    );
  });
});

describe('AcceptHeaderVersioning and HostNameVersioning keep the generic reversal', () => {
  test('the Accept header carries the version, so the URL does not change', () => {
    const scheme = new AcceptHeaderVersioning();
    expect(scheme.reverse('users-list', { request: versioned(scheme, '2.0') })).toBe(
      'http://localhost/users/',
    );
  });

  test('the absolute URL keeps the request’s host, and with it the version', () => {
    const scheme = new HostNameVersioning();
    const request = versioned(scheme, 'v2', 'http://v2.example.com:8000/anywhere/');
    expect(scheme.reverse('users-list', { request })).toBe('http://v2.example.com:8000/users/');
  });
});
