// The eight schemes as a client meets them: the scheme, the routes of a server versioned by it, the URL a client
// writes (`{version}` where the scheme needs it) and the versions to ask for.
import { include, path } from '../../src/urls/route-builders.js';
import type { Include, Route } from '../../src/urls/route.types.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import type { BaseVersioning } from '../../src/schemes/base.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';

export interface SchemeCase {
  readonly name: string;
  /** A new scheme allowing `versions`, the first of them the default. */
  readonly scheme: (versions: readonly string[]) => BaseVersioning;
  /** The users list under the scheme, for `versions`; `handler` answers it. */
  readonly routes: (versions: readonly string[], handler: unknown) => (Route | Include)[];
  /** The URL a client asks, origin left out: `/{version}/users/`, or a host name with `{version}`. */
  readonly url: string;
  /** The host the URL names, when it is not the server's own. */
  readonly host?: string;
  readonly versions: readonly string[];
  /** What the scheme sends, for a version: where the reader can see it went. */
  readonly sent: (placed: { url: URL; headers: Headers }) => string | null;
}

const users = (handler: unknown) => [path('/users/', handler, { name: 'users' })];
const options = (versions: readonly string[]) => ({
  defaultVersion: versions[0] ?? null,
  allowedVersions: versions,
});

export const schemeCases: readonly SchemeCase[] = [
  {
    name: 'AcceptHeaderVersioning',
    scheme: (versions) => new AcceptHeaderVersioning(options(versions)),
    routes: (_versions, handler) => users(handler),
    url: '/users/',
    versions: ['1.0', '2.0'],
    sent: ({ headers }) => headers.get('accept'),
  },
  {
    name: 'URLPathVersioning',
    scheme: (versions) => new URLPathVersioning(options(versions)),
    routes: (_versions, handler) => [path('/:version/users/', handler, { name: 'users' })],
    url: '/{version}/users/',
    versions: ['v1', 'v2'],
    sent: ({ url }) => url.pathname,
  },
  {
    name: 'NamespaceVersioning',
    scheme: (versions) => new NamespaceVersioning(options(versions)),
    routes: (versions, handler) =>
      versions.map((version) => include(`/${version}`, users(handler), { namespace: version })),
    url: '/{version}/users/',
    versions: ['v1', 'v2'],
    sent: ({ url }) => url.pathname,
  },
  {
    name: 'HostNameVersioning',
    scheme: (versions) => new HostNameVersioning(options(versions)),
    routes: (_versions, handler) => users(handler),
    url: '/users/',
    host: '{version}.example.com',
    versions: ['v1', 'v2'],
    sent: ({ url }) => url.hostname,
  },
  {
    name: 'QueryParameterVersioning',
    scheme: (versions) => new QueryParameterVersioning(options(versions)),
    routes: (_versions, handler) => users(handler),
    url: '/users/?page=2',
    versions: ['1.0', '2.0'],
    sent: ({ url }) => url.search,
  },
  {
    name: 'HeaderVersioning',
    scheme: (versions) => new HeaderVersioning({ header: 'X-API-Version', ...options(versions) }),
    routes: (_versions, handler) => users(handler),
    url: '/users/',
    versions: ['1', '2'],
    sent: ({ headers }) => headers.get('x-api-version'),
  },
  {
    name: 'MediaTypeVersioning',
    scheme: (versions) =>
      new MediaTypeVersioning({ template: 'application/vnd.acme.{version}+json', ...options(versions) }),
    routes: (_versions, handler) => users(handler),
    url: '/users/',
    versions: ['v1', 'v2'],
    sent: ({ headers }) => headers.get('accept'),
  },
  {
    name: 'CompositeVersioning',
    scheme: (versions) =>
      new CompositeVersioning([new HeaderVersioning(), new QueryParameterVersioning()], options(versions)),
    routes: (_versions, handler) => users(handler),
    url: '/users/',
    versions: ['1', '2'],
    sent: ({ headers }) => headers.get('api-version'),
  },
];
