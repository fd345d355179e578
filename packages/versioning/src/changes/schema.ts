import { argumentError, isPlainObject } from '../internal/arguments.js';
import { pointerToken, unescapePointerToken } from '../internal/json-pointer.js';
import { isStandardJsonSchema, type JsonSchemaObject, type Schema } from '../urls/body-schema.js';

export {
  checkSchema,
  isStandardJsonSchema,
  type JsonSchemaLike,
  type JsonSchemaObject,
  type Schema,
  type StandardJsonSchema,
} from '../urls/body-schema.js';

/** A JSON Schema (draft 2020-12) object or boolean schema. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/** Which side of an exchange a schema describes: what a client sends, or what it receives. */
export type Direction = 'request' | 'response';

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
  return name.includes('/') ? null : unescapePointerToken(name);
}

/** `#/$defs/<name>`, the name escaped as a JSON Pointer token. */
export function refTo(name: string): string {
  return `#/$defs/${pointerToken(name)}`;
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
