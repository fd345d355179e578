import { describe, expect, test } from 'vitest';
import { NoReverseMatch } from '../../src/errors.js';
import { include, path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import {
  resolveCases,
  reverseCases,
  reverseErrorCases,
  sample,
  seamCases,
  validationCases,
} from './urlconf.cases.js';

describe('UrlConf.resolve', () => {
  test.each(resolveCases)('$title: $path', ({ path: requestPath, expected }) => {
    const match = sample.resolve(requestPath);
    if (expected === null) expect(match).toBeNull();
    else expect(match).toMatchObject(expected);
  });

  test('a parameter named __proto__ is an own kwarg, not the prototype', () => {
    const match = sample.resolve('/proto/x/');
    expect(Object.hasOwn(match!.kwargs, '__proto__')).toBe(true);
    expect(match!.kwargs['__proto__']).toBe('x');
  });

  test('matches are frozen', () => {
    const match = sample.resolve('/users/1/')!;
    expect(Object.isFrozen(match)).toBe(true);
    expect(Object.isFrozen(match.kwargs)).toBe(true);
  });

  test('the first route in definition order wins', () => {
    const urlconf = new UrlConf([path('/a/:x/', 'first'), path('/a/b/', 'second')]);
    expect(urlconf.resolve('/a/b/')?.handler).toBe('first');
  });

  test('an unnamed route is viewed by its pattern', () => {
    const match = new UrlConf([include('/v1', [path('/raw/', 'raw')], { namespace: 'v1' })]).resolve(
      '/v1/raw/',
    );
    expect(match).toMatchObject({ urlName: null, namespace: 'v1', viewName: '/v1/raw/' });
  });

  test('a path that is not a string is a TypeError', () => {
    expect(() => sample.resolve(undefined as unknown as string)).toThrow(
      new TypeError('UrlConf.resolve(path): path must be a string, got undefined'),
    );
  });
});

describe('UrlConf.reverse', () => {
  test.each(reverseCases)('$title: $viewname', ({ viewname, options, expected }) => {
    expect(sample.reverse(viewname, options)).toBe(expected);
  });

  test.each(reverseCases)(
    '$title: the path resolves back to $viewname',
    ({ viewname, options, expected }) => {
      const match = sample.resolve(expected);
      expect(match?.viewName).toBe(viewname);
      if (options?.kwargs)
        expect(match?.kwargs).toEqual(
          Object.fromEntries(Object.entries(options.kwargs).map(([k, v]) => [k, String(v)])),
        );
    },
  );

  test.each(reverseErrorCases)('$title', ({ viewname, options, error, message }) => {
    const call = () => sample.reverse(viewname as string, options as never);
    expect(call).toThrow(error);
    if (error === NoReverseMatch) expect(call).toThrow(new NoReverseMatch(message));
    else expect(call).toThrow(message);
  });

  test('an empty UrlConf knows no Object.prototype member', () => {
    const empty = new UrlConf([]);
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(() => empty.reverse(name)).toThrow(
        new NoReverseMatch(
          `Reverse for '${name}' not found. '${name}' is not a valid view function or pattern name.`,
        ),
      );
    }
  });

  test('the caller’s kwargs are not changed', () => {
    const kwargs = Object.freeze({ pk: 1 });
    sample.reverse('users-detail', { kwargs });
    expect(kwargs).toEqual({ pk: 1 });
  });
});

describe('include', () => {
  test.each(seamCases)('$prefixes + $route → $pattern', ({ prefixes, route, pattern }) => {
    const nested = prefixes.reduceRight<ReturnType<typeof include> | ReturnType<typeof path>>(
      (inner, prefix) => include(prefix, [inner]),
      path(route, 'h', { name: 'x' }),
    );
    const urlconf = new UrlConf([nested]);
    expect([...urlconf.routes()].map((flat) => flat.pattern)).toEqual([pattern]);
    const kwargs = Object.fromEntries([...urlconf.routes()][0]!.params.map((param) => [param.name, 'p']));
    const reversed = urlconf.reverse('x', { kwargs });
    expect(urlconf.resolve(reversed)?.route).toBe(pattern);
  });

  test('the same namespace may appear at different levels', () => {
    const urlconf = new UrlConf([
      include('/a', [include('/b', [path('/c/', 'h', { name: 'c' })], { namespace: 'v1' })], {
        namespace: 'v1',
      }),
    ]);
    expect(urlconf.reverse('v1:v1:c')).toBe('/a/b/c/');
  });

  test('an include object can be reused under different namespaces (DRF NamespaceVersioning)', () => {
    const routes = [path('/users/', 'h', { name: 'users-list' })];
    const urlconf = new UrlConf([
      include('/v1', routes, { namespace: 'v1' }),
      include('/v2', routes, { namespace: 'v2' }),
    ]);
    expect([urlconf.reverse('v1:users-list'), urlconf.reverse('v2:users-list')]).toEqual([
      '/v1/users/',
      '/v2/users/',
    ]);
  });
});

describe('routes()', () => {
  const handler = () => 'ok';
  const scheme = { determineVersion: () => '1.0' };
  const urlconf = new UrlConf([
    path('/a/', handler, { name: 'a', methods: ['get', 'Post', 'GET'] }),
    include('/v1', [path('/b/:id{.:format}/*rest', handler, { versioning: null })], { namespace: 'v1' }),
    path('/c/', handler, { versioning: scheme as never }),
  ]);
  const [a, b, c] = [...urlconf.routes()];

  test('lists every route in definition order with its full pattern and names', () => {
    expect(a).toMatchObject({
      pattern: '/a/',
      name: 'a',
      namespace: '',
      namespaces: [],
      viewName: 'a',
      handler,
    });
    expect(b).toMatchObject({
      pattern: '/v1/b/:id{.:format}/*rest',
      name: null,
      namespace: 'v1',
      namespaces: ['v1'],
    });
    expect(c?.pattern).toBe('/c/');
  });

  test('methods are upper-case without duplicates; null means every method', () => {
    expect(a?.methods).toEqual(['GET', 'POST']);
    expect(b?.methods).toBeNull();
  });

  test('versioning: undefined when not set, null when version-neutral, else the scheme', () => {
    expect(a?.versioning).toBeUndefined();
    expect(b?.versioning).toBeNull();
    expect(c?.versioning).toBe(scheme);
  });

  test('exposes the parameters, the parsed tokens and the compiled regexp', () => {
    expect(b?.params).toEqual([
      { name: 'id', kind: 'param', optional: false },
      { name: 'format', kind: 'param', optional: true },
      { name: 'rest', kind: 'wildcard', optional: false },
    ]);
    expect(b?.tokens).toEqual([
      { type: 'text', value: '/v1/b/' },
      { type: 'param', name: 'id' },
      {
        type: 'group',
        tokens: [
          { type: 'text', value: '.' },
          { type: 'param', name: 'format' },
        ],
      },
      { type: 'text', value: '/' },
      { type: 'wildcard', name: 'rest' },
    ]);
    expect(b?.regexp.test('/v1/b/1.json/x/y')).toBe(true);
    expect(Object.isFrozen(b?.tokens[2])).toBe(true);
  });

  test('literal text in tokens is percent-encoded as on the wire', () => {
    const [flat] = new UrlConf([path('/café au lait/', 'h')]).routes();
    expect(flat?.tokens).toEqual([{ type: 'text', value: '/caf%C3%A9%20au%20lait/' }]);
  });

  test('a route’s match() is what resolve() gives for that route', () => {
    expect(b?.match('/v1/b/7/x%20y')).toEqual(urlconf.resolve('/v1/b/7/x%20y'));
    expect(b?.match('/a/')).toBeNull();
  });
});

describe('validation', () => {
  test.each(validationCases)('$title', ({ make, message }) => {
    expect(make).toThrow(TypeError);
    expect(make).toThrow(message);
  });

  test('a route syntax error keeps path-to-regexp’s error as the cause', () => {
    try {
      path('/(x)', null);
      expect.unreachable();
    } catch (error) {
      expect((error as Error).cause).toBeInstanceOf(TypeError);
    }
  });
});

describe('resolve() decodes unreserved percent-escapes before matching literal text (RFC 3986 §6.2.2)', () => {
  const urlconf = new UrlConf([
    path('/v1/items/', 'v1-items'),
    include('/1.0', [path('/items/', '1.0-items')]),
    path('/files/:name/', 'file'),
    path('/items/:pk{.:format}', 'item'),
    path('/café/', 'cafe'),
    path('/a~b_c-d/', 'unreserved'),
  ]);

  test.each([
    ['/v%31/items/', 'v1-items'],
    ['/%76%31/%69tems/', 'v1-items'],
    ['/1%2E0/items/', '1.0-items'],
    ['/1%2e0/items/', '1.0-items'],
    ['/a%7Eb%5Fc%2Dd/', 'unreserved'],
    ['/caf%c3%a9/', 'cafe'],
  ])('%s → %s', (requestPath, handler) => {
    expect(urlconf.resolve(requestPath)?.handler).toBe(handler);
  });

  test('%2F stays a slash inside a value, never a separator', () => {
    expect(urlconf.resolve('/files/a%2Fb/')?.kwargs).toEqual({ name: 'a/b' });
    expect(urlconf.resolve('/v1%2Fitems/')).toBeNull();
    expect(urlconf.resolve('/1.0%2fitems/')).toBeNull();
  });

  test('values read the same; an escaped dot can now separate an optional suffix', () => {
    expect(urlconf.resolve('/files/%41%42/')?.kwargs).toEqual({ name: 'AB' });
    expect(urlconf.resolve('/items/5%2Ejson')?.kwargs).toEqual({ pk: '5', format: 'json' });
  });

  test('an escape of a reserved or non-ASCII character is not decoded into literal text', () => {
    expect(urlconf.resolve('/v1%2Fitems%2F')).toBeNull();
    expect(urlconf.resolve('/caf%C3%A9%2F')).toBeNull();
  });

  test('a route’s match() normalizes the same way', () => {
    const [first] = urlconf.routes();
    expect(first?.match('/v%31/items/')?.handler).toBe('v1-items');
  });
});

describe('reverse() never builds a path that starts with // (Django’s escape_leading_slashes)', () => {
  const urlconf = new UrlConf([path('/*rest', 'anywhere', { name: 'anywhere' })]);

  test.each([
    ['/evil.com', '/%2Fevil.com'],
    ['/evil.com/x', '/%2Fevil.com/x'],
    ['//evil.com', '/%2F/evil.com'],
    ['a/b', '/a/b'],
  ])('rest %j → %s, which resolves back to it', (rest, expected) => {
    const built = urlconf.reverse('anywhere', { kwargs: { rest } });
    expect(built).toBe(expected);
    expect(urlconf.resolve(built)?.kwargs).toEqual({ rest });
    // A URL parser reads it as a path on this host, not as a host.
    expect(new URL(built, 'http://localhost/').host).toBe('localhost');
  });
});

describe('NoReverseMatch suggests the names it may have meant', () => {
  const urlconf = new UrlConf([
    include('/v1', [path('/user/', 'user', { name: 'user' })], { namespace: 'v1' }),
    include('/v2', [path('/user/', 'user', { name: 'user' })], { namespace: 'v2' }),
    include('/v3', [path('/account/', 'account', { name: 'account' })], { namespace: 'v3' }),
  ]);

  test.each([
    [
      'user',
      `Reverse for 'user' not found. 'user' is not a valid view function or pattern name. Did you mean 'v1:user' or 'v2:user'?`,
    ],
    [
      'v3:user',
      `Reverse for 'v3:user' not found. 'user' is not a valid view function or pattern name in namespace 'v3'. Did you mean 'v1:user' or 'v2:user'?`,
    ],
    [
      'account',
      `Reverse for 'account' not found. 'account' is not a valid view function or pattern name. Did you mean 'v3:account'?`,
    ],
    ['nobody', `Reverse for 'nobody' not found. 'nobody' is not a valid view function or pattern name.`],
  ])('%s', (viewname, message) => {
    expect(() => urlconf.reverse(viewname)).toThrow(new NoReverseMatch(message));
  });

  test('at most three suggestions, in definition order', () => {
    const many = new UrlConf(
      ['a', 'b', 'c', 'd'].map((ns) =>
        include(`/${ns}`, [path('/x/', 'x', { name: 'x' })], { namespace: ns }),
      ),
    );
    expect(() => many.reverse('x')).toThrow(
      new NoReverseMatch(
        `Reverse for 'x' not found. 'x' is not a valid view function or pattern name. Did you mean 'a:x', 'b:x', 'c:x' or one of 1 more?`,
      ),
    );
  });
});
