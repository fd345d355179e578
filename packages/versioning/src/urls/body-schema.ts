import { argumentError, describe, isPlainObject } from '../internal/arguments.js';

// The schemas a route's `request` and `response` options take, which the version changes read too
// (`changes/schema.ts` re-exports them).

/** A JSON Schema object (not a boolean schema). */
export type JsonSchemaObject = { readonly [keyword: string]: unknown };

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
