import { describe, expect, test } from 'vitest';
import { NotFound } from '../../src/errors.js';
import { createRequest } from '../../src/http/request.js';
import { reverse } from '../../src/urls/reverse.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

const urlconf = new UrlConf([path('/:version/items/', 'items', { name: 'items' })]);

/** A request for `target` resolved against `urlconf`, versioned by `scheme` as the adapters do. */
function versioned(scheme: URLPathVersioning, target: string) {
  const request = createRequest(new Request(`http://localhost${target}`), { urlconf });
  const kwargs = request.resolverMatch?.kwargs ?? {};
  request.version = scheme.determineVersion(request, [], kwargs);
  request.versioningScheme = scheme;
  return request;
}

describe('URLPathVersioning refuses a version a URL cannot carry back (a 404, not a 500 when reversing)', () => {
  const open = new URLPathVersioning();

  test.each(['.', '..', ''])('version %j, even with every version allowed', (version) => {
    const request = createRequest(new Request('http://localhost/'), { urlconf });
    const call = () => open.determineVersion(request, [], { version });
    expect(call).toThrow(NotFound);
    expect(call).toThrow('Invalid version in URL path.');
  });

  test.each(['v1', '1.0', '...', '.v1', 'a b', 'a/b', '%'])(
    'version %j is served, and reverses back to itself',
    (version) => {
      const request = createRequest(new Request('http://localhost/'), { urlconf });
      request.version = open.determineVersion(request, [], { version });
      request.versioningScheme = open;
      const url = reverse('items', { request });
      expect(urlconf.resolve(new URL(url).pathname)?.kwargs).toEqual({ version });
    },
  );

  test('an open list serves /v1/items/ and reverses it', () => {
    expect(reverse('items', { request: versioned(open, '/v1/items/') })).toBe('http://localhost/v1/items/');
  });
});
