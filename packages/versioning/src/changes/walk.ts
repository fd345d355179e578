import { argumentError } from '../internal/arguments.js';
import { refsOf } from './normalize.js';
import { defName, type JsonSchema, type JsonSchemaObject } from './schema.js';

/** Migrates one value (a new value, its input untouched); `context` goes to the migration functions. */
export type Walk = (value: unknown, context: unknown) => unknown;

/** What happens to an object of a named schema: a new object (the input untouched). */
export type Transform = (object: Record<string, unknown>, context: unknown) => unknown;

/** Keywords under which a place cannot be followed: which branch applies depends on the data. */
const unfollowable = [
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'dependentSchemas',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
  'dependencies',
];

const isObject = (value: unknown): value is JsonSchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNullSchema = (node: unknown): boolean =>
  isObject(node) &&
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

/** A JSON Pointer token. */
const token = (key: string | number): string => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

export interface WalkerOptions {
  /** The root schema. */
  readonly root: JsonSchema;
  /** A def by name (`undefined`: not there). */
  readonly resolve: (name: string) => JsonSchema | undefined;
  /** What happens to each object of a named schema, by name. */
  readonly transforms: ReadonlyMap<string, Transform>;
  /** Leave out properties an object schema with `additionalProperties: false` does not list. */
  readonly filter: boolean;
  /** Refuses a place under a construct the walker cannot follow; `pointer` is into the assembled schema. */
  readonly refuse: (pointer: string) => never;
}

/**
 * Compiles the walk of values of `root` that applies `transforms` at every place a named schema occurs (object
 * properties, array items and `prefixItems`, record values, nullable `anyOf`/`oneOf`, `$ref`, recursion) and, with
 * `filter`, leaves out properties the schema rules out. Children are walked before their parent's transform runs,
 * so a migration function sees its nested named objects already migrated. `null` when nothing would happen.
 */
export function compileWalker({ root, resolve, transforms, filter, refuse }: WalkerOptions): Walk | null {
  // Which defs hold a place themselves (a transform, or an object to filter in their own body), then which reach one.
  const ownPlace = new Map<string, boolean>();
  const hasLocalFilter = (node: JsonSchema): boolean => {
    if (!filter || !isObject(node)) return false;
    if (node.additionalProperties === false && isObject(node.properties)) return true;
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) {
        if (value.some((item) => hasLocalFilter(item as JsonSchema))) return true;
      } else if (
        isObject(value) &&
        (value.properties !== undefined ||
          value.type !== undefined ||
          value.anyOf !== undefined ||
          value.items !== undefined)
      ) {
        if (hasLocalFilter(value)) return true;
      } else if (isObject(value)) {
        // A map of subschemas (properties, $defs…).
        if (Object.values(value).some((sub) => hasLocalFilter(sub as JsonSchema))) return true;
      }
    }
    return false;
  };
  const reaches = new Map<string, boolean>();
  const defPlaces = (name: string): boolean => {
    const known = reaches.get(name);
    if (known !== undefined) return known;
    // Breadth-first over the defs reachable from `name`.
    const queue = [name];
    const seen = new Set(queue);
    let found = false;
    while (queue.length > 0 && !found) {
      const next = queue.shift() as string;
      const def = resolve(next);
      if (def === undefined) continue;
      let own = ownPlace.get(next);
      if (own === undefined) {
        own = transforms.has(next) || hasLocalFilter(def);
        ownPlace.set(next, own);
      }
      if (own) found = true;
      for (const ref of refsOf(def)) {
        if (!seen.has(ref)) {
          seen.add(ref);
          queue.push(ref);
        }
      }
    }
    reaches.set(name, found);
    return found;
  };
  const nodePlaces = (node: JsonSchema): boolean => {
    if (!isObject(node)) return false;
    if (hasLocalFilter(node)) return true;
    for (const ref of refsOf(node)) if (defPlaces(ref)) return true;
    return false;
  };

  const defWalks = new Map<string, Walk | null>();
  const walkOfDef = (name: string, pointer: string): Walk | null => {
    if (defWalks.has(name)) return defWalks.get(name) as Walk | null;
    if (!defPlaces(name)) {
      defWalks.set(name, null);
      return null;
    }
    const cell: { walk: Walk } = { walk: (value) => value };
    // Set before compiling the body: a recursive reference reaches the cell.
    defWalks.set(name, (value, context) => cell.walk(value, context));
    const def = resolve(name) as JsonSchema;
    const body = compileNode(def, `/$defs/${token(name)}`, pointer);
    const transform = transforms.get(name);
    if (transform === undefined) cell.walk = body ?? ((value) => value);
    else if (body === null) {
      cell.walk = (value, context) => (isPlainRecord(value) ? transform(value, context) : value);
    } else {
      cell.walk = (value, context) => {
        const walked = body(value, context);
        return isPlainRecord(walked) ? transform(walked, context) : walked;
      };
    }
    return defWalks.get(name) as Walk;
  };

  function compileNode(node: JsonSchema, pointer: string, from: string): Walk | null {
    if (!isObject(node) || !nodePlaces(node)) return null;
    for (const keyword of unfollowable) {
      if (node[keyword] === undefined || typeof node[keyword] === 'boolean') continue;
      const sub = node[keyword] as JsonSchema | JsonSchema[] | Record<string, JsonSchema>;
      const subs: [string, JsonSchema][] = Array.isArray(sub)
        ? sub.map((item, index) => [`${pointer}/${keyword}/${index}`, item])
        : isObject(sub) &&
            keyword !== 'patternProperties' &&
            keyword !== 'dependentSchemas' &&
            keyword !== 'dependencies'
          ? [[`${pointer}/${keyword}`, sub]]
          : Object.entries(sub as Record<string, JsonSchema>).map(([key, item]) => [
              `${pointer}/${keyword}/${token(key)}`,
              item,
            ]);
      for (const [at, item] of subs) if (nodePlaces(item)) refuse(at);
    }
    const steps: Walk[] = [];
    if (typeof node.$ref === 'string') {
      const name = defName(node.$ref);
      if (name !== null && resolve(name) !== undefined) {
        const walk = walkOfDef(name, pointer);
        if (walk !== null) steps.push(walk);
      } else if (node.$ref === '#') {
        const walk = compileRootRef();
        if (walk !== null) steps.push(walk);
      }
    }
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const branches = node[keyword];
      if (!Array.isArray(branches)) continue;
      const real = branches
        .map((branch, index) => [index, branch] as const)
        .filter(([, branch]) => !isNullSchema(branch));
      const withPlaces = real.filter(([, branch]) => nodePlaces(branch as JsonSchema));
      if (withPlaces.length === 0) continue;
      if (real.length > 1) refuse(`${pointer}/${keyword}/${withPlaces[0]?.[0] ?? 0}`);
      const [index, branch] = real[0] as readonly [number, JsonSchema];
      const walk = compileNode(branch, `${pointer}/${keyword}/${index}`, from);
      if (walk !== null) steps.push(walk);
    }
    const objectWalk = compileObject(node, pointer, from);
    if (objectWalk !== null) steps.unshift(objectWalk);
    const arrayWalk = compileArray(node, pointer, from);
    if (arrayWalk !== null) steps.unshift(arrayWalk);
    if (steps.length === 0) return null;
    if (steps.length === 1) return steps[0] as Walk;
    return (value, context) => {
      let out = value;
      for (const step of steps) out = step(out, context);
      return out;
    };
  }

  let rootWalk: Walk | null | undefined;
  function compileRootRef(): Walk | null {
    if (rootWalk !== undefined) return rootWalk ?? null;
    const cell: { walk: Walk } = { walk: (value) => value };
    rootWalk = (value, context) => cell.walk(value, context);
    const body = compileNode(root, '', '');
    cell.walk = body ?? ((value) => value);
    return rootWalk;
  }

  function compileObject(node: JsonSchemaObject, pointer: string, from: string): Walk | null {
    const properties = isObject(node.properties) ? node.properties : {};
    const children: [string, Walk][] = [];
    for (const [key, sub] of Object.entries(properties)) {
      const walk = compileNode(sub as JsonSchema, `${pointer}/properties/${token(key)}`, from);
      if (walk !== null) children.push([key, walk]);
    }
    const additional = isObject(node.additionalProperties)
      ? compileNode(node.additionalProperties, `${pointer}/additionalProperties`, from)
      : null;
    const allowed =
      filter && node.additionalProperties === false && isObject(node.properties)
        ? new Set(Object.keys(properties))
        : null;
    if (children.length === 0 && additional === null && allowed === null) return null;
    const known = new Set(Object.keys(properties));
    return (value, context) => {
      if (!isPlainRecord(value)) return value;
      let out = value;
      for (const [key, walk] of children) {
        const child = value[key];
        if (child === undefined || !Object.hasOwn(value, key)) continue;
        const next = walk(child, context);
        if (next !== child) {
          if (out === value) out = copyObject(value);
          setOwn(out, key, next);
        }
      }
      if (additional !== null) {
        for (const key of Object.keys(value)) {
          if (known.has(key)) continue;
          const child = value[key];
          const next = additional(child, context);
          if (next !== child) {
            if (out === value) out = copyObject(value);
            setOwn(out, key, next);
          }
        }
      }
      if (allowed !== null) {
        let extra = false;
        for (const key in out) {
          if (!allowed.has(key)) {
            extra = true;
            break;
          }
        }
        if (extra) {
          const kept: Record<string, unknown> = {};
          for (const key of Object.keys(out)) if (allowed.has(key)) setOwn(kept, key, out[key]);
          out = kept;
        }
      }
      return out;
    };
  }

  function compileArray(node: JsonSchemaObject, pointer: string, from: string): Walk | null {
    const items = isObject(node.items) ? compileNode(node.items, `${pointer}/items`, from) : null;
    const prefix = Array.isArray(node.prefixItems)
      ? (node.prefixItems as JsonSchema[]).map((sub, index) =>
          compileNode(sub, `${pointer}/prefixItems/${index}`, from),
        )
      : [];
    if (items === null && prefix.every((walk) => walk === null)) return null;
    const prefixLength = prefix.length;
    return (value, context) => {
      if (!Array.isArray(value)) return value;
      let out: unknown[] = value;
      for (let index = 0; index < value.length; index += 1) {
        const walk = index < prefixLength ? prefix[index] : items;
        if (walk === null || walk === undefined) continue;
        const item: unknown = value[index];
        const next = walk(item, context);
        if (next !== item) {
          if (out === value) out = value.slice();
          out[index] = next;
        }
      }
      return out;
    };
  }

  return compileNode(root, '', '');
}

/** Whether `value` is a non-array object (what a JSON object parses to). */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `TypeError` for a place the walker cannot follow. */
export function unfollowableError(where: string, schemaLabel: string, pointer: string): TypeError {
  return argumentError(
    `${where}: ${schemaLabel} has a named schema with version changes at ${JSON.stringify(pointer || '/')} under a construct whose branch depends on the data (allOf, a union of several object schemas, if/then, patternProperties…); its migrations could not be applied there. Describe it with properties, items, additionalProperties or a nullable anyOf`,
    'ERR_VERSIONING_INVALID_SCHEMA',
  );
}
