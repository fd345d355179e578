// Wherever a named schema occurs inside a schema, its instructions apply: properties, array items, prefixItems,
// records, nullable unions, $ref/$defs, recursion, any depth. Anything else is refused, with the JSON pointer.
import Type from 'typebox';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { change, field, type Schema, VersionHistory } from '../../src/changes/index.js';
import { planRouteSchemas } from '../../src/changes/route-schemas.js';
import {
  compiles,
  deepFreeze,
  type Flavour,
  flavourNames,
  flavours,
  type Schemas,
  thrown,
} from './schemas.js';

const headUser = (id: string) => ({
  id,
  fullName: `User ${id}`,
  address: { city: 'Cardiff', street: 'High St' },
});
const oldUser = (id: string) => ({ id, name: `User ${id}`, address: { town: 'Cardiff', street: 'High St' } });

function historyOf({ User, Address, Cat }: Schemas) {
  return new VersionHistory(['v1', 'v2', 'v3'] as const, {
    v2: [change('A user’s name is "fullName"', [field(User, 'fullName').renamedFrom('name')])],
    v3: [
      change('An address has a "city"', [field(Address, 'city').renamedFrom('town')]),
      change('A cat has a "name"', [field(Cat, 'name').renamedFrom('title')]),
    ],
  });
}

interface PlaceCase {
  readonly name: string;
  readonly schema: (schemas: Schemas) => Schema;
  /** A value in HEAD's shape, and the same value in v1's. */
  readonly head: unknown;
  readonly old: unknown;
}

const wrap = (value: unknown, depth: number, key = 'inner'): unknown => {
  let out = value;
  for (let level = 0; level < depth; level += 1) out = { [key]: out };
  return out;
};

const cat = (depth: number, key: 'name' | 'title'): unknown =>
  depth === 0
    ? { [key]: 'kitten', children: [] }
    : { [key]: `cat ${depth}`, children: [cat(depth - 1, key), cat(0, key)] };

const placeCases: readonly PlaceCase[] = [
  { name: 'the named schema itself', schema: (s) => s.User, head: headUser('1'), old: oldUser('1') },
  {
    name: 'a nullable named property set to null',
    schema: (s) => s.User,
    head: { ...headUser('1'), address: null },
    old: { ...oldUser('1'), address: null },
  },
  {
    name: 'array items in an unnamed wrapper',
    schema: (s) => s.UserList,
    head: { data: [headUser('1'), headUser('2')], next: null },
    old: { data: [oldUser('1'), oldUser('2')], next: null },
  },
  {
    name: 'record values (additionalProperties)',
    schema: (s) => s.UserRecord,
    head: { ann: headUser('1'), bob: headUser('2') },
    old: { ann: oldUser('1'), bob: oldUser('2') },
  },
  {
    name: 'tuple items (prefixItems)',
    schema: (s) => s.UserTuple,
    head: [headUser('1'), 3],
    old: [oldUser('1'), 3],
  },
  {
    name: 'twelve levels deep',
    schema: (s) => s.nested(12),
    head: wrap({ user: headUser('1') }, 12),
    old: wrap({ user: oldUser('1') }, 12),
  },
  { name: 'a recursive schema', schema: (s) => s.Cat, head: cat(6, 'name'), old: cat(6, 'title') },
];

describe.each(flavourNames)('places, with %s schemas', (flavour: Flavour) => {
  test.each(placeCases)('$name: down to v1, up to HEAD, through history.migrate and a route', (row) => {
    const schemas = flavours[flavour]();
    const history = historyOf(schemas);
    const schema = row.schema(schemas);
    expect(history.migrate(schema, deepFreeze(structuredClone(row.head)), { to: 'v1' })).toEqual(row.old);
    expect(history.migrate(schema, deepFreeze(structuredClone(row.old)), { from: 'v1', to: 'v3' })).toEqual(
      row.head,
    );
    const plan = planRouteSchemas(
      'test',
      { label: '/r/', name: 'r', request: schema, response: schema },
      history,
    );
    const info = { headers: new Headers(), query: new URLSearchParams() };
    expect(plan.request?.up(deepFreeze(structuredClone(row.old)), 'v1', info)).toEqual(row.head);
    expect(
      plan.response?.down(deepFreeze(structuredClone(row.head)), 'v1', {
        status: 200,
        headers: new Headers(),
      }),
    ).toEqual(row.old);
    // v1's request schema accepts v1's data and refuses HEAD's; HEAD's the other way round.
    const v1 = compiles(history.schemaFor(schema, 'v1'));
    const v3 = compiles(history.schemaFor(schema, 'v3'));
    expect([v1(row.old), v1(row.head), v3(row.head), v3(row.old)]).toEqual([true, false, true, false]);
  });
});

describe('places only plain JSON Schema spells', () => {
  const { User, Address, Cat } = flavours.json();
  const history = historyOf({ ...flavours.json(), User, Address, Cat });

  const cases: readonly PlaceCase[] = [
    {
      name: 'a nullable object as a type array',
      schema: () => ({
        type: ['object', 'null'],
        properties: { user: User },
      }),
      head: { user: headUser('1') },
      old: { user: oldUser('1') },
    },
    {
      name: 'a nullable named schema as oneOf with null',
      schema: () => ({ type: 'object', properties: { user: { oneOf: [{ type: 'null' }, User] } } }),
      head: { user: headUser('1') },
      old: { user: oldUser('1') },
    },
    {
      name: '$ref into $defs, several times',
      schema: () => ({
        type: 'object',
        properties: { a: { $ref: '#/$defs/U' }, b: { type: 'array', items: { $ref: '#/$defs/U' } } },
        $defs: { U: User },
      }),
      head: { a: headUser('1'), b: [headUser('2')] },
      old: { a: oldUser('1'), b: [oldUser('2')] },
    },
    {
      name: 'draft-07 definitions',
      schema: () => ({
        type: 'object',
        properties: { a: { $ref: '#/definitions/U' } },
        definitions: { U: User },
      }),
      head: { a: headUser('1') },
      old: { a: oldUser('1') },
    },
    {
      name: 'a def that refers to another def',
      schema: () => ({
        $ref: '#/$defs/Page',
        $defs: {
          Page: { type: 'object', properties: { items: { type: 'array', items: { $ref: '#/$defs/Item' } } } },
          Item: { type: 'object', properties: { user: User } },
        },
      }),
      head: { items: [{ user: headUser('1') }] },
      old: { items: [{ user: oldUser('1') }] },
    },
  ];

  test.each(cases)('$name', (row) => {
    const schema = row.schema(flavours.json());
    expect(history.migrate(schema, deepFreeze(structuredClone(row.head)), { to: 'v1' })).toEqual(row.old);
    expect(history.migrate(schema, deepFreeze(structuredClone(row.old)), { from: 'v1', to: 'v3' })).toEqual(
      row.head,
    );
    compiles(history.schemaFor(schema, 'v1'));
  });

  test('a value where the schema says null, or of another type, passes unchanged', () => {
    const schema = { type: 'object', properties: { user: { anyOf: [User, { type: 'null' }] } } };
    for (const value of [
      { user: null },
      { user: 'text' },
      { user: 4 },
      { user: [1] },
      {},
      'x',
      null,
      3,
      [],
    ]) {
      expect(history.migrate(schema, deepFreeze(structuredClone(value)), { to: 'v1' })).toEqual(value);
    }
  });

  test('a recursive structure a thousand deep is migrated', () => {
    // zod recursion, the deepest shape a client could send.
    const zodCat = flavours.zod().Cat;
    const zodHistory = new VersionHistory(['v1', 'v2'] as const, {
      v2: [change('named', [field(zodCat, 'name').renamedFrom('title')])],
    });
    let deep: unknown = { title: 'leaf', children: [] };
    for (let level = 0; level < 1_000; level += 1) deep = { title: `c${level}`, children: [deep] };
    const up = zodHistory.migrate(zodCat, deep, { from: 'v1', to: 'v2' }) as { name: string };
    expect(up.name).toBe('c999');
  });
});

describe('refused: a named schema with changes under a construct whose branch depends on the data', () => {
  const zodSchemas = flavours.zod();
  // The zod schemas as zod types, to build unions and intersections of them.
  const User = zodSchemas.User as z.ZodObject;
  const tb = flavours.typebox();
  const json = flavours.json();
  const history = historyOf(zodSchemas);
  const tbHistory = historyOf(tb);
  const jsonHistory = historyOf(json);

  const cases: readonly {
    name: string;
    history: VersionHistory<'v1' | 'v2' | 'v3'>;
    schema: Schema;
    pointer: string;
  }[] = [
    {
      name: 'a union of several object schemas (zod)',
      history,
      schema: z.object({ who: z.union([User, z.object({ bot: z.string() })]) }),
      pointer: '/properties/who/anyOf/0',
    },
    {
      name: 'a union with the named schema second (zod)',
      history,
      schema: z.union([z.object({ bot: z.string() }), User]),
      pointer: '/anyOf/1',
    },
    {
      name: 'an intersection (TypeBox allOf)',
      history: tbHistory,
      schema: Type.Object({ who: Type.Intersect([tb.User as never, Type.Object({ extra: Type.String() })]) }),
      pointer: '/properties/who/allOf/0',
    },
    {
      name: 'an intersection (zod allOf) at the root',
      history,
      schema: z.intersection(User, z.object({ extra: z.string() })),
      pointer: '/allOf/0',
    },
    {
      name: 'if/then',
      history: jsonHistory,
      schema: { type: 'object', if: { required: ['kind'] }, then: { properties: { user: json.User } } },
      pointer: '/then',
    },
    {
      name: 'patternProperties',
      history: jsonHistory,
      schema: { type: 'object', patternProperties: { '^u-': json.User } },
      pointer: '/patternProperties/^u-',
    },
    {
      name: 'a union inside a def, reached through $ref',
      history: jsonHistory,
      schema: {
        type: 'object',
        properties: { list: { type: 'array', items: { $ref: '#/$defs/Either' } } },
        $defs: { Either: { oneOf: [json.User, { type: 'object', properties: { n: { type: 'number' } } }] } },
      },
      pointer: '/$defs/Either/oneOf/0',
    },
  ];

  test.each(cases)('$name: at planRouteSchemas, naming the route and the pointer', (row) => {
    for (const side of ['request', 'response'] as const) {
      const error = thrown(() =>
        planRouteSchemas(
          'versioned(urlconf)',
          { label: '/users/ (users)', name: 'users', [side]: row.schema },
          row.history,
        ),
      );
      expect(error).toBeInstanceOf(TypeError);
      expect(error.code).toBe('ERR_VERSIONING_INVALID_SCHEMA');
      expect(error.message).toContain('versioned(urlconf)');
      expect(error.message).toContain(`the ${side} schema of route /users/ (users)`);
      expect(error.message).toContain(JSON.stringify(row.pointer));
    }
  });

  test.each(cases)('$name: in history.migrate, both ways', (row) => {
    for (const options of [{ to: 'v1' }, { from: 'v1', to: 'v3' }] as const) {
      const error = thrown(() => row.history.migrate(row.schema, {}, options));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.code).toBe('ERR_VERSIONING_INVALID_SCHEMA');
      expect(error.message).toContain(JSON.stringify(row.pointer));
    }
  });

  test('the same constructs are fine where no named schema with changes is under them', () => {
    const plain = z.object({
      who: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]),
      both: z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() })),
    });
    expect(() =>
      planRouteSchemas('t', { label: '/x/', name: null, request: plain, response: plain }, history),
    ).not.toThrow();
    expect(history.migrate(plain, { who: { a: 'x' } }, { to: 'v1' })).toEqual({ who: { a: 'x' } });
  });
});
