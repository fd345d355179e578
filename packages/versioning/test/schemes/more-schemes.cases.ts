import type { BaseVersioning } from '../../src/schemes/base.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';

export type Outcome =
  | { readonly version: string | null }
  | {
      readonly error: 'NotFound' | 'NotAcceptable' | 'AmbiguousVersion';
      readonly status: number;
      readonly message: string;
    };

export interface DetermineCase {
  readonly title: string;
  /** Builds the scheme under test (a fresh one per case). */
  readonly scheme: () => BaseVersioning;
  /** The request: its URL (default `http://localhost/users/`), headers and the kwargs its route captured. */
  readonly url?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly kwargs?: Readonly<Record<string, string>>;
  readonly expected: Outcome;
}

const v = (version: string | null): Outcome => ({ version });
const notFound = (message: string): Outcome => ({ error: 'NotFound', status: 404, message });
const ambiguous = (...versions: string[]): Outcome => ({
  error: 'AmbiguousVersion',
  status: 400,
  message: `The request asks for more than one version: ${versions.map((x) => `"${x}"`).join(', ')}.`,
});
const badAccept: Outcome = {
  error: 'NotAcceptable',
  status: 406,
  message: 'Invalid version in "Accept" header.',
};
const badApiVersion = notFound('Invalid version in "Api-Version" header.');

const rules = { defaultVersion: '1', allowedVersions: ['1', '2'] } as const;
const header = () => new HeaderVersioning(rules);
const vendor = () =>
  new MediaTypeVersioning({
    template: 'application/vnd.acme.{version}+json',
    defaultVersion: 'v1',
    allowedVersions: ['v1', 'v2'],
  });
const headerOrQuery = (options = {}) =>
  new CompositeVersioning([new HeaderVersioning(), new QueryParameterVersioning()], {
    ...rules,
    ...options,
  });

/** SPEC § More schemes, one row per behaviour. */
export const determineCases: readonly DetermineCase[] = [
  // HeaderVersioning
  {
    title: 'header: Api-Version by default',
    scheme: header,
    headers: { 'api-version': '2' },
    expected: v('2'),
  },
  { title: 'header: absent → defaultVersion', scheme: header, expected: v('1') },
  {
    title: 'header: an empty value counts as absent',
    scheme: header,
    headers: { 'api-version': '' },
    expected: v('1'),
  },
  {
    title: 'header: whitespace around the value is not part of it',
    scheme: header,
    headers: { 'api-version': ' \t2 ' },
    expected: v('2'),
  },
  {
    title: 'header: the name is matched case-insensitively',
    scheme: () => new HeaderVersioning({ header: 'X-API-VERSION' }),
    headers: { 'x-api-version': '3' },
    expected: v('3'),
  },
  {
    title: 'header: sent twice with the same version is that version',
    scheme: header,
    headers: { 'api-version': '2, 2' },
    expected: v('2'),
  },
  {
    title: 'header: listing two versions is ambiguous (400)',
    scheme: header,
    headers: { 'api-version': '2,1, 2' },
    expected: ambiguous('2', '1'),
  },
  {
    title: 'header: not allowed → 404 naming the header as configured',
    scheme: () => new HeaderVersioning({ header: 'X-API-Version', allowedVersions: ['1'] }),
    headers: { 'x-api-version': '7' },
    expected: notFound('Invalid version in "X-API-Version" header.'),
  },
  {
    title: 'header: not allowed (default name)',
    scheme: header,
    headers: { 'api-version': '3' },
    expected: badApiVersion,
  },
  {
    title: 'header: another header carrying a version is not read',
    scheme: header,
    headers: { 'x-api-version': '2', accept: 'application/json; version=2' },
    expected: v('1'),
  },
  {
    title: 'header: no default and a restricted list → 404',
    scheme: () => new HeaderVersioning({ allowedVersions: ['1'] }),
    expected: badApiVersion,
  },

  // MediaTypeVersioning
  {
    title: 'media type: the version out of the vendor type',
    scheme: vendor,
    headers: { accept: 'application/vnd.acme.v2+json' },
    expected: v('v2'),
  },
  { title: 'media type: no Accept → defaultVersion', scheme: vendor, expected: v('v1') },
  {
    title: 'media type: type and literal text case-insensitively, the version as sent',
    scheme: () => new MediaTypeVersioning({ template: 'application/vnd.acme.{version}+json' }),
    headers: { accept: 'Application/VND.Acme.V2+JSON' },
    expected: v('V2'),
  },
  {
    title: 'media type: parameters of the range are ignored',
    scheme: vendor,
    headers: { accept: 'application/vnd.acme.v2+json; charset=utf-8; q=0.8' },
    expected: v('v2'),
  },
  {
    title: 'media type: found among other ranges',
    scheme: vendor,
    headers: { accept: 'text/html, application/vnd.acme.v2+json;q=0.9, */*;q=0.1' },
    expected: v('v2'),
  },
  {
    title: 'media type: the matching range with the highest q wins',
    scheme: vendor,
    headers: { accept: 'application/vnd.acme.v1+json;q=0.5, application/vnd.acme.v2+json' },
    expected: v('v2'),
  },
  {
    title: 'media type: the same version twice is that version',
    scheme: vendor,
    headers: { accept: 'application/vnd.acme.v2+json, application/vnd.acme.v2+json; charset=utf-8' },
    expected: v('v2'),
  },
  {
    title: 'media type: two versions at the same q are ambiguous (400)',
    scheme: vendor,
    headers: { accept: 'application/vnd.acme.v2+json, application/vnd.acme.v1+json' },
    expected: ambiguous('v2', 'v1'),
  },
  {
    title: 'media type: q=0 refuses that version, it does not ask for it',
    scheme: vendor,
    headers: { accept: 'application/vnd.acme.v2+json;q=0, application/json' },
    expected: v('v1'),
  },
  {
    title: 'media type: plain JSON → defaultVersion',
    scheme: vendor,
    headers: { accept: 'application/json' },
    expected: v('v1'),
  },
  {
    title: 'media type: wildcards carry no version',
    scheme: vendor,
    headers: { accept: 'application/*, */*' },
    expected: v('v1'),
  },
  {
    title: 'media type: another suffix does not match',
    scheme: vendor,
    headers: { accept: 'application/vnd.acme.v2+xml' },
    expected: v('v1'),
  },
  {
    title: 'media type: an empty version does not match',
    scheme: vendor,
    headers: { accept: 'application/vnd.acme.+json' },
    expected: v('v1'),
  },
  {
    title: 'media type: characters outside [A-Za-z0-9._-] do not match',
    scheme: vendor,
    headers: { accept: "application/vnd.acme.v2!+json, application/vnd.acme.v'2+json" },
    expected: v('v1'),
  },
  {
    title: 'media type: dots, dashes and underscores are part of the version',
    scheme: () => new MediaTypeVersioning({ template: 'application/vnd.acme.{version}+json' }),
    headers: { accept: 'application/vnd.acme.2024-01_01.beta+json' },
    expected: v('2024-01_01.beta'),
  },
  {
    title: 'media type: a type inside a quoted parameter value is not a range',
    scheme: vendor,
    headers: { accept: 'text/plain; x="a, application/vnd.acme.v3+json", application/vnd.acme.v2+json' },
    expected: v('v2'),
  },
  {
    title: 'media type: not allowed → 406',
    scheme: vendor,
    headers: { accept: 'application/vnd.acme.v3+json' },
    expected: badAccept,
  },
  {
    title: 'media type: the literal text may follow the version only',
    scheme: () => new MediaTypeVersioning({ template: 'application/{version}.acme+json' }),
    headers: { accept: 'application/v7.acme+json' },
    expected: v('v7'),
  },

  // CompositeVersioning
  {
    title: 'composite: the first member’s version',
    scheme: headerOrQuery,
    headers: { 'api-version': '2' },
    expected: v('2'),
  },
  {
    title: 'composite: the second member’s version',
    scheme: headerOrQuery,
    url: 'http://localhost/users/?version=2',
    expected: v('2'),
  },
  {
    title: 'composite: both carrying the same version',
    scheme: headerOrQuery,
    url: 'http://localhost/users/?version=2',
    headers: { 'api-version': '2' },
    expected: v('2'),
  },
  {
    title: 'composite: two different versions are ambiguous, in the members’ order',
    scheme: headerOrQuery,
    url: 'http://localhost/users/?version=1',
    headers: { 'api-version': '2' },
    expected: ambiguous('2', '1'),
  },
  {
    title: 'composite: a disallowed version against an allowed one is still ambiguous',
    scheme: headerOrQuery,
    url: 'http://localhost/users/?version=9',
    headers: { 'api-version': '2' },
    expected: ambiguous('2', '9'),
  },
  { title: 'composite: none → its defaultVersion', scheme: headerOrQuery, expected: v('1') },
  {
    title: 'composite: none, no default, no restriction → null',
    scheme: () => new CompositeVersioning([new HeaderVersioning(), new QueryParameterVersioning()]),
    expected: v(null),
  },
  {
    title: 'composite: not allowed, read from the header → the header’s error',
    scheme: headerOrQuery,
    headers: { 'api-version': '9' },
    expected: badApiVersion,
  },
  {
    title: 'composite: not allowed, read from the query → the query’s error',
    scheme: headerOrQuery,
    url: 'http://localhost/users/?version=9',
    expected: notFound('Invalid version in query parameter.'),
  },
  {
    title: 'composite: none and no allowed default → the first member’s error',
    scheme: () => headerOrQuery({ defaultVersion: null }),
    expected: badApiVersion,
  },
  {
    title: 'composite: the members’ own defaults and allowed lists are not used',
    scheme: () =>
      new CompositeVersioning(
        [
          new HeaderVersioning({ defaultVersion: '9', allowedVersions: ['9'] }),
          new QueryParameterVersioning({ defaultVersion: '8', allowedVersions: ['8'] }),
        ],
        rules,
      ),
    headers: { 'api-version': '2' },
    expected: v('2'),
  },
  {
    title: 'composite: a member’s default is not an explicit version',
    scheme: () =>
      new CompositeVersioning(
        [new HeaderVersioning({ defaultVersion: '9' }), new QueryParameterVersioning()],
        rules,
      ),
    url: 'http://localhost/users/?version=2',
    expected: v('2'),
  },
  {
    title: 'composite: a vendor media type and the URL path disagree',
    scheme: () =>
      new CompositeVersioning([
        new URLPathVersioning(),
        new MediaTypeVersioning({ template: 'application/vnd.acme.{version}+json' }),
      ]),
    url: 'http://localhost/v1/users/',
    kwargs: { version: 'v1' },
    headers: { accept: 'application/vnd.acme.v2+json' },
    expected: ambiguous('v1', 'v2'),
  },
  {
    title: 'composite: a media type version refused → 406, the media type’s error',
    scheme: () =>
      new CompositeVersioning(
        [
          new URLPathVersioning(),
          new MediaTypeVersioning({ template: 'application/vnd.acme.{version}+json' }),
        ],
        { allowedVersions: ['v1'] },
      ),
    headers: { accept: 'application/vnd.acme.v2+json' },
    expected: badAccept,
  },
  {
    title: 'composite: a header repeated with two versions is ambiguous inside a composite too',
    scheme: headerOrQuery,
    headers: { 'api-version': '1, 2' },
    expected: ambiguous('1', '2'),
  },
  {
    title: 'composite: an Accept parameter and a header agreeing',
    scheme: () => new CompositeVersioning([new AcceptHeaderVersioning(), new HeaderVersioning()], rules),
    headers: { accept: 'application/json; version=2', 'api-version': '2' },
    expected: v('2'),
  },
  {
    title: 'composite: composites nest',
    scheme: () =>
      new CompositeVersioning([
        new CompositeVersioning([new HeaderVersioning({ header: 'X-Version' })]),
        headerOrQuery(),
      ]),
    headers: { 'x-version': '5', 'api-version': '5' },
    expected: v('5'),
  },
];

export interface ConstructorErrorCase {
  readonly title: string;
  readonly build: () => unknown;
  readonly error: typeof TypeError;
  readonly message: string;
}

const template = 'application/vnd.acme.{version}+json';
const mediaType = (options: unknown) => () => new MediaTypeVersioning(options as never);
const composite = (schemes: unknown, options?: unknown) => () =>
  new CompositeVersioning(schemes as never, options as never);
/** Attributes pinned by field initializers (own data properties), then frozen: the composite cannot assign them. */
class PinnedHeaderVersioning extends HeaderVersioning {
  override allowedVersions = ['1', '2'];
}
const frozen = Object.freeze(new PinnedHeaderVersioning());
const twice = new HeaderVersioning();

/** Every argument a user can get wrong, refused at construction with a TypeError naming it. */
export const constructorErrorCases: readonly ConstructorErrorCase[] = [
  {
    title: 'header: options not an object',
    build: () => new HeaderVersioning('Api-Version' as never),
    error: TypeError,
    message: 'new HeaderVersioning(options): options must be an object, got "Api-Version"',
  },
  {
    title: 'header: an unknown option',
    build: () => new HeaderVersioning({ name: 'X' } as never),
    error: TypeError,
    message:
      'new HeaderVersioning(options): unknown option "name"; known: header, defaultVersion, allowedVersions',
  },
  ...['', 'Api Version', 'Api-Version:', 'Ä', 42].map((value) => ({
    title: `header: header ${JSON.stringify(value)}`,
    build: () => new HeaderVersioning({ header: value as never }),
    error: TypeError,
    message: `new HeaderVersioning(options): header must be a header name (a token such as "Api-Version"), got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`,
  })),
  {
    title: 'header: defaultVersion of the wrong type',
    build: () => new HeaderVersioning({ defaultVersion: 2 as never }),
    error: TypeError,
    message: 'new HeaderVersioning(options): defaultVersion must be a string or null, got 2',
  },
  {
    title: 'media type: no options',
    build: () => new MediaTypeVersioning(undefined as never),
    error: TypeError,
    message: 'new MediaTypeVersioning(options): options must be an object, got undefined',
  },
  {
    title: 'media type: no template',
    build: mediaType({}),
    error: TypeError,
    message:
      'new MediaTypeVersioning(options): template must be a media type such as "application/vnd.acme.{version}+json", got undefined',
  },
  {
    title: 'media type: template without {version}',
    build: mediaType({ template: 'application/vnd.acme.v1+json' }),
    error: TypeError,
    message:
      'new MediaTypeVersioning(options): template must contain "{version}" exactly once, got "application/vnd.acme.v1+json"',
  },
  {
    title: 'media type: template with {version} twice',
    build: mediaType({ template: 'application/vnd.{version}.{version}+json' }),
    error: TypeError,
    message:
      'new MediaTypeVersioning(options): template must contain "{version}" exactly once, got "application/vnd.{version}.{version}+json"',
  },
  ...[
    'vnd.acme.{version}+json',
    '{version}/json',
    '*/vnd.{version}',
    'application/vnd.acme.{version}+json; charset=utf-8',
    ' application/vnd.acme.{version}+json',
    'application/vnd acme.{version}',
    'application/vnd.{version}/json',
    'application/vnd.{Version}.{version}',
  ].map((value) => ({
    title: `media type: template ${JSON.stringify(value)}`,
    build: mediaType({ template: value }),
    error: TypeError,
    message: `new MediaTypeVersioning(options): template must be a concrete media type without parameters, with "{version}" in its subtype, such as "${template}", got ${JSON.stringify(value)}`,
  })),
  {
    title: 'media type: a subtype that is only {version}',
    build: mediaType({ template: 'application/{version}' }),
    error: TypeError,
    message: `new MediaTypeVersioning(options): template's subtype must have text besides "{version}", such as "${template}", got "application/{version}"`,
  },
  {
    title: 'media type: an allowed version no media type can carry',
    build: mediaType({ template, allowedVersions: ['v1', null, 'v 2'] }),
    error: TypeError,
    message:
      'new MediaTypeVersioning(options): allowedVersions[2] cannot be sent in the media type ("{version}" matches [A-Za-z0-9._-]+), got "v 2"',
  },
  {
    title: 'media type: versionParam is not one of its options',
    build: mediaType({ template, versionParam: 'v' }),
    error: TypeError,
    message:
      'new MediaTypeVersioning(options): unknown option "versionParam"; known: template, defaultVersion, allowedVersions',
  },
  {
    title: 'composite: schemes not an array',
    build: composite(new HeaderVersioning()),
    error: TypeError,
    message:
      'new CompositeVersioning(schemes, options): schemes must be a non-empty array of versioning schemes, such as [new HeaderVersioning(), new QueryParameterVersioning()], got a HeaderVersioning',
  },
  {
    title: 'composite: no schemes',
    build: composite([]),
    error: TypeError,
    message:
      'new CompositeVersioning(schemes, options): schemes must be a non-empty array of versioning schemes, such as [new HeaderVersioning(), new QueryParameterVersioning()], got an array',
  },
  {
    title: 'composite: a member that is not a scheme',
    build: composite([new HeaderVersioning(), 'query']),
    error: TypeError,
    message: 'new CompositeVersioning(schemes, options): schemes[1] must be a versioning scheme, got "query"',
  },
  {
    title: 'composite: a scheme class instead of an instance',
    build: composite([HeaderVersioning]),
    error: TypeError,
    message:
      'new CompositeVersioning(schemes, options): schemes[0] must be a versioning scheme, got a function',
  },
  {
    title: 'composite: the same scheme twice',
    build: composite([twice, new QueryParameterVersioning(), twice]),
    error: TypeError,
    message:
      'new CompositeVersioning(schemes, options): schemes[2] is schemes[0] again (a HeaderVersioning); list each scheme once',
  },
  {
    title: 'composite: a frozen member',
    build: composite([frozen]),
    error: TypeError,
    message:
      'new CompositeVersioning(schemes, options): schemes[0] must let its defaultVersion and allowedVersions be assigned (the composite sets them while it asks it), got a frozen PinnedHeaderVersioning',
  },
  {
    title: 'composite: options not an object',
    build: composite([new HeaderVersioning()], 'v1'),
    error: TypeError,
    message: 'new CompositeVersioning(schemes, options): options must be an object, got "v1"',
  },
  {
    title: 'composite: versionParam is not one of its options',
    build: composite([new HeaderVersioning()], { versionParam: 'v' }),
    error: TypeError,
    message:
      'new CompositeVersioning(schemes, options): unknown option "versionParam"; known: defaultVersion, allowedVersions, versionRequired, versionFormat',
  },
  {
    title: 'composite: allowedVersions of the wrong type',
    build: composite([new HeaderVersioning()], { allowedVersions: '1' }),
    error: TypeError,
    message: 'new CompositeVersioning(schemes, options): allowedVersions must be an array or null, got "1"',
  },
];
