// How a client asks for a version under each scheme, written from the curl examples of the demo's page
// (docs/demo.md), not from the server's code: the API suite drives every scheme through this table.
import type { SchemeName } from '../src/shared/api.js';

/** A request: absolute URL plus headers. */
export interface Ask {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface SchemeCase {
  readonly scheme: SchemeName;
  /** The version labels, oldest first: v1 serves the v1 body, v2 and v3 the v2 body. */
  readonly versions: readonly [string, string, string];
  /** The first page of `version` on the server at `base` (`http://127.0.0.1:port/`). */
  ask(base: URL, version: string): Ask;
  /** The version a link names; null when the scheme cannot put it in a URL (a header carries it): bare links. */
  readonly versionInLink: ((link: URL) => string | null) | null;
  /** Headers a client keeps sending when it follows a link. */
  followHeaders(version: string): Readonly<Record<string, string>>;
  /** The request header responses vary on (the version is in it), or null. */
  readonly vary: string | null;
  /** `versionParam` in `GET /api/meta`. */
  readonly versionParam: string | null;
  /** Other requests for the same version (a composite's other members). */
  alternatives(base: URL, version: string): Ask[];
  /** Two ways at once that name different versions, and the 400 detail (composite only). */
  readonly ambiguous: { ask(base: URL): Ask; readonly detail: string } | null;
  /**
   * A version the server does not serve, and the problem it answers with: `detail` in English, `german` what
   * `Accept-Language: de` gets (the library's catalog).
   */
  readonly badVersion: {
    readonly version: string;
    readonly status: number;
    readonly detail: string;
    readonly german: string;
    /** The versions the problem lists (`supportedVersions`), when it is the scheme's own refusal of the version. */
    readonly supportedVersions: readonly string[] | null;
  };
  /** A version label the page cannot put into a request of this scheme (so it asks nothing). */
  readonly unaskableLabel: string;
}

const pathVersion = (link: URL) => /^\/api\/([^/]+)\/cities\/$/.exec(link.pathname)?.[1] ?? null;
const noHeaders = () => ({});
const none = () => [];

export const schemeCases: readonly SchemeCase[] = [
  {
    scheme: 'url-path',
    versionParam: 'version',
    versions: ['v1', 'v2', 'v3'],
    ask: (base, version) => ({ url: new URL(`/api/${version}/cities/`, base).href, headers: {} }),
    versionInLink: pathVersion,
    followHeaders: noHeaders,
    vary: null,
    alternatives: none,
    ambiguous: null,
    badVersion: {
      version: 'v4',
      status: 404,
      detail: 'Invalid version in URL path.',
      german: 'Ungültige Version im URL-Pfad.',
      supportedVersions: ['v1', 'v2', 'v3'],
    },
    unaskableLabel: 'v/4',
  },
  {
    scheme: 'namespace',
    versionParam: null,
    versions: ['v1', 'v2', 'v3'],
    ask: (base, version) => ({ url: new URL(`/api/${version}/cities/`, base).href, headers: {} }),
    versionInLink: pathVersion,
    followHeaders: noHeaders,
    vary: null,
    alternatives: none,
    ambiguous: null,
    // No namespace serves v4: the URL matches no route at all, the library's plain 404.
    badVersion: {
      version: 'v4',
      status: 404,
      detail: 'Not found.',
      german: 'Nicht gefunden.',
      supportedVersions: null,
    },
    unaskableLabel: '..',
  },
  {
    scheme: 'accept-header',
    versionParam: 'version',
    versions: ['1', '2', '3'],
    ask: (base, version) => ({
      url: new URL('/api/cities/', base).href,
      headers: { Accept: `application/json; version=${version}` },
    }),
    versionInLink: null,
    followHeaders: (version) => ({ Accept: `application/json; version=${version}` }),
    vary: 'Accept',
    alternatives: none,
    ambiguous: null,
    badVersion: {
      version: '4',
      status: 406,
      detail: 'Invalid version in "Accept" header.',
      german: 'Ungültige Version in der "Accept" Kopfzeile.',
      supportedVersions: ['1', '2', '3'],
    },
    unaskableLabel: '4; q=1',
  },
  {
    scheme: 'hostname',
    versionParam: null,
    versions: ['v1', 'v2', 'v3'],
    ask: (base, version) => ({
      url: `http://${version}.demo.localhost:${base.port}/api/cities/`,
      headers: {},
    }),
    versionInLink: (link) => /^([a-z0-9]+)\.demo\.localhost$/.exec(link.hostname)?.[1] ?? null,
    followHeaders: noHeaders,
    vary: null,
    alternatives: none,
    ambiguous: null,
    badVersion: {
      version: 'v4',
      status: 404,
      detail: 'Invalid version in hostname.',
      german: 'Ungültige Version im Hostname.',
      supportedVersions: ['v1', 'v2', 'v3'],
    },
    // HostNameVersioning reads letters and digits only.
    unaskableLabel: 'v-4',
  },
  {
    scheme: 'query',
    versionParam: 'version',
    versions: ['1', '2', '3'],
    ask: (base, version) => ({ url: new URL(`/api/cities/?version=${version}`, base).href, headers: {} }),
    versionInLink: (link) => link.searchParams.get('version'),
    followHeaders: noHeaders,
    vary: null,
    alternatives: none,
    ambiguous: null,
    badVersion: {
      version: '4',
      status: 404,
      detail: 'Invalid version in query parameter.',
      german: 'Ungültige Version im Anfrageparameter.',
      supportedVersions: ['1', '2', '3'],
    },
    unaskableLabel: '4 or 5',
  },
  {
    scheme: 'header',
    versionParam: null,
    versions: ['1', '2', '3'],
    ask: (base, version) => ({
      url: new URL('/api/cities/', base).href,
      headers: { 'Api-Version': version },
    }),
    versionInLink: null,
    followHeaders: (version) => ({ 'Api-Version': version }),
    vary: 'Api-Version',
    alternatives: none,
    ambiguous: null,
    badVersion: {
      version: '4',
      status: 404,
      detail: 'Invalid version in "Api-Version" header.',
      german: 'Ungültige Version in der "Api-Version" Kopfzeile.',
      supportedVersions: ['1', '2', '3'],
    },
    // A comma separates versions in a header.
    unaskableLabel: '4,5',
  },
  {
    scheme: 'media-type',
    versionParam: null,
    versions: ['v1', 'v2', 'v3'],
    ask: (base, version) => ({
      url: new URL('/api/cities/', base).href,
      headers: { Accept: `application/vnd.restdash.${version}+json` },
    }),
    versionInLink: null,
    followHeaders: (version) => ({ Accept: `application/vnd.restdash.${version}+json` }),
    vary: 'Accept',
    alternatives: none,
    ambiguous: null,
    badVersion: {
      version: 'v4',
      status: 406,
      detail: 'Invalid version in "Accept" header.',
      german: 'Ungültige Version in der "Accept" Kopfzeile.',
      supportedVersions: ['v1', 'v2', 'v3'],
    },
    // The vendor type's {version} is [A-Za-z0-9._-]+.
    unaskableLabel: 'v~4',
  },
  {
    scheme: 'composite',
    versionParam: 'version',
    versions: ['1', '2', '3'],
    ask: (base, version) => ({
      url: new URL('/api/cities/', base).href,
      headers: { 'Api-Version': version },
    }),
    versionInLink: null,
    followHeaders: (version) => ({ 'Api-Version': version }),
    vary: 'Api-Version',
    alternatives: (base, version) => [
      { url: new URL(`/api/cities/?version=${version}`, base).href, headers: {} },
    ],
    ambiguous: {
      ask: (base) => ({ url: new URL('/api/cities/?version=1', base).href, headers: { 'Api-Version': '2' } }),
      detail: 'The request asks for more than one version: "2", "1".',
    },
    badVersion: {
      version: '4',
      status: 404,
      detail: 'Invalid version in "Api-Version" header.',
      german: 'Ungültige Version in der "Api-Version" Kopfzeile.',
      supportedVersions: ['1', '2', '3'],
    },
    unaskableLabel: '4,5',
  },
];
