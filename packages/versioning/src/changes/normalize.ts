import {
  singleSubschemaKeywords,
  subschemaListKeywords,
  subschemaMapKeywords,
} from '../internal/schema-keywords.js';
import { defName, type JsonSchema, type JsonSchemaObject, refTo } from './schema.js';

/** A JSON Schema taken apart: its root, and its named subschemas by name (references are `#/$defs/<name>`). */
export interface Normalized {
  readonly root: JsonSchema;
  readonly defs: ReadonlyMap<string, JsonSchema>;
}

const single = singleSubschemaKeywords;
const lists = subschemaListKeywords;
const maps = subschemaMapKeywords;

const isObject = (value: unknown): value is JsonSchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Takes a JSON Schema apart into its root and its named subschemas, all references rewritten to `#/$defs/<name>`:
 * zod's `$defs` as they are, `definitions` (draft 7) moved, and every subschema with an `$id` (TypeBox's named
 * schemas, which nest the schema itself) hoisted under that name, its `$ref: '<id>'` references pointed at it.
 * The input is not changed; meta keywords (`$schema`, `$id`) are left out of the parts.
 */
export function normalize(json: JsonSchemaObject, known?: (name: string) => boolean): Normalized {
  const defs = new Map<string, JsonSchema>();
  const ids = new Set<string>();
  // Every $id first, so a reference met before its target still finds it.
  const collect = (node: unknown): void => {
    if (!isObject(node)) return;
    if (typeof node.$id === 'string' && node.$id !== '') ids.add(node.$id);
    for (const key of single) collect(node[key]);
    for (const key of lists) if (Array.isArray(node[key])) (node[key] as unknown[]).forEach(collect);
    if (Array.isArray(node.items)) node.items.forEach(collect);
    for (const key of [...maps, '$defs', 'definitions']) {
      const entries = node[key];
      if (isObject(entries)) Object.values(entries).forEach(collect);
    }
  };
  collect(json);
  // `resource`: the `$id` of the schema resource the reference is in, whose root `#` means.
  const ref = (value: string, resource: string | null): string => {
    if (value.startsWith('#/definitions/')) return `#/$defs/${value.slice('#/definitions/'.length)}`;
    if (value === '#' && resource !== null) return refTo(resource);
    if (ids.has(value)) return refTo(value);
    // A bare name the caller knows: TypeBox's `Type.Ref('User')` to a schema by its `$id`.
    if (known !== undefined && /^[^#/:]+$/.test(value) && known(value)) return refTo(value);
    return value;
  };
  const copy = (node: unknown, isRoot: boolean, resource: string | null): JsonSchema => {
    if (typeof node === 'boolean') return node;
    if (!isObject(node)) return {};
    if (!isRoot && typeof node.$id === 'string' && node.$id !== '') {
      if (!defs.has(node.$id)) {
        defs.set(node.$id, true); // placeholder against cycles
        defs.set(node.$id, copy({ ...node, $id: undefined }, true, node.$id));
      }
      return { $ref: refTo(node.$id) };
    }
    const out: Record<string, unknown> = {};
    // Draft 7's tuple (`items` as an array, TypeBox's Tuple) is draft 2020-12's `prefixItems`.
    const tuple = Array.isArray(node.items);
    for (const [key, value] of Object.entries(node)) {
      if (
        value === undefined ||
        key === '$schema' ||
        key === '$id' ||
        key === '$defs' ||
        key === 'definitions'
      )
        continue;
      if (key === '$ref' && typeof value === 'string') out.$ref = ref(value, resource);
      else if (tuple && key === 'items')
        out.prefixItems = (value as unknown[]).map((item) => copy(item, false, resource));
      else if (tuple && key === 'additionalItems') out.items = copy(value, false, resource);
      else if (single.includes(key) && (isObject(value) || typeof value === 'boolean'))
        out[key] = copy(value, false, resource);
      else if (lists.includes(key) && Array.isArray(value))
        out[key] = value.map((item) => copy(item, false, resource));
      else if (maps.includes(key) && isObject(value)) {
        const entries: Record<string, JsonSchema> = {};
        for (const [name, sub] of Object.entries(value)) {
          Object.defineProperty(entries, name, {
            value: copy(sub, false, resource),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        out[key] = entries;
      } else out[key] = value;
    }
    for (const key of ['$defs', 'definitions']) {
      const entries = node[key];
      if (!isObject(entries)) continue;
      for (const [name, sub] of Object.entries(entries)) {
        // Copied before the check: a def with its own `$id` (TypeBox's Cyclic) registers itself while copied, and
        // the reference the copy returns must not replace it.
        const copied = copy(sub, false, resource);
        if (!defs.has(name)) defs.set(name, copied);
      }
    }
    return out;
  };
  const rootId = typeof json.$id === 'string' && json.$id !== '' ? json.$id : null;
  let root = copy(json, true, rootId);
  if (rootId !== null) {
    defs.set(rootId, root);
    root = { $ref: refTo(rootId) };
  }
  return { root, defs };
}

/**
 * The names of the `$defs` `node` refers to directly or through its subschemas (not through other defs); with
 * `rootName`, a reference to the document's root (`#`) counts as one to that name.
 */
export function refsOf(node: JsonSchema, into: Set<string> = new Set(), rootName?: string): Set<string> {
  if (!isObject(node)) return into;
  if (typeof node.$ref === 'string') {
    const name = node.$ref === '#' ? (rootName ?? null) : defName(node.$ref);
    if (name !== null) into.add(name);
  }
  for (const key of single) refsOf(node[key] as JsonSchema, into, rootName);
  for (const key of lists)
    if (Array.isArray(node[key])) for (const item of node[key] as JsonSchema[]) refsOf(item, into, rootName);
  for (const key of maps) {
    const entries = node[key];
    if (isObject(entries))
      for (const sub of Object.values(entries)) refsOf(sub as JsonSchema, into, rootName);
  }
  return into;
}

/**
 * `root` as one self-contained JSON Schema (draft 2020-12): every def reachable from it, as `resolve` gives it, under
 * `$defs` in the order first reached — so the same history gives the same document every time.
 */
export function assemble(
  root: JsonSchema,
  resolve: (name: string) => JsonSchema | undefined,
): JsonSchemaObject {
  const names: string[] = [];
  const seen = new Set<string>();
  const visit = (node: JsonSchema): void => {
    for (const name of refsOf(node)) {
      if (seen.has(name)) continue;
      seen.add(name);
      const def = resolve(name);
      if (def === undefined) continue;
      names.push(name);
      visit(def);
    }
  };
  visit(root);
  const out: Record<string, unknown> = { $schema: 'https://json-schema.org/draft/2020-12/schema' };
  if (typeof root === 'boolean') out.allOf = [root];
  else Object.assign(out, root);
  if (names.length > 0) {
    const $defs: Record<string, JsonSchema> = {};
    for (const name of names) $defs[name] = resolve(name) as JsonSchema;
    out.$defs = $defs;
  }
  return out;
}
