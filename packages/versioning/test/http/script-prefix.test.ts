import { describe, expect, test } from 'vitest';
import { createRequest } from '../../src/http/request.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { reverse } from '../../src/urls/reverse.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

const urlconf = new UrlConf([path('/:version/users/:pk/', 'detail', { name: 'users-detail' })]);

// Django's script prefix (SCRIPT_NAME): where the application is mounted.
describe('createRequest(input, { scriptPrefix })', () => {
  test('reversal puts it in front of the paths it builds; a trailing slash is dropped', () => {
    const request = createRequest(new Request('http://localhost/api/v1/users/7/'), {
      urlconf,
      scriptPrefix: '/api/',
    });
    expect(request.scriptPrefix).toBe('/api');
    request.version = 'v1';
    request.versioningScheme = new URLPathVersioning();
    expect(reverse('users-detail', { kwargs: { pk: 8 }, request })).toBe('http://localhost/api/v1/users/8/');
  });

  test('resolverMatch resolves the path after it, and nothing outside it', () => {
    const inside = createRequest(new Request('http://localhost/api/v2/users/7/'), {
      urlconf,
      scriptPrefix: '/api',
    });
    expect(inside.resolverMatch?.kwargs).toEqual({ version: 'v2', pk: '7' });
    const outside = createRequest(new Request('http://localhost/apiv2/users/7/'), {
      urlconf,
      scriptPrefix: '/api',
    });
    expect(outside.resolverMatch).toBeNull();
  });

  test('defaults to none', () => {
    const request = createRequest(new Request('http://localhost/v1/users/7/'), { urlconf });
    expect(request.scriptPrefix).toBe('');
    expect(reverse('users-detail', { kwargs: { version: 'v3', pk: 1 }, request })).toBe(
      'http://localhost/v3/users/1/',
    );
  });

  test.each([['api'], [3], [null]])('%j is a TypeError naming it', (scriptPrefix) => {
    expect(() =>
      createRequest(new Request('http://localhost/'), { scriptPrefix: scriptPrefix as string }),
    ).toThrow(/createRequest\(input, options\): scriptPrefix must be "" or a path starting with "\/", got/);
  });
});
