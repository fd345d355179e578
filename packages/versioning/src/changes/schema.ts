import { argumentError, describe, isPlainObject } from '../internal/arguments.js';

/** A JSON Schema (draft 2020-12) object or boolean schema. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/** A JSON Schema object (not a boolean schema). */
export type JsonSchemaObject = { readonly [keyword: string]: unknown };

/** Which side of an exchange a schema describes: what a client sends, or what it receives. */
export type Direction = 'request' | 'response';

/**
 * A Standard JSON Schema (`~standard.jsonSchema`: zod ≥ 4.2, ArkType ≥ 2.1.28, Valibot through
 * `toStandardJsonSchema`), the shape `@standard-schema/spec` calls `StandardJSONSchemaV1`; `validate` is there on the
 * libraries that are also a Standard Schema (all three), and gives the handler the schema's output.
 */
export interface StandardJsonSchema<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>;
      readonly output: (options: { readonly target: string }) => Record<string, unknown>;
    };
    readonly validate?: (value: unknown) => unknown;
  };
}

/**
 * A JSON Schema object as a library declares its type (TypeBox's `TObject`, `TCyclic`…): an interface, which has no
 * index signature, with at least one JSON Schema keyword.
 */
export interface JsonSchemaLike {
  readonly type?: unknown;
  readonly $id?: unknown;
  readonly $ref?: unknown;
  readonly $defs?: unknown;
  readonly properties?: unknown;
  readonly items?: unknown;
  readonly prefixItems?: unknown;
  readonly anyOf?: unknown;
  readonly oneOf?: unknown;
  readonly allOf?: unknown;
  readonly const?: unknown;
  readonly enum?: unknown;
}

/**
 * A schema of a route's body or of a versioned object: a Standard JSON Schema, or a plain JSON Schema object
 * (TypeBox's schemas, or written by hand).
 */
export type Schema = StandardJsonSchema<any, any> | JsonSchemaObject | JsonSchemaLike; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The type a schema gives its reader: a Standard Schema's output, TypeBox's `static`, else `unknown`.
 */
export type SchemaOutput<S> = S extends { readonly '~standard': { readonly types?: infer T } }
  ? NonNullable<T> extends { readonly output: infer O }
    ? O
    : unknown
  : S extends { readonly static: infer O }
    ? O
    : unknown;

/** The type a client of the newest version sends for a schema: a Standard Schema's input, else its output. */
export type SchemaInput<S> = S extends { readonly '~standard': { readonly types?: infer T } }
  ? NonNullable<T> extends { readonly input: infer I }
    ? I
    : unknown
  : SchemaOutput<S>;

/** Whether `schema` is a Standard JSON Schema (zod, ArkType, Valibot's converter). */
export function isStandardJsonSchema(schema: unknown): schema is StandardJsonSchema {
  if ((typeof schema !== 'object' && typeof schema !== 'function') || schema === null) return false;
  const props = (schema as { '~standard'?: unknown })['~standard'];
  if (typeof props !== 'object' || props === null) return false;
  const converter = (props as { jsonSchema?: unknown }).jsonSchema;
  return (
    typeof converter === 'object' &&
    converter !== null &&
    typeof (converter as { input?: unknown }).input === 'function' &&
    typeof (converter as { output?: unknown }).output === 'function'
  );
}

/**
 * Checks that `schema` is one this package reads (where: the caller, named in the error): a Standard JSON Schema
 * or a plain JSON Schema object. Returns it.
 */
export function checkSchema(where: string, what: string, schema: unknown): Schema {
  if (isStandardJsonSchema(schema)) return schema;
  if (isPlainObject(schema) || (typeof schema === 'object' && schema !== null && !Array.isArray(schema))) {
    return schema as JsonSchemaObject;
  }
  throw argumentError(
    `${where}: ${what} must be a Standard JSON Schema (zod ≥ 4.2, ArkType, Valibot's toStandardJsonSchema) or a JSON Schema object, got ${describe(schema)}`,
  );
}

const cache = {
  request: new WeakMap<object, JsonSchemaObject>(),
  response: new WeakMap<object, JsonSchemaObject>(),
};

/**
 * The JSON Schema (draft 2020-12) of `schema` as `direction` sees it: a Standard JSON Schema's input (request) or
 * output (response) JSON Schema; a plain JSON Schema as it is. Converted once per schema and direction; frozen
 * deeply is not promised — treat it as read-only.
 */
export function toJsonSchema(schema: Schema, direction: Direction): JsonSchemaObject {
  const seen = cache[direction].get(schema);
  if (seen !== undefined) return seen;
  let json: JsonSchemaObject;
  if (isStandardJsonSchema(schema)) {
    const { jsonSchema: converter, vendor } = schema['~standard'];
    try {
      json = (direction === 'request' ? converter.input : converter.output)({ target: 'draft-2020-12' });
    } catch (error) {
      // What the library cannot write as JSON Schema (zod's `.transform()`), the validators and migrations cannot
      // follow either.
      throw argumentError(
        `a ${vendor} schema could not be written as JSON Schema (${error instanceof Error ? error.message : String(error)}); the schemas of routes and histories are read as JSON Schema: transform the value in the handler instead`,
        'ERR_VERSIONING_INVALID_SCHEMA',
        { cause: error },
      );
    }
  } else {
    json = schema as JsonSchemaObject;
  }
  cache[direction].set(schema, json);
  return json;
}

/** The `$defs` name a `$ref` points at (`#/$defs/User` → `User`), or `null` for any other reference. */
export function defName(ref: string): string | null {
  if (!ref.startsWith('#/$defs/')) return null;
  const name = ref.slice('#/$defs/'.length);
  return name.includes('/') ? null : name.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `#/$defs/<name>`, the name escaped as a JSON Pointer token. */
export function refTo(name: string): string {
  return `#/$defs/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/**
 * The name of a schema, or `null`: zod's `.meta({ id })` (its JSON Schema is then a `$ref` to `$defs/<id>`), a
 * plain JSON Schema's `$id`, or a root `$ref` into its own `$defs`.
 */
export function schemaName(schema: Schema): string | null {
  const json = toJsonSchema(schema, 'response');
  if (typeof json.$id === 'string' && json.$id !== '') return json.$id;
  if (typeof json.$ref === 'string') {
    // A bare name is TypeBox's reference to a schema by `$id` (its Cyclic's root refers to one of its `$defs`).
    const name = defName(json.$ref) ?? (/^[^#/]+$/.test(json.$ref) ? json.$ref : null);
    const defs = json.$defs;
    if (name !== null && isPlainObject(defs) && Object.hasOwn(defs, name)) return name;
  }
  return null;
}
