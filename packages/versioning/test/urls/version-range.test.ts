import { describe, expect, test } from 'vitest';
import { NoReverseMatch } from '../../src/errors.js';
import { createRequest } from '../../src/http/request.js';
import type { BaseVersioning } from '../../src/schemes/base.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { reverse } from '../../src/urls/reverse.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'] as const });
const query = new QueryParameterVersioning({ allowedVersions: ['1.0', '2.0'] as const });

describe('path({ since, until })', () => {
  test.each([
    [
      'since that the route’s scheme does not allow',
      () => path('/:version/a/', null, { versioning: scheme, since: 'v4' as 'v1' }),
      'path("/:version/a/"): since "v4" is not an allowed version of the route\'s URLPathVersioning ("v1", "v2", "v3")',
    ],
    [
      'an empty range',
      () => path('/:version/a/', null, { versioning: scheme, since: 'v3', until: 'v1' }),
      'path("/:version/a/"): since "v3" must come before until "v1" in allowedVersions, or the route exists in no version',
    ],
    [
      'a version-neutral route',
      () => path('/a/', null, { versioning: null, since: 'v2' }),
      'path("/a/"): since "v2" needs a versioned route, but this route is version-neutral',
    ],
    [
      'an empty string',
      () => path('/:version/a/', null, { since: '' }),
      'path("/:version/a/"): since must be a non-empty string (a version), got ""',
    ],
    [
      'a number',
      () => path('/:version/a/', null, { until: 2 as never }),
      'path("/:version/a/"): until must be a non-empty string (a version), got 2',
    ],
  ])('%s → TypeError', (_title, call, message) => {
    expect(call).toThrow(new TypeError(message));
  });

  test('kept on the route and on the UrlConf’s flat route; absent bounds are null', () => {
    const route = path('/:version/a/', null, { versioning: scheme, since: 'v2' });
    expect([route.since, route.until]).toEqual(['v2', null]);
    const [flat] = new UrlConf([route]).routes();
    expect([flat?.since, flat?.until]).toEqual(['v2', null]);
  });

  test('with the adapter’s scheme (versioning left out) any string is kept until mounting', () => {
    expect(path('/:version/a/', null, { since: 'anything' }).since).toBe('anything');
  });
});

describe('reversal refuses a version a route does not exist in', () => {
  const urlconf = new UrlConf([
    path('/:version/reports/', null, { name: 'reports', since: 'v2' }),
    path('/:version/widgets/', null, { name: 'widgets', until: 'v3' }),
    path('/:version/gadgets/', null, { name: 'widgets', since: 'v3' }),
    path('/items/', null, { name: 'items', versioning: query, until: '2.0' }),
  ]);
  const requestIn = (version: string, versioning: BaseVersioning = scheme) => {
    const request = createRequest(new Request('http://localhost/anywhere/'), { urlconf });
    request.versioningScheme = versioning;
    request.version = version;
    return request;
  };

  test.each([
    ['reports', 'v2', 'http://localhost/v2/reports/'],
    ['reports', 'v3', 'http://localhost/v3/reports/'],
    ['widgets', 'v1', 'http://localhost/v1/widgets/'],
    ['widgets', 'v2', 'http://localhost/v2/widgets/'],
    // Routes sharing a name: the first that exists in the version.
    ['widgets', 'v3', 'http://localhost/v3/gadgets/'],
  ])('%s in %s → %s', (viewname, version, expected) => {
    expect(reverse(viewname, { request: requestIn(version) })).toBe(expected);
  });

  test('outside the range: NoReverseMatch naming the routes skipped and their range', () => {
    const call = () => reverse('reports', { request: requestIn('v1') });
    expect(call).toThrow(NoReverseMatch);
    expect(call).toThrow(
      `Reverse for 'reports' with keyword arguments '{"version":"v1"}' not found. 1 pattern(s) tried: ['/:version/reports/'] ` +
        `Skipped, as the version asked for is outside their versions: '/:version/reports/' (since "v2")`,
    );
  });

  test('the version an explicit keyword puts in the URL is the one checked', () => {
    expect(() => reverse('reports', { kwargs: { version: 'v1' }, request: requestIn('v3') })).toThrow(
      NoReverseMatch,
    );
    expect(reverse('reports', { kwargs: { version: 'v2' }, request: requestIn('v1') })).toBe(
      'http://localhost/v2/reports/',
    );
  });

  test("a route's own scheme orders its range: the query version of the request is checked", () => {
    expect(reverse('items', { request: requestIn('1.0', query) })).toBe(
      'http://localhost/items/?version=1.0',
    );
    expect(() => reverse('items', { request: requestIn('2.0', query) })).toThrow(NoReverseMatch);
  });

  test('without a request there is no version to check: UrlConf.reverse() builds any', () => {
    expect(urlconf.reverse('reports', { kwargs: { version: 'v1' } })).toBe('/v1/reports/');
  });

  test('a request without a version (a version-neutral route) reverses as before', () => {
    const request = createRequest(new Request('http://localhost/health/'), { urlconf });
    expect(reverse('reports', { kwargs: { version: 'v1' }, request })).toBe('http://localhost/v1/reports/');
  });
});
