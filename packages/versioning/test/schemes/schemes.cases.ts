import type { VersioningOptions } from '../../src/schemes/base.js';
import { include, path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

const users = [path('/users/', 'users', { name: 'users-list' })];

/** Namespaced routes for NamespaceVersioning: one include per version, nested and prefixed namespaces, and none. */
export const namespacedUrlconf = new UrlConf([
  include('/v1', [...users, include('/nested', users, { namespace: 'nested' })], { namespace: 'v1' }),
  include('/v2', users, { namespace: 'v2' }),
  include('/v3', users, { namespace: 'v3' }),
  include('/api', [include('/v2', users, { namespace: 'v2' })], { namespace: 'api' }),
  path('/health/', 'health', { name: 'health' }),
]);

export type SchemeKey = 'accept' | 'url-path' | 'namespace' | 'hostname' | 'query';

export type Outcome =
  | { readonly version: string | null }
  | { readonly error: 'NotFound' | 'NotAcceptable' | 'DisallowedHost'; readonly message: string };

export interface DetermineCase {
  readonly title: string;
  readonly scheme: SchemeKey;
  readonly options: VersioningOptions;
  /** The request: its URL (default `http://localhost/`), headers and, for URLPathVersioning, the captured kwargs. */
  readonly url?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly kwargs?: Readonly<Record<string, string | undefined>>;
  readonly expected: Outcome;
}

const acceptOptions = { defaultVersion: '1.0', allowedVersions: ['1.0', '2.0'] } as const;
const pathOptions = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] } as const;
const restrictedNoDefault = { defaultVersion: null, allowedVersions: ['v1', 'v2'] } as const;
const v = (version: string | null): Outcome => ({ version });
const notFound = (message: string): Outcome => ({ error: 'NotFound', message });
const badAccept = { error: 'NotAcceptable', message: 'Invalid version in "Accept" header.' } as const;
const badPath = notFound('Invalid version in URL path.');
const badNamespace = notFound('Invalid version in URL path. Does not match any version namespace.');
const badHost = notFound('Invalid version in hostname.');
const badQuery = notFound('Invalid version in query parameter.');

/** seed.md § Versioning, one row per behaviour, with the request shapes of § Request shapes that carry the version. */
export const determineCases: readonly DetermineCase[] = [
  // AcceptHeaderVersioning: the version_param of the accepted media type, else default_version; NotAcceptable.
  {
    title: 'the version parameter of Accept',
    scheme: 'accept',
    options: acceptOptions,
    headers: { accept: 'application/json; version=2.0' },
    expected: v('2.0'),
  },
  {
    title: 'no Accept header: default_version',
    scheme: 'accept',
    options: acceptOptions,
    expected: v('1.0'),
  },
  {
    title: 'no version parameter: default_version',
    scheme: 'accept',
    options: acceptOptions,
    headers: { accept: 'application/json' },
    expected: v('1.0'),
  },
  {
    title: 'a wildcard range carries it too',
    scheme: 'accept',
    options: acceptOptions,
    headers: { accept: '*/*; version=2.0' },
    expected: v('2.0'),
  },
  {
    title: 'parameter names are case-insensitive, values unquoted',
    scheme: 'accept',
    options: acceptOptions,
    headers: { accept: 'application/json; Version="2.0"' },
    expected: v('2.0'),
  },
  {
    title: 'the element negotiation chose',
    scheme: 'accept',
    options: acceptOptions,
    headers: { accept: 'text/html; version=1.0, application/json; version=2.0' },
    expected: v('2.0'),
  },
  {
    title: 'a version not allowed: NotAcceptable',
    scheme: 'accept',
    options: acceptOptions,
    headers: { accept: 'application/json; version=3.0' },
    expected: badAccept,
  },
  {
    title: 'nothing renderable: negotiation’s NotAcceptable',
    scheme: 'accept',
    options: acceptOptions,
    headers: { accept: 'text/html; version=2.0' },
    expected: { error: 'NotAcceptable', message: 'Could not satisfy the request Accept header.' },
  },
  {
    title: 'a null default is checked too (rule 1)',
    scheme: 'accept',
    options: { defaultVersion: null, allowedVersions: ['1.0'] },
    expected: badAccept,
  },

  // URLPathVersioning: the URL keyword argument version_param; absent or None: default_version; NotFound.
  {
    title: 'the captured keyword',
    scheme: 'url-path',
    options: pathOptions,
    kwargs: { version: 'v2' },
    expected: v('v2'),
  },
  { title: 'no kwargs: default_version', scheme: 'url-path', options: pathOptions, expected: v('v1') },
  {
    title: 'kwargs without the keyword: default_version',
    scheme: 'url-path',
    options: pathOptions,
    kwargs: { pk: '7' },
    expected: v('v1'),
  },
  {
    title: 'an undefined keyword: default_version',
    scheme: 'url-path',
    options: pathOptions,
    kwargs: { version: undefined },
    expected: v('v1'),
  },
  {
    title: 'a version not allowed: NotFound',
    scheme: 'url-path',
    options: pathOptions,
    kwargs: { version: 'v3' },
    expected: badPath,
  },
  {
    title: 'a null default is checked too (rule 1)',
    scheme: 'url-path',
    options: restrictedNoDefault,
    kwargs: {},
    expected: badPath,
  },
  {
    title: 'versionParam "constructor" is not inherited from Object',
    scheme: 'url-path',
    options: { ...pathOptions, versionParam: 'constructor' },
    kwargs: {},
    expected: v('v1'),
  },
  {
    title: 'versionParam "__proto__" is not inherited from Object',
    scheme: 'url-path',
    options: { ...pathOptions, versionParam: '__proto__' },
    kwargs: {},
    expected: v('v1'),
  },
  {
    title: 'an own "__proto__" keyword is read',
    scheme: 'url-path',
    options: { ...pathOptions, versionParam: '__proto__' },
    kwargs: JSON.parse('{"__proto__":"v2"}') as Record<string, string>,
    expected: v('v2'),
  },

  // NamespaceVersioning: the first allowed part of the resolved namespace; no match or namespace: default unchecked.
  {
    title: 'the namespace',
    scheme: 'namespace',
    options: pathOptions,
    url: 'http://localhost/v2/users/',
    expected: v('v2'),
  },
  {
    title: 'a nested namespace: its first part',
    scheme: 'namespace',
    options: pathOptions,
    url: 'http://localhost/v1/nested/users/',
    expected: v('v1'),
  },
  {
    title: 'the first part that is an allowed version',
    scheme: 'namespace',
    options: pathOptions,
    url: 'http://localhost/api/v2/users/',
    expected: v('v2'),
  },
  {
    title: 'every version allowed: the first part',
    scheme: 'namespace',
    options: {},
    url: 'http://localhost/api/v2/users/',
    expected: v('api'),
  },
  {
    title: 'no part allowed: NotFound',
    scheme: 'namespace',
    options: pathOptions,
    url: 'http://localhost/v3/users/',
    expected: badNamespace,
  },
  {
    title: 'a route without namespace: default_version',
    scheme: 'namespace',
    options: pathOptions,
    url: 'http://localhost/health/',
    expected: v('v1'),
  },
  {
    title: 'no route matched: default_version',
    scheme: 'namespace',
    options: pathOptions,
    url: 'http://localhost/nowhere/',
    expected: v('v1'),
  },
  {
    title: 'no namespace: the default is not checked (rule 2)',
    scheme: 'namespace',
    options: restrictedNoDefault,
    url: 'http://localhost/health/',
    expected: v(null),
  },

  // HostNameVersioning: the first label of a three-label host, port removed; no match: default_version.
  {
    title: 'the first label',
    scheme: 'hostname',
    options: pathOptions,
    url: 'http://v2.example.com/users/',
    expected: v('v2'),
  },
  {
    title: 'the port is cut off',
    scheme: 'hostname',
    options: pathOptions,
    url: 'http://v2.example.com:8000/users/',
    expected: v('v2'),
  },
  {
    title: 'two labels: default_version',
    scheme: 'hostname',
    options: pathOptions,
    url: 'http://example.com/',
    expected: v('v1'),
  },
  {
    title: 'four labels: default_version',
    scheme: 'hostname',
    options: pathOptions,
    url: 'http://api.v2.example.com/',
    expected: v('v1'),
  },
  {
    title: 'a hyphen is not in the pattern: default_version',
    scheme: 'hostname',
    options: pathOptions,
    url: 'http://v-2.example.com/',
    expected: v('v1'),
  },
  {
    title: 'an IPv6 host: default_version',
    scheme: 'hostname',
    options: pathOptions,
    url: 'http://[::1]:8000/',
    expected: v('v1'),
  },
  {
    title: 'a version not allowed: NotFound',
    scheme: 'hostname',
    options: pathOptions,
    url: 'http://v3.example.com/',
    expected: badHost,
  },
  {
    title: 'a null default is checked too (rule 1)',
    scheme: 'hostname',
    options: restrictedNoDefault,
    url: 'http://example.com/',
    expected: badHost,
  },
  {
    title: 'a host not allowed: DisallowedHost first',
    scheme: 'hostname',
    options: pathOptions,
    url: 'http://v1.evil.com/',
    expected: { error: 'DisallowedHost', message: "Invalid HTTP_HOST header: 'v1.evil.com'." },
  },

  // QueryParameterVersioning: the query parameter version_param, else default_version; NotFound.
  {
    title: 'the query parameter',
    scheme: 'query',
    options: acceptOptions,
    url: 'http://localhost/users/?version=2.0',
    expected: v('2.0'),
  },
  {
    title: 'no query parameter: default_version',
    scheme: 'query',
    options: acceptOptions,
    url: 'http://localhost/users/',
    expected: v('1.0'),
  },
  {
    title: 'a repeated parameter: the last value',
    scheme: 'query',
    options: acceptOptions,
    url: 'http://localhost/users/?version=1.0&version=2.0',
    expected: v('2.0'),
  },
  {
    title: 'parameter names are case-sensitive',
    scheme: 'query',
    options: acceptOptions,
    url: 'http://localhost/users/?Version=2.0',
    expected: v('1.0'),
  },
  {
    title: 'a version not allowed: NotFound',
    scheme: 'query',
    options: acceptOptions,
    url: 'http://localhost/users/?version=3.0',
    expected: badQuery,
  },
  {
    title: 'an empty value is a version, and not an allowed one',
    scheme: 'query',
    options: acceptOptions,
    url: 'http://localhost/users/?version=',
    expected: badQuery,
  },
  {
    title: 'an empty value with every version allowed',
    scheme: 'query',
    options: {},
    url: 'http://localhost/users/?version=',
    expected: v(''),
  },
];

export interface AllowedCase {
  readonly title: string;
  readonly defaultVersion: string | null;
  readonly allowedVersions: readonly (string | null)[] | null;
  readonly version: string | null | undefined;
  readonly allowed: boolean;
}

/** seed.md § Scheme operations, is_allowed_version. */
export const allowedCases: readonly AllowedCase[] = [
  {
    title: 'unset: anything',
    defaultVersion: null,
    allowedVersions: null,
    version: 'anything',
    allowed: true,
  },
  { title: 'unset: even null', defaultVersion: null, allowedVersions: null, version: null, allowed: true },
  { title: 'empty: anything', defaultVersion: 'v1', allowedVersions: [], version: 'v9', allowed: true },
  { title: 'listed', defaultVersion: null, allowedVersions: ['v1', 'v2'], version: 'v2', allowed: true },
  { title: 'not listed', defaultVersion: null, allowedVersions: ['v1', 'v2'], version: 'v3', allowed: false },
  { title: 'compared exactly', defaultVersion: null, allowedVersions: ['v1'], version: 'V1', allowed: false },
  {
    title: 'the empty string is a version',
    defaultVersion: null,
    allowedVersions: ['v1'],
    version: '',
    allowed: false,
  },
  {
    title: 'equal to a non-null default',
    defaultVersion: 'v0',
    allowedVersions: ['v1'],
    version: 'v0',
    allowed: true,
  },
  {
    title: 'null, though the default is null',
    defaultVersion: null,
    allowedVersions: ['v1'],
    version: null,
    allowed: false,
  },
  {
    title: 'undefined counts as null',
    defaultVersion: null,
    allowedVersions: ['v1'],
    version: undefined,
    allowed: false,
  },
  {
    title: 'null when null is listed',
    defaultVersion: null,
    allowedVersions: ['v1', null],
    version: null,
    allowed: true,
  },
  {
    title: 'undefined when null is listed',
    defaultVersion: 'v1',
    allowedVersions: [null],
    version: undefined,
    allowed: true,
  },
  {
    title: '"constructor" is not found on a prototype',
    defaultVersion: null,
    allowedVersions: ['v1'],
    version: 'constructor',
    allowed: false,
  },
  {
    title: '"__proto__" is not found on a prototype',
    defaultVersion: null,
    allowedVersions: ['v1'],
    version: '__proto__',
    allowed: false,
  },
  {
    title: '"toString" is not found on a prototype',
    defaultVersion: null,
    allowedVersions: ['v1'],
    version: 'toString',
    allowed: false,
  },
  {
    title: '"length" is not a property of the list',
    defaultVersion: null,
    allowedVersions: ['v1'],
    version: 'length',
    allowed: false,
  },
  {
    title: '"0" is not an index of the list',
    defaultVersion: null,
    allowedVersions: ['v1'],
    version: '0',
    allowed: false,
  },
  {
    title: '"constructor" when listed',
    defaultVersion: null,
    allowedVersions: ['constructor'],
    version: 'constructor',
    allowed: true,
  },
];

export interface ConstructorErrorCase {
  readonly title: string;
  readonly options: unknown;
  readonly message: string;
}

export const constructorErrorCases: readonly ConstructorErrorCase[] = [
  {
    title: 'options not an object',
    options: 'v1',
    message: 'new URLPathVersioning(options): options must be an object, got "v1"',
  },
  {
    title: 'options null',
    options: null,
    message: 'new URLPathVersioning(options): options must be an object, got null',
  },
  {
    title: 'an unknown option',
    options: { default_version: 'v1' },
    message:
      'new URLPathVersioning(options): unknown option "default_version"; known: defaultVersion, allowedVersions, versionParam, versionRequired, versionFormat',
  },
  {
    title: 'defaultVersion a number',
    options: { defaultVersion: 1 },
    message: 'new URLPathVersioning(options): defaultVersion must be a string or null, got 1',
  },
  {
    title: 'allowedVersions a string',
    options: { allowedVersions: 'v1' },
    message: 'new URLPathVersioning(options): allowedVersions must be an array or null, got "v1"',
  },
  {
    title: 'allowedVersions holding a number',
    options: { allowedVersions: ['v1', 2] },
    message: 'new URLPathVersioning(options): allowedVersions may hold only strings and null, got 2',
  },
  {
    title: 'versionParam empty',
    options: { versionParam: '' },
    message: 'new URLPathVersioning(options): versionParam must be a non-empty string, got ""',
  },
];
