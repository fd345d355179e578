import {
  AcceptHeaderVersioning,
  CompositeVersioning,
  HeaderVersioning,
  HostNameVersioning,
  include,
  MediaTypeVersioning,
  NamespaceVersioning,
  path,
  QueryParameterVersioning,
  URLPathVersioning,
} from '@restdash/versioning';
import type { BaseVersioning, Include, Route } from '@restdash/versioning';
import type { SchemeName, Shape } from '../shared/api.js';
import { cityListOpenAPI } from './openapi.js';

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

/** Everything that differs between the eight ways of running the demo. */
export interface SchemeSetup {
  readonly name: SchemeName;
  /** Where a request carries the version, in words (`the Api-Version header`). */
  readonly versionIn: string;
  /**
   * The parameter the version is read from: the URL keyword, the `Accept` media type's parameter, the query
   * parameter; null when the scheme reads none (namespace, host name, a header of its own, a vendor type).
   */
  readonly versionParam: string | null;
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
  /**
   * Other requests that ask for `version` the same (a composite scheme's other members), each a complete
   * request; none for most schemes.
   */
  alternatives?(version: string, reverse: NeutralReverse): VersionLocation[];
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

/** The three schemes that read no parameter (header, media type, composite) refuse `versionParam`. */
function headerOptions(versions: readonly [string, string]) {
  return { defaultVersion: versions[0], allowedVersions: versions };
}

/** The header `HeaderVersioning` reads (its default), as the demo's clients spell it. */
export const versionHeader = 'Api-Version';
/** The vendor media type of `media-type` versioning: `application/vnd.restdash.v2+json`. */
export const vendorTemplate = 'application/vnd.restdash.{version}+json';

/** The API is read-only: other methods get the library's 405 with `Allow`. */
const readOnly = ['GET'];
/** The options of the city list route: its name, its method, what its OpenAPI operation says. */
const cityList = { name: citiesRouteName, methods: readOnly, openapi: cityListOpenAPI };

const pathLabels = ['v1', 'v2'] as const;
const numberLabels = ['1', '2'] as const;

/** The eight schemes, by command-line name. */
export const schemes: Readonly<Record<SchemeName, SchemeSetup>> = {
  'url-path': {
    name: 'url-path',
    versionParam: 'version',
    versionIn: 'the URL path: /api/<version>/cities/',
    versions: pathLabels,
    createVersioning: () => new URLPathVersioning(options(pathLabels)),
    cityRoutes: (handler) => [path('/api/:version/cities/', handler, cityList)],
    locate: (version, reverse) => ({ url: reverse(citiesRouteName, { kwargs: { version } }), headers: {} }),
  },
  namespace: {
    name: 'namespace',
    versionParam: null,
    versionIn: 'the URL path, one namespace per version: /api/<version>/cities/',
    versions: pathLabels,
    createVersioning: () => new NamespaceVersioning(options(pathLabels)),
    cityRoutes: (handler) =>
      pathLabels.map((version) =>
        include(`/api/${version}`, [path('/cities/', handler, cityList)], {
          namespace: version,
        }),
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
    versionParam: 'version',
    versionIn: 'the Accept header: application/json; version=<version>',
    versions: numberLabels,
    createVersioning: () => new AcceptHeaderVersioning(options(numberLabels)),
    cityRoutes: (handler) => [path('/api/cities/', handler, cityList)],
    locate: (version, reverse) => ({
      url: reverse(citiesRouteName),
      headers: { Accept: `application/json; version=${version}` },
    }),
  },
  hostname: {
    name: 'hostname',
    versionParam: null,
    versionIn: 'the host name: <version>.demo.localhost',
    versions: pathLabels,
    createVersioning: () => new HostNameVersioning(options(pathLabels)),
    cityRoutes: (handler) => [path('/api/cities/', handler, cityList)],
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
    versionParam: 'version',
    versionIn: 'the query string: ?version=<version>',
    versions: numberLabels,
    createVersioning: () => new QueryParameterVersioning(options(numberLabels)),
    cityRoutes: (handler) => [path('/api/cities/', handler, cityList)],
    locate: (version, reverse) => ({ url: reverse(citiesRouteName, { query: { version } }), headers: {} }),
  },
  header: {
    name: 'header',
    versionParam: null,
    versionIn: `the ${versionHeader} header: ${versionHeader}: <version>`,
    versions: numberLabels,
    createVersioning: () => new HeaderVersioning(headerOptions(numberLabels)),
    cityRoutes: (handler) => [path('/api/cities/', handler, cityList)],
    locate: (version, reverse) => ({ url: reverse(citiesRouteName), headers: { [versionHeader]: version } }),
  },
  'media-type': {
    name: 'media-type',
    versionParam: null,
    versionIn: `a vendor media type in Accept: ${vendorTemplate.replace('{version}', '<version>')}`,
    versions: pathLabels,
    createVersioning: () =>
      new MediaTypeVersioning({ template: vendorTemplate, ...headerOptions(pathLabels) }),
    cityRoutes: (handler) => [path('/api/cities/', handler, cityList)],
    locate: (version, reverse) =>
      // The template's {version} matches [A-Za-z0-9._-]+ only.
      /^[A-Za-z0-9._-]+$/.test(version)
        ? { url: reverse(citiesRouteName), headers: { Accept: vendorTemplate.replace('{version}', version) } }
        : null,
  },
  composite: {
    name: 'composite',
    versionParam: 'version',
    versionIn: `the ${versionHeader} header or the query string (?version=<version>): either, or both if they agree`,
    versions: numberLabels,
    // The header first: the documents describe it and links are bare (reversal is the first member's).
    createVersioning: () =>
      new CompositeVersioning(
        [new HeaderVersioning(), new QueryParameterVersioning()],
        headerOptions(numberLabels),
      ),
    cityRoutes: (handler) => [path('/api/cities/', handler, cityList)],
    locate: (version, reverse) => ({ url: reverse(citiesRouteName), headers: { [versionHeader]: version } }),
    alternatives: (version, reverse) => [
      { url: reverse(citiesRouteName, { query: { version } }), headers: {} },
    ],
  },
};

/** The response shape `version` serves under `setup`, or null for a label the scheme does not know. */
export function shapeOf(setup: SchemeSetup, version: string | null): Shape | null {
  if (version === setup.versions[0]) return 1;
  if (version === setup.versions[1]) return 2;
  return null;
}
