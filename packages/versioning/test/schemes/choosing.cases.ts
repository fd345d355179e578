// Choosing the version on every scheme: where each one reads a version, and the cases every scheme must answer the
// same way once it has read one (versionRequired, versionFormat 'date' and 'semver').
import { createRequest } from '../../src/http/request.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import type { BaseVersioning, VersioningOptions } from '../../src/schemes/base.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import type { VersioningRequest } from '../../src/types.js';
import { include, path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

/** The options every case varies; each scheme gets them as its own. */
export type ChoiceOptions = Pick<
  VersioningOptions,
  'defaultVersion' | 'allowedVersions' | 'versionRequired' | 'versionFormat'
>;

/** One scheme: how to make it, and a request carrying `version` (`null`: none) where it reads it. */
export interface SchemeUnderTest {
  readonly name: string;
  /** The status of its not-allowed error. */
  readonly refusedStatus: 404 | 406;
  /** Whether a request can carry an empty version to it (`?version=`, `Api-Version:`). */
  readonly carriesEmpty: boolean;
  make(options: ChoiceOptions): BaseVersioning;
  ask(version: string | null): {
    readonly request: VersioningRequest;
    readonly kwargs: Readonly<Record<string, string | undefined>>;
  };
}

const hosts = { allowedHosts: ['.example.com', 'localhost'] };
const plain = (url: string, headers: Record<string, string> = {}) => ({
  request: createRequest(new Request(url, { headers }), hosts),
  kwargs: {},
});

/** A host label cannot hold a dot: a semantic version goes into it with dashes, read back by the regex. */
const hostRegex = /^([a-z0-9-]+)\.api\.example\.com$/;

/** Namespaces for every version the cases send, and a route outside any namespace. */
const namespaced = (version: string | null) => {
  const routes =
    version === null
      ? [path('/plain/', null, { name: 'plain' })]
      : [include(`/ns`, [path('/users/', null, { name: 'users' })], { namespace: version })];
  const urlconf = new UrlConf(routes);
  const request = createRequest(
    new Request(version === null ? 'http://localhost/plain/' : 'http://localhost/ns/users/'),
    { ...hosts, urlconf },
  );
  return { request, kwargs: {} };
};

export const schemesUnderTest: readonly SchemeUnderTest[] = [
  {
    name: 'AcceptHeaderVersioning',
    refusedStatus: 406,
    carriesEmpty: true,
    make: (options) => new AcceptHeaderVersioning(options),
    ask: (version) =>
      plain(
        'http://localhost/users/',
        version === null ? {} : { accept: `application/json; version="${version}"` },
      ),
  },
  {
    name: 'URLPathVersioning',
    refusedStatus: 404,
    carriesEmpty: false,
    make: (options) => new URLPathVersioning(options),
    ask: (version) => ({
      request: createRequest(new Request('http://localhost/users/'), hosts),
      kwargs: version === null ? {} : { version },
    }),
  },
  {
    name: 'NamespaceVersioning',
    refusedStatus: 404,
    carriesEmpty: false,
    make: (options) => new NamespaceVersioning(options),
    ask: namespaced,
  },
  {
    name: 'HostNameVersioning',
    refusedStatus: 404,
    carriesEmpty: false,
    make: (options) => Object.assign(new HostNameVersioning(options), { hostnameRegex: hostRegex }),
    ask: (version) =>
      plain(
        version === null
          ? 'http://api.example.com/users/'
          : `http://${version.replaceAll('.', '-').toLowerCase()}.api.example.com/users/`,
      ),
  },
  {
    name: 'QueryParameterVersioning',
    refusedStatus: 404,
    carriesEmpty: true,
    make: (options) => new QueryParameterVersioning(options),
    ask: (version) =>
      plain(`http://localhost/users/${version === null ? '' : `?version=${encodeURIComponent(version)}`}`),
  },
  {
    name: 'HeaderVersioning',
    refusedStatus: 404,
    carriesEmpty: true,
    make: (options) => new HeaderVersioning(options),
    ask: (version) => plain('http://localhost/users/', version === null ? {} : { 'api-version': version }),
  },
  {
    name: 'MediaTypeVersioning',
    refusedStatus: 406,
    carriesEmpty: false,
    make: (options) =>
      new MediaTypeVersioning({ template: 'application/vnd.acme.{version}+json', ...options }),
    ask: (version) =>
      plain(
        'http://localhost/users/',
        version === null ? {} : { accept: `application/vnd.acme.${version}+json` },
      ),
  },
  {
    name: 'CompositeVersioning',
    refusedStatus: 404,
    carriesEmpty: true,
    make: (options) =>
      new CompositeVersioning([new HeaderVersioning(), new QueryParameterVersioning()], options),
    ask: (version) =>
      plain(`http://localhost/users/${version === null ? '' : `?version=${encodeURIComponent(version)}`}`),
  },
];

/** What a scheme answered: the version, or the problem's status, code and English detail. */
export type Answer =
  | { readonly version: string | null }
  | { readonly status: number; readonly code: string; readonly detail?: string };

export interface ChoiceCase {
  readonly title: string;
  readonly options: ChoiceOptions;
  /** The version the request carries; `''` only on schemes that can carry an empty one. */
  readonly sent: string | null;
  /** The answer; `'refused'` is the scheme's own not-allowed error (404 or 406). */
  readonly expected: Answer | 'refused';
  /** Left out for schemes whose requests cannot carry `sent` (a dotted version in a host name). */
  readonly skip?: (scheme: SchemeUnderTest) => boolean;
}

const dates = ['2024-01-01', '2024-06-01', '2025-01-01'];
const semvers = ['1.0', '1.9', '1.10', '2.0'];
const dateDetail = (raw: string) => `Invalid version "${raw}": expected a date like 2024-01-31.`;
const semverDetail = (raw: string) => `Invalid version "${raw}": expected a version like 1.2.`;
const required = { status: 400, code: 'version_required', detail: 'A version is required.' } as const;
/** A dotted version in a host label is written with dashes, which the semantic-version reader refuses. */
const dotted = (scheme: SchemeUnderTest) => scheme.name === 'HostNameVersioning';
/**
 * A colon cannot be in a media type's `{version}` (`[A-Za-z0-9._-]+`), a host name or a namespace: such a version is
 * not read at all there.
 */
const cannotCarryColon = (scheme: SchemeUnderTest) =>
  ['MediaTypeVersioning', 'HostNameVersioning', 'NamespaceVersioning'].includes(scheme.name);

export const choiceCases: readonly ChoiceCase[] = [
  // versionRequired
  {
    title: 'required: a request without a version is a 400 version_required',
    options: { allowedVersions: ['v1', 'v2'], versionRequired: true },
    sent: null,
    expected: required,
  },
  {
    title: 'required: a request with an allowed version is served it',
    options: { allowedVersions: ['v1', 'v2'], versionRequired: true },
    sent: 'v2',
    expected: { version: 'v2' },
  },
  {
    title: 'required: a version not allowed is still the scheme’s own error',
    options: { allowedVersions: ['v1', 'v2'], versionRequired: true },
    sent: 'v3',
    expected: 'refused',
  },
  {
    title: 'required without an allow list: any version, none is a 400',
    options: { versionRequired: true },
    sent: null,
    expected: required,
  },
  {
    title: 'not required, no default: nothing carried is null where null is allowed',
    options: { allowedVersions: null },
    sent: null,
    expected: { version: null },
  },
  // versionFormat: 'date'
  {
    title: 'date: a date between two versions is served by the one on or before it',
    options: { allowedVersions: dates, versionFormat: 'date' },
    sent: '2024-03-15',
    expected: { version: '2024-01-01' },
  },
  {
    title: 'date: a version’s own date is that version',
    options: { allowedVersions: dates, versionFormat: 'date' },
    sent: '2024-06-01',
    expected: { version: '2024-06-01' },
  },
  {
    title: 'date: a date after the newest is the newest',
    options: { allowedVersions: dates, versionFormat: 'date' },
    sent: '2031-12-31',
    expected: { version: '2025-01-01' },
  },
  {
    title: 'date: a date before the oldest is the scheme’s not-allowed error',
    options: { allowedVersions: dates, versionFormat: 'date' },
    sent: '2023-12-31',
    expected: 'refused',
  },
  {
    title: 'date: a date that is not in the calendar is a 400 invalid_version',
    options: { allowedVersions: dates, versionFormat: 'date' },
    sent: '2024-02-30',
    expected: { status: 400, code: 'invalid_version', detail: dateDetail('2024-02-30') },
  },
  {
    title: 'date: 29 February of a leap year is a date',
    options: { allowedVersions: dates, versionFormat: 'date' },
    sent: '2024-02-29',
    expected: { version: '2024-01-01' },
  },
  {
    title: 'date: a version that is not a date is a 400 invalid_version naming it',
    options: { allowedVersions: dates, versionFormat: 'date' },
    sent: 'v2',
    expected: { status: 400, code: 'invalid_version', detail: dateDetail('v2') },
  },
  {
    title: 'date: a date with a time is not a date',
    options: { allowedVersions: dates, versionFormat: 'date' },
    sent: '2024-03-15T00:00:00Z',
    expected: { status: 400, code: 'invalid_version', detail: dateDetail('2024-03-15T00:00:00Z') },
    skip: cannotCarryColon,
  },
  {
    title: 'date: no version is the default',
    options: { allowedVersions: dates, defaultVersion: '2025-01-01', versionFormat: 'date' },
    sent: null,
    expected: { version: '2025-01-01' },
  },
  {
    title: 'date and required: no version is a 400 version_required',
    options: { allowedVersions: dates, versionFormat: 'date', versionRequired: true },
    sent: null,
    expected: required,
  },
  {
    title: 'date without an allow list: any real date, as sent',
    options: { versionFormat: 'date' },
    sent: '1999-12-31',
    expected: { version: '1999-12-31' },
  },
  // versionFormat: 'semver'
  {
    title: 'semver: a major version alone is that version, in the allow list’s spelling',
    options: { allowedVersions: semvers, versionFormat: 'semver' },
    sent: '1',
    expected: { version: '1.0' },
  },
  {
    title: 'semver: v1.0.0 is 1.0',
    options: { allowedVersions: semvers, versionFormat: 'semver' },
    sent: 'v1.0.0',
    expected: { version: '1.0' },
    skip: dotted,
  },
  {
    title: 'semver: 1.10 is not 1.1',
    options: { allowedVersions: semvers, versionFormat: 'semver' },
    sent: '1.10.0',
    expected: { version: '1.10' },
    skip: dotted,
  },
  {
    title: 'semver: no waterfall, 1.5 is not served by 1.0',
    options: { allowedVersions: semvers, versionFormat: 'semver' },
    sent: '1.5',
    expected: 'refused',
    skip: dotted,
  },
  {
    title: 'semver: a pre-release suffix is a 400 invalid_version',
    options: { allowedVersions: semvers, versionFormat: 'semver' },
    sent: '2.0.0-beta',
    expected: { status: 400, code: 'invalid_version', detail: semverDetail('2.0.0-beta') },
    skip: dotted,
  },
  {
    title: 'semver: a word is a 400 invalid_version naming it',
    options: { allowedVersions: semvers, versionFormat: 'semver' },
    sent: 'latest',
    expected: { status: 400, code: 'invalid_version', detail: semverDetail('latest') },
  },
  {
    title: 'semver: a leading zero is a 400 invalid_version',
    options: { allowedVersions: semvers, versionFormat: 'semver' },
    sent: '01',
    expected: { status: 400, code: 'invalid_version', detail: semverDetail('01') },
  },
  {
    title: 'semver: the default is served in its own spelling',
    options: { allowedVersions: semvers, defaultVersion: '2.0', versionFormat: 'semver' },
    sent: null,
    expected: { version: '2.0' },
  },
];

/** The empty version on the schemes that can carry one: none, where a version is required. */
export const emptyCases: readonly ChoiceCase[] = [
  {
    title: 'required: an empty version counts as none',
    options: { allowedVersions: ['v1', 'v2'], versionRequired: true },
    sent: '',
    expected: required,
  },
];
