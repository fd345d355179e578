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
  /**
   * With `filter`: the defs that decide what an object of a named schema with a transform keeps, after its
   * transform — when one walk goes through several versions at once, the defs of the version it arrives at (the
   * walk follows the defs of the version it starts from). Without it, objects are filtered by the defs they are
   * walked with, before their transform.
   */
  readonly filterAs?: (name: string) => JsonSchema | undefined;
  // (A def given as `true` there is filtered by its transform itself: nothing is added around it.)
}

/** The def name the walker gives the document's root, which `$ref: '#'` refers to (no `$defs` name can be it). */
const ROOT = '#';

/** Patterns that match every property name: `patternProperties` with one of them alone is a record (TypeBox's). */
const everyName = new Set(['^.*$', '.*', '^.*', '^(.*)$', '']);

/** The schema of a record's values when `node` spells one with `patternProperties` (TypeBox's `Record`), else `null`. */
function patternRecord(node: JsonSchemaObject): JsonSchema | null {
  const patterns = node.patternProperties;
  if (!isObject(patterns) || node.properties !== undefined || node.additionalProperties !== undefined)
    return null;
  const entries = Object.entries(patterns);
  if (entries.length !== 1 || !everyName.has((entries[0] as [string, unknown])[0])) return null;
  return (entries[0] as [string, JsonSchema])[1];
}

/**
 * Which property names an object schema with `additionalProperties: false` lets through: its `properties` and the
 * names its `patternProperties` match. `null` when it lets every name through.
 */
export function allowedNames(node: JsonSchemaObject): ((key: string) => boolean) | null {
  if (node.additionalProperties !== false || !isObject(node.properties)) return null;
  const listed = new Set(Object.keys(node.properties));
  const patterns: RegExp[] = [];
  if (isObject(node.patternProperties)) {
    for (const pattern of Object.keys(node.patternProperties)) {
      try {
        patterns.push(new RegExp(pattern, 'u'));
      } catch {
        return null; // A pattern JavaScript cannot read: leave the object as it is rather than guess.
      }
    }
  }
  if (patterns.length === 0) return (key) => listed.has(key);
  return (key) => listed.has(key) || patterns.some((pattern) => pattern.test(key));
}

/** What a place needs: a named schema with a transform, or also an object whose extra properties are left out. */
type Need = 'transform' | 'any';

/**
 * Compiles the walk of values of `root` that applies `transforms` at every place a named schema occurs (object
 * properties, array items and `prefixItems`, record values, nullable `anyOf`/`oneOf`, `$ref`, recursion) and, with
 * `filter`, leaves out properties the schema rules out. Children are walked before their parent's transform runs,
 * so a migration function sees its nested named objects already migrated. `null` when nothing would happen.
 */
export function compileWalker({
  root,
  resolve: resolveDef,
  transforms,
  filter,
  refuse,
  filterAs,
}: WalkerOptions): Walk | null {
  const resolve = (name: string): JsonSchema | undefined => (name === ROOT ? root : resolveDef(name));
  const refsIn = (node: JsonSchema): Set<string> => refsOf(node, new Set(), ROOT);
  const hasLocalFilter = (node: JsonSchema): boolean => {
    if (!filter || !isObject(node)) return false;
    if (node.additionalProperties === false && isObject(node.properties)) return true;
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) {
        if (value.some((item) => hasLocalFilter(item as JsonSchema))) return true;
      } else if (isObject(value)) {
        // A subschema, or a map of them (properties, $defs…).
        if (hasLocalFilter(value)) return true;
        if (Object.values(value).some((sub) => hasLocalFilter(sub as JsonSchema))) return true;
      }
    }
    return false;
  };
  // Which defs reach a place, themselves or through the defs they refer to.
  const reaches: Record<Need, Map<string, boolean>> = { transform: new Map(), any: new Map() };
  const defPlaces = (name: string, need: Need): boolean => {
    const known = reaches[need].get(name);
    if (known !== undefined) return known;
    // Breadth-first over the defs reachable from `name`.
    const queue = [name];
    const seen = new Set(queue);
    let found = false;
    while (queue.length > 0 && !found) {
      const next = queue.shift() as string;
      const def = resolve(next);
      if (def === undefined) continue;
      if (transforms.has(next) || (need === 'any' && hasLocalFilter(def))) found = true;
      for (const ref of refsIn(def)) {
        if (!seen.has(ref)) {
          seen.add(ref);
          queue.push(ref);
        }
      }
    }
    reaches[need].set(name, found);
    return found;
  };
  const nodePlaces = (node: JsonSchema, need: Need = 'any'): boolean => {
    if (!isObject(node)) return false;
    if (need === 'any' && hasLocalFilter(node)) return true;
    for (const ref of refsIn(node)) if (defPlaces(ref, need)) return true;
    return false;
  };

  const defWalks = new Map<string, Walk | null>();
  const walkOfDef = (name: string): Walk | null => {
    if (defWalks.has(name)) return defWalks.get(name) as Walk | null;
    if (!defPlaces(name, 'any')) {
      defWalks.set(name, null);
      return null;
    }
    const cell: { walk: Walk } = { walk: (value) => value };
    // Set before compiling the body: a recursive reference reaches the cell.
    defWalks.set(name, (value, context) => cell.walk(value, context));
    const def = resolve(name) as JsonSchema;
    let transform = transforms.get(name);
    // Filtered after the transform, by the defs of the version the walk arrives at.
    const after = filter && transform !== undefined && filterAs !== undefined ? filterAs(name) : undefined;
    const body = compileNode(def, name === ROOT ? '' : `/$defs/${token(name)}`, after === undefined);
    if (after !== undefined && transform !== undefined) {
      const arrived = target(after);
      const names = isObject(arrived) ? allowedNames(arrived) : null;
      const migrate = transform;
      if (names !== null) {
        transform = (object, context) => {
          const out = migrate(object, context);
          return isPlainRecord(out) ? keepOnly(out, names) : out;
        };
      }
    }
    if (transform === undefined) cell.walk = body ?? ((value) => value);
    else if (body === null) {
      cell.walk = (value, context) => (isPlainRecord(value) ? transform(value, context) : value);
    } else {
      const apply = transform;
      cell.walk = (value, context) => {
        const walked = body(value, context);
        return isPlainRecord(walked) ? apply(walked, context) : walked;
      };
    }
    return defWalks.get(name) as Walk;
  };

  function compileNode(node: JsonSchema, pointer: string, ownFilter = true): Walk | null {
    if (!isObject(node) || !nodePlaces(node)) return null;
    const record = patternRecord(node);
    // Under these the branch that applies depends on the data: a transform there is refused; an object whose extra
    // properties would be left out is left as it is (nothing is taken away that the schema might allow).
    for (const keyword of unfollowable) {
      if (node[keyword] === undefined || typeof node[keyword] === 'boolean') continue;
      if (keyword === 'patternProperties' && record !== null) continue;
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
      for (const [at, item] of subs) if (nodePlaces(item, 'transform')) refuse(at);
    }
    const steps: Walk[] = [];
    if (typeof node.$ref === 'string') {
      const name = node.$ref === ROOT ? ROOT : defName(node.$ref);
      if (name !== null && resolve(name) !== undefined) {
        const walk = walkOfDef(name);
        if (walk !== null) steps.push(walk);
      }
    }
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const branches = node[keyword];
      if (!Array.isArray(branches)) continue;
      const real = branches
        .map((branch, index) => [index, branch as JsonSchema] as const)
        .filter(([, branch]) => !isNullSchema(branch));
      if (real.length === 1) {
        const [index, branch] = real[0] as readonly [number, JsonSchema];
        const walk = compileNode(branch, `${pointer}/${keyword}/${index}`);
        if (walk !== null) steps.push(walk);
        continue;
      }
      const transformed = real.find(([, branch]) => nodePlaces(branch, 'transform'));
      if (transformed !== undefined) refuse(`${pointer}/${keyword}/${transformed[0]}`);
      const union = unionFilter(real.map(([, branch]) => branch));
      if (union !== null) steps.push(union);
    }
    const objectWalk = compileObject(node, pointer, record, ownFilter);
    if (objectWalk !== null) steps.unshift(objectWalk);
    const arrayWalk = compileArray(node, pointer);
    if (arrayWalk !== null) steps.unshift(arrayWalk);
    if (steps.length === 0) return null;
    if (steps.length === 1) return steps[0] as Walk;
    return (value, context) => {
      let out = value;
      for (const step of steps) out = step(out, context);
      return out;
    };
  }

  /** The def a schema that is only a `$ref` stands for, followed through such references. */
  function target(node: JsonSchema): JsonSchema {
    let current = node;
    for (let hops = 0; hops < 32 && isObject(current) && typeof current.$ref === 'string'; hops += 1) {
      const name = current.$ref === ROOT ? ROOT : defName(current.$ref);
      const next = name === null ? undefined : resolve(name);
      if (next === undefined) break;
      current = next;
    }
    return current;
  }

  /**
   * Leaves out of an object what no branch of a union of object schemas lets through — only when every branch that
   * may be an object rules out extra properties; deeper places are not followed (which branch applies is unknown).
   */
  function unionFilter(branches: readonly JsonSchema[]): Walk | null {
    if (!filter) return null;
    const allowed: ((key: string) => boolean)[] = [];
    for (const branch of branches) {
      const def = target(branch);
      if (!isObject(def)) return null;
      const types = Array.isArray(def.type)
        ? (def.type as unknown[])
        : def.type === undefined
          ? null
          : [def.type];
      if (types !== null && !types.includes('object')) continue;
      const names = allowedNames(def);
      if (names === null) return null;
      allowed.push(names);
    }
    if (allowed.length === 0) return null;
    return (value) => {
      if (!isPlainRecord(value)) return value;
      const keys = Object.keys(value);
      if (keys.every((key) => allowed.some((allows) => allows(key)))) return value;
      const kept: Record<string, unknown> = {};
      for (const key of keys) if (allowed.some((allows) => allows(key))) setOwn(kept, key, value[key]);
      return kept;
    };
  }

  function compileObject(
    node: JsonSchemaObject,
    pointer: string,
    record: JsonSchema | null,
    ownFilter: boolean,
  ): Walk | null {
    const properties = isObject(node.properties) ? node.properties : {};
    const children: [string, Walk][] = [];
    for (const [key, sub] of Object.entries(properties)) {
      const walk = compileNode(sub as JsonSchema, `${pointer}/properties/${token(key)}`);
      if (walk !== null) children.push([key, walk]);
    }
    const additional =
      record !== null
        ? compileNode(
            record,
            `${pointer}/patternProperties/${token(Object.keys(node.patternProperties as object)[0] as string)}`,
          )
        : isObject(node.additionalProperties)
          ? compileNode(node.additionalProperties, `${pointer}/additionalProperties`)
          : null;
    const allowed = filter && ownFilter ? allowedNames(node) : null;
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
      return allowed === null ? out : keepOnly(out, allowed);
    };
  }

  function compileArray(node: JsonSchemaObject, pointer: string): Walk | null {
    const items = isObject(node.items) ? compileNode(node.items, `${pointer}/items`) : null;
    const prefix = Array.isArray(node.prefixItems)
      ? (node.prefixItems as JsonSchema[]).map((sub, index) =>
          compileNode(sub, `${pointer}/prefixItems/${index}`),
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

  return compileNode(root, '');
}

/** `object` itself when `allowed` lets every key through, else a copy with only those it lets through. */
function keepOnly(
  object: Record<string, unknown>,
  allowed: (key: string) => boolean,
): Record<string, unknown> {
  const keys = Object.keys(object);
  if (keys.every(allowed)) return object;
  const kept: Record<string, unknown> = {};
  for (const key of keys) if (allowed(key)) setOwn(kept, key, object[key]);
  return kept;
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
