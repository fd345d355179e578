// The same named schemas written three ways — zod (a Standard JSON Schema), TypeBox and plain JSON Schema — so every
// behaviour of the version changes is checked against each way a user writes a schema.
import { Ajv2020 } from 'ajv/dist/2020.js';
import Type from 'typebox';
import { expect } from 'vitest';
import { z } from 'zod';
import type { JsonSchemaObject, Schema } from '../../src/changes/index.js';

/** The schemas each flavour provides, all with the same shapes. */
export interface Schemas {
  /** `Address { city: string; street: string }`, named `Address`. */
  readonly Address: Schema;
  /** `User { id: string; fullName: string; address: Address | null }`, named `User`. */
  readonly User: Schema;
  /** `{ data: User[]; next: string | null }`, unnamed. */
  readonly UserList: Schema;
  /** `Thing { a: string; b?: number }`, named `Thing`: the subject of the instruction table. */
  readonly Thing: Schema;
  /** `Cat { name: string; children: Cat[] }`, named `Cat`: a recursive schema. */
  readonly Cat: Schema;
  /** A schema of one string, one number: the `schema` of removed/retyped fields. */
  readonly string: Schema;
  readonly number: Schema;
  /** `{ user: User }` wrapped `depth` times in `{ inner: … }`, unnamed. */
  nested(depth: number): Schema;
  /** `Record<string, User>`. */
  readonly UserRecord: Schema;
  /** `[User, number]`. */
  readonly UserTuple: Schema;
}

export type Flavour = 'zod' | 'typebox' | 'json';

function zodSchemas(): Schemas {
  const Address = z.object({ city: z.string(), street: z.string() }).meta({ id: 'Address' });
  const User = z
    .object({ id: z.string(), fullName: z.string(), address: Address.nullable() })
    .meta({ id: 'User' });
  const Cat = z
    .object({
      name: z.string(),
      get children() {
        return z.array(Cat);
      },
    })
    .meta({ id: 'Cat' });
  return {
    Address,
    User,
    UserList: z.object({ data: z.array(User), next: z.string().nullable() }),
    Thing: z.object({ a: z.string(), b: z.number().optional() }).meta({ id: 'Thing' }),
    Cat,
    string: z.string(),
    number: z.number(),
    nested: (depth) => {
      let schema: z.ZodType = z.object({ user: User });
      for (let level = 0; level < depth; level += 1) schema = z.object({ inner: schema });
      return schema;
    },
    UserRecord: z.record(z.string(), User),
    UserTuple: z.tuple([User, z.number()]),
  };
}

function typeboxSchemas(): Schemas {
  const closed = { additionalProperties: false } as const;
  const Address = Type.Object({ city: Type.String(), street: Type.String() }, { $id: 'Address', ...closed });
  const User = Type.Object(
    { id: Type.String(), fullName: Type.String(), address: Type.Union([Address, Type.Null()]) },
    { $id: 'User', ...closed },
  );
  return {
    Address,
    User,
    UserList: Type.Object({ data: Type.Array(User), next: Type.Union([Type.String(), Type.Null()]) }, closed),
    Thing: Type.Object({ a: Type.String(), b: Type.Optional(Type.Number()) }, { $id: 'Thing', ...closed }),
    Cat: Type.Cyclic(
      { Cat: Type.Object({ name: Type.String(), children: Type.Array(Type.Ref('Cat')) }, closed) },
      'Cat',
    ),
    string: Type.String(),
    number: Type.Number(),
    nested: (depth) => {
      let schema = Type.Object({ user: User }, closed) as ReturnType<typeof Type.Object>;
      for (let level = 0; level < depth; level += 1) schema = Type.Object({ inner: schema }, closed);
      return schema;
    },
    UserRecord: Type.Record(Type.String(), User),
    UserTuple: Type.Tuple([User, Type.Number()]),
  };
}

function jsonSchemas(): Schemas {
  const Address = {
    $id: 'Address',
    type: 'object',
    properties: { city: { type: 'string' }, street: { type: 'string' } },
    required: ['city', 'street'],
    additionalProperties: false,
  };
  // Written as a user of $defs and $ref would: User's own document holds Address.
  const User = {
    $id: 'User',
    type: 'object',
    properties: {
      id: { type: 'string' },
      fullName: { type: 'string' },
      address: { anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }] },
    },
    required: ['id', 'fullName', 'address'],
    additionalProperties: false,
    $defs: { Address: { ...Address, $id: undefined } },
  };
  return {
    Address,
    User,
    UserList: {
      type: 'object',
      properties: { data: { type: 'array', items: User }, next: { type: ['string', 'null'] } },
      required: ['data', 'next'],
      additionalProperties: false,
    },
    Thing: {
      $id: 'Thing',
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a'],
      additionalProperties: false,
    },
    Cat: {
      $id: 'Cat',
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
      required: ['name', 'children'],
      additionalProperties: false,
    },
    string: { type: 'string' },
    number: { type: 'number' },
    nested: (depth) => {
      let schema: JsonSchemaObject = {
        type: 'object',
        properties: { user: { $ref: '#/definitions/User' } },
        definitions: { User },
      };
      for (let level = 0; level < depth; level += 1) {
        const { definitions, ...inner } = schema;
        schema = { type: 'object', properties: { inner }, definitions };
      }
      return schema;
    },
    UserRecord: { type: 'object', additionalProperties: User },
    UserTuple: {
      type: 'array',
      prefixItems: [User, { type: 'number' }],
      items: false,
      minItems: 2,
      maxItems: 2,
    },
  };
}

/** Fresh schemas of a flavour (fresh per call: a history's caches never carry over between tests). */
export const flavours: Readonly<Record<Flavour, () => Schemas>> = {
  zod: zodSchemas,
  typebox: typeboxSchemas,
  json: jsonSchemas,
};

/** The flavours as `describe.each` rows. */
export const flavourNames = Object.keys(flavours) as Flavour[];

/** `value` and everything in it frozen: a migration that changes its input throws in strict mode. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, strictRequired: false });

/** Asserts that `schema` is a JSON Schema (draft 2020-12) Ajv compiles; returns its validator. */
export function compiles(schema: JsonSchemaObject): (value: unknown) => boolean {
  expect(ajv.validateSchema(schema as object), JSON.stringify(ajv.errors)).toBe(true);
  const validate = ajv.compile(schema as object);
  return (value) => validate(value);
}

/** The error `run` throws (fails when it throws none). */
export function thrown(run: () => unknown): Error & { code?: string } {
  try {
    run();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('nothing was thrown');
}
