// How a client asks for a version under each scheme, written from the README's curl examples, not
// from the server's code: the API suite drives every scheme through this table.
import type { SchemeName } from '../src/shared/api.js';

/** A request: absolute URL plus headers. */
export interface Ask {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface SchemeCase {
  readonly scheme: SchemeName;
  /** Labels of the version serving shape 1 and the one serving shape 2. */
  readonly versions: readonly [string, string];
  /** The first page of `version` on the server at `base` (`http://127.0.0.1:port/`). */
  ask(base: URL, version: string): Ask;
  /** The version a link names, or null when the scheme cannot put it in a URL (accept-header). */
  versionInLink(link: URL): string | null;
  /** Headers a client keeps sending when it follows a link. */
  followHeaders(version: string): Readonly<Record<string, string>>;
  /** Responses vary on `Accept` (the version is in it). */
  readonly varyAccept: boolean;
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

export const schemeCases: readonly SchemeCase[] = [
  {
    scheme: 'url-path',
    versions: ['v1', 'v2'],
    ask: (base, version) => ({ url: new URL(`/api/${version}/cities/`, base).href, headers: {} }),
    versionInLink: pathVersion,
    followHeaders: noHeaders,
    varyAccept: false,
    badVersion: {
      version: 'v3',
      status: 404,
      detail: 'Invalid version in URL path.',
      german: 'Ungültige Version im URL-Pfad.',
      supportedVersions: ['v1', 'v2'],
    },
    unaskableLabel: 'v/3',
  },
  {
    scheme: 'namespace',
    versions: ['v1', 'v2'],
    ask: (base, version) => ({ url: new URL(`/api/${version}/cities/`, base).href, headers: {} }),
    versionInLink: pathVersion,
    followHeaders: noHeaders,
    varyAccept: false,
    // No namespace serves v3: the URL matches no route at all, the library's plain 404.
    badVersion: {
      version: 'v3',
      status: 404,
      detail: 'Not found.',
      german: 'Nicht gefunden.',
      supportedVersions: null,
    },
    unaskableLabel: '..',
  },
  {
    scheme: 'accept-header',
    versions: ['1', '2'],
    ask: (base, version) => ({
      url: new URL('/api/cities/', base).href,
      headers: { Accept: `application/json; version=${version}` },
    }),
    versionInLink: () => null,
    followHeaders: (version) => ({ Accept: `application/json; version=${version}` }),
    varyAccept: true,
    badVersion: {
      version: '3',
      status: 406,
      detail: 'Invalid version in "Accept" header.',
      german: 'Ungültige Version in der "Accept" Kopfzeile.',
      supportedVersions: ['1', '2'],
    },
    unaskableLabel: '3; q=1',
  },
  {
    scheme: 'hostname',
    versions: ['v1', 'v2'],
    ask: (base, version) => ({
      url: `http://${version}.demo.localhost:${base.port}/api/cities/`,
      headers: {},
    }),
    versionInLink: (link) => /^([a-z0-9]+)\.demo\.localhost$/.exec(link.hostname)?.[1] ?? null,
    followHeaders: noHeaders,
    varyAccept: false,
    badVersion: {
      version: 'v3',
      status: 404,
      detail: 'Invalid version in hostname.',
      german: 'Ungültige Version im Hostname.',
      supportedVersions: ['v1', 'v2'],
    },
    // HostNameVersioning reads letters and digits only.
    unaskableLabel: 'v-3',
  },
  {
    scheme: 'query',
    versions: ['1', '2'],
    ask: (base, version) => ({ url: new URL(`/api/cities/?version=${version}`, base).href, headers: {} }),
    versionInLink: (link) => link.searchParams.get('version'),
    followHeaders: noHeaders,
    varyAccept: false,
    badVersion: {
      version: '3',
      status: 404,
      detail: 'Invalid version in query parameter.',
      german: 'Ungültige Version im Anfrageparameter.',
      supportedVersions: ['1', '2'],
    },
    unaskableLabel: '3 or 4',
  },
];
