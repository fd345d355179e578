import type { BodyError } from '../errors.js';
import { pointerToken } from '../internal/json-pointer.js';
import type { JsonValue, SchemaObject } from './openapi.types.js';

type Keywords = { readonly [keyword: string]: JsonValue };

function keywordsOf(schema: SchemaObject | JsonValue | undefined): Keywords | null {
  return typeof schema === 'object' && schema !== null && !Array.isArray(schema)
    ? (schema as Keywords)
    : null;
}

/** What a validator says of a value of another type: `must be string`, `must be string,null` for a list of types. */
function typeDetail(type: JsonValue | undefined): string | null {
  if (typeof type === 'string') return `must be ${type}`;
  if (Array.isArray(type) && type.length > 0 && type.every((item) => typeof item === 'string'))
    return `must be ${type.join(',')}`;
  return null;
}

/**
 * The error of the `invalid_body` example of an operation whose request body is `schema`, as the document's version
 * has it (`resolve` follows a `$ref` to its component): a property of that version's body of the wrong type — a
 * required one first —, else a required one missing, else the whole body of the wrong type; in the words of the
 * validator that checks the bodies of older versions.
 */
export function invalidBodyExample(
  schema: SchemaObject,
  resolve: (schema: SchemaObject) => SchemaObject,
): BodyError {
  const root = keywordsOf(resolve(schema));
  const properties = keywordsOf(root?.['properties']) ?? {};
  const required = Array.isArray(root?.['required']) ? root['required'] : [];
  const names = [
    ...required.filter((name): name is string => typeof name === 'string' && Object.hasOwn(properties, name)),
    ...Object.keys(properties).filter((name) => !required.includes(name)),
  ];
  for (const name of names) {
    const property = properties[name] as SchemaObject;
    const detail = typeDetail(keywordsOf(resolve(property))?.['type']);
    if (detail !== null) return { pointer: `/${pointerToken(name)}`, detail };
  }
  const missing = names.find((name) => required.includes(name));
  if (missing !== undefined)
    return { pointer: `/${pointerToken(missing)}`, detail: `must have required property '${missing}'` };
  return { pointer: '', detail: typeDetail(root?.['type']) ?? 'must match the schema of this version' };
}
