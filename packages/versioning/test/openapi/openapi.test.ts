import { Validator } from '@seriousme/openapi-schema-validator';
import { afterEach, describe, expect, test } from 'vitest';
import { activate } from '../../src/i18n/index.js';
import { openapi, type OpenAPIDocument, type OpenAPIOptions } from '../../src/openapi/index.js';
import { BaseVersioning } from '../../src/schemes/base.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { include, path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { documentCases } from './openapi.cases.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { expectValidDocument } from './support.js';

const info = { title: 'Test API' };
const handler = 'handler';

/** The paths of a document with the methods each documents, in order. */
function shapeOf(document: OpenAPIDocument): Record<string, string[]> {
  return Object.fromEntries(Object.entries(document.paths).map(([key, item]) => [key, Object.keys(item)]));
}

afterEach(() => activate('en'));

describe.each(documentCases)('$name', ({ urlconf, options, paths, holds }) => {
  const document = openapi(urlconf, { ...options, info });

  test('documents exactly these paths and methods, in order', () => {
    expect(shapeOf(document)).toEqual(paths);
  });

  test('is a valid OpenAPI 3.1 document', async () => {
    await expectValidDocument(document);
  });

  if (holds) {
    test('shows the version where the scheme reads it', () => {
      expect(document).toMatchObject(holds);
    });
  }

  test('every path, its parameters filled in, resolves to a route of the UrlConf', () => {
    for (const [template, item] of Object.entries(document.paths)) {
      const filled = template.replaceAll(/\{[^}]+\}/g, 'x1');
      const match = urlconf.resolve(filled);
      expect(match, filled).not.toBeNull();
      const named = Object.values(item).map((operation) => operation.operationId);
      if (match?.urlName && named[0] !== undefined) expect(named[0]).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    }
  });
});

describe('the document', () => {
  const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
  const build = () =>
    new UrlConf([
      path('/:version/users/:pk{.:format}', handler, {
        name: 'users-detail',
        methods: ['GET', 'DELETE'],
        openapi: { summary: 'One user', tags: ['users'] },
      }),
      include('/:version/files', [path('/*rest', handler, { name: 'files' })], { namespace: 'storage' }),
    ]);
  const options: OpenAPIOptions = {
    version: 'v2',
    scheme,
    info: { title: 'Users', description: 'All of them.' },
    enforceSunset: true,
    policies: {
      v2: {
        deprecation: '2025-01-01',
        sunset: new Date('2026-01-01T00:00:00Z'),
        link: 'https://example.com/v2',
      },
    },
  };

  test('is the same JSON, byte for byte, for the same input, whatever the active language', () => {
    const first = JSON.stringify(openapi(build(), options));
    activate('de');
    expect(JSON.stringify(openapi(build(), options))).toBe(first);
    expect(first).toContain('Invalid version in URL path.');
  });

  test('shares no object with another document or with the routes', () => {
    const urlconf = build();
    const first = openapi(urlconf, options) as unknown as {
      paths: Record<string, { get: { tags: string[] } }>;
    };
    first.paths['/v2/users/{pk}']!.get.tags.push('changed');
    expect(openapi(urlconf, options).paths['/v2/users/{pk}']?.get?.tags).toEqual(['users']);
  });

  test('has info.version the version described unless given, and the description given', () => {
    expect(openapi(build(), options).info).toEqual({
      title: 'Users',
      version: 'v2',
      description: 'All of them.',
    });
    expect(openapi(build(), { ...options, info: { title: 'Users', version: '2.4.1' } }).info).toEqual({
      title: 'Users',
      version: '2.4.1',
    });
  });

  test('marks a deprecated version’s operations deprecated, with its lifecycle headers and the 410 past sunset', async () => {
    const document = openapi(build(), options);
    await expectValidDocument(document);
    const operation = document.paths['/v2/users/{pk}']?.get;
    expect(operation?.deprecated).toBe(true);
    expect(operation?.responses['200']?.headers).toEqual({
      Deprecation: { $ref: '#/components/headers/Deprecation' },
      Sunset: { $ref: '#/components/headers/Sunset' },
      Link: { $ref: '#/components/headers/Link' },
    });
    expect(document.components?.headers).toMatchObject({
      Deprecation: { example: '@1735689600' },
      Sunset: { example: 'Thu, 01 Jan 2026 00:00:00 GMT' },
      Link: { example: '<https://example.com/v2>; rel="deprecation"; type="text/html"' },
    });
    expect(operation?.responses['410']).toMatchObject({
      content: {
        'application/problem+json': {
          examples: {
            version_sunset: {
              value: { status: 410, code: 'version_sunset', detail: 'Version "v2" is no longer available.' },
            },
          },
        },
      },
    });
    // The version problems themselves carry no lifecycle headers.
    expect(operation?.responses['404']?.headers).toBeUndefined();
  });

  test('leaves the operations of a version without a deprecation date, and version-neutral ones, as they are', () => {
    const urlconf = new UrlConf([
      path('/:version/users/', handler, { name: 'users' }),
      path('/status', handler, { name: 'status', versioning: null }),
    ]);
    const document = openapi(urlconf, { ...options, policies: { v1: { deprecation: '2025-01-01' } } });
    expect(document.paths['/v2/users/']?.get?.deprecated).toBeUndefined();
    const policies = { v2: { deprecation: '2025-01-01T12:00:00+02:00' } };
    const deprecated = openapi(urlconf, { ...options, policies });
    expect(deprecated.paths['/v2/users/']?.get?.deprecated).toBe(true);
    expect(deprecated.paths['/status']?.get).not.toHaveProperty('deprecated');
    expect(deprecated.paths['/status']?.get?.responses['200']).toEqual({
      description: 'OK',
      content: { 'application/json': {} },
    });
    expect(deprecated.components?.headers).toEqual({
      Deprecation: expect.objectContaining({ example: '@1735725600' }),
    });
  });

  test('documents the RFC 9457 problem schema once, and only when an operation uses it', async () => {
    const document = openapi(build(), options);
    expect(document.components?.schemas?.['Problem']).toMatchObject({
      type: 'object',
      required: ['type', 'title', 'status', 'detail', 'code'],
      properties: { status: { type: 'integer' }, supportedVersions: { type: 'array' } },
    });
    const neutral = openapi(new UrlConf([path('/status', handler, { versioning: null })]), {
      version: 'v1',
      info,
    });
    expect(neutral).not.toHaveProperty('components');
    await expectValidDocument(neutral);
  });

  test('a real validator refuses a broken document (the suite checks for real)', async () => {
    const document = openapi(build(), options) as unknown as {
      paths: Record<string, { get: { responses: object } }>;
    };
    document.paths['/v2/users/{pk}']!.get.responses = { 200: { content: {} } };
    const result = await new Validator().validate(document);
    expect(result.valid).toBe(false);
  });
});

describe('the problems documented are the ones the server can answer', () => {
  const users = (versioning: QueryParameterVersioning | null = null) =>
    new UrlConf([
      path('/users/', handler, { name: 'users', ...(versioning && { versioning }) }),
      path('/status', handler, { name: 'status', versioning: null }),
    ]);
  const scheme = new QueryParameterVersioning({ allowedVersions: ['1', '2'] });
  const policies = { '1': { deprecation: '2024-01-01', sunset: '2025-01-01' } };
  const statusesOf = (document: OpenAPIDocument, template: string) =>
    Object.keys(document.paths[template]?.get?.responses ?? {});

  test('410 on a version past its sunset only when the server enforces it, never on a version-neutral route', async () => {
    const enforced = openapi(users(), { version: '1', scheme, info, policies, enforceSunset: true });
    expect(statusesOf(enforced, '/users/')).toEqual(['200', '404', '410']);
    expect(statusesOf(enforced, '/status')).toEqual(['200']);
    await expectValidDocument(enforced);
    const notEnforced = openapi(users(), { version: '1', scheme, info, policies });
    expect(statusesOf(notEnforced, '/users/')).toEqual(['200', '404']);
    expect(statusesOf(notEnforced, '/status')).toEqual(['200']);
  });

  test('no version problem where the scheme allows every version', async () => {
    const header = new HeaderVersioning();
    const document = openapi(new UrlConf([path('/users/', handler, { versioning: header })]), {
      version: '1',
      info,
    });
    expect(statusesOf(document, '/users/')).toEqual(['200']);
    await expectValidDocument(document);
  });

  test('a composite refuses by its own allow list, not its members’', () => {
    const members = () => [
      new HeaderVersioning({ allowedVersions: ['1', '2'] }),
      new QueryParameterVersioning({ allowedVersions: ['1', '2'] }),
    ];
    const urlconf = new UrlConf([path('/users/', handler)]);
    const open = openapi(urlconf, { version: '1', info, scheme: new CompositeVersioning(members()) });
    expect(statusesOf(open, '/users/')).toEqual(['200']);
    const closed = new CompositeVersioning(members(), { allowedVersions: ['1', '2'] });
    expect(statusesOf(openapi(urlconf, { version: '1', info, scheme: closed }), '/users/')).toEqual([
      '200',
      '404',
    ]);
  });

  test('406: content negotiation only where the scheme negotiates, a refused version only where it refuses', () => {
    const urlconf = new UrlConf([path('/users/', handler)]);
    const examplesOf = (versioning: AcceptHeaderVersioning | MediaTypeVersioning) =>
      Object.keys(
        openapi(urlconf, { version: 'v1', info, scheme: versioning }).paths['/users/']?.get?.responses['406']
          ?.content?.['application/problem+json']?.examples ?? {},
      );
    expect(examplesOf(new AcceptHeaderVersioning())).toEqual(['not_acceptable']);
    expect(examplesOf(new AcceptHeaderVersioning({ allowedVersions: ['v1'] }))).toEqual([
      'invalid_version',
      'not_acceptable',
    ]);
    const template = 'application/vnd.acme.{version}+json';
    expect(examplesOf(new MediaTypeVersioning({ template, allowedVersions: ['v1'] }))).toEqual([
      'invalid_version',
    ]);
    expect(examplesOf(new MediaTypeVersioning({ template }))).toEqual([]);
  });
});

describe('the openapi option of path()', () => {
  const scheme = new QueryParameterVersioning({ allowedVersions: ['1', '2'] });

  test('is merged into each generated operation: members replace, parameters and responses merge', async () => {
    const urlconf = new UrlConf([
      path('/users/:pk/', handler, {
        name: 'user',
        methods: ['PUT'],
        openapi: {
          summary: 'Replace a user',
          description: 'All of it.',
          tags: ['users'],
          operationId: 'replaceUser',
          parameters: [
            { name: 'pk', in: 'path', description: 'The id', schema: { type: 'integer' } },
            { name: 'version', in: 'query', description: 'Which API' },
            { name: 'dry-run', in: 'header', schema: { type: 'boolean' } },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
          responses: {
            204: { description: 'Replaced' },
            404: { description: 'No such user or version' },
          },
          security: [{ token: [] }],
          'x-internal': true,
        },
      }),
    ]);
    const document = openapi(urlconf, { version: '2', scheme, info });
    expect(document.paths['/users/{pk}/']?.put).toEqual({
      tags: ['users'],
      summary: 'Replace a user',
      description: 'All of it.',
      operationId: 'replaceUser',
      parameters: [
        { name: 'pk', in: 'path', required: true, schema: { type: 'integer' }, description: 'The id' },
        {
          name: 'version',
          in: 'query',
          description: 'Which API',
          required: true,
          schema: { type: 'string', const: '2' },
        },
        { name: 'dry-run', in: 'header', schema: { type: 'boolean' } },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: { 204: { description: 'Replaced' }, 404: { description: 'No such user or version' } },
      security: [{ token: [] }],
      'x-internal': true,
    });
    await expectValidDocument(document);
  });

  test('a path parameter of an optional group is documented on the paths that have it', async () => {
    const urlconf = new UrlConf([
      path('/users{/:pk}', handler, {
        openapi: { parameters: [{ name: 'pk', in: 'path', description: 'id' }] },
      }),
    ]);
    const document = openapi(urlconf, { version: '1', info });
    expect(document.paths['/users']?.get).not.toHaveProperty('parameters');
    expect(document.paths['/users/{pk}']?.get?.parameters).toEqual([
      { name: 'pk', in: 'path', required: true, schema: { type: 'string', minLength: 1 }, description: 'id' },
    ]);
    await expectValidDocument(document);
  });

  test('a parameter given as content, or with neither schema nor content, still makes a valid document', async () => {
    const urlconf = new UrlConf([
      path('/users/:pk/', handler, {
        openapi: {
          parameters: [
            { name: 'pk', in: 'path', content: { 'application/json': { schema: { type: 'integer' } } } },
            { name: 'fields', in: 'query', description: 'Which fields' },
          ],
        },
      }),
    ]);
    const document = openapi(urlconf, { version: '1', info });
    expect(document.paths['/users/{pk}/']?.get?.parameters).toEqual([
      {
        name: 'pk',
        in: 'path',
        required: true,
        content: { 'application/json': { schema: { type: 'integer' } } },
      },
      { name: 'fields', in: 'query', description: 'Which fields', schema: { type: 'string' } },
    ]);
    await expectValidDocument(document);
  });

  test('keeps a path parameter required, whatever the option says', () => {
    const urlconf = new UrlConf([
      path('/users/:pk/', handler, {
        openapi: { parameters: [{ name: 'pk', in: 'path', required: false }] },
      }),
    ]);
    expect(
      openapi(urlconf, { version: '1', info }).paths['/users/{pk}/']?.get?.parameters?.[0]?.required,
    ).toBe(true);
  });

  test('is copied when path() is called: changing the object later changes no document', () => {
    const own = { summary: 'before', tags: ['a'] };
    const urlconf = new UrlConf([path('/x', handler, { openapi: own })]);
    own.summary = 'after';
    own.tags.push('b');
    expect(openapi(urlconf, { version: '1', info }).paths['/x']?.get).toMatchObject({
      summary: 'before',
      tags: ['a'],
    });
  });

  const where = 'path("/x"): options.openapi';
  test.each([
    [
      'not an object',
      'summary',
      `${where} must be an object of OpenAPI Operation members, or false, got "summary"`,
    ],
    ['an unknown member', { summry: 'x' }, `${where}: unknown member "summry"; known: tags, summary`],
    ['tags not strings', { tags: ['a', 1] }, `${where}.tags[1] must be a non-empty string, got 1`],
    [
      'a parameter without a name',
      { parameters: [{ in: 'query' }] },
      `${where}.parameters[0].name must be a non-empty string, got undefined`,
    ],
    [
      'a parameter in the body',
      { parameters: [{ name: 'a', in: 'body' }] },
      `${where}.parameters[0].in must be one of "query", "header", "path", "cookie", got "body"`,
    ],
    [
      'a $ref',
      { parameters: [{ $ref: '#/components/parameters/a', name: 'a', in: 'query' }] },
      `${where}.parameters[0] is a $ref ("#/components/parameters/a"); write the object inline`,
    ],
    [
      'a parameter with both a schema and a content',
      { parameters: [{ name: 'a', in: 'query', schema: {}, content: {} }] },
      `${where}.parameters[0] has both schema and content; an OpenAPI parameter has one of them`,
    ],
    [
      'a response code that is none',
      { responses: { 999: { description: 'x' } } },
      `${where}.responses has the key "999", which is not a status code (200, 4XX) or "default"`,
    ],
    [
      'a response without description',
      { responses: { 200: {} } },
      `${where}.responses["200"].description must be a string, got undefined`,
    ],
    [
      'a request body without content',
      { requestBody: {} },
      `${where}.requestBody.content must be an object, got undefined`,
    ],
    ['deprecated not a boolean', { deprecated: 'yes' }, `${where}.deprecated must be a boolean, got "yes"`],
    [
      'a value that is not JSON',
      { 'x-when': new Date(0) },
      `${where}["x-when"] must be JSON (object, array, string, finite number, boolean or null), got a Date`,
    ],
    [
      'a number that is not finite',
      { responses: { 200: { description: 'x', content: { 'a/b': { example: Number.NaN } } } } },
      `${where}.responses["200"].content["a/b"].example must be JSON (object, array, string, finite number, boolean or null), got NaN`,
    ],
  ])('refuses %s with a TypeError naming the member', (_name, value, message) => {
    expect(() => path('/x', handler, { openapi: value as never })).toThrow(new TypeError(message).message);
    expect(() => path('/x', handler, { openapi: value as never })).toThrow(TypeError);
  });

  test('refuses a cycle', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => path('/x', handler, { openapi: { 'x-cyclic': cyclic as never } })).toThrow(
      new TypeError(`${where}["x-cyclic"].self refers to itself; an OpenAPI document is a tree`),
    );
  });
});

describe('route lifecycle (since / until)', () => {
  const scheme = new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3'] });
  const urlconf = new UrlConf([
    path('/always/', handler),
    path('/new/', handler, { since: 'v2' }),
    path('/old/', handler, { until: 'v2' }),
    path('/middle/', handler, { since: 'v2', until: 'v3' }),
  ]);

  test.each([
    ['v1', ['/always/', '/old/']],
    ['v2', ['/always/', '/new/', '/middle/']],
    ['v3', ['/always/', '/new/']],
  ])('version %s has the routes that exist in it', async (version, paths) => {
    const document = openapi(urlconf, { version, scheme, info });
    expect(Object.keys(document.paths)).toEqual(paths);
    await expectValidDocument(document);
  });

  test('a bound that is not an allowed version of the route’s scheme is a TypeError', () => {
    const wrong = new UrlConf([path('/x/', handler, { since: 'v9' })]);
    expect(() => openapi(wrong, { version: 'v1', scheme, info })).toThrow(
      new TypeError(
        'openapi(urlconf, options): route "/x/": since must name an allowed version of the route\'s scheme (["v1","v2","v3"]), got "v9"',
      ),
    );
  });
});

describe('openapi() refuses, with a TypeError naming the value,', () => {
  const urlconf = new UrlConf([path('/users/', handler, { name: 'users' })]);
  const where = 'openapi(urlconf, options)';
  const host = new HostNameVersioning({ allowedVersions: ['v1', 'v2'] });
  class Custom extends BaseVersioning {
    override determineVersion(): string | null {
      return null;
    }
  }
  test.each([
    [
      'a urlconf that is none',
      [[], { version: 'v1', info }],
      `${where}: urlconf must be a UrlConf, got an array`,
    ],
    ['options that are none', [urlconf, null], `${where}: options must be an object, got null`],
    [
      'an unknown option',
      [urlconf, { version: 'v1', info, scheme: null, server: [] }],
      `${where}: unknown option "server"`,
    ],
    [
      'an empty version',
      [urlconf, { version: '', info }],
      `${where}: options.version must be a non-empty string, got ""`,
    ],
    [
      'a scheme that is none',
      [urlconf, { version: 'v1', info, scheme: 'url' }],
      `${where}: options.scheme must be a versioning scheme (such as new URLPathVersioning()) or null, got "url"`,
    ],
    [
      'info without a title',
      [urlconf, { version: 'v1', info: {} }],
      `${where}: options.info.title must be a non-empty string, got undefined`,
    ],
    [
      'an unknown info member',
      [urlconf, { version: 'v1', info: { title: 't', license: 'MIT' } }],
      `${where}: options.info: unknown option "license"`,
    ],
    [
      'servers that are no array',
      [urlconf, { version: 'v1', info, servers: 'https://x' }],
      `${where}: options.servers must be an array, got "https://x"`,
    ],
    [
      'a server without a url',
      [urlconf, { version: 'v1', info, servers: [{}] }],
      `${where}: options.servers[0].url must be a non-empty string, got undefined`,
    ],
    [
      'a policy date without a time zone',
      [urlconf, { version: 'v1', info, policies: { v1: { sunset: '2025-01-01T00:00:00' } } }],
      `${where}: options.policies["v1"].sunset has no time zone`,
    ],
    [
      'an invalid Date',
      [urlconf, { version: 'v1', info, policies: { v1: { deprecation: new Date(Number.NaN) } } }],
      `${where}: options.policies["v1"].deprecation must be a Date`,
    ],
    [
      'an unknown policy member',
      [urlconf, { version: 'v1', info, policies: { v1: { sunrise: '2025-01-01' } } }],
      `${where}: options.policies["v1"]: unknown option "sunrise"`,
    ],
    [
      'enforceSunset that is no boolean',
      [urlconf, { version: 'v1', info, enforceSunset: 'yes' }],
      `${where}: options.enforceSunset must be a boolean, got "yes"`,
    ],
    [
      'a version the scheme does not allow',
      [urlconf, { version: 'v3', info, scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) }],
      `${where}: options.version "v3" is not allowed by options.scheme (allowedVersions ["v1","v2"])`,
    ],
    [
      'a URLPathVersioning route without the version parameter',
      [urlconf, { version: 'v1', info, scheme: new URLPathVersioning() }],
      `${where}: route "/users/" is versioned by URLPathVersioning but has no parameter ":version" to carry the version`,
    ],
    [
      'host-name versioning without servers',
      [urlconf, { version: 'v1', info, scheme: host }],
      `${where}: options.scheme is versioned by host name: give options.servers`,
    ],
    [
      'host-name versioning with a relative server',
      [urlconf, { version: 'v1', info, scheme: host, servers: [{ url: '/api' }] }],
      `${where}: options.scheme is versioned by host name, but server "/api" is not an absolute URL with a host`,
    ],
    [
      'a host the scheme would not read the version from',
      [urlconf, { version: 'v1', info, scheme: host, servers: [{ url: 'http://localhost:8000' }] }],
      `${where}: options.scheme: the host "v1.localhost" made for version "v1" from server "http://localhost:8000" does not give that version to hostnameRegex`,
    ],
    [
      'a scheme whose version it cannot place',
      [urlconf, { version: 'v1', info, scheme: new Custom() }],
      `${where}: options.scheme is versioned by a Custom, whose version openapi() cannot place`,
    ],
    [
      'a parameter name with a brace',
      [new UrlConf([path('/:"a}"/', handler)]), { version: 'v1', info }],
      `${where}: route "/:\\"a}\\"/": parameter "a}" holds a brace, which an OpenAPI path template cannot carry; rename it`,
    ],
    [
      'a documented path parameter the route lacks',
      [
        new UrlConf([path('/x/', handler, { openapi: { parameters: [{ name: 'id', in: 'path' }] } })]),
        { version: 'v1', info },
      ],
      `${where}: route "/x/": openapi.parameters names the path parameter "id", which the route does not have (it has [])`,
    ],
    [
      'two routes at one OpenAPI path with other parameter names',
      [
        new UrlConf([
          path('/u/:pk/', handler, { methods: ['GET'] }),
          path('/u/:id/', handler, { methods: ['DELETE'] }),
        ]),
        { version: 'v1', info },
      ],
      `${where}: route "/u/:id/": its path "/u/{id}/" is the same OpenAPI path as "/u/{pk}/" of route "/u/:pk/", with other parameter names; give both routes the same names`,
    ],
  ])('%s', (_name, [conf, options], message) => {
    const call = () => openapi(conf as UrlConf, options as OpenAPIOptions);
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
  });
});

describe('openapi() refuses what a mount refuses, in the same words', () => {
  const serve = () => undefined;
  const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
  const versionedRoute = new UrlConf([path('/:version/a/', serve)]);
  test.each([
    [
      'a policy for a version no route allows',
      versionedRoute,
      { policies: { v9: { deprecation: '2025-01-01' } } },
    ],
    [
      'a policy link no header can carry',
      versionedRoute,
      { policies: { v1: { link: 'https://example.com/a b' } } },
    ],
    [
      'a sunset before the deprecation',
      versionedRoute,
      { policies: { v1: { deprecation: '2025-06-01', sunset: '2025-01-01' } } },
    ],
    [
      'since that does not come before until',
      new UrlConf([path('/:version/a/', serve, { since: 'v2', until: 'v1' })]),
      {},
    ],
  ])('%s', async (_name, urlconf, extra) => {
    const { versioned } = await import('../../src/adapters/node/index.js');
    let mounted: unknown;
    try {
      versioned(urlconf, { scheme, ...extra });
    } catch (error) {
      mounted = error;
    }
    expect(mounted).toBeInstanceOf(TypeError);
    const { message, code } = mounted as TypeError & { code: string };
    const call = () => openapi(urlconf, { version: 'v1', scheme, info, ...extra });
    expect(call).toThrow(
      new TypeError(message.replace('node versioned(urlconf, options)', 'openapi(urlconf, options)')),
    );
    expect(call).toThrow(expect.objectContaining({ code }));
  });
});
