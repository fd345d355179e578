import { describe, expect, test } from 'vitest';
import { createRequest } from '../../src/http/request.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { configure, resetSettings } from '../../src/settings.js';
import { reverse } from '../../src/urls/reverse.js';
import { include, path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

/** The error `run` throws. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('argument errors carry a stable code besides their message', () => {
  test.each([
    [
      'a value of the wrong type',
      () => path(42 as never, null),
      'ERR_VERSIONING_INVALID_ARGUMENT',
      'path(route): route must be a string starting with "/", got 42',
    ],
    [
      'a misspelt option',
      () => new HeaderVersioning({ name: 'X' } as never),
      'ERR_VERSIONING_UNKNOWN_OPTION',
      'new HeaderVersioning(options): unknown option "name"; known: header, defaultVersion, allowedVersions',
    ],
    [
      'a route pattern that does not parse',
      () => path('/users/:/', null),
      'ERR_VERSIONING_INVALID_ROUTE',
      'path("/users/:/"): invalid route "/users/:/": ',
    ],
    [
      'a namespace registered twice',
      () => new UrlConf([include('/a', [], { namespace: 'v1' }), include('/b', [], { namespace: 'v1' })]),
      'ERR_VERSIONING_INVALID_ROUTE',
      'UrlConf: namespace "v1" is registered twice at the top level (include("/b"))',
    ],
  ])('%s', (_title, run, code, message) => {
    const error = thrown(run);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toHaveProperty('code', code);
    expect((error as TypeError).message).toContain(message);
    // Not enumerable, as `message`: an error logged or compared as an object looks as it did before.
    expect(Object.keys(error as object)).not.toContain('code');
  });
});

describe('a UrlConf is recognised by its methods, as a scheme is', () => {
  const urlconf = new UrlConf([path('/users/', null, { name: 'users-list' })]);
  // Another copy of the package, or a wrapper: an object with resolve(), reverse() and routes().
  const wrapper = {
    resolve: (p: string) => urlconf.resolve(p),
    reverse: (...args: Parameters<UrlConf['reverse']>) => urlconf.reverse(...args),
    routes: () => urlconf.routes(),
  };

  test('reverse(), createRequest() and configure() take it', () => {
    try {
      expect(reverse('users-list', { urlconf: wrapper as never })).toBe('/users/');
      expect(
        createRequest(new Request('http://localhost/users/'), { urlconf: wrapper as never }).urlconf,
      ).toBe(wrapper);
      configure({ urlconf: wrapper as never });
      expect(reverse('users-list')).toBe('/users/');
    } finally {
      resetSettings();
    }
  });

  test('an object without those methods is refused as before', () => {
    expect(() => configure({ urlconf: { reverse: () => '/' } as never })).toThrow(
      'configure(settings): urlconf must be a UrlConf or null, got an object',
    );
  });
});
