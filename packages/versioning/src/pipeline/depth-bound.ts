import { defName, type JsonSchema, type JsonSchemaObject } from '../changes/schema.js';
import {
  conditionalKeywords as conditional,
  singleSubschemaKeywords as single,
  subschemaListKeywords as lists,
  subschemaMapKeywords as maps,
} from '../internal/schema-keywords.js';

const isObject = (value: unknown): value is JsonSchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords that constrain a value's type or value (else a schema lets any value through). */
const constraining = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'const', 'enum'];

/**
 * Whether validating and migrating by `root` (a self-contained JSON Schema, named schemas under `$defs`) can only
 * walk as deep as the schema itself: no reference cycle (a schema that recurses), no `uniqueItems` (which compares
 * items as deeply as they go), no dynamic reference. With `closed`, also whether every value it lets through is
 * that shallow: no place that lets any value through (an object open to other properties, an array without
 * `items`, `{}` or `true`, a branch chosen by the data).
 */
export function boundsDepth(root: JsonSchemaObject, closed: boolean): boolean {
  const defs = isObject(root.$defs) ? root.$defs : {};
  const visiting = new Set<string>();
  const done = new Set<string>();

  const check = (node: JsonSchema | undefined): boolean => {
    if (node === undefined || node === false) return true;
    if (node === true) return !closed;
    if (!isObject(node)) return false;
    if (node.uniqueItems === true || '$dynamicRef' in node || '$recursiveRef' in node) return false;
    if (typeof node.$ref === 'string' && !followRef(node.$ref)) return false;
    if (closed && conditional.some((keyword) => node[keyword] !== undefined)) return false;
    for (const keyword of single) if (!check(node[keyword] as JsonSchema | undefined)) return false;
    for (const keyword of lists) {
      const list = node[keyword];
      if (Array.isArray(list) && !list.every((item) => check(item as JsonSchema))) return false;
    }
    for (const keyword of [...maps, 'dependencies']) {
      const map = node[keyword];
      if (isObject(map) && !Object.values(map).every((item) => check(item as JsonSchema))) return false;
    }
    return !closed || shallowAsWritten(node);
  };

  const followRef = (ref: string): boolean => {
    const name = ref === '#' ? '#' : defName(ref);
    if (name === null) return false;
    if (done.has(name)) return true;
    if (visiting.has(name)) return false;
    if (name !== '#' && !Object.hasOwn(defs, name)) return false;
    visiting.add(name);
    const bounded = check(name === '#' ? withoutDefs(root) : (defs[name] as JsonSchema));
    visiting.delete(name);
    if (bounded) done.add(name);
    return bounded;
  };

  return check(withoutDefs(root));
}

function withoutDefs(root: JsonSchemaObject): JsonSchemaObject {
  const { $defs: _defs, definitions: _definitions, ...rest } = root;
  return rest;
}

/** Whether `node` itself (its subschemas checked apart) leaves no value unconstrained. */
function shallowAsWritten(node: JsonSchemaObject): boolean {
  const types = Array.isArray(node.type) ? node.type : node.type === undefined ? null : [node.type];
  if ('const' in node || 'enum' in node) return true;
  const mayBeObject =
    types === null
      ? node.properties !== undefined || node.additionalProperties !== undefined
      : types.includes('object');
  const mayBeArray =
    types === null ? node.items !== undefined || node.prefixItems !== undefined : types.includes('array');
  if (types === null && !mayBeObject && !mayBeArray && !constraining.some((keyword) => keyword in node))
    return false;
  if (mayBeObject && (node.additionalProperties === undefined || node.additionalProperties === true))
    return false;
  if (mayBeArray && (node.items === undefined || node.items === true)) return false;
  return true;
}
