import { argumentError } from '../internal/arguments.js';
import { pointerToken } from '../internal/json-pointer.js';
import {
  conditionalKeywords,
  singleSubschemaKeywords,
  subschemaListKeywords,
  subschemaMapKeywords,
} from '../internal/schema-keywords.js';
import { readAsJson } from './json-read.js';
import { refsOf } from './normalize.js';
import {
  allowedNames,
  isClosed,
  isNullSchema,
  isPlainRecord,
  isSchemaObject,
  keepOnly,
  patternRecord,
  patternsOf,
} from './properties.js';
import { defName, type JsonSchema, type JsonSchemaObject } from './schema.js';
import { unionWalk } from './unions.js';
import { arrayWalk, objectWalk } from './walk-members.js';
import type { Transform, Walk } from './walk.types.js';

export type { Transform, Walk } from './walk.types.js';
export { allowedNames } from './properties.js';

export interface WalkerOptions {
  /** The root schema. */
  readonly root: JsonSchema;
  /** A def by name (`undefined`: not there). */
  readonly resolve: (name: string) => JsonSchema | undefined;
  /** What happens to each object of a named schema, by name. */
  readonly transforms: ReadonlyMap<string, Transform>;
  /** Leave out, at every depth, the properties the schema rules out (see `properties.ts`). */
  readonly filter: boolean;
  /** Refuses a place under a construct the walker cannot follow; `pointer` is into the assembled schema. */
  readonly refuse: (pointer: string) => never;
  /**
   * With `filter`, when one walk goes through several versions at once: the defs of the version it arrives at. A
   * named schema with a transform is walked by the defs it starts from and its objects, once transformed, keep what
   * the arriving def lets through (a def given as `true` is filtered by its transform itself: nothing is added
   * around it); every other named schema is walked and filtered by its arriving def, as its objects do not change
   * on the way. Without it, objects are filtered by the defs they are walked with, before their transform.
   */
  readonly filterAs?: (name: string) => JsonSchema | undefined;
  /**
   * Whether each value is read as `JSON.stringify` reads it (`toJSON()`) before it is walked, as a handler's value
   * is; a request body, made by `JSON.parse`, is JSON already.
   * @default true
   */
  readonly asJson?: boolean;
}

/** What `asJson: false` reads a value as: itself. */
const asItself = (value: unknown): unknown => value;

/** The keywords the walker follows into; a transform under any other keyword with subschemas is refused. */
const followed = new Set(['properties', 'additionalProperties', 'items', 'prefixItems', 'anyOf', 'oneOf']);

/** Keywords under which a place cannot be followed: which branch applies depends on the data. */
const unfollowable = [
  ...new Set([
    ...singleSubschemaKeywords,
    ...subschemaListKeywords,
    ...subschemaMapKeywords,
    ...conditionalKeywords,
  ]),
].filter((keyword) => !followed.has(keyword));

/** Keywords whose value maps names to subschemas, among {@link unfollowable}. */
const mapKeywords = new Set([...subschemaMapKeywords, 'dependencies']);

/** The def name the walker gives the document's root, which `$ref: '#'` refers to (no `$defs` name can be it). */
const ROOT = '#';

/** What a place needs: a named schema with a transform, or also an object whose extra properties are left out. */
type Need = 'transform' | 'any';

/** Runs `steps` in turn. */
function sequence(steps: readonly Walk[]): Walk {
  if (steps.length === 1) return steps[0] as Walk;
  return (value, context, key) => {
    let out = value;
    for (const step of steps) out = step(out, context, key);
    return out;
  };
}

/**
 * Compiles the walk of values of `root` that applies `transforms` at every place a named schema occurs (object
 * properties, array items and `prefixItems`, record values, nullable `anyOf`/`oneOf`, `$ref`, recursion) and, with
 * `filter`, leaves out properties the schema rules out — at every depth, in `patternProperties`, and in the branch
 * of a union each value belongs to (`unions.ts`). A value is read as `JSON.stringify` reads it (`json-read.ts`)
 * before it is walked: at the top here, members by the walk of what holds them (`walk-members.ts`), so that the
 * walks compiled for a place get it read. Children are walked before their parent's transform runs, so a migration
 * function sees its nested named objects already migrated. `null` when nothing would happen.
 */
export function compileWalker({
  root,
  resolve: resolveDef,
  transforms,
  filter,
  refuse,
  filterAs,
  asJson = true,
}: WalkerOptions): Walk | null {
  const read: (value: unknown, key: string | number) => unknown = asJson ? readAsJson : asItself;
  const arrived = (name: string): JsonSchema | undefined => {
    if (filterAs === undefined || transforms.has(name)) return undefined;
    const def = filterAs(name);
    return isSchemaObject(def) ? def : undefined;
  };
  const resolve = (name: string): JsonSchema | undefined =>
    name === ROOT ? root : (arrived(name) ?? resolveDef(name));
  const refsIn = (node: JsonSchema): Set<string> => refsOf(node, new Set(), ROOT);
  const hasLocalFilter = (node: JsonSchema): boolean => {
    if (!filter || !isSchemaObject(node)) return false;
    if (isClosed(node)) return true;
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) {
        if (value.some((item) => hasLocalFilter(item as JsonSchema))) return true;
      } else if (isSchemaObject(value)) {
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
    if (!isSchemaObject(node)) return false;
    if (need === 'any' && hasLocalFilter(node)) return true;
    for (const ref of refsIn(node)) if (defPlaces(ref, need)) return true;
    return false;
  };

  const defWalks = new Map<string, Walk | null>();
  /** The defs being compiled, and those of them met again on the way (recursive: walked through their cell). */
  const compiling = new Set<string>();
  const recursive = new Set<string>();
  const walkOfDef = (name: string): Walk | null => {
    if (defWalks.has(name)) {
      if (compiling.has(name)) recursive.add(name);
      return defWalks.get(name) as Walk | null;
    }
    if (!defPlaces(name, 'any')) {
      defWalks.set(name, null);
      return null;
    }
    const cell: { walk: Walk } = { walk: (value) => value };
    // Set before compiling the body: a recursive reference reaches the cell.
    defWalks.set(name, (value, context, key) => cell.walk(value, context, key));
    compiling.add(name);
    cell.walk = defWalk(name);
    compiling.delete(name);
    // Met only from outside itself: its walk is handed out as it is, without the cell's call.
    if (!recursive.has(name)) defWalks.set(name, cell.walk);
    return defWalks.get(name) as Walk;
  };
  /** The walk of a def's values: its members', then its transform and the filter of the version arrived at. */
  const defWalk = (name: string): Walk => {
    const def = resolve(name) as JsonSchema;
    const transform = transforms.get(name);
    // Filtered after the transform, by the defs of the version the walk arrives at.
    const after = filter && transform !== undefined && filterAs !== undefined ? filterAs(name) : undefined;
    const body = compileNode(def, name === ROOT ? '' : `/$defs/${pointerToken(name)}`, after === undefined);
    if (transform === undefined) return body ?? ((value) => value);
    const arrivedAs = after === undefined ? null : target(after);
    const names = isSchemaObject(arrivedAs) ? allowedNames(arrivedAs) : null;
    if (names === null)
      return body === null
        ? transform
        : (value, context, key) => transform(body(value, context, key), context);
    return (value, context, key = '') => {
      const out = transform(body === null ? value : body(value, context, key), context);
      const json = read(out, key);
      return isPlainRecord(json) ? keepOnly(json, names) : json;
    };
  };

  /** Refuses a transform under a keyword whose branch depends on the data. */
  function refuseUnfollowable(node: JsonSchemaObject, pointer: string, isRecord: boolean): void {
    for (const keyword of unfollowable) {
      if (node[keyword] === undefined || typeof node[keyword] === 'boolean') continue;
      if (keyword === 'patternProperties' && isRecord) continue;
      const sub = node[keyword] as JsonSchema | JsonSchema[] | Record<string, JsonSchema>;
      const subs: [string, JsonSchema][] = Array.isArray(sub)
        ? sub.map((item, index) => [`${pointer}/${keyword}/${index}`, item])
        : isSchemaObject(sub) && !mapKeywords.has(keyword)
          ? [[`${pointer}/${keyword}`, sub]]
          : Object.entries(sub as Record<string, JsonSchema>).map(([key, item]) => [
              `${pointer}/${keyword}/${pointerToken(key)}`,
              item,
            ]);
      for (const [at, item] of subs) if (nodePlaces(item, 'transform')) refuse(at);
    }
  }

  function compileNode(node: JsonSchema, pointer: string, ownFilter = true): Walk | null {
    if (!isSchemaObject(node) || !nodePlaces(node)) return null;
    const record = patternRecord(node);
    refuseUnfollowable(node, pointer, record !== null);
    const steps: Walk[] = [];
    const arrayStep = compileArray(node, pointer);
    if (arrayStep !== null) steps.push(arrayStep);
    const objectStep = compileObject(node, pointer, record, ownFilter);
    if (objectStep !== null) steps.push(objectStep);
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
      const union = unionWalk(
        real.map(([index, branch]) => ({
          schema: branch,
          walk: compileNode(branch, `${pointer}/${keyword}/${index}`),
        })),
        target,
      );
      if (union !== null) steps.push(union);
    }
    return steps.length === 0 ? null : sequence(steps);
  }

  /** The def a schema that is only a `$ref` stands for, followed through such references. */
  function target(node: JsonSchema): JsonSchema {
    let current = node;
    for (let hops = 0; hops < 32 && isSchemaObject(current) && typeof current.$ref === 'string'; hops += 1) {
      const name = current.$ref === ROOT ? ROOT : defName(current.$ref);
      const next = name === null ? undefined : resolve(name);
      if (next === undefined) break;
      current = next;
    }
    return current;
  }

  function compileObject(
    node: JsonSchemaObject,
    pointer: string,
    record: JsonSchema | null,
    ownFilter: boolean,
  ): Walk | null {
    const properties = isSchemaObject(node.properties) ? node.properties : {};
    const listed: [string, Walk][] = [];
    for (const [key, sub] of Object.entries(properties)) {
      const walk = compileNode(sub as JsonSchema, `${pointer}/properties/${pointerToken(key)}`);
      if (walk !== null) listed.push([key, walk]);
    }
    const patterns = record === null ? patternsOf(node) : [];
    // A pattern JavaScript cannot read: which properties the others are is unknown, so none of them is walked.
    const others =
      patterns === null
        ? null
        : record !== null
          ? compileNode(
              record,
              `${pointer}/patternProperties/${pointerToken(Object.keys(node.patternProperties as object)[0] as string)}`,
            )
          : isSchemaObject(node.additionalProperties)
            ? compileNode(node.additionalProperties, `${pointer}/additionalProperties`)
            : null;
    return objectWalk({
      read,
      listed,
      known: new Set(Object.keys(properties)),
      patterns: (patterns ?? []).map(
        ([source, pattern, schema]) =>
          [pattern, compileNode(schema, `${pointer}/patternProperties/${pointerToken(source)}`)] as const,
      ),
      others,
      allowed: filter && ownFilter ? allowedNames(node) : null,
    });
  }

  function compileArray(node: JsonSchemaObject, pointer: string): Walk | null {
    const items = isSchemaObject(node.items) ? compileNode(node.items, `${pointer}/items`) : null;
    const prefix = Array.isArray(node.prefixItems)
      ? (node.prefixItems as JsonSchema[]).map((sub, index) =>
          compileNode(sub, `${pointer}/prefixItems/${index}`),
        )
      : [];
    return arrayWalk(prefix, items, read);
  }

  const walk = compileNode(root, '');
  if (walk === null || !asJson) return walk;
  return (value, context, key = '') => walk(read(value, key), context, key);
}

/** The `TypeError` for a place the walker cannot follow. */
export function unfollowableError(where: string, schemaLabel: string, pointer: string): TypeError {
  return argumentError(
    `${where}: ${schemaLabel} has a named schema with version changes at ${JSON.stringify(pointer || '/')} under a construct whose branch depends on the data (allOf, a union of several object schemas, if/then, patternProperties…); its migrations could not be applied there. Describe it with properties, items, additionalProperties or a nullable anyOf`,
    'ERR_VERSIONING_INVALID_SCHEMA',
  );
}
