import type { LifecycleOptions } from '../../src/lifecycle/lifecycle.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import type { Route } from '../../src/urls/route.types.js';
import { UrlConf } from '../../src/urls/urlconf.js';

export const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'] as const });

/** Handlers are the route names: what a case expects to answer. */
export const routes: readonly Route[] = [
  path('/:version/users/', 'users', { name: 'users' }),
  path('/:version/reports/', 'reports', { name: 'reports', since: 'v2' }),
  path('/:version/widgets/', 'widgets-old', { name: 'widgets-old', until: 'v3', methods: ['GET'] }),
  path('/:version/widgets/', 'widgets-new', { name: 'widgets-new', since: 'v3', methods: ['GET', 'POST'] }),
  path('/health/', 'health', { versioning: null }),
];
export const urlconf = new UrlConf(routes);

export const v1Link = 'https://api.example.com/retiring-v1';
const v1Link2 = `<${v1Link}>; rel="deprecation"; type="text/html", <${v1Link}>; rel="sunset"; type="text/html"`;

export const policies: NonNullable<LifecycleOptions['policies']> = {
  v1: { deprecation: '2025-01-01', sunset: '2025-07-01', link: v1Link },
  v2: { deprecation: new Date('2026-01-01T00:00:00Z') },
};

/** The header field the v2 policy adds, from the start (a date ahead announces the deprecation). */
export const v2Deprecation = '@1767225600';

/** The header fields the v1 policy adds. */
export const v1Fields = {
  deprecation: '@1735689600',
  sunset: 'Tue, 01 Jul 2025 00:00:00 GMT',
  link: v1Link2,
};

export interface AdmitCase {
  readonly title: string;
  /** The clock, ISO. */
  readonly at: string;
  readonly method?: string;
  /** The path of the request. */
  readonly path: string;
  /** The route the framework routed it to (the first whose pattern and method match). */
  readonly routedTo: string;
  /** What answers: a route's name, or the problem. */
  readonly answer:
    | { readonly route: string }
    | {
        readonly status: number;
        readonly code: string;
        readonly detail: string;
        readonly supportedVersions?: readonly string[];
      };
  /** Every header field set, by lower-case name. */
  readonly headers: Readonly<Record<string, string>>;
}

/** With `reportVersions` and `enforceSunset`, through the lifecycle of v1 then v2. */
export const admitCases: readonly AdmitCase[] = [
  {
    title: 'v1 before its deprecation: announced (Deprecation in the future), still supported',
    at: '2024-12-01T00:00:00Z',
    path: '/v1/users/',
    routedTo: 'users',
    answer: { route: 'users' },
    headers: { 'api-supported-versions': 'v1, v2, v3', ...v1Fields },
  },
  {
    title: 'v3 has no policy: only the report',
    at: '2024-12-01T00:00:00Z',
    path: '/v3/users/',
    routedTo: 'users',
    answer: { route: 'users' },
    headers: { 'api-supported-versions': 'v1, v2, v3' },
  },
  {
    title: 'v1 at the second of its deprecation: reported deprecated',
    at: '2025-01-01T00:00:00Z',
    path: '/v1/users/',
    routedTo: 'users',
    answer: { route: 'users' },
    headers: { 'api-supported-versions': 'v2, v3', 'api-deprecated-versions': 'v1', ...v1Fields },
  },
  {
    title: 'v1 one second before its sunset: still answered',
    at: '2025-06-30T23:59:59Z',
    path: '/v1/users/',
    routedTo: 'users',
    answer: { route: 'users' },
    headers: { 'api-supported-versions': 'v2, v3', 'api-deprecated-versions': 'v1', ...v1Fields },
  },
  {
    title: 'v1 at its sunset: 410, without the policy headers, listing what remains',
    at: '2025-07-01T00:00:00Z',
    path: '/v1/users/',
    routedTo: 'users',
    answer: {
      status: 410,
      code: 'version_sunset',
      detail: 'Version "v1" is no longer available.',
      supportedVersions: ['v2', 'v3'],
    },
    headers: { 'api-supported-versions': 'v2, v3', 'api-deprecated-versions': 'v1' },
  },
  {
    title: 'v2 once deprecated in turn',
    at: '2026-01-01T00:00:00Z',
    path: '/v2/users/',
    routedTo: 'users',
    answer: { route: 'users' },
    headers: {
      'api-supported-versions': 'v3',
      'api-deprecated-versions': 'v1, v2',
      deprecation: v2Deprecation,
    },
  },
  {
    title: 'a version the scheme refuses: its 404 lists the versions not past their sunset',
    at: '2025-07-01T00:00:00Z',
    path: '/v9/users/',
    routedTo: 'users',
    answer: {
      status: 404,
      code: 'not_found',
      detail: 'Invalid version in URL path.',
      supportedVersions: ['v2', 'v3'],
    },
    headers: { 'api-supported-versions': 'v2, v3', 'api-deprecated-versions': 'v1' },
  },
  {
    title: 'a route since v2 asked in v1: 404 with its own versions, and v1 still told it is deprecated',
    at: '2024-12-01T00:00:00Z',
    path: '/v1/reports/',
    routedTo: 'reports',
    answer: {
      status: 404,
      code: 'not_found',
      detail: 'Not available in version "v1".',
      supportedVersions: ['v2', 'v3'],
    },
    headers: { 'api-supported-versions': 'v2, v3', ...v1Fields },
  },
  {
    title: 'a route since v2 asked in v2',
    at: '2024-12-01T00:00:00Z',
    path: '/v2/reports/',
    routedTo: 'reports',
    answer: { route: 'reports' },
    headers: { 'api-supported-versions': 'v2, v3', deprecation: v2Deprecation },
  },
  {
    title: 'routes of one pattern split by version: v2 stays with the old one',
    at: '2024-12-01T00:00:00Z',
    path: '/v2/widgets/',
    routedTo: 'widgets-old',
    answer: { route: 'widgets-old' },
    headers: { 'api-supported-versions': 'v1, v2, v3', deprecation: v2Deprecation },
  },
  {
    title: 'routes of one pattern split by version: v3 goes on to the new one',
    at: '2024-12-01T00:00:00Z',
    path: '/v3/widgets/',
    routedTo: 'widgets-old',
    answer: { route: 'widgets-new' },
    headers: { 'api-supported-versions': 'v1, v2, v3' },
  },
  {
    title:
      'a method only the newer route answers: 404 in an older version, listing the versions that have it',
    at: '2024-12-01T00:00:00Z',
    method: 'POST',
    path: '/v2/widgets/',
    routedTo: 'widgets-new',
    answer: {
      status: 404,
      code: 'not_found',
      detail: 'Not available in version "v2".',
      supportedVersions: ['v3'],
    },
    headers: { 'api-supported-versions': 'v1, v2, v3', deprecation: v2Deprecation },
  },
  {
    title: 'past its sunset a version is refused before its routes are looked at',
    at: '2025-08-01T00:00:00Z',
    path: '/v1/reports/',
    routedTo: 'reports',
    answer: {
      status: 410,
      code: 'version_sunset',
      detail: 'Version "v1" is no longer available.',
      supportedVersions: ['v2', 'v3'],
    },
    headers: { 'api-supported-versions': 'v2, v3' },
  },
  {
    title: 'a version-neutral route: nothing',
    at: '2025-01-01T00:00:00Z',
    path: '/health/',
    routedTo: 'health',
    answer: { route: 'health' },
    headers: {},
  },
];

export interface MountErrorCase {
  readonly title: string;
  readonly routes: () => readonly Route[];
  readonly scheme: URLPathVersioning | null;
  readonly options: unknown;
  readonly message: string;
}

const where = 'test: ';
const open = new URLPathVersioning();

export const mountErrorCases: readonly MountErrorCase[] = [
  {
    title: 'since that the scheme does not allow',
    routes: () => [path('/:version/a/', 'a', { since: 'v4' })],
    scheme,
    options: {},
    message: `${where}route "/:version/a/": since "v4" is not an allowed version of the route's URLPathVersioning ("v1", "v2", "v3")`,
  },
  {
    title: 'until that the scheme does not allow',
    routes: () => [path('/:version/a/', 'a', { until: 'V2' })],
    scheme,
    options: {},
    message: `${where}route "/:version/a/": until "V2" is not an allowed version`,
  },
  {
    title: 'an empty range',
    routes: () => [path('/:version/a/', 'a', { since: 'v2', until: 'v2' })],
    scheme,
    options: {},
    message: `${where}route "/:version/a/": since "v2" must come before until "v2" in allowedVersions, or the route exists in no version`,
  },
  {
    title: 'since on a scheme that allows every version',
    routes: () => [path('/:version/a/', 'a', { since: 'v2' })],
    scheme: open,
    options: {},
    message: `${where}route "/:version/a/": since "v2" needs the allowedVersions of the route's URLPathVersioning (oldest first), but it allows every version`,
  },
  {
    title: 'since on a route the mount leaves version-neutral',
    routes: () => [path('/a/', 'a', { until: 'v2' })],
    scheme: null,
    options: {},
    message: `${where}route "/a/": until "v2" needs a versioned route, but this route is version-neutral`,
  },
  {
    title: 'reportVersions on a scheme that allows every version',
    routes: () => [path('/:version/a/', 'a')],
    scheme: open,
    options: { reportVersions: true },
    message: `${where}route "/:version/a/": reportVersions needs the allowedVersions of its URLPathVersioning, which allows every version`,
  },
  {
    title: 'a policy for a version no route allows',
    routes: () => routes,
    scheme,
    options: { policies: { v4: { deprecation: '2025-01-01' } } },
    message: `${where}options.policies["v4"] is for a version no route of this mount allows (allowed: v1, v2, v3)`,
  },
  {
    title: 'a policy on a mount without versioned routes',
    routes: () => [path('/a/', 'a')],
    scheme: null,
    options: { policies: { v1: {} } },
    message: `${where}options.policies["v1"] is for a version no route of this mount allows (no route is versioned)`,
  },
  {
    title: 'reportVersions that is not a boolean',
    routes: () => routes,
    scheme,
    options: { reportVersions: 'yes' },
    message: `${where}options.reportVersions must be a boolean, got "yes"`,
  },
  {
    title: 'enforceSunset that is not a boolean',
    routes: () => routes,
    scheme,
    options: { enforceSunset: 1 },
    message: `${where}options.enforceSunset must be a boolean, got 1`,
  },
  {
    title: 'a clock that is not a function',
    routes: () => routes,
    scheme,
    options: { clock: new Date() },
    message: `${where}options.clock must be a function returning the time, got a Date`,
  },
];
