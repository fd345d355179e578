// Each version's document follows the history: a renamed schema's component has the name of that version (and every
// $ref points there), a named schema's request side is `<Name>Input` (never `<Name>InputInput`), and the
// invalid_body example names a field of that version — every document a valid OpenAPI 3.1 document.
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { change, field, type JsonSchemaObject, schema, VersionHistory } from '../../src/changes/index.js';
import { openapi, type OpenAPIDocument } from '../../src/openapi/index.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { expectValidDocument } from './support.js';

const info = { title: 'Users' };
const handler = 'handler';

/** Every `$ref` of a document, sorted, without repeats. */
function refsOf(value: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.add(item);
      else refsOf(item, found);
    }
  }
  return [...found].sort();
}

/** The component names of a document, besides Problem. */
function namesOf(document: OpenAPIDocument): string[] {
  return Object.keys(document.components?.schemas ?? {}).filter((name) => name !== 'Problem');
}

/** The errors of the invalid_body example of `method` at `template`. */
function invalidBodyErrors(document: OpenAPIDocument, template: string, method: 'post' | 'put') {
  const examples =
    document.paths[template]?.[method]?.responses['400']?.content?.['application/problem+json']?.examples;
  return (examples?.['invalid_body']?.value as { errors?: unknown } | undefined)?.errors;
}

/**
 * Customers became users in two steps — `Client` in v1, `Customer` in v2, `User` in v3 — and a user's `name`
 * became `fullName` in v2; a Team holds users (a $ref inside a component) and a list holds them unnamed.
 */
function renamedExample() {
  const User = z.object({ fullName: z.string(), age: z.number().int() }).meta({ id: 'User' });
  const Team = z.object({ title: z.string(), members: z.array(User) }).meta({ id: 'Team' });
  const UserList = z.object({ data: z.array(User) });
  const history = new VersionHistory(['v1', 'v2', 'v3'] as const, {
    v2: [
      change('Clients are customers', [schema(User).renamedFrom('Client')]),
      change('A name is "fullName"', [field(User, 'fullName').renamedFrom('name')]),
    ],
    v3: [change('Customers are users', [schema(User).renamedFrom('Customer')])],
  });
  const scheme = new URLPathVersioning({ allowedVersions: [...history.versions] });
  const bodies = { request: User, response: UserList };
  const urlconf = new UrlConf([
    path('/:version/users/', handler, { name: 'users', methods: ['GET', 'POST'], ...bodies }),
    path('/:version/teams/:pk/', handler, { name: 'team', methods: ['GET'], response: Team }),
    path('/health', handler, { name: 'health', versioning: null, methods: ['GET'], response: User }),
  ]);
  const documents = history.versions.map((version) =>
    openapi(urlconf, { version, scheme, changes: history, info }),
  );
  return { history, scheme, urlconf, documents, User };
}

describe('schema(S).renamedFrom(old): older documents name the component as that version did', () => {
  const { documents } = renamedExample();
  const [v1, v2, v3] = documents as [OpenAPIDocument, OpenAPIDocument, OpenAPIDocument];

  test.each(['v1', 'v2', 'v3'])('the document of %s is a valid OpenAPI 3.1 document', async (version) => {
    await expectValidDocument(documents[['v1', 'v2', 'v3'].indexOf(version)] as OpenAPIDocument);
  });

  test('a chain of renames: Client in v1, Customer in v2, User in v3 (its request side with Input)', () => {
    expect(namesOf(v3)).toEqual(['Team', 'User', 'UserInput']);
    // In v2 the newest user (of the version-neutral /health) has v2's shape: the one component, v2's name.
    expect(namesOf(v2)).toEqual(['Customer', 'CustomerInput', 'Team']);
    expect(namesOf(v1)).toEqual(['Client', 'ClientInput', 'Team', 'User.v3']);
    expect(Object.keys(v1.components?.schemas?.['Client'] as object)).toContain('properties');
    expect((v1.components?.schemas?.['Client'] as { properties: object }).properties).toHaveProperty('name');
    expect((v2.components?.schemas?.['Customer'] as { properties: object }).properties).toHaveProperty(
      'fullName',
    );
  });

  test('every $ref points at the name of the version, in paths and inside other components', () => {
    expect(refsOf(v1)).toEqual(
      ['Client', 'ClientInput', 'Problem', 'Team', 'User.v3'].map((name) => `#/components/schemas/${name}`),
    );
    expect(v1.components?.schemas?.['Team']).toMatchObject({
      properties: { members: { items: { $ref: '#/components/schemas/Client' } } },
    });
    expect(v2.components?.schemas?.['Team']).toMatchObject({
      properties: { members: { items: { $ref: '#/components/schemas/Customer' } } },
    });
    expect(v3.components?.schemas?.['Team']).toMatchObject({
      properties: { members: { items: { $ref: '#/components/schemas/User' } } },
    });
    expect(v1.paths['/v1/users/']?.post?.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ClientInput' } } },
    });
    expect(
      v1.paths['/v1/users/']?.get?.responses['200']?.content?.['application/json']?.schema,
    ).toMatchObject({
      properties: { data: { items: { $ref: '#/components/schemas/Client' } } },
    });
  });

  test("a version-neutral route's newest schema is named as the newest version names it", () => {
    const health = v1.paths['/health']?.get?.responses['200']?.content?.['application/json']?.schema;
    expect(health).toEqual({ $ref: '#/components/schemas/User.v3' });
    expect(v1.components?.schemas?.['User.v3']).toEqual(v3.components?.schemas?.['User']);
  });

  test('the history itself still names the schema by its newest name', () => {
    const { history, User } = renamedExample();
    expect(history.schemaFor(User, 'v1', 'response')).toMatchObject({ $ref: '#/$defs/User' });
  });
});

describe('a rename onto a name in use is refused at openapi(), with ERR_VERSIONING_INVALID_HISTORY', () => {
  const Account = z.object({ iban: z.string() }).meta({ id: 'Account' });
  const User = z.object({ fullName: z.string() }).meta({ id: 'User' });
  const Team = z.object({ title: z.string() }).meta({ id: 'Team' });
  const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
  const urlconf = new UrlConf([
    path('/:version/users/', handler, { name: 'users', response: User }),
    path('/:version/teams/', handler, { name: 'teams', response: Team }),
    path('/:version/accounts/', handler, { name: 'accounts', response: Account }),
  ]);
  const documentOf = (history: VersionHistory, version: string) => () =>
    openapi(urlconf, { version, scheme, changes: history, info });

  test.each([
    {
      name: "onto another schema's name in that version",
      history: new VersionHistory(['v1', 'v2'], {
        v2: [change('Accounts are users', [schema(User).renamedFrom('Account')])],
      }),
      message:
        /schema\(User\)\.renamedFrom\("Account"\) in version "v2" names its component "Account" in this document, the name of the schema "Account"/,
    },
    {
      name: 'two schemas onto one name',
      history: new VersionHistory(['v1', 'v2'], {
        v2: [change('Groups', [schema(User).renamedFrom('Group'), schema(Team).renamedFrom('Group')])],
      }),
      message:
        /renamedFrom\("Group"\) in version "v2": "Group" is the name of (User|Team) in version "v1" too/,
    },
    {
      name: 'a chain that renames a schema onto the name it has there',
      history: new VersionHistory(['v1', 'v2', 'v3'], {
        v2: [change('Members', [schema(User).renamedFrom('Member')])],
        v3: [change('Members again', [schema(User).renamedFrom('Member')])],
      }),
      message:
        /schema\(User\)\.renamedFrom\("Member"\) in version "v2": the schema is named "Member" there already/,
    },
  ])('$name', ({ history, message }) => {
    const older = documentOf(history, 'v1');
    expect(older).toThrow(message);
    expect(older).toThrow(
      expect.objectContaining({ name: 'TypeError', code: 'ERR_VERSIONING_INVALID_HISTORY' }) as Error,
    );
  });

  test('the newest version, where no rename applies, is documented', async () => {
    const history = new VersionHistory(['v1', 'v2'], {
      v2: [change('Accounts are users', [schema(User).renamedFrom('Account')])],
    });
    await expectValidDocument(documentOf(history, 'v2')());
  });

  test('two schemas swapping names in one version is no clash', () => {
    const history = new VersionHistory(['v1', 'v2'], {
      v2: [change('Swap', [schema(User).renamedFrom('Team'), schema(Team).renamedFrom('User')])],
    });
    const v1 = documentOf(history, 'v1')();
    expect(v1.paths['/v1/users/']?.get?.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Team',
    });
    expect(v1.components?.schemas?.['Team']).toMatchObject({ properties: { fullName: {} } });
    expect(v1.components?.schemas?.['User']).toMatchObject({ properties: { title: {} } });
  });
});

describe('component names of request sides', () => {
  const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });

  test('a schema named UserInput whose sides differ is UserInput, never UserInputInput', async () => {
    // zod's input JSON Schema lets other properties through and leaves a defaulted one optional: the sides differ.
    const UserInput = z
      .object({ fullName: z.string(), role: z.string().default('member') })
      .meta({ id: 'UserInput' });
    const User = z.object({ id: z.string(), fullName: z.string() }).meta({ id: 'User' });
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [change('A name is "fullName"', [field([User, UserInput], 'fullName').renamedFrom('name')])],
    });
    const urlconf = new UrlConf([
      path('/:version/users/', handler, {
        name: 'users',
        methods: ['POST'],
        request: UserInput,
        response: User,
      }),
    ]);
    for (const version of history.versions) {
      const document = openapi(urlconf, { version, scheme, changes: history, info });
      await expectValidDocument(document);
      expect(namesOf(document)).toEqual(['User', 'UserInput']);
      expect(
        document.paths[`/${version}/users/`]?.post?.requestBody?.content['application/json']?.schema,
      ).toEqual({
        $ref: '#/components/schemas/UserInput',
      });
    }
  });

  test('User and UserInput with different request sides cannot share the name UserInput: a TypeError', () => {
    const User = z.object({ id: z.string() }).meta({ id: 'User' });
    const UserInput = z.object({ fullName: z.string() }).meta({ id: 'UserInput' });
    const urlconf = new UrlConf([
      path('/users/', handler, { methods: ['POST'], request: UserInput }),
      path('/users/:pk/', handler, { methods: ['PUT'], request: User, response: User }),
    ]);
    const run = () => openapi(urlconf, { version: '1', info });
    expect(run).toThrow(
      /route "\/users\/:pk\/": its request schema has the schema "User", documented as "UserInput", the name of the schema "UserInput"/,
    );
    expect(run).toThrow(expect.objectContaining({ code: 'ERR_VERSIONING_INVALID_SCHEMA' }) as Error);
  });

  test('a schema named …Input used as a response too, its sides differing: a TypeError', () => {
    const UserInput = z.object({ fullName: z.string() }).meta({ id: 'UserInput' });
    const urlconf = new UrlConf([
      path('/users/', handler, { methods: ['POST'], request: UserInput, response: UserInput }),
    ]);
    expect(() => openapi(urlconf, { version: '1', info })).toThrow(
      /whose request and response sides differ and are both documented/,
    );
  });
});

describe('the invalid_body example points at a field of the document’s version', () => {
  const { documents } = renamedExample();

  test.each([
    { version: 'v1', pointer: '/name' },
    { version: 'v2', pointer: '/fullName' },
    { version: 'v3', pointer: '/fullName' },
  ])('$version: $pointer', ({ version, pointer }) => {
    const document = documents[['v1', 'v2', 'v3'].indexOf(version)] as OpenAPIDocument;
    expect(invalidBodyErrors(document, `/${version}/users/`, 'post')).toEqual([
      { pointer, detail: 'must be string' },
    ]);
  });

  test.each<{ name: string; request: JsonSchemaObject; error: { pointer: string; detail: string } }>([
    {
      name: 'a required property first, by its type',
      request: {
        type: 'object',
        properties: { note: { type: 'string' }, count: { type: ['integer', 'null'] } },
        required: ['count'],
      },
      error: { pointer: '/count', detail: 'must be integer,null' },
    },
    {
      name: 'a required property without a type, as missing',
      request: { type: 'object', properties: { 'a/b': {} }, required: ['a/b'] },
      error: { pointer: '/a~1b', detail: "must have required property 'a/b'" },
    },
    {
      name: 'a body without properties, by its type',
      request: { type: 'array', items: { type: 'string' } },
      error: { pointer: '', detail: 'must be array' },
    },
  ])('$name', ({ request, error }) => {
    const urlconf = new UrlConf([path('/items/', handler, { methods: ['POST'], request })]);
    const document = openapi(urlconf, { version: '1', info });
    expect(invalidBodyErrors(document, '/items/', 'post')).toEqual([error]);
  });
});
