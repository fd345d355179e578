import { jsonEquals, jsonTypeOf, readAsJson } from './json-read.js';
import { allowedNames, isPlainRecord, isSchemaObject, keepOnly } from './properties.js';
import type { JsonSchema, JsonSchemaObject } from './schema.js';
import type { Walk } from './walk.types.js';

/*
 * Which branch of a union (`anyOf`/`oneOf`) a value sent belongs to, so that it is left with what that branch lets
 * through: for a discriminated union — a property whose `const` (or one-member `enum`) tells the branches apart —
 * the branch the value names; otherwise the first branch it matches by a structural check (`type`, `const`,
 * `enum`, `required`, and those of the properties it has, a few levels deep).
 */

/** One branch of a union, as the walker compiled it. */
export interface UnionBranch {
  /** The branch's schema. */
  readonly schema: JsonSchema;
  /** What leaves out of a value of the branch what it rules out (`null`: nothing to leave out). */
  readonly walk: Walk | null;
}

/** How deep the structural check looks into a value's properties and nested unions. */
const checkDepth = 4;

/** A schema node with its `$ref`s followed to the def they name. */
type Follow = (node: JsonSchema) => JsonSchema;

/** Whether a property's value is one `JSON.stringify` leaves out. */
const leftOut = (value: unknown): boolean =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

function typeAccepts(type: unknown, value: unknown): boolean {
  const actual = jsonTypeOf(value);
  const accepts = (name: unknown): boolean =>
    name === actual || (name === 'integer' && actual === 'number' && Number.isInteger(value));
  return Array.isArray(type) ? type.some(accepts) : accepts(type);
}

/** Whether `value` (read as sent) passes the structural check of `node`. */
function accepts(node: JsonSchema, value: unknown, follow: Follow, depth = 0): boolean {
  const schema = follow(node);
  if (schema === false) return false;
  if (!isSchemaObject(schema)) return true;
  if ('const' in schema && !jsonEquals(schema.const, value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((member) => jsonEquals(member, value))) return false;
  if (schema.type !== undefined && !typeAccepts(schema.type, value)) return false;
  if (depth >= checkDepth) return true;
  for (const keyword of ['anyOf', 'oneOf']) {
    const branches = schema[keyword];
    if (
      Array.isArray(branches) &&
      !branches.some((branch) => accepts(branch as JsonSchema, value, follow, depth + 1))
    )
      return false;
  }
  if (!isPlainRecord(value)) return true;
  if (Array.isArray(schema.required)) {
    for (const name of schema.required as unknown[]) {
      if (typeof name === 'string' && (!Object.hasOwn(value, name) || leftOut(value[name]))) return false;
    }
  }
  if (isSchemaObject(schema.properties)) {
    for (const [name, sub] of Object.entries(schema.properties)) {
      if (!Object.hasOwn(value, name) || leftOut(value[name])) continue;
      if (!accepts(sub as JsonSchema, readAsJson(value[name], name), follow, depth + 1)) return false;
    }
  }
  return true;
}

/** The constant a property schema pins its value to (`const`, or a one-member `enum`) when it is a primitive. */
function constantOf(node: JsonSchema): { readonly value: unknown } | null {
  if (!isSchemaObject(node)) return null;
  let value: unknown;
  if ('const' in node) value = node.const;
  else if (Array.isArray(node.enum) && node.enum.length === 1) value = node.enum[0];
  else return null;
  return typeof value === 'object' && value !== null ? null : { value };
}

const mayBe = (schema: JsonSchema, type: string): boolean => {
  if (!isSchemaObject(schema) || schema.type === undefined) return schema !== false;
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  return types.includes(type) || (type === 'number' && types.includes('integer'));
};

/** The property telling the object branches of a union apart, and which branch each of its values names. */
function discriminatorOf(
  schemas: readonly JsonSchema[],
  follow: Follow,
): { readonly key: string; readonly branches: ReadonlyMap<unknown, number> } | null {
  const objects = schemas
    .map((schema, index) => [index, schema] as const)
    .filter(([, schema]) => isSchemaObject(schema) && mayBe(schema, 'object')) as [
    number,
    JsonSchemaObject,
  ][];
  const first = objects[0]?.[1].properties;
  if (objects.length < 2 || !isSchemaObject(first)) return null;
  for (const key of Object.keys(first)) {
    const branches = new Map<unknown, number>();
    for (const [index, schema] of objects) {
      const properties = schema.properties;
      const sub = isSchemaObject(properties) && Object.hasOwn(properties, key) ? properties[key] : undefined;
      const constant = sub === undefined ? null : constantOf(follow(sub as JsonSchema));
      if (constant === null || branches.has(constant.value)) break;
      branches.set(constant.value, index);
    }
    if (branches.size === objects.length) return { key, branches };
  }
  return null;
}

/**
 * The walk of a union's values: each value walked by the branch it belongs to. A value no branch accepts is walked
 * by the first branch of its JSON type, an object first left with only the properties that every such branch lets
 * through (so that nothing only another branch allows gets out); a value of a type no branch has is left as it is.
 * `null` when no branch has anything to leave out.
 */
export function unionWalk(branches: readonly UnionBranch[], follow: Follow): Walk | null {
  if (branches.every((branch) => branch.walk === null)) return null;
  const schemas = branches.map((branch) => follow(branch.schema));
  const tag = discriminatorOf(schemas, follow);
  const allowed = schemas.map((schema) => (isSchemaObject(schema) ? allowedNames(schema) : null));
  const choose = (value: unknown): number => {
    if (tag !== null && isPlainRecord(value) && Object.hasOwn(value, tag.key)) {
      const named = tag.branches.get(readAsJson(value[tag.key], tag.key));
      if (named !== undefined) return named;
    }
    return schemas.findIndex((schema) => accepts(schema, value, follow));
  };
  const fallback = (value: unknown, context: unknown, key: string | number): unknown => {
    const type = jsonTypeOf(value);
    const candidates = schemas.flatMap((schema, index) => (mayBe(schema, type) ? [index] : []));
    const first = candidates[0];
    if (first === undefined) return value;
    let out = value;
    if (isPlainRecord(value)) {
      const closed = candidates.flatMap((index) => allowed[index] ?? []);
      out = keepOnly(value, (name) => closed.every((allows) => allows(name)));
    }
    const walk = branches[first]?.walk ?? null;
    return walk === null ? out : walk(out, context, key);
  };
  return (value, context, key = '') => {
    const index = choose(value);
    if (index === -1) return fallback(value, context, key);
    const walk = branches[index]?.walk ?? null;
    return walk === null ? value : walk(value, context, key);
  };
}
