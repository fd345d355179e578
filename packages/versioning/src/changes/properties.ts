import type { JsonSchema, JsonSchemaObject } from './schema.js';

/*
 * An object's own properties, and which of them an object schema lets through. A schema rules a property out only
 * with `additionalProperties: false` (as zod's objects and TypeBox's closed objects write it): a name it neither
 * lists in `properties` nor matches by `patternProperties` is then left out. An object schema without it — a
 * hand-written `{ type: 'object', properties }` — lets every other property through, as JSON Schema does.
 */

/** Whether `value` is a non-array object (what a JSON object parses to). */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a schema node is an object (not a boolean schema). */
export const isSchemaObject = (value: unknown): value is JsonSchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a schema node is `{ type: 'null' }` (a description or title aside): the null branch of a nullable union. */
export const isNullSchema = (node: unknown): boolean =>
  isSchemaObject(node) &&
  node.type === 'null' &&
  Object.keys(node).every((key) => key === 'type' || key === 'description' || key === 'title');

/** Sets an own property, `__proto__` included (an assignment would change the prototype instead). */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/** A shallow copy of a plain object, own enumerable properties only (`__proto__` as a property, never a prototype). */
export function copyObject(object: Record<string, unknown>): Record<string, unknown> {
  return { ...object };
}

/** `object` itself when `allowed` lets every key through, else a copy with only those it lets through. */
export function keepOnly(
  object: Record<string, unknown>,
  allowed: (key: string) => boolean,
): Record<string, unknown> {
  const keys = Object.keys(object);
  if (keys.every(allowed)) return object;
  const kept: Record<string, unknown> = {};
  for (const key of keys) if (allowed(key)) setOwn(kept, key, object[key]);
  return kept;
}

/** One of an object schema's `patternProperties`: the pattern as written, as a regular expression, its schema. */
export type PropertyPattern = readonly [source: string, pattern: RegExp, schema: JsonSchema];

/**
 * The `patternProperties` of an object schema, in order; `null` when one is a pattern JavaScript cannot read (the
 * object is then left as it is rather than guessed at).
 */
export function patternsOf(node: JsonSchemaObject): PropertyPattern[] | null {
  if (!isSchemaObject(node.patternProperties)) return [];
  const patterns: PropertyPattern[] = [];
  for (const [source, schema] of Object.entries(node.patternProperties)) {
    try {
      patterns.push([source, new RegExp(source, 'u'), schema as JsonSchema]);
    } catch {
      return null;
    }
  }
  return patterns;
}

/** Whether an object schema rules out the properties it does not name (`additionalProperties: false`). */
export function isClosed(node: JsonSchemaObject): boolean {
  return node.additionalProperties === false;
}

/**
 * Which property names an object schema with `additionalProperties: false` lets through: its `properties` and the
 * names its `patternProperties` match. `null` when it lets every name through.
 */
export function allowedNames(node: JsonSchemaObject): ((key: string) => boolean) | null {
  if (!isClosed(node)) return null;
  const listed = new Set(isSchemaObject(node.properties) ? Object.keys(node.properties) : []);
  const patterns = patternsOf(node);
  if (patterns === null) return null;
  if (patterns.length === 0) return (key) => listed.has(key);
  return (key) => listed.has(key) || patterns.some(([, pattern]) => pattern.test(key));
}

/** Patterns that match every property name: `patternProperties` with one of them alone is a record (TypeBox's). */
const everyName = new Set(['^.*$', '.*', '^.*', '^(.*)$', '']);

/** The schema of a record's values when `node` spells one with `patternProperties` (TypeBox's `Record`), else `null`. */
export function patternRecord(node: JsonSchemaObject): JsonSchema | null {
  const patterns = node.patternProperties;
  if (!isSchemaObject(patterns) || node.properties !== undefined || node.additionalProperties !== undefined)
    return null;
  const entries = Object.entries(patterns);
  if (entries.length !== 1 || !everyName.has((entries[0] as [string, unknown])[0])) return null;
  return (entries[0] as [string, JsonSchema])[1];
}
