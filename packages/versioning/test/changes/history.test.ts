import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  change,
  field,
  migrateProblem,
  migrateRequest,
  migrateResponse,
  type Schema,
  VersionHistory,
} from '../../src/changes/index.js';
import { versioned as nodeVersioned } from '../../src/adapters/node/index.js';
import { isVersionHistory } from '../../src/changes/history.js';
import { openapi } from '../../src/openapi/index.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { compiles, flavourNames, flavours, thrown } from './schemas.js';

const versions = ['2024-01-01', '2024-06-01', '2025-01-01'] as const;

function specHistory(flavour: (typeof flavourNames)[number]) {
  const schemas = flavours[flavour]();
  const { User } = schemas;
  const renamed = change('A user\'s name is "fullName"', [field(User, 'fullName').renamedFrom('name')]);
  const added = change('Users have an address', [field(User, 'address').added({ default: null })]);
  const history = new VersionHistory(versions, { '2024-06-01': [renamed], '2025-01-01': [added] });
  return { ...schemas, history, renamed, added };
}

describe.each(flavourNames)('schemaFor, with %s schemas', (flavour) => {
  test('a named root is a $ref; named schemas are under $defs by name; each version its own', () => {
    const { history, User, UserList } = specHistory(flavour);
    const head = history.schemaFor(User, '2025-01-01', 'response');
    expect(head.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(head.$ref).toBe('#/$defs/User');
    const defs = head.$defs as Record<string, { properties: object; required?: string[] }>;
    expect(Object.keys(defs).sort()).toEqual(['Address', 'User']);
    expect(Object.keys(defs.User?.properties ?? {})).toEqual(['id', 'fullName', 'address']);
    const oldest = history.schemaFor(User, '2024-01-01', 'response');
    const oldDefs = oldest.$defs as Record<string, { properties: object; required?: string[] }>;
    // The address is gone in the oldest version, and with it the Address schema nothing refers to.
    expect(Object.keys(oldDefs)).toEqual(['User']);
    expect(Object.keys(oldDefs.User?.properties ?? {})).toEqual(['id', 'name']);
    expect(oldDefs.User?.required).toEqual(['id', 'name']);
    const list = history.schemaFor(UserList, '2024-06-01', 'response');
    expect(list.type).toBe('object');
    expect((list.properties as { data: unknown }).data).toEqual({
      type: 'array',
      items: { $ref: '#/$defs/User' },
    });
    expect(
      Object.keys((list.$defs as Record<string, { properties: object }>).User?.properties ?? {}),
    ).toEqual(['id', 'fullName']);
  });

  test('every derived schema, both directions, compiles with Ajv 2020 and tells the versions apart', () => {
    const { history, User, UserList, Cat, UserRecord, UserTuple } = specHistory(flavour);
    for (const schema of [User, UserList, Cat, UserRecord, UserTuple] as Schema[]) {
      for (const version of versions) {
        for (const direction of ['request', 'response'] as const)
          compiles(history.schemaFor(schema, version, direction));
      }
    }
    const old = compiles(history.schemaFor(User, '2024-01-01'));
    expect(old({ id: '1', name: 'A' })).toBe(true);
    expect(old({ id: '1', fullName: 'A' })).toBe(false);
  });

  test('deterministic: the same history gives the same document, call after call', () => {
    const a = specHistory(flavour);
    const b = specHistory(flavour);
    for (const version of versions) {
      const first = JSON.stringify(a.history.schemaFor(a.UserList, version));
      expect(JSON.stringify(a.history.schemaFor(a.UserList, version))).toBe(first);
      expect(JSON.stringify(b.history.schemaFor(b.UserList, version))).toBe(first);
    }
  });
});

describe('schemaFor directions', () => {
  test('request is the input JSON Schema, response the output (zod defaults and closed objects)', () => {
    const Item = z.object({ id: z.string(), count: z.number().default(1) }).meta({ id: 'Item' });
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [change('count', [field(Item, 'count').added({ default: 1 })])],
    });
    const request = history.schemaFor(Item, 'v2');
    const response = history.schemaFor(Item, 'v2', 'response');
    const def = (schema: Record<string, unknown>) =>
      (schema.$defs as Record<string, Record<string, unknown>>).Item;
    expect(def(request)?.required).toEqual(['id']);
    expect(def(response)?.required).toEqual(['id', 'count']);
    expect(def(response)?.additionalProperties).toBe(false);
    expect(history.schemaFor(Item, 'v1', 'request')).toEqual(history.schemaFor(Item, 'v1'));
    expect(Object.keys(def(history.schemaFor(Item, 'v1'))?.properties as object)).toEqual(['id']);
  });

  test('a direction that is neither is a TypeError', () => {
    const { history, User } = specHistory('zod');
    const error = thrown(() => history.schemaFor(User, '2024-01-01', 'both' as never));
    expect([error.name, error.code]).toEqual(['TypeError', 'ERR_VERSIONING_INVALID_ARGUMENT']);
  });
});

describe('the history', () => {
  test('versions and head', () => {
    const { history } = specHistory('zod');
    expect(history.versions).toEqual(versions);
    expect(history.head).toBe('2025-01-01');
    expect(Object.isFrozen(history.versions)).toBe(true);
  });

  test('isApplied: the change’s version and every newer one', () => {
    const { history, renamed, added } = specHistory('zod');
    expect(versions.map((version) => history.isApplied(renamed, version))).toEqual([false, true, true]);
    expect(versions.map((version) => history.isApplied(added, version))).toEqual([false, false, true]);
  });

  test('changelog: newest first, every version but the oldest, one sentence per instruction', () => {
    const { User, Address, string, number } = flavours.zod();
    const history = new VersionHistory(['v1', 'v2', 'v3', 'v4'] as const, {
      v2: [
        change('A user\'s name is "fullName"', [field(User, 'fullName').renamedFrom('name')]),
        change('Addresses', [
          field(Address, 'street').added(),
          field(Address, 'zip').removed({ schema: string }),
          field(Address, 'city').retyped({ schema: number, up: String, down: Number }),
          field(Address, 'city').madeRequired({ default: '' }),
          field(Address, 'street').madeOptional({ value: '' }),
        ]),
      ],
      v4: [
        change('Escape hatches', [
          migrateRequest(User, (user) => user),
          migrateResponse(User, (user) => user),
          migrateRequest({ route: 'users' }, (body) => body),
          migrateResponse({ route: 'users' }, (body) => body),
          migrateProblem((problem) => problem),
        ]),
      ],
    });
    expect(history.changelog()).toEqual([
      {
        version: 'v4',
        changes: [
          {
            description: 'Escape hatches',
            instructions: [
              "Requests' User objects are converted by a migration function.",
              "Responses' User objects are converted by a migration function.",
              'Request bodies of route "users" are converted by a migration function.',
              'Response bodies of route "users" are converted by a migration function.',
              'Problem responses are converted by a migration function.',
            ],
          },
        ],
      },
      { version: 'v3', changes: [] },
      {
        version: 'v2',
        changes: [
          {
            description: 'A user\'s name is "fullName"',
            instructions: ['User.fullName was renamed from "name".'],
          },
          {
            description: 'Addresses',
            instructions: [
              'Address.street was added.',
              'Address.zip was removed.',
              'Address.city changed its type from number to string.',
              'Address.city became required.',
              'Address.street became optional.',
            ],
          },
        ],
      },
    ]);
  });
});

describe('mistakes in a history are TypeErrors that name the change, the version, the schema and the field', () => {
  const { User, Address, string } = flavours.zod();
  const ok = change('fine', [field(User, 'fullName').renamedFrom('name')]);

  const cases: readonly {
    name: string;
    make: () => unknown;
    code: string;
    message: readonly (string | RegExp)[];
  }[] = [
    {
      name: 'a key that is not a version',
      make: () => new VersionHistory(['a', 'b'], { c: [ok] } as never),
      code: 'ERR_VERSIONING_INVALID_HISTORY',
      message: ['"c"', 'not one of the versions ("a", "b")'],
    },
    {
      name: 'the oldest version as a key',
      make: () => new VersionHistory(['a', 'b'], { a: [ok] }),
      code: 'ERR_VERSIONING_INVALID_HISTORY',
      message: ['oldest version "a"'],
    },
    {
      name: 'one change listed twice',
      make: () => new VersionHistory(['a', 'b', 'c'], { b: [ok], c: [ok] }),
      code: 'ERR_VERSIONING_INVALID_HISTORY',
      message: ['"fine" is listed twice', '"b"', '"c"'],
    },
    {
      name: 'one change listed twice in one version',
      make: () => new VersionHistory(['a', 'b'], { b: [ok, ok] }),
      code: 'ERR_VERSIONING_INVALID_HISTORY',
      message: ['"fine" is listed twice'],
    },
    {
      name: 'a field that is not there',
      make: () =>
        new VersionHistory(['a', 'b'], { b: [change('Typo', [field(User, 'fulName').renamedFrom('name')])] }),
      code: 'ERR_VERSIONING_INVALID_HISTORY',
      message: ['"Typo"', 'version "b"', 'User', '"fulName"', 'has no field'],
    },
    {
      name: 'a field that is not there in that version (renamed by a newer change)',
      make: () =>
        new VersionHistory(['a', 'b', 'c'], {
          b: [change('Older', [field(User, 'fullName').madeRequired({ default: '' })])],
          c: [change('Newer', [field(User, 'fullName').renamedFrom('name')])],
        }),
      code: 'ERR_VERSIONING_INVALID_HISTORY',
      message: ['"Older"', 'version "b"', 'User', '"fullName"'],
    },
    {
      name: 'a removed field that is still there',
      make: () =>
        new VersionHistory(['a', 'b'], {
          b: [change('Gone', [field(User, 'id').removed({ schema: string })])],
        }),
      code: 'ERR_VERSIONING_INVALID_HISTORY',
      message: ['"Gone"', 'version "b"', 'User', '"id"', 'still has'],
    },
    {
      name: 'a rename whose old name is there',
      make: () =>
        new VersionHistory(['a', 'b'], { b: [change('Clash', [field(User, 'fullName').renamedFrom('id')])] }),
      code: 'ERR_VERSIONING_INVALID_HISTORY',
      message: ['"Clash"', 'version "b"', 'User', '"fullName"', '"id"'],
    },
    {
      name: 'versions listed twice',
      make: () => new VersionHistory(['a', 'a'], {}),
      code: 'ERR_VERSIONING_INVALID_HISTORY',
      message: ['"a" is listed twice'],
    },
    {
      name: 'no versions',
      make: () => new VersionHistory([], {}),
      code: 'ERR_VERSIONING_INVALID_HISTORY',
      message: ['non-empty array'],
    },
    {
      name: 'an empty version',
      make: () => new VersionHistory(['a', ''], {}),
      code: 'ERR_VERSIONING_INVALID_HISTORY',
      message: ['versions[1]'],
    },
    {
      name: 'a change that is not one',
      make: () => new VersionHistory(['a', 'b'], { b: [{ description: 'x', instructions: [] } as never] }),
      code: 'ERR_VERSIONING_INVALID_HISTORY',
      message: ['change(…)'],
    },
    {
      name: 'an unnamed schema in field()',
      make: () => field(z.object({ a: z.string() }), 'a'),
      code: 'ERR_VERSIONING_INVALID_SCHEMA',
      message: ['field(schema, "a")', 'must have a name'],
    },
    {
      name: 'an unnamed schema in migrateRequest()',
      make: () => migrateRequest({ type: 'object' }, (body) => body),
      code: 'ERR_VERSIONING_INVALID_SCHEMA',
      message: ['migrateRequest', 'must have a name'],
    },
    {
      name: 'an unnamed schema in migrateResponse()',
      make: () => migrateResponse(z.string(), (body) => body),
      code: 'ERR_VERSIONING_INVALID_SCHEMA',
      message: ['migrateResponse', 'must have a name'],
    },
    {
      name: 'something that is not a schema',
      make: () => field('User' as never, 'a'),
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
      message: ['must be a Standard JSON Schema', '"User"'],
    },
    {
      name: 'an empty field name',
      make: () => field(User, ''),
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
      message: ['name must be a non-empty string'],
    },
    {
      name: 'a rename from its own name',
      make: () => field(User, 'id').renamedFrom('id'),
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
      message: ['field(User, "id").renamedFrom(old)', 'its own name'],
    },
    {
      name: 'a misspelt option',
      make: () => field(Address, 'city').added({ defualt: 1 } as never),
      code: 'ERR_VERSIONING_UNKNOWN_OPTION',
      message: ['field(Address, "city").added(options)', '"defualt"', 'known: default'],
    },
    {
      name: 'a missing required option',
      make: () => field(Address, 'city').madeRequired({} as never),
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
      message: ['madeRequired(options)', '"default" is required'],
    },
    {
      name: 'retyped without functions',
      make: () => field(Address, 'city').retyped({ schema: string, up: 1, down: String } as never),
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
      message: ['retyped(options)', 'up must be a function'],
    },
    {
      name: 'removed with required that is not a boolean',
      make: () => field(Address, 'zip').removed({ schema: string, required: 'yes' } as never),
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
      message: ['required must be a boolean'],
    },
    {
      name: 'a change without a description',
      make: () => change(' ', [field(User, 'id').added()]),
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
      message: ['description must be a non-empty string'],
    },
    {
      name: 'a change without instructions',
      make: () => change('Nothing', []),
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
      message: ['"Nothing"', 'non-empty array'],
    },
    {
      name: 'a change with something that is not an instruction',
      make: () => change('Hand-made', [{ type: 'field' } as never]),
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
      message: ['instructions[0]', '"Hand-made"'],
    },
    {
      name: 'a route target without a name',
      make: () => migrateRequest({ route: '' }, (body) => body),
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
      message: ['target.route'],
    },
    {
      name: 'a migration that is not a function',
      make: () => migrateProblem('x' as never),
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
      message: ['migrateProblem(fn)', 'fn must be a function'],
    },
  ];

  test.each(cases)('$name', ({ make, code, message }) => {
    const error = thrown(make);
    expect(error).toBeInstanceOf(TypeError);
    expect(error.code).toBe(code);
    for (const part of message) expect(error.message).toMatch(part);
  });

  test('an unknown version in migrate, schemaFor and isApplied', () => {
    const { history, User, renamed } = specHistory('zod');
    const calls = [
      () => void history.migrate(User, {}, { to: '2023-01-01' as never }),
      () => void history.migrate(User, {}, { from: '2023-01-01' as never, to: '2024-01-01' }),
      () => history.schemaFor(User, '2023-01-01' as never),
      () => history.isApplied(renamed, '2023-01-01' as never),
    ];
    for (const call of calls) {
      const error = thrown(call);
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toContain('"2023-01-01" is not a version of the history');
    }
  });

  test('isApplied of a change from another history is a TypeError', () => {
    const { history } = specHistory('zod');
    const error = thrown(() => history.isApplied(ok, '2024-01-01'));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toContain('"fine" is not in this history');
  });
});

describe('one test of what a history is', () => {
  const real = new VersionHistory(['v1', 'v2'], {});
  // Everything a reader of the public API sees of a history, on a plain object.
  const lookalike = {
    versions: ['v1', 'v2'],
    head: 'v2',
    schemaFor: () => ({}),
    migrate: (_schema: unknown, value: unknown) => value,
  };
  const urlconf = new UrlConf([path('/:version/users/', () => undefined, { name: 'users' })]);
  const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });

  test('isVersionHistory: a history made by VersionHistory, nothing shaped like one', () => {
    expect(isVersionHistory(real)).toBe(true);
    for (const value of [lookalike, Object.create(real) as unknown, null, undefined, 'v1', []])
      expect(isVersionHistory(value)).toBe(false);
  });

  test('the adapters and openapi() take the same histories', () => {
    expect(() => nodeVersioned(urlconf, { scheme, changes: real })).not.toThrow();
    expect(() =>
      openapi(urlconf, { version: 'v1', scheme, info: { title: 'Users' }, changes: real }),
    ).not.toThrow();
    expect(() => nodeVersioned(urlconf, { scheme, changes: lookalike as never })).toThrow(
      /options\.changes must be a VersionHistory/,
    );
    expect(() =>
      openapi(urlconf, { version: 'v1', scheme, info: { title: 'Users' }, changes: lookalike as never }),
    ).toThrow(/options\.changes must be a VersionHistory/);
  });
});
