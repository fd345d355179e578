import { expect } from 'vitest';
import type { OpenAPIOptions } from '../../src/openapi/index.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { include, path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';

/** One document: a UrlConf, the options, and what the document must show. */
export interface DocumentCase {
  readonly name: string;
  readonly urlconf: UrlConf;
  readonly options: Omit<OpenAPIOptions, 'info'>;
  /** Every path of the document, in order, with the methods it documents, in order. */
  readonly paths: Readonly<Record<string, readonly string[]>>;
  /** A part of the document it must hold (`toMatchObject`). */
  readonly holds?: object;
}

const handler = 'handler';
const notFound = (detail: string) => ({
  description: expect.stringMatching(/^Not Found/),
  content: {
    'application/problem+json': {
      schema: { $ref: '#/components/schemas/Problem' },
      examples: {
        invalid_version: {
          value: { type: 'about:blank', title: 'Not Found', status: 404, detail, code: 'not_found' },
        },
      },
    },
  },
});
const notAcceptable = (detail: string) => ({
  content: {
    'application/problem+json': {
      examples: {
        invalid_version: { value: { status: 406, detail, code: 'not_acceptable' } },
        not_acceptable: { value: { status: 406, detail: 'Could not satisfy the request Accept header.' } },
      },
    },
  },
});
/** The 406 of a scheme that refuses a version in `Accept` but negotiates nothing (MediaTypeVersioning). */
const refusedMediaType = (detail: string) => ({
  description: 'Not Acceptable: the request asks for a version this route does not allow.',
  content: {
    'application/problem+json': {
      examples: { invalid_version: { value: { status: 406, detail, code: 'not_acceptable' } } },
    },
  },
});
const versionParameter = (place: 'query' | 'header', name: string, version: string, required: boolean) => ({
  name,
  in: place,
  required,
  schema: { type: 'string', const: version },
});

const urlPath = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
const urlPathOptional = new URLPathVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] });
const urlPathRoutes = new UrlConf([
  path('/:version/users/', handler, { name: 'users-list', methods: ['GET', 'POST'] }),
  path('/:version/users/:pk/', handler, { name: 'users-detail', methods: ['GET'] }),
  path('/health', handler, { name: 'health', versioning: null }),
]);

const namespace = new NamespaceVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] });
const namespaceRoutes = new UrlConf([
  include('/v1', [path('/users/', handler, { name: 'users-list' })], { namespace: 'v1' }),
  include(
    '/v2',
    [
      path('/users/', handler, { name: 'users-list' }),
      include('/admin', [path('/users/:pk/', handler, { name: 'user', methods: ['DELETE'] })], {
        namespace: 'admin',
      }),
    ],
    { namespace: 'v2' },
  ),
  include('/v3', [path('/users/', handler, { name: 'users-list' })], { namespace: 'v3' }),
  path('/legacy/', handler, { name: 'legacy' }),
]);

const query = new QueryParameterVersioning({ allowedVersions: ['1.0', '2.0'] });
const queryDefault = new QueryParameterVersioning({ defaultVersion: '1.0', allowedVersions: ['1.0', '2.0'] });
const queryRoutes = new UrlConf([path('/users/', handler, { name: 'users-list' })]);

const accept = new AcceptHeaderVersioning({ allowedVersions: ['1.0', '2.0', '3.0 beta'] });
const acceptRoutes = new UrlConf([
  path('/users/', handler, {
    name: 'users-create',
    methods: ['POST'],
    openapi: {
      requestBody: { content: { 'application/json': { schema: { type: 'object' } }, 'text/plain': {} } },
      responses: {
        201: {
          description: 'Created',
          content: {
            'application/json': { schema: { type: 'object' } },
            'text/csv': {},
            // Written with its version already: left as it is.
            'application/xml; Version=2.0': {},
          },
        },
      },
    },
  }),
]);

const host = new HostNameVersioning({ allowedVersions: ['v1', 'v2'] });
const hostRoutes = new UrlConf([
  path('/users/', handler, { name: 'users-list' }),
  path('/status', handler, { name: 'status', versioning: null }),
]);

const header = new HeaderVersioning({
  header: 'Api-Version',
  allowedVersions: ['2024-01-01', '2025-01-01'],
});
const mediaType = new MediaTypeVersioning({
  template: 'application/vnd.acme.{version}+json',
  allowedVersions: ['v1', 'v2'],
});
const bodyAndResponse = {
  requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
  responses: {
    200: { description: 'The user', content: { 'application/json': { schema: { type: 'object' } } } },
  },
};

/** Per scheme: where the version of a request goes, which routes a version has. */
export const documentCases: readonly DocumentCase[] = [
  {
    name: 'URLPathVersioning writes the version into the path; version-neutral routes stay',
    urlconf: urlPathRoutes,
    options: { version: 'v2', scheme: urlPath },
    paths: { '/v2/users/': ['get', 'post'], '/v2/users/{pk}/': ['get'], '/health': ['get'] },
    holds: {
      paths: {
        '/v2/users/{pk}/': {
          get: {
            operationId: 'users_detail',
            parameters: [{ name: 'pk', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { 200: { description: 'OK' }, 404: notFound('Invalid version in URL path.') },
          },
        },
        '/v2/users/': { get: { operationId: 'users_list_get' }, post: { operationId: 'users_list_post' } },
        '/health': { get: { operationId: 'health', responses: { 200: { description: 'OK' } } } },
      },
    },
  },
  {
    name: 'URLPathVersioning with an optional version: the path without it is the default version’s',
    urlconf: new UrlConf([path('/api{/:version}/items/', handler, { name: 'items' })]),
    options: { version: 'v1', scheme: urlPathOptional },
    paths: { '/api/items/': ['get'], '/api/v1/items/': ['get'] },
    holds: {
      paths: {
        '/api/items/': { get: { operationId: 'items' } },
        '/api/v1/items/': { get: { operationId: 'items_2' } },
      },
    },
  },
  {
    name: 'URLPathVersioning with an optional version, another version: only the path that carries it',
    urlconf: new UrlConf([path('/api{/:version}/items/', handler, { name: 'items' })]),
    options: { version: 'v2', scheme: urlPathOptional },
    paths: { '/api/v2/items/': ['get'] },
  },
  {
    name: 'URLPathVersioning with its own versionParam, the version encoded like reversal does',
    urlconf: new UrlConf([path('/api/:api/things/', handler)]),
    options: { version: '2.0 beta', scheme: new URLPathVersioning({ versionParam: 'api' }) },
    paths: { '/api/2.0%20beta/things/': ['get'] },
  },
  {
    name: 'NamespaceVersioning: the routes of that version’s namespace, nested namespaces made identifiers',
    urlconf: namespaceRoutes,
    options: { version: 'v2', scheme: namespace },
    paths: { '/v2/users/': ['get'], '/v2/admin/users/{pk}/': ['delete'] },
    holds: {
      paths: {
        '/v2/users/': { get: { operationId: 'v2_users_list', responses: { 200: { description: 'OK' } } } },
        '/v2/admin/users/{pk}/': { delete: { operationId: 'v2_admin_user' } },
      },
    },
  },
  {
    name: 'NamespaceVersioning: a route outside every namespace belongs to the default version',
    urlconf: namespaceRoutes,
    options: { version: 'v1', scheme: namespace },
    paths: { '/v1/users/': ['get'], '/legacy/': ['get'] },
  },
  {
    name: 'QueryParameterVersioning without a default: a required query parameter whose schema is const',
    urlconf: queryRoutes,
    options: { version: '2.0', scheme: query },
    paths: { '/users/': ['get'] },
    holds: {
      paths: {
        '/users/': {
          get: {
            parameters: [versionParameter('query', 'version', '2.0', true)],
            responses: { 404: notFound('Invalid version in query parameter.') },
          },
        },
      },
    },
  },
  {
    name: 'QueryParameterVersioning, the default version: the parameter may be left out',
    urlconf: queryRoutes,
    options: { version: '1.0', scheme: queryDefault },
    paths: { '/users/': ['get'] },
    holds: {
      paths: { '/users/': { get: { parameters: [versionParameter('query', 'version', '1.0', false)] } } },
    },
  },
  {
    name: 'QueryParameterVersioning with a default, another version: the parameter may be left out (SPEC)',
    urlconf: queryRoutes,
    options: { version: '2.0', scheme: queryDefault },
    paths: { '/users/': ['get'] },
    holds: {
      paths: { '/users/': { get: { parameters: [versionParameter('query', 'version', '2.0', false)] } } },
    },
  },
  {
    name: 'AcceptHeaderVersioning: the media types of responses and JSON request bodies carry the version',
    urlconf: acceptRoutes,
    options: { version: '2.0', scheme: accept },
    paths: { '/users/': ['post'] },
    holds: {
      paths: {
        '/users/': {
          post: {
            requestBody: {
              content: { 'application/json; version=2.0': { schema: { type: 'object' } }, 'text/plain': {} },
            },
            responses: {
              201: {
                content: {
                  'application/json; version=2.0': {},
                  'text/csv; version=2.0': {},
                  'application/xml; Version=2.0': {},
                },
              },
              406: notAcceptable('Invalid version in "Accept" header.'),
            },
          },
        },
      },
    },
  },
  {
    name: 'AcceptHeaderVersioning: a version that is not a token is quoted; the default response carries it too',
    urlconf: new UrlConf([path('/users/', handler)]),
    options: { version: '3.0 beta', scheme: accept },
    paths: { '/users/': ['get'] },
    holds: {
      paths: {
        '/users/': {
          get: { responses: { 200: { content: { 'application/json; version="3.0 beta"': {} } } } },
        },
      },
    },
  },
  {
    name: 'HostNameVersioning: each server’s host gets the version, its version label replaced when it has one',
    urlconf: hostRoutes,
    options: {
      version: 'v2',
      scheme: host,
      servers: [
        { url: 'https://api.example.com' },
        { url: 'http://example.com:8000/base', description: 'staging' },
      ],
    },
    paths: { '/users/': ['get'], '/status': ['get'] },
    holds: {
      servers: [
        { url: 'https://v2.example.com' },
        { url: 'http://v2.example.com:8000/base', description: 'staging' },
      ],
      paths: {
        '/users/': {
          get: {
            responses: {
              400: {
                content: {
                  'application/problem+json': {
                    examples: { disallowed_host: { value: { status: 400, code: 'disallowed_host' } } },
                  },
                },
              },
              404: notFound('Invalid version in hostname.'),
            },
          },
        },
        // A version-neutral route answers on the servers as given.
        '/status': {
          get: { servers: [{ url: 'https://api.example.com' }, { url: 'http://example.com:8000/base' }] },
        },
      },
    },
  },
  {
    name: 'HostNameVersioning on one route only: that route’s operations get the version’s servers',
    urlconf: new UrlConf([
      path('/users/', handler, { name: 'users', versioning: host }),
      path('/status', handler, { name: 'status' }),
    ]),
    options: { version: 'v1', servers: [{ url: 'https://api.example.com/' }] },
    paths: { '/users/': ['get'], '/status': ['get'] },
    holds: {
      servers: [{ url: 'https://api.example.com/' }],
      paths: { '/users/': { get: { servers: [{ url: 'https://v1.example.com/' }] } } },
    },
  },
  {
    name: 'HostNameVersioning with its own hostnameRegex: the label the regex reads is the one replaced',
    urlconf: hostRoutes,
    options: {
      version: 'v1',
      scheme: Object.assign(new HostNameVersioning(), { hostnameRegex: /^api-([a-z0-9]+)\.example\.com$/ }),
      servers: [{ url: 'https://api-v9.example.com' }],
    },
    paths: { '/users/': ['get'], '/status': ['get'] },
    holds: { servers: [{ url: 'https://api-v1.example.com' }] },
  },
  {
    name: 'HeaderVersioning: a header parameter whose schema is const',
    urlconf: queryRoutes,
    options: { version: '2025-01-01', scheme: header },
    paths: { '/users/': ['get'] },
    holds: {
      paths: {
        '/users/': {
          get: {
            parameters: [versionParameter('header', 'Api-Version', '2025-01-01', true)],
            responses: { 404: notFound('Invalid version in "Api-Version" header.') },
          },
        },
      },
    },
  },
  {
    name: 'CompositeVersioning: documented the way its first member carries the version',
    urlconf: queryRoutes,
    options: {
      version: '2025-01-01',
      scheme: new CompositeVersioning([
        new HeaderVersioning({ header: 'Api-Version' }),
        new QueryParameterVersioning(),
      ]),
    },
    paths: { '/users/': ['get'] },
    holds: {
      paths: {
        '/users/': {
          get: { parameters: [versionParameter('header', 'Api-Version', '2025-01-01', true)] },
        },
      },
    },
  },
  {
    name: 'CompositeVersioning with a defaultVersion: a request may leave its first member’s parameter out',
    urlconf: queryRoutes,
    options: {
      version: '2025-01-01',
      scheme: new CompositeVersioning(
        [new HeaderVersioning({ header: 'Api-Version' }), new QueryParameterVersioning()],
        { defaultVersion: '2024-01-01', allowedVersions: ['2024-01-01', '2025-01-01'] },
      ),
    },
    paths: { '/users/': ['get'] },
    holds: {
      paths: {
        '/users/': {
          get: {
            parameters: [versionParameter('header', 'Api-Version', '2025-01-01', false)],
            responses: { 404: notFound('Invalid version in "Api-Version" header.') },
          },
        },
      },
    },
  },
  {
    name: 'CompositeVersioning without a defaultVersion: required, whatever default its members have (it uses none)',
    urlconf: queryRoutes,
    options: {
      version: '2025-01-01',
      scheme: new CompositeVersioning([
        new QueryParameterVersioning({ defaultVersion: '2024-01-01' }),
        new HeaderVersioning({ header: 'Api-Version', defaultVersion: '2024-01-01' }),
      ]),
    },
    paths: { '/users/': ['get'] },
    holds: {
      paths: {
        '/users/': { get: { parameters: [versionParameter('query', 'version', '2025-01-01', true)] } },
      },
    },
  },
  {
    name: 'MediaTypeVersioning: JSON responses in the vendor type; request bodies as sent',
    urlconf: new UrlConf([
      path('/users/:pk/', handler, { name: 'user', methods: ['PUT'], openapi: bodyAndResponse }),
    ]),
    options: { version: 'v2', scheme: mediaType },
    paths: { '/users/{pk}/': ['put'] },
    holds: {
      paths: {
        '/users/{pk}/': {
          put: {
            requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
            responses: {
              200: { content: { 'application/vnd.acme.v2+json': { schema: { type: 'object' } } } },
              406: refusedMediaType('Invalid version in "Accept" header.'),
            },
          },
        },
      },
    },
  },
  {
    name: 'Without a scheme every route is version-neutral: no version, no version problem',
    urlconf: urlPathRoutes,
    options: { version: 'v1' },
    paths: { '/{version}/users/': ['get', 'post'], '/{version}/users/{pk}/': ['get'], '/health': ['get'] },
  },
  {
    name: 'A route whose own scheme does not allow the version is not in the document',
    urlconf: new UrlConf([
      path('/old/', handler, {
        name: 'old',
        versioning: new QueryParameterVersioning({ allowedVersions: ['1'] }),
      }),
      path('/new/', handler, {
        name: 'new',
        versioning: new QueryParameterVersioning({ allowedVersions: ['2'] }),
      }),
    ]),
    options: { version: '2' },
    paths: { '/new/': ['get'] },
  },
  {
    name: 'methods: listed ones in path-item order, a method OpenAPI 3.1 cannot name left out, none listed is GET',
    urlconf: new UrlConf([
      path('/a/', handler, { name: 'a', methods: ['propfind', 'PATCH', 'get', 'DELETE'] }),
      path('/b/', handler, { name: 'b' }),
    ]),
    options: { version: 'v1' },
    paths: { '/a/': ['get', 'delete', 'patch'], '/b/': ['get'] },
    holds: { paths: { '/a/': { patch: { operationId: 'a_patch' } }, '/b/': { get: { operationId: 'b' } } } },
  },
  {
    name: 'Routes sharing a path: their methods join one path item; the first route answers a method both have',
    urlconf: new UrlConf([
      path('/users/', handler, { name: 'users', methods: ['GET'], openapi: { summary: 'first' } }),
      path('/users/', handler, { name: 'users', methods: ['GET', 'POST'], openapi: { summary: 'second' } }),
      path('/users/:pk/', handler, { name: 'user', methods: ['GET'] }),
      path('/users/:id/', handler, { name: 'user-too', methods: ['GET'] }),
    ]),
    options: { version: 'v1' },
    paths: { '/users/': ['get', 'post'], '/users/{pk}/': ['get'] },
    holds: {
      paths: {
        '/users/': {
          get: { summary: 'first', operationId: 'users' },
          post: { summary: 'second', operationId: 'users_post' },
        },
      },
    },
  },
  {
    name: 'Optional groups become the paths they expand to; a wildcard is a path parameter of several segments',
    urlconf: new UrlConf([
      path('/users/:pk{.:format}', handler, { name: 'user' }),
      path('/files/*rest', handler, { name: 'files' }),
      path('/pair{/:a}{/:b}', handler, { name: 'pair' }),
      // `/g/x/opt` is read as a = x, b = opt: the path `/g/{b}/opt` would name a parameter the route never gives.
      path('/g{/:a}/:b{/opt}', handler, { name: 'g' }),
    ]),
    options: { version: 'v1' },
    paths: {
      '/users/{pk}': ['get'],
      '/users/{pk}.{format}': ['get'],
      '/files/{rest}': ['get'],
      '/pair': ['get'],
      '/pair/{a}': ['get'],
      '/pair/{a}/{b}': ['get'],
      '/g/{b}': ['get'],
      '/g/{a}/{b}': ['get'],
      '/g/{a}/{b}/opt': ['get'],
    },
    holds: {
      paths: {
        '/users/{pk}.{format}': {
          get: {
            operationId: 'user_2',
            parameters: [{ name: 'pk' }, { name: 'format', in: 'path', required: true }],
          },
        },
        '/files/{rest}': {
          get: {
            parameters: [
              { name: 'rest', in: 'path', description: 'One or more path segments, separated by "/".' },
            ],
          },
        },
      },
    },
  },
  {
    name: 'Literal text is written as a request carries it, braces and all',
    urlconf: new UrlConf([path('/café/\\{x\\}/:id', handler)]),
    options: { version: 'v1' },
    paths: { '/caf%C3%A9/%7Bx%7D/{id}': ['get'] },
  },
];
