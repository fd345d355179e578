import { include, path } from '@restdash/versioning';
import type { BaseVersioning, BrownoutWindow, Include, Route, VersionPolicy } from '@restdash/versioning';
import { apiDocsHref } from '../shared/api.js';
import type { SchemeName, Shape } from '../shared/api.js';
import {
  createVersioning,
  type Labels,
  numberLabels,
  pathLabels,
  vendorTemplate,
  versionHeader,
} from '../shared/versioning.js';

export { type Labels, vendorTemplate, versionHeader } from '../shared/versioning.js';
import { CityDetail, CityList } from './api-schemas.js';
import { cityDetailV2OpenAPI, cityDetailV3OpenAPI, cityListOpenAPI, metaOpenAPI } from './openapi.js';

/** Name of the city list route in every urlconf (namespaced `v1:cities-list` under `namespace`). */
export const citiesRouteName = 'cities-list';
/** Name of the city detail routes (from v2 on; v3's answers with more). */
export const cityRouteName = 'city-detail';

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
  /** Version labels, oldest first, as the scheme spells them: v1 serves list shape 1, v2 and v3 shape 2. */
  readonly versions: Labels;
  /** The versioning class instance, with the first version as default and both allowed. */
  createVersioning(): BaseVersioning;
  /** The city routes for `handlers`, laid out the way the scheme needs (see {@link cityRoutes}). */
  cityRoutes(handlers: CityHandlers): (Route | Include)[];
  /**
   * How a client asks for `version` (reversing on a version-neutral request): a served one, or any other label the
   * way a client would try it (`/api/v9/cities/`), so the page can show the API's answer. Null when the scheme
   * cannot carry the label (a host name label takes letters and digits only). Labels reach it already checked by
   * {@link isAskableLabel}.
   */
  locate(version: string, reverse: NeutralReverse): VersionLocation | null;
  /**
   * The first page's URL as the page writes it for @restdash/versioning/client, which puts the version in:
   * `{version}` where the scheme carries it in the URL (its path, its host name), the bare URL otherwise.
   */
  template(reverse: NeutralReverse): string;
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

/** The views of the city routes. */
export interface CityHandlers {
  /** The list, every version. */
  readonly list: unknown;
  /** A city, in v2. */
  readonly detailV2: unknown;
  /** A city, from v3 on (more fields). */
  readonly detailV3: unknown;
}

/** The API is read-only: other methods get the library's 405 with `Allow`. */
const readOnly = ['GET'];

/** The list's URL, for the schemes that carry the version elsewhere than in the URL's path or host. */
const bareTemplate = (reverse: NeutralReverse): string => reverse(citiesRouteName);

/**
 * The city routes under `prefix` (`/api` or `/api/:version`): the list in every version; a city's detail from v2 on
 * (`since`), answered by v2's view up to v3 (`until`) and by v3's from v3 on, at the same URL and name.
 */
function cityRoutes(prefix: string, [, second, third]: Labels, handlers: CityHandlers): Route[] {
  const detail = { name: cityRouteName, methods: readOnly };
  return [
    path(`${prefix}/cities/`, handlers.list, {
      name: citiesRouteName,
      methods: readOnly,
      response: CityList,
      openapi: cityListOpenAPI,
    }),
    path(`${prefix}/cities/:id/`, handlers.detailV2, {
      ...detail,
      since: second,
      until: third,
      response: CityDetail,
      openapi: cityDetailV2OpenAPI,
    }),
    path(`${prefix}/cities/:id/`, handlers.detailV3, {
      ...detail,
      since: third,
      response: CityDetail,
      openapi: cityDetailV3OpenAPI,
    }),
  ];
}

/**
 * The API's routes under `setup`: what the OpenAPI documents describe and the committed contracts freeze —
 * `GET /api/meta` (version-neutral) and the city routes.
 */
export function apiRoutes(setup: SchemeSetup, handlers: CityHandlers, meta: unknown): (Route | Include)[] {
  return [
    path('/api/meta', meta as never, {
      name: 'api-meta',
      versioning: null,
      methods: ['GET'],
      openapi: metaOpenAPI,
    }),
    ...setup.cityRoutes(handlers),
  ];
}

/** The eight schemes, by command-line name. */
export const schemes: Readonly<Record<SchemeName, SchemeSetup>> = {
  'url-path': {
    name: 'url-path',
    versionParam: 'version',
    versionIn: 'the URL path: /api/<version>/cities/',
    versions: pathLabels,
    createVersioning: () => createVersioning('url-path'),
    cityRoutes: (handlers) => cityRoutes('/api/:version', pathLabels, handlers),
    template: (reverse) => reverse(citiesRouteName, { kwargs: { version: '{version}' } }),
    locate: (version, reverse) => ({ url: reverse(citiesRouteName, { kwargs: { version } }), headers: {} }),
  },
  namespace: {
    name: 'namespace',
    versionParam: null,
    versionIn: 'the URL path, one namespace per version: /api/<version>/cities/',
    versions: pathLabels,
    createVersioning: () => createVersioning('namespace'),
    // The same routes in each namespace: the detail's since/until then hold per namespace, as under url-path.
    cityRoutes: (handlers) =>
      pathLabels.map((version) =>
        include(`/api/${version}`, cityRoutes('', pathLabels, handlers), { namespace: version }),
      ),
    template: (reverse) => {
      const url = new URL(reverse(`${pathLabels[0]}:${citiesRouteName}`));
      url.pathname = url.pathname.replace(`/api/${pathLabels[0]}/`, '/api/{version}/');
      return url.href;
    },
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
    createVersioning: () => createVersioning('accept-header'),
    cityRoutes: (handlers) => cityRoutes('/api', numberLabels, handlers),
    template: bareTemplate,
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
    createVersioning: () => createVersioning('hostname'),
    cityRoutes: (handlers) => cityRoutes('/api', pathLabels, handlers),
    template: (reverse) => {
      const url = new URL(reverse(citiesRouteName));
      url.hostname = `{version}.${versionHostDomain}`;
      return url.href;
    },
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
    createVersioning: () => createVersioning('query'),
    cityRoutes: (handlers) => cityRoutes('/api', numberLabels, handlers),
    template: bareTemplate,
    locate: (version, reverse) => ({ url: reverse(citiesRouteName, { query: { version } }), headers: {} }),
  },
  header: {
    name: 'header',
    versionParam: null,
    versionIn: `the ${versionHeader} header: ${versionHeader}: <version>`,
    versions: numberLabels,
    createVersioning: () => createVersioning('header'),
    cityRoutes: (handlers) => cityRoutes('/api', numberLabels, handlers),
    template: bareTemplate,
    locate: (version, reverse) => ({ url: reverse(citiesRouteName), headers: { [versionHeader]: version } }),
  },
  'media-type': {
    name: 'media-type',
    versionParam: null,
    versionIn: `a vendor media type in Accept: ${vendorTemplate.replace('{version}', '<version>')}`,
    versions: pathLabels,
    createVersioning: () => createVersioning('media-type'),
    cityRoutes: (handlers) => cityRoutes('/api', pathLabels, handlers),
    template: bareTemplate,
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
    createVersioning: () => createVersioning('composite'),
    cityRoutes: (handlers) => cityRoutes('/api', numberLabels, handlers),
    template: bareTemplate,
    locate: (version, reverse) => ({ url: reverse(citiesRouteName), headers: { [versionHeader]: version } }),
    alternatives: (version, reverse) => [
      { url: reverse(citiesRouteName, { query: { version } }), headers: {} },
    ],
  },
};

/** When v1 was deprecated, and when it goes away (announced, not enforced: the demo keeps answering it). */
export const v1Deprecation = '2026-01-01';
export const v1Sunset = '2027-07-01';

/**
 * The adapter's `policies`: the oldest version deprecated with a sunset date, and as its `link` the reference of
 * the next version (`/api/docs/?urls.primaryName=v2`), where a client reads what to move to; with `brownouts`, its
 * brownout windows.
 */
export function retirementPolicies(
  [oldest, next]: Labels,
  brownouts: readonly BrownoutWindow[] = [],
): Record<string, VersionPolicy> {
  const policy = { deprecation: v1Deprecation, sunset: v1Sunset, link: apiDocsHref(next) };
  return { [oldest]: brownouts.length === 0 ? policy : { ...policy, brownouts } };
}

/** The list body `version` serves under `setup` (v1's; v2's for v2 and v3), or null for a label it does not know. */
export function shapeOf(setup: SchemeSetup, version: string | null): Shape | null {
  if (version === setup.versions[0]) return 1;
  if (version === setup.versions[1] || version === setup.versions[2]) return 2;
  return null;
}
