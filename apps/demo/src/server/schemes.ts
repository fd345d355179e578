import {
  AcceptHeaderVersioning,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  path,
  QueryParameterVersioning,
  URLPathVersioning,
} from '@restdash/versioning';
import type { BaseVersioning, Include, Route } from '@restdash/versioning';
import type { SchemeName, Shape } from '../shared/api.js';

/** Name of the city list route in every urlconf (namespaced `v1:cities-list` under `namespace`). */
export const citiesRouteName = 'cities-list';

/** The parent domain of the version hosts under `hostname` versioning (`v2.demo.localhost`). */
export const versionHostDomain = 'demo.localhost';

/** Reverses a route name on a version-neutral request into an absolute URL. */
export type NeutralReverse = (
  viewname: string,
  options?: { kwargs?: Record<string, string>; query?: Record<string, string> },
) => string;

/** Where the version goes in a request: the first page's absolute URL and the headers to send. */
export interface VersionLocation {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Everything that differs between the five ways of running the demo. */
export interface SchemeSetup {
  readonly name: SchemeName;
  /** Version labels, as the scheme spells them; the first serves shape 1, the second shape 2. */
  readonly versions: readonly [string, string];
  /** The versioning class instance, with the first version as default and both allowed. */
  createVersioning(): BaseVersioning;
  /** The city list route(s) for `handler`, laid out the way the scheme needs. */
  cityRoutes(handler: unknown): (Route | Include)[];
  /**
   * How a client asks for `version` (reversing on a version-neutral request): a served one, or any other label the
   * way a client would try it (`/api/v9/cities/`), so the page can show the API's answer. Null when the scheme
   * cannot carry the label (a host name label takes letters and digits only). Labels reach it already checked by
   * {@link isAskableLabel}.
   */
  locate(version: string, reverse: NeutralReverse): VersionLocation | null;
}

/**
 * Whether a version label from a page URL can be put into a request at all: URL-safe token characters (valid in a
 * path segment, a query value and a media type parameter), not only dots, at most 40.
 */
export function isAskableLabel(label: string): boolean {
  return /^(?!\.+$)[A-Za-z0-9._~-]{1,40}$/.test(label);
}

function options(versions: readonly [string, string]) {
  return { defaultVersion: versions[0], allowedVersions: versions, versionParam: 'version' };
}

/** The API is read-only: other methods get the library's 405 with `Allow`. */
const readOnly = ['GET'];

const pathLabels = ['v1', 'v2'] as const;
const numberLabels = ['1', '2'] as const;

/** The five schemes, by command-line name. */
export const schemes: Readonly<Record<SchemeName, SchemeSetup>> = {
  'url-path': {
    name: 'url-path',
    versions: pathLabels,
    createVersioning: () => new URLPathVersioning(options(pathLabels)),
    cityRoutes: (handler) => [
      path('/api/:version/cities/', handler, { name: citiesRouteName, methods: readOnly }),
    ],
    locate: (version, reverse) => ({ url: reverse(citiesRouteName, { kwargs: { version } }), headers: {} }),
  },
  namespace: {
    name: 'namespace',
    versions: pathLabels,
    createVersioning: () => new NamespaceVersioning(options(pathLabels)),
    cityRoutes: (handler) =>
      pathLabels.map((version) =>
        include(
          `/api/${version}`,
          [path('/cities/', handler, { name: citiesRouteName, methods: readOnly })],
          {
            namespace: version,
          },
        ),
      ),
    locate: (version, reverse) => {
      if ((pathLabels as readonly string[]).includes(version)) {
        return { url: reverse(`${version}:${citiesRouteName}`), headers: {} };
      }
      // No namespace of that name, so nothing to reverse: the first namespace's URL with the label in its place.
      const url = new URL(reverse(`${pathLabels[0]}:${citiesRouteName}`));
      url.pathname = url.pathname.replace(`/api/${pathLabels[0]}/`, `/api/${version}/`);
      return { url: url.href, headers: {} };
    },
  },
  'accept-header': {
    name: 'accept-header',
    versions: numberLabels,
    createVersioning: () => new AcceptHeaderVersioning(options(numberLabels)),
    cityRoutes: (handler) => [path('/api/cities/', handler, { name: citiesRouteName, methods: readOnly })],
    locate: (version, reverse) => ({
      url: reverse(citiesRouteName),
      headers: { Accept: `application/json; version=${version}` },
    }),
  },
  hostname: {
    name: 'hostname',
    versions: pathLabels,
    createVersioning: () => new HostNameVersioning(options(pathLabels)),
    cityRoutes: (handler) => [path('/api/cities/', handler, { name: citiesRouteName, methods: readOnly })],
    locate: (version, reverse) => {
      // HostNameVersioning reads the first of three labels of letters and digits.
      if (!/^[A-Za-z0-9]+$/.test(version)) return null;
      const url = new URL(reverse(citiesRouteName));
      url.hostname = `${version}.${versionHostDomain}`;
      return { url: url.href, headers: {} };
    },
  },
  query: {
    name: 'query',
    versions: numberLabels,
    createVersioning: () => new QueryParameterVersioning(options(numberLabels)),
    cityRoutes: (handler) => [path('/api/cities/', handler, { name: citiesRouteName, methods: readOnly })],
    locate: (version, reverse) => ({ url: reverse(citiesRouteName, { query: { version } }), headers: {} }),
  },
};

/** The response shape `version` serves under `setup`, or null for a label the scheme does not know. */
export function shapeOf(setup: SchemeSetup, version: string | null): Shape | null {
  if (version === setup.versions[0]) return 1;
  if (version === setup.versions[1]) return 2;
  return null;
}
