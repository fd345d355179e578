import { NoReverseMatch } from '../../src/errors.js';
import type { ResolverMatch } from '../../src/types.js';
import { include, path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

/** Handlers are labels here: the tests check which route a path reached. */
const users = [
  path('/users/', 'users-list', { name: 'users-list' }),
  path('/users/:pk/', 'users-detail', { name: 'users-detail' }),
];

export const sample = new UrlConf([
  path('/', 'home', { name: 'home' }),
  ...users,
  // Three routes share one name: reversal takes the first that fits the values.
  path('/archive/:year/', 'archive-year', { name: 'archive' }),
  path('/archive/:year/:month/', 'archive-month', { name: 'archive' }),
  path('/archive/', 'archive-all', { name: 'archive' }),
  path('/reports{/:kind}/', 'reports', { name: 'reports' }),
  path('/items/:pk{.:format}', 'items', { name: 'items' }),
  path('/files/*rest', 'files', { name: 'files' }),
  path('/café/:name/', 'cafe', { name: 'cafe' }),
  path('/proto/constructor/', 'constructor', { name: 'constructor' }),
  path('/proto/:__proto__/', '__proto__', { name: '__proto__' }),
  include(
    '/v1/',
    [
      ...users,
      include('/nested', [path('/deep/:id/', 'nested', { name: 'nested' })], {
        namespace: 'nested-namespace',
      }),
    ],
    { namespace: 'v1' },
  ),
  include('/v2', users, { namespace: 'v2' }),
  include('/:version', [path('/things/:pk/', 'things', { name: 'things-detail' })]),
  include('', [path('/plain/', 'plain', { name: 'plain' })]),
]);

export interface ResolveCase {
  readonly title: string;
  readonly path: string;
  /** `null`: no route matches. */
  readonly expected: Partial<ResolverMatch> | null;
}

export const resolveCases: readonly ResolveCase[] = [
  {
    title: 'the root',
    path: '/',
    expected: {
      route: '/',
      urlName: 'home',
      namespace: '',
      namespaces: [],
      viewName: 'home',
      args: [],
      kwargs: {},
    },
  },
  {
    title: 'a static route',
    path: '/users/',
    expected: { route: '/users/', handler: 'users-list', kwargs: {} },
  },
  { title: 'a missing trailing slash (strict)', path: '/users', expected: null },
  { title: 'an extra trailing slash', path: '/users//', expected: null },
  { title: 'another case (case-sensitive)', path: '/USERS/', expected: null },
  { title: 'a parameter', path: '/users/42/', expected: { route: '/users/:pk/', kwargs: { pk: '42' } } },
  { title: 'an encoded space', path: '/users/a%20b/', expected: { kwargs: { pk: 'a b' } } },
  {
    title: 'an encoded slash, kept in one value',
    path: '/users/a%2Fb/',
    expected: { kwargs: { pk: 'a/b' } },
  },
  { title: 'encoded ? # %', path: '/users/%3F%23%25/', expected: { kwargs: { pk: '?#%' } } },
  { title: 'encoded UTF-8', path: '/users/%E2%82%AC%F0%9F%98%80/', expected: { kwargs: { pk: '€😀' } } },
  { title: 'a malformed escape (no match, no throw)', path: '/users/%zz/', expected: null },
  { title: 'a truncated UTF-8 escape', path: '/users/%E2%82/', expected: null },
  {
    title: 'a query string and fragment, ignored',
    path: '/users/42/?pk=1#top',
    expected: { kwargs: { pk: '42' } },
  },
  { title: 'more segments than the route', path: '/users/42/extra/', expected: null },
  { title: 'the first of shared names', path: '/archive/2024/', expected: { handler: 'archive-year' } },
  {
    title: 'the second of shared names',
    path: '/archive/2024/05/',
    expected: { handler: 'archive-month', urlName: 'archive', kwargs: { year: '2024', month: '05' } },
  },
  { title: 'an optional segment left out', path: '/reports/', expected: { handler: 'reports', kwargs: {} } },
  { title: 'an optional segment given', path: '/reports/daily/', expected: { kwargs: { kind: 'daily' } } },
  { title: 'an optional suffix left out', path: '/items/5', expected: { kwargs: { pk: '5' } } },
  {
    title: 'an optional suffix given',
    path: '/items/5.json',
    expected: { kwargs: { pk: '5', format: 'json' } },
  },
  {
    title: 'a wildcard, segments decoded one by one',
    path: '/files/a/b%20c/d%2Fe',
    expected: { route: '/files/*rest', kwargs: { rest: 'a/b c/d/e' } },
  },
  { title: 'an empty wildcard', path: '/files/', expected: null },
  { title: 'a malformed escape in a wildcard', path: '/files/a/%E0%A4%A', expected: null },
  { title: 'non-ASCII literal text, as sent', path: '/caf%C3%A9/x/', expected: { handler: 'cafe' } },
  { title: 'non-ASCII literal text, raw (never sent)', path: '/café/x/', expected: null },
  { title: 'a view named constructor', path: '/proto/constructor/', expected: { urlName: 'constructor' } },
  { title: 'a parameter named __proto__', path: '/proto/x/', expected: { urlName: '__proto__' } },
  {
    title: 'a namespaced route',
    path: '/v1/users/7/',
    expected: {
      route: '/v1/users/:pk/',
      urlName: 'users-detail',
      namespace: 'v1',
      namespaces: ['v1'],
      viewName: 'v1:users-detail',
      kwargs: { pk: '7' },
    },
  },
  {
    title: 'nested namespaces',
    path: '/v1/nested/deep/7/',
    expected: {
      route: '/v1/nested/deep/:id/',
      namespace: 'v1:nested-namespace',
      namespaces: ['v1', 'nested-namespace'],
      viewName: 'v1:nested-namespace:nested',
    },
  },
  {
    title: 'the same routes in another namespace',
    path: '/v2/users/',
    expected: { viewName: 'v2:users-list' },
  },
  {
    title: 'a parameter in an include prefix',
    path: '/v3/things/9/',
    expected: { route: '/:version/things/:pk/', namespace: '', kwargs: { version: 'v3', pk: '9' } },
  },
  { title: 'an include without namespace', path: '/plain/', expected: { viewName: 'plain', namespaces: [] } },
  { title: 'an empty string', path: '', expected: null },
  { title: 'a relative path', path: 'users/', expected: null },
];

type Options = Parameters<UrlConf['reverse']>[1];

export interface ReverseCase {
  readonly title: string;
  readonly viewname: string;
  readonly options?: Options;
  readonly expected: string;
}

export const reverseCases: readonly ReverseCase[] = [
  { title: 'a static route', viewname: 'home', expected: '/' },
  { title: 'kwargs', viewname: 'users-detail', options: { kwargs: { pk: 42 } }, expected: '/users/42/' },
  { title: 'args', viewname: 'users-detail', options: { args: ['42'] }, expected: '/users/42/' },
  {
    title: 'a / in a value',
    viewname: 'users-detail',
    options: { kwargs: { pk: 'a/b' } },
    expected: '/users/a%2Fb/',
  },
  {
    title: '? # % in a value',
    viewname: 'users-detail',
    options: { kwargs: { pk: 'a?b#c%d' } },
    expected: '/users/a%3Fb%23c%25d/',
  },
  {
    title: 'unicode in a value',
    viewname: 'users-detail',
    options: { kwargs: { pk: 'é €😀' } },
    expected: '/users/%C3%A9%20%E2%82%AC%F0%9F%98%80/',
  },
  {
    title: 'a negative number',
    viewname: 'users-detail',
    options: { args: [-1.5] },
    expected: '/users/-1.5/',
  },
  {
    title: 'shared name, first fit by kwargs',
    viewname: 'archive',
    options: { kwargs: { year: 2024 } },
    expected: '/archive/2024/',
  },
  {
    title: 'shared name, second fit by kwargs',
    viewname: 'archive',
    options: { kwargs: { year: 2024, month: '05' } },
    expected: '/archive/2024/05/',
  },
  { title: 'shared name, no values', viewname: 'archive', expected: '/archive/' },
  {
    title: 'shared name, one arg',
    viewname: 'archive',
    options: { args: ['2024'] },
    expected: '/archive/2024/',
  },
  {
    title: 'shared name, two args',
    viewname: 'archive',
    options: { args: ['2024', '05'] },
    expected: '/archive/2024/05/',
  },
  { title: 'shared name, empty args', viewname: 'archive', options: { args: [] }, expected: '/archive/' },
  { title: 'an optional segment left out', viewname: 'reports', expected: '/reports/' },
  {
    title: 'an optional segment given',
    viewname: 'reports',
    options: { kwargs: { kind: 'daily' } },
    expected: '/reports/daily/',
  },
  {
    title: 'an optional segment by arg',
    viewname: 'reports',
    options: { args: ['daily'] },
    expected: '/reports/daily/',
  },
  {
    title: 'an optional suffix left out',
    viewname: 'items',
    options: { kwargs: { pk: 5 } },
    expected: '/items/5',
  },
  {
    title: 'an optional suffix given',
    viewname: 'items',
    options: { kwargs: { pk: 5, format: 'json' } },
    expected: '/items/5.json',
  },
  {
    title: 'a wildcard',
    viewname: 'files',
    options: { kwargs: { rest: 'a/b c' } },
    expected: '/files/a/b%20c',
  },
  { title: 'a one-segment wildcard', viewname: 'files', options: { args: ['%'] }, expected: '/files/%25' },
  {
    title: 'non-ASCII literal text',
    viewname: 'cafe',
    options: { kwargs: { name: 'x' } },
    expected: '/caf%C3%A9/x/',
  },
  { title: 'a view named constructor', viewname: 'constructor', expected: '/proto/constructor/' },
  {
    title: 'a parameter named __proto__',
    viewname: '__proto__',
    options: { kwargs: Object.fromEntries([['__proto__', 'x']]) },
    expected: '/proto/x/',
  },
  {
    title: 'a namespaced name',
    viewname: 'v1:users-detail',
    options: { kwargs: { pk: 1 } },
    expected: '/v1/users/1/',
  },
  { title: 'the same name in another namespace', viewname: 'v2:users-list', expected: '/v2/users/' },
  {
    title: 'nested namespaces',
    viewname: 'v1:nested-namespace:nested',
    options: { kwargs: { id: 7 } },
    expected: '/v1/nested/deep/7/',
  },
  {
    title: 'a parameter in an include prefix',
    viewname: 'things-detail',
    options: { kwargs: { version: 'v3', pk: 9 } },
    expected: '/v3/things/9/',
  },
  { title: 'an include without namespace', viewname: 'plain', expected: '/plain/' },
];

export interface ReverseErrorCase {
  readonly title: string;
  readonly viewname: unknown;
  readonly options?: unknown;
  readonly error: typeof NoReverseMatch | typeof TypeError;
  /** The whole message for NoReverseMatch (what users read); a fragment for TypeErrors. */
  readonly message: string;
}

export const reverseErrorCases: readonly ReverseErrorCase[] = [
  {
    title: 'a key the route does not have',
    viewname: 'users-detail',
    options: { kwargs: { pk: 'x', extra: 'y' } },
    error: NoReverseMatch,
    message: `Reverse for 'users-detail' with keyword arguments '{"pk":"x","extra":"y"}' not found. 1 pattern(s) tried: ['/users/:pk/']`,
  },
  {
    title: 'a missing required value',
    viewname: 'users-detail',
    error: NoReverseMatch,
    message: `Reverse for 'users-detail' with no arguments not found. 1 pattern(s) tried: ['/users/:pk/']`,
  },
  {
    title: 'too many args for every shared route',
    viewname: 'archive',
    options: { args: ['1', 2, '3'] },
    error: NoReverseMatch,
    message: `Reverse for 'archive' with arguments '["1",2,"3"]' not found. 3 pattern(s) tried: ['/archive/:year/', '/archive/:year/:month/', '/archive/']`,
  },
  {
    title: 'an empty value',
    viewname: 'users-detail',
    options: { kwargs: { pk: '' } },
    error: NoReverseMatch,
    message: `Reverse for 'users-detail' with keyword arguments '{"pk":""}' not found. 1 pattern(s) tried: ['/users/:pk/']`,
  },
  {
    title: 'an empty optional value',
    viewname: 'reports',
    options: { kwargs: { kind: '' } },
    error: NoReverseMatch,
    message: `Reverse for 'reports' with keyword arguments '{"kind":""}' not found. 1 pattern(s) tried: ['/reports{/:kind}/']`,
  },
  {
    title: 'a dot segment, which URL parsers would remove',
    viewname: 'users-detail',
    options: { kwargs: { pk: '..' } },
    error: NoReverseMatch,
    message: `Reverse for 'users-detail' with keyword arguments '{"pk":".."}' not found. 1 pattern(s) tried: ['/users/:pk/']`,
  },
  {
    title: 'a dot segment in a wildcard',
    viewname: 'files',
    options: { kwargs: { rest: 'a/./b' } },
    error: NoReverseMatch,
    message: `Reverse for 'files' with keyword arguments '{"rest":"a/./b"}' not found. 1 pattern(s) tried: ['/files/*rest']`,
  },
  {
    title: 'an empty wildcard segment',
    viewname: 'files',
    options: { kwargs: { rest: '' } },
    error: NoReverseMatch,
    message: `Reverse for 'files' with keyword arguments '{"rest":""}' not found. 1 pattern(s) tried: ['/files/*rest']`,
  },
  {
    title: 'a value an optional group would drop',
    viewname: 'items',
    options: { kwargs: { format: 'json' } },
    error: NoReverseMatch,
    message: `Reverse for 'items' with keyword arguments '{"format":"json"}' not found. 1 pattern(s) tried: ['/items/:pk{.:format}']`,
  },
  {
    title: 'an unknown name',
    viewname: 'nope',
    error: NoReverseMatch,
    message: `Reverse for 'nope' not found. 'nope' is not a valid view function or pattern name.`,
  },
  {
    title: 'an Object.prototype member name',
    viewname: 'toString',
    error: NoReverseMatch,
    message: `Reverse for 'toString' not found. 'toString' is not a valid view function or pattern name.`,
  },
  {
    title: 'a name in no namespace, only inside one',
    viewname: 'nested',
    error: NoReverseMatch,
    message: `Reverse for 'nested' not found. 'nested' is not a valid view function or pattern name. Did you mean 'v1:nested-namespace:nested'?`,
  },
  {
    title: 'an unknown namespace',
    viewname: 'v3:users-list',
    error: NoReverseMatch,
    message: `Reverse for 'v3:users-list' not found. 'v3' is not a registered namespace. Did you mean 'users-list', 'v1:users-list' or 'v2:users-list'?`,
  },
  {
    title: 'an unknown nested namespace',
    viewname: 'v1:nope:users-list',
    error: NoReverseMatch,
    message: `Reverse for 'v1:nope:users-list' not found. 'nope' is not a registered namespace inside 'v1'. Did you mean 'users-list', 'v1:users-list' or 'v2:users-list'?`,
  },
  {
    title: 'a namespace that does not hold the name',
    viewname: 'v2:nested-namespace:nested',
    error: NoReverseMatch,
    message: `Reverse for 'v2:nested-namespace:nested' not found. 'nested-namespace' is not a registered namespace inside 'v2'. Did you mean 'v1:nested-namespace:nested'?`,
  },
  {
    title: 'an unknown name in a namespace',
    viewname: 'v1:missing',
    error: NoReverseMatch,
    message: `Reverse for 'v1:missing' not found. 'missing' is not a valid view function or pattern name in namespace 'v1'.`,
  },
  {
    title: 'args and kwargs together',
    viewname: 'users-detail',
    options: { args: ['1'], kwargs: { pk: '1' } },
    error: TypeError,
    message: 'pass args or kwargs, not both',
  },
  {
    title: 'a null value',
    viewname: 'users-detail',
    options: { kwargs: { pk: null } },
    error: TypeError,
    message: 'reverse("users-detail"): kwargs.pk must be a string or a finite number, got null',
  },
  {
    title: 'NaN',
    viewname: 'users-detail',
    options: { args: [Number.NaN] },
    error: TypeError,
    message: 'args[0] must be a string or a finite number, got NaN',
  },
  {
    title: 'an object value under an odd key',
    viewname: 'users-detail',
    options: { kwargs: { 'a b': {} } },
    error: TypeError,
    message: 'kwargs["a b"] must be a string or a finite number, got an object',
  },
  {
    title: 'a lone surrogate',
    viewname: 'users-detail',
    options: { kwargs: { pk: 'x\ud800' } },
    error: TypeError,
    message: 'kwargs.pk holds a lone surrogate and cannot be put into a URL: "x\\ud800"',
  },
  {
    title: 'an empty viewname',
    viewname: '',
    error: TypeError,
    message: 'viewname must be a non-empty string, got ""',
  },
  {
    title: 'a number as viewname',
    viewname: 42,
    error: TypeError,
    message: 'viewname must be a non-empty string, got 42',
  },
  {
    title: 'a misspelt option',
    viewname: 'home',
    options: { kwarg: {} },
    error: TypeError,
    message: 'reverse("home"): unknown option "kwarg"; known: args, kwargs',
  },
  {
    title: 'a Map as kwargs',
    viewname: 'home',
    options: { kwargs: new Map() },
    error: TypeError,
    message: 'kwargs must be an object, got a Map',
  },
  {
    title: 'a string as args',
    viewname: 'home',
    options: { args: '1' },
    error: TypeError,
    message: 'args must be an array, got "1"',
  },
  {
    title: 'options not an object',
    viewname: 'home',
    options: 'x',
    error: TypeError,
    message: 'options must be an object, got "x"',
  },
];

export interface SeamCase {
  readonly prefixes: readonly string[];
  readonly route: string;
  readonly pattern: string;
}

/** Includes' prefixes (outermost first) joined to a route with exactly one `/` at each seam. */
export const seamCases: readonly SeamCase[] = [
  { prefixes: ['/v1'], route: '/users/', pattern: '/v1/users/' },
  { prefixes: ['/v1/'], route: '/users/', pattern: '/v1/users/' },
  { prefixes: ['/v1//'], route: '/users/', pattern: '/v1/users/' },
  { prefixes: [''], route: '/users/', pattern: '/users/' },
  { prefixes: ['/'], route: '/users/', pattern: '/users/' },
  { prefixes: ['/v1'], route: '/', pattern: '/v1/' },
  { prefixes: ['/api/', '/v1/'], route: '/users/', pattern: '/api/v1/users/' },
  { prefixes: ['/api', '', '/v1'], route: '/users/:pk', pattern: '/api/v1/users/:pk' },
  { prefixes: ['/:version/'], route: '/users/', pattern: '/:version/users/' },
];

export interface ValidationCase {
  readonly title: string;
  readonly make: () => unknown;
  /** A fragment of the TypeError's message. */
  readonly message: string;
}

const anyValue = (value: unknown): never => value as never;

export const validationCases: readonly ValidationCase[] = [
  {
    title: 'a route without a leading /',
    make: () => path('users/', null),
    message: 'path(route): route must be a string starting with "/", got "users/"',
  },
  { title: 'a route that is not a string', make: () => path(anyValue(42), null), message: 'got 42' },
  {
    title: 'a regular expression group',
    make: () => path('/users/(\\d+)/', null),
    message: 'path("/users/(\\\\d+)/"): invalid route "/users/(\\\\d+)/": Unexpected ( at index 8',
  },
  {
    title: 'an unclosed group',
    make: () => path('/users{/:pk', null),
    message: 'Unexpected end at index 11, expected }',
  },
  {
    title: 'a parameter without a name',
    make: () => path('/users/:/', null),
    message: 'Missing parameter name',
  },
  {
    title: 'two adjacent parameters',
    make: () => path('/:a:b/', null),
    message: 'Missing text before "b" param',
  },
  {
    title: 'a repeated parameter',
    make: () => path('/:a/:a/', null),
    message: 'parameter "a" appears twice',
  },
  {
    title: 'a lone surrogate in a route',
    make: () => path('/\ud800/', null),
    message: 'it holds a lone surrogate',
  },
  {
    title: 'a name with a colon',
    make: () => path('/x/', null, { name: 'a:b' }),
    message: 'name must be a non-empty string without ":", got "a:b"',
  },
  { title: 'an empty name', make: () => path('/x/', null, { name: '' }), message: 'got ""' },
  {
    title: 'a method that is not a token',
    make: () => path('/x/', null, { methods: ['GET', 'BAD METHOD'] }),
    message: 'methods holds "BAD METHOD", which is not an HTTP method token',
  },
  {
    title: 'no methods',
    make: () => path('/x/', null, { methods: [] }),
    message: 'methods must be a non-empty array',
  },
  {
    title: 'methods as a string',
    make: () => path('/x/', null, { methods: anyValue('GET') }),
    message: 'got "GET"',
  },
  {
    title: 'something else as versioning',
    make: () => path('/x/', null, { versioning: anyValue({}) }),
    message: 'versioning must be a versioning scheme (BaseVersioning), null or left out, got an object',
  },
  {
    title: 'a misspelt path option',
    make: () => path('/x/', null, anyValue({ nam: 'x' })),
    message: 'unknown option "nam"',
  },
  {
    title: 'a prefix without a leading /',
    make: () => include('v1', []),
    message: 'include(prefix): prefix must be "" or a string starting with "/", got "v1"',
  },
  {
    title: 'an invalid prefix',
    make: () => include('/v1{', []),
    message: 'include("/v1{"): invalid route "/v1{"',
  },
  {
    title: 'routes not in an array',
    make: () => include('/v1', anyValue(path('/x/', null))),
    message: 'include("/v1"): routes must be an array of path() and include() results, got an object',
  },
  {
    title: 'a hand-made route',
    make: () => include('/v1', [anyValue({ kind: 'route', route: '/x/' })]),
    message: 'include("/v1"): routes[0] must be made by path() or include(), got an object',
  },
  {
    title: 'a namespace with a colon',
    make: () => include('/v1', [], { namespace: 'a:b' }),
    message: 'namespace must be a non-empty string without ":"',
  },
  {
    title: 'a misspelt include option',
    make: () => include('/v1', [], anyValue({ ns: 'v1' })),
    message: 'unknown option "ns"',
  },
  {
    title: 'UrlConf without an array',
    make: () => new UrlConf(anyValue('x')),
    message: 'new UrlConf(routes): routes must be an array',
  },
  {
    title: 'a namespace twice at the top level',
    make: () => new UrlConf([include('/a', [], { namespace: 'v1' }), include('/b', [], { namespace: 'v1' })]),
    message: 'UrlConf: namespace "v1" is registered twice at the top level (include("/b"))',
  },
  {
    title: 'a namespace twice inside another',
    make: () =>
      new UrlConf([
        include('/v1', [include('/x', [], { namespace: 'n' }), include('/y', [], { namespace: 'n' })], {
          namespace: 'v1',
        }),
      ]),
    message: 'UrlConf: namespace "n" is registered twice inside "v1" (include("/y"))',
  },
  {
    title: 'a parameter in both the prefix and the route',
    make: () => new UrlConf([include('/:v', [path('/:v/', null)])]),
    message: 'UrlConf: route "/:v/": invalid route "/:v/:v/": parameter "v" appears twice',
  },
  {
    title: 'too many optional combinations once joined',
    make: () => new UrlConf([include('/p{/a}{/b}{/c}{/d}', [path('/q{/e}{/f}{/g}{/h}{/i}', null)])]),
    message: 'invalid route "/p{/a}{/b}{/c}{/d}/q{/e}{/f}{/g}{/h}{/i}": Too many path combinations',
  },
];
