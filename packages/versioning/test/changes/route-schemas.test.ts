// A route's response is also what is sent: after migrating, what the schema in the request's version rules out
// (additionalProperties: false) is left out, at any depth the schema describes.
import Type from 'typebox';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { change, field, migrateResponse, VersionHistory } from '../../src/changes/index.js';
import { planRouteSchemas } from '../../src/changes/route-schemas.js';
import { deepFreeze, flavourNames, flavours } from './schemas.js';

const info = () => ({ status: 200, headers: new Headers() });

describe.each(flavourNames)('response filtering, with %s schemas', (flavour) => {
  test('extra properties are left out at every depth, in the request’s version’s names', () => {
    const { User, UserList, Address } = flavours[flavour]();
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [
        change('A user’s name is "fullName"', [field(User, 'fullName').renamedFrom('name')]),
        change('Addresses had a country', [
          migrateResponse(Address, (address: Record<string, unknown>) => ({ ...address, country: 'GB' })),
        ]),
      ],
    });
    const plan = planRouteSchemas('test', { label: '/users/', name: 'users', response: UserList }, history);
    const body = deepFreeze({
      data: [
        {
          id: '1',
          fullName: 'Ann',
          passwordHash: 'secret',
          address: { city: 'C', street: 'S', internal: true },
        },
      ],
      next: null,
      debug: { took: 3 },
    });
    expect(plan.response?.down(body, 'v2', info())).toEqual({
      data: [{ id: '1', fullName: 'Ann', address: { city: 'C', street: 'S' } }],
      next: null,
    });
    // Address in v1 has no `country` in its schema either: what the migration added is left out too.
    expect(plan.response?.down(body, 'v1', info())).toEqual({
      data: [{ id: '1', name: 'Ann', address: { city: 'C', street: 'S' } }],
      next: null,
    });
  });
});

describe('response filtering', () => {
  test('a handler hands extra data to an older version’s migration without sending it to anyone', () => {
    const Address = z.object({ city: z.string() }).meta({ id: 'Address' });
    const User = z.object({ id: z.string(), addressId: z.string() }).meta({ id: 'User' });
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [
        change('The address is a link', [
          field(User, 'address').removed({ schema: Address }),
          migrateResponse(User, ({ _prefetchedAddress, ...user }: Record<string, unknown>) => ({
            ...user,
            address: _prefetchedAddress,
          })),
        ]),
      ],
    });
    const plan = planRouteSchemas('test', { label: '/u/', name: 'u', response: User }, history);
    const body = deepFreeze({ id: '1', addressId: 'a1', _prefetchedAddress: { city: 'C', secret: 1 } });
    expect(plan.response?.down(body, 'v2', info())).toEqual({ id: '1', addressId: 'a1' });
    expect(plan.response?.down(body, 'v1', info())).toEqual({
      id: '1',
      addressId: 'a1',
      address: { city: 'C' },
    });
  });

  test('names patternProperties let through are kept', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'string' } },
      patternProperties: { '^x-': { type: 'string' } },
      additionalProperties: false,
    };
    const plan = planRouteSchemas('test', { label: '/p/', name: null, response: schema }, null);
    expect(plan.response?.down({ id: '1', 'x-trace': 't', other: 1 }, null, info())).toEqual({
      id: '1',
      'x-trace': 't',
    });
  });

  test('a union of closed objects keeps what some branch lets through', () => {
    const Shape = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('circle'), radius: z.number() }),
      z.object({ kind: z.literal('square'), side: z.number() }),
    ]);
    const plan = planRouteSchemas(
      'test',
      { label: '/s/', name: null, response: z.object({ shape: Shape }) },
      null,
    );
    expect(
      plan.response?.down({ shape: { kind: 'circle', radius: 1, secret: 2 }, x: 1 }, null, info()),
    ).toEqual({
      shape: { kind: 'circle', radius: 1 },
    });
  });

  test('an open schema, or no response schema, is not walked', () => {
    const open = { type: 'object', properties: { a: { type: 'string' } } };
    const plan = planRouteSchemas('test', { label: '/o/', name: null, response: open }, null);
    expect(plan.response?.applies(null)).toBe(false);
    const body = { a: 'x', b: 1 };
    expect(plan.response?.down(body, null, info())).toBe(body);
    expect(planRouteSchemas('test', { label: '/n/', name: null }, null)).toEqual({
      request: null,
      response: null,
      problem: null,
    });
  });

  test('a request schema with nothing to migrate: the body passes as it is', () => {
    const { User } = flavours.zod();
    const plan = planRouteSchemas('test', { label: '/u/', name: 'u', request: User }, null);
    expect(plan.request?.migrates(null)).toBe(false);
    const body = { id: '1' };
    expect(plan.request?.up(body, null, { headers: new Headers(), query: new URLSearchParams() })).toBe(body);
    expect(plan.request?.jsonSchema(null)).toMatchObject({ $ref: '#/$defs/User' });
  });

  test('a TypeBox schema that refers to a named schema with Type.Ref(name) reaches it', () => {
    const Address = Type.Object({ city: Type.String() }, { $id: 'Address', additionalProperties: false });
    const User = Type.Object(
      { id: Type.String(), address: Type.Ref('Address') },
      { $id: 'User', additionalProperties: false },
    );
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [change('An address has a "city"', [field(Address, 'city').renamedFrom('town')])],
    });
    expect(history.migrate(User, { id: '1', address: { city: 'C' } }, { to: 'v1' })).toEqual({
      id: '1',
      address: { town: 'C' },
    });
    const schema = history.schemaFor(User, 'v1');
    expect(schema).toMatchObject({
      $ref: '#/$defs/User',
      $defs: {
        User: { properties: { address: { $ref: '#/$defs/Address' } } },
        Address: { required: ['town'] },
      },
    });
  });
});

describe('a { route } migration that reshapes the whole body', () => {
  const City = z.object({ id: z.number(), countryCode: z.string() }).meta({ id: 'EnvelopeCity' });
  const Page = z.object({ data: z.array(City), meta: z.object({ total: z.number() }) });
  const history = new VersionHistory(['v1', 'v2'] as const, {
    v2: [
      change('"country" is "countryCode"; cities have ids', [
        field(City, 'countryCode').renamedFrom('country'),
        field(City, 'id').added(),
      ]),
      change('A list is { data, meta }', [
        migrateResponse({ route: 'cities' }, (body: { data: unknown[]; meta: { total: number } }) => ({
          count: body.meta.total,
          results: body.data,
        })),
      ]),
    ],
  });
  const route = planRouteSchemas('test', { label: '"/cities/"', name: 'cities', response: Page }, history);
  const info = { status: 200, headers: new Headers() };

  test('is filtered by the version’s schema before the reshape, which the route’s schema no longer describes', () => {
    const page = { data: [{ id: 1, countryCode: 'FR', secret: 'x' }], meta: { total: 1 }, cursor: 'c' };
    expect(route.response?.down(page, 'v1', info)).toEqual({ count: 1, results: [{ country: 'FR' }] });
    expect(route.response?.down(page, 'v2', info)).toEqual({
      data: [{ id: 1, countryCode: 'FR' }],
      meta: { total: 1 },
    });
  });
});

describe('a schema its library cannot write as JSON Schema', () => {
  test("a zod .transform() as the response schema is refused at mount, naming the route, with zod's reason", () => {
    const Slug = z.object({ name: z.string() }).transform(({ name }) => name.toLowerCase());
    expect(() =>
      planRouteSchemas('versioned()', { label: '"/tags/"', name: 'tags', response: Slug }, null),
    ).toThrow(
      expect.objectContaining({
        name: 'TypeError',
        code: 'ERR_VERSIONING_INVALID_SCHEMA',
        message: expect.stringMatching(
          /^versioned\(\): the response schema of route "\/tags\/": a zod schema could not be written as JSON Schema \(Transforms cannot be represented in JSON Schema\)/,
        ) as unknown,
      }),
    );
  });

  test('as the request schema it is read by its input, and the handler gets its output', () => {
    const Slug = z.object({ name: z.string() }).transform(({ name }) => name.toLowerCase());
    const plan = planRouteSchemas('versioned()', { label: '"/tags/"', name: 'tags', request: Slug }, null);
    expect(plan.request?.jsonSchema(null)).toMatchObject({ type: 'object', required: ['name'] });
  });
});
