// Documents from the history: each version's request and response bodies as the history derives them, named schemas
// under components by name, the body problems — and every document a valid OpenAPI 3.1 document.
import Type from 'typebox';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { change, field, type Schema, VersionHistory } from '../../src/changes/index.js';
import {
  openapi,
  type OpenAPIDocument,
  type OpenAPIOptions,
  type SchemaObject,
} from '../../src/openapi/index.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { expectValidDocument } from './support.js';

const info = { title: 'Users' };
const handler = 'handler';

/** The example of the version changes: zod schemas, three versions. */
function zodExample() {
  const Address = z.object({ city: z.string(), street: z.string() }).meta({ id: 'Address' });
  const User = z
    .object({ id: z.string(), fullName: z.string(), address: Address.nullable() })
    .meta({ id: 'User' });
  const UserList = z.object({ data: z.array(User), next: z.string().nullable() });
  const history = new VersionHistory(['2024-01-01', '2024-06-01', '2025-01-01'] as const, {
    '2024-06-01': [change('A user\'s name is "fullName"', [field(User, 'fullName').renamedFrom('name')])],
    '2025-01-01': [change('Users have an address', [field(User, 'address').added({ default: null })])],
  });
  const scheme = new URLPathVersioning({ allowedVersions: [...history.versions] });
  const urlconf = new UrlConf([
    path('/:version/users/', handler, {
      name: 'users',
      methods: ['GET', 'POST'],
      request: User,
      response: UserList,
    }),
    path('/:version/users/:pk/', handler, {
      name: 'user',
      methods: ['GET', 'PUT'],
      request: User,
      response: User,
    }),
    path('/health', handler, { name: 'health', versioning: null, methods: ['GET'], response: User }),
  ]);
  return { history, scheme, urlconf, User };
}

/** A TypeBox schema of the same user: one JSON Schema for both sides. */
function typeboxExample() {
  // TypeBox's types are interfaces, without the index signature of a plain JSON Schema object.
  const User = Type.Object(
    { id: Type.String(), fullName: Type.String() },
    { $id: 'User', additionalProperties: false },
  ) as unknown as Schema;
  const history = new VersionHistory(['v1', 'v2'] as const, {
    v2: [change('A user\'s name is "fullName"', [field(User, 'fullName').renamedFrom('name')])],
  });
  const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
  const urlconf = new UrlConf([
    path('/:version/users/', handler, {
      name: 'users',
      methods: ['POST'],
      request: User,
      response: User,
      openapi: { responses: { 201: { description: 'Created' } } },
    }),
  ]);
  return { history, scheme, urlconf };
}

function documentsOf(
  urlconf: UrlConf,
  options: Omit<OpenAPIOptions, 'version' | 'info'>,
  versions: readonly string[],
) {
  return versions.map((version) => openapi(urlconf, { ...options, version, info }));
}

/** The `properties` of a schema object. */
function propertiesOf(schema: SchemaObject | undefined): Record<string, unknown> {
  return typeof schema === 'object' ? ((schema['properties'] ?? {}) as Record<string, unknown>) : {};
}

/** The operation at `template`, `method` of `document`. */
function operation(document: OpenAPIDocument, template: string, method: 'get' | 'post' | 'put') {
  const found = document.paths[template]?.[method];
  if (found === undefined) throw new Error(`no ${method} ${template} in ${JSON.stringify(document.paths)}`);
  return found;
}

describe('openapi(urlconf, { changes }): zod schemas over three versions', () => {
  const { history, scheme, urlconf } = zodExample();
  const documents = documentsOf(urlconf, { scheme, changes: history }, history.versions);

  test.each(history.versions.map((version, index) => ({ version, index })))(
    'the document of $version is a valid OpenAPI 3.1 document',
    async ({ index }) => {
      await expectValidDocument(documents[index] as OpenAPIDocument);
    },
  );

  test('each version documents User as that version has it, under the same name', () => {
    const [v2024, v2024b, v2025] = documents.map((document) => document.components?.schemas ?? {});
    expect(v2024?.['User']).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' } },
      required: ['id', 'name'],
      additionalProperties: false,
    });
    expect(Object.keys(propertiesOf(v2024b?.['User']))).toEqual(['id', 'fullName']);
    expect(Object.keys(propertiesOf(v2025?.['User']))).toEqual(['id', 'fullName', 'address']);
    // Address is a user's only from 2025-01-01 on; the version-neutral /health has the newest User (and so Address).
    expect(Object.keys(v2024 ?? {})).toEqual(['Problem', 'Address', 'User', 'User.2025-01-01', 'UserInput']);
    expect(Object.keys(v2025 ?? {})).toEqual(['Problem', 'Address', 'AddressInput', 'User', 'UserInput']);
    expect(propertiesOf(v2025?.['User'])).toMatchObject({
      address: { anyOf: [{ $ref: '#/components/schemas/Address' }, { type: 'null' }] },
    });
    expect(propertiesOf(v2025?.['UserInput'])).toMatchObject({
      address: { anyOf: [{ $ref: '#/components/schemas/AddressInput' }, { type: 'null' }] },
    });
  });

  test('a body of a method that has one is the request schema in the version, required, by $ref', () => {
    const [v2024] = documents as [OpenAPIDocument];
    expect(operation(v2024, '/2024-01-01/users/', 'post').requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/UserInput' } } },
    });
    // zod's input schema lets other properties through, its output does not: two components.
    expect(v2024.components?.schemas?.['UserInput']).not.toHaveProperty('additionalProperties');
    expect(operation(v2024, '/2024-01-01/users/', 'get')).not.toHaveProperty('requestBody');
  });

  test('the success response is the response schema in the version: a $ref for a named one, inline otherwise', () => {
    const [v2024] = documents as [OpenAPIDocument];
    expect(operation(v2024, '/2024-01-01/users/{pk}/', 'get').responses['200']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/User' } },
    });
    expect(operation(v2024, '/2024-01-01/users/', 'get').responses['200']?.content).toEqual({
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            data: { type: 'array', items: { $ref: '#/components/schemas/User' } },
            next: { type: ['string', 'null'] },
          },
          required: ['data', 'next'],
          additionalProperties: false,
        },
      },
    });
  });

  test('operations with a body document 400 (invalid_body with errors, parse_error), 413 and 415 as problems', () => {
    const [v2024] = documents as [OpenAPIDocument];
    const post = operation(v2024, '/2024-01-01/users/', 'post');
    expect(Object.keys(post.responses)).toEqual(['200', '400', '404', '413', '415']);
    const problems = post.responses['400']?.content?.['application/problem+json'];
    expect(problems?.schema).toEqual({ $ref: '#/components/schemas/Problem' });
    expect(Object.keys(problems?.examples ?? {})).toEqual(['invalid_body', 'parse_error']);
    expect(problems?.examples?.['invalid_body']?.value).toMatchObject({
      status: 400,
      code: 'invalid_body',
      detail: 'Invalid request body.',
      errors: [{ pointer: '/id', detail: 'must be string' }],
    });
    expect(post.responses['413']?.content?.['application/problem+json']?.examples).toHaveProperty(
      'payload_too_large.value.code',
      'payload_too_large',
    );
    expect(post.responses['415']?.content?.['application/problem+json']?.examples).toHaveProperty(
      'unsupported_media_type.value.code',
      'unsupported_media_type',
    );
    // The shared Problem component has the errors member.
    expect(propertiesOf(v2024.components?.schemas?.['Problem'])).toHaveProperty('errors.items.required', [
      'pointer',
      'detail',
    ]);
    const get = operation(v2024, '/2024-01-01/users/', 'get');
    expect(Object.keys(get.responses)).toEqual(['200', '404']);
  });

  test('a version-neutral route documents its schemas as the newest version has them', () => {
    const [v2024, , v2025] = documents as [OpenAPIDocument, OpenAPIDocument, OpenAPIDocument];
    const health = operation(v2024, '/health', 'get').responses['200']?.content?.['application/json'];
    // In an older version's document, User is that version's; the newest shape is named after its version.
    expect(health?.schema).toEqual({ $ref: '#/components/schemas/User.2025-01-01' });
    expect(v2024.components?.schemas?.['User.2025-01-01']).toEqual(v2025.components?.schemas?.['User']);
    const newest = operation(v2025, '/health', 'get').responses['200']?.content?.['application/json'];
    expect(newest?.schema).toEqual({ $ref: '#/components/schemas/User' });
  });

  test('the same routes and history give the same bytes', () => {
    const again = zodExample();
    const twice = documentsOf(
      again.urlconf,
      { scheme: again.scheme, changes: again.history },
      again.history.versions,
    );
    expect(twice.map((document) => JSON.stringify(document))).toEqual(
      documents.map((document) => JSON.stringify(document)),
    );
  });
});

describe('openapi(urlconf, { changes }): a TypeBox schema (one JSON Schema for both sides)', () => {
  const { history, scheme, urlconf } = typeboxExample();
  const [v1, v2] = documentsOf(urlconf, { scheme, changes: history }, history.versions) as [
    OpenAPIDocument,
    OpenAPIDocument,
  ];

  test('request and response share one component, named as the schema', async () => {
    await expectValidDocument(v1);
    await expectValidDocument(v2);
    expect(Object.keys(v1.components?.schemas ?? {})).toEqual(['Problem', 'User']);
    expect(propertiesOf(v1.components?.schemas?.['User'])).toEqual({
      id: { type: 'string' },
      name: { type: 'string' },
    });
    expect(propertiesOf(v2.components?.schemas?.['User'])).toEqual({
      id: { type: 'string' },
      fullName: { type: 'string' },
    });
  });

  test("the schema goes on the route's own first 2xx response, no 200 made up", () => {
    const post = operation(v1, '/v1/users/', 'post');
    expect(post.responses['201']).toEqual({
      description: 'Created',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } },
    });
    expect(post.responses).not.toHaveProperty('200');
  });
});

describe('openapi(urlconf) without changes', () => {
  test('documents the schemas as written', async () => {
    const { urlconf, scheme } = zodExample();
    const document = openapi(urlconf, { version: '2024-01-01', scheme, info });
    await expectValidDocument(document);
    expect(Object.keys(propertiesOf(document.components?.schemas?.['User']))).toEqual([
      'id',
      'fullName',
      'address',
    ]);
  });

  test('an unnamed request schema is inline', async () => {
    const urlconf = new UrlConf([
      path('/items/', handler, {
        methods: ['POST'],
        request: { type: 'object', properties: { a: { type: 'integer' } } },
      }),
    ]);
    const document = openapi(urlconf, { version: '1', info });
    await expectValidDocument(document);
    expect(operation(document, '/items/', 'post').requestBody?.content['application/json']?.schema).toEqual({
      type: 'object',
      properties: { a: { type: 'integer' } },
    });
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(['Problem']);
  });
});

describe('where the version goes, the bodies follow', () => {
  const { history } = zodExample();
  const User = z.object({ id: z.string(), fullName: z.string() }).meta({ id: 'User' });
  const small = new VersionHistory(['1', '2'] as const, {
    '2': [change('Full names', [field(User, 'fullName').renamedFrom('name')])],
  });

  test('AcceptHeaderVersioning: the request body media type carries the version too', async () => {
    const scheme = new AcceptHeaderVersioning({ allowedVersions: ['1', '2'] });
    const urlconf = new UrlConf([
      path('/users/', handler, { methods: ['POST'], request: User, response: User }),
    ]);
    const document = openapi(urlconf, { version: '1', scheme, info, changes: small });
    await expectValidDocument(document);
    const post = operation(document, '/users/', 'post');
    expect(Object.keys(post.requestBody?.content ?? {})).toEqual(['application/json; version=1']);
    expect(Object.keys(post.responses['200']?.content ?? {})).toEqual(['application/json; version=1']);
    expect(Object.keys(post.responses['406']?.content ?? {})).toEqual(['application/problem+json']);
  });

  test('HostNameVersioning: the 400 lists the body problems and the disallowed host', async () => {
    const scheme = new HostNameVersioning({ allowedVersions: ['1', '2'] });
    const urlconf = new UrlConf([path('/users/', handler, { methods: ['POST'], request: User })]);
    const document = openapi(urlconf, {
      version: '2',
      scheme,
      info,
      changes: small,
      servers: [{ url: 'https://api.example.com' }],
    });
    await expectValidDocument(document);
    const examples = operation(document, '/users/', 'post').responses['400']?.content?.[
      'application/problem+json'
    ]?.examples;
    expect(Object.keys(examples ?? {})).toEqual(['invalid_body', 'parse_error', 'disallowed_host']);
    expect(history.versions).toHaveLength(3);
  });
});

describe('what a document refuses, with a TypeError and its code', () => {
  const { history, scheme, urlconf } = zodExample();

  test.each([
    {
      name: 'a version the history does not have',
      run: () => openapi(urlconf, { version: '2023-01-01', scheme: null, info, changes: history }),
      message:
        /options\.version "2023-01-01" is not a version of options\.changes \("2024-01-01", "2024-06-01", "2025-01-01"\)/,
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
    },
    {
      name: 'changes that are not a history',
      run: () =>
        openapi(urlconf, {
          version: '2024-01-01',
          scheme,
          info,
          changes: JSON.parse('{}') as VersionHistory,
        }),
      message: /options\.changes must be a VersionHistory/,
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
    },
    {
      name: 'a schema name OpenAPI cannot use as a component name',
      run: () =>
        openapi(
          new UrlConf([
            path('/a/', handler, { response: z.object({ a: z.string() }).meta({ id: 'A user' }) }),
          ]),
          { version: '1', info },
        ),
      message:
        /route "\/a\/": its response schema names a schema "A user", which OpenAPI cannot use as a component name/,
      code: 'ERR_VERSIONING_INVALID_SCHEMA',
    },
    {
      name: 'two different schemas of one name',
      run: () =>
        openapi(
          new UrlConf([
            path('/a/', handler, { response: z.object({ a: z.string() }).meta({ id: 'Thing' }) }),
            path('/b/', handler, { response: z.object({ b: z.string() }).meta({ id: 'Thing' }) }),
          ]),
          { version: '1', info },
        ),
      message:
        /route "\/b\/": its response schema has a schema named "Thing" that differs from the one of the same name in the response schema of route "\/a\/"/,
      code: 'ERR_VERSIONING_INVALID_SCHEMA',
    },
    {
      name: "a schema named as the document's own Problem",
      run: () =>
        openapi(
          new UrlConf([
            path('/a/', handler, {
              methods: ['POST'],
              request: z.object({ a: z.string() }),
              response: z.object({ a: z.string() }).meta({ id: 'Problem' }),
            }),
          ]),
          { version: '1', info },
        ),
      message: /a route's schema is named "Problem"/,
      code: 'ERR_VERSIONING_INVALID_SCHEMA',
    },
  ])('$name', ({ run, message, code }) => {
    expect(run).toThrow(message);
    expect(run).toThrow(expect.objectContaining({ name: 'TypeError', code }) as Error);
  });
});
