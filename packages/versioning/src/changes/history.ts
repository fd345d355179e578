import { argumentError, describe, isPlainObject } from '../internal/arguments.js';
import { changelogOf, type ChangelogEntry } from './changelog.js';
import { type Change, type Instruction, isChange } from './instructions.js';
import { assemble, normalize, type Normalized } from './normalize.js';
import {
  type Direction,
  type JsonSchema,
  type JsonSchemaObject,
  type Schema,
  type SchemaOutput,
  checkSchema,
  toJsonSchema,
} from './schema.js';
import { compileFilteringTransform, compileTransform, type Way } from './transforms.js';
import { allowedNames, compileWalker, type Transform, unfollowableError, type Walk } from './walk.js';

/** The `TypeError` for a mistake in a history, `code` `ERR_VERSIONING_INVALID_HISTORY`. */
export function historyError(message: string): TypeError {
  return argumentError(message, 'ERR_VERSIONING_INVALID_HISTORY');
}

const isObject = (value: unknown): value is JsonSchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One version's step: the changes it introduced, compiled for both ways. */
interface Step {
  readonly version: string;
  readonly changes: readonly Change[];
  /** Transforms of named schemas' objects by name. */
  readonly up: ReadonlyMap<string, Transform>;
  readonly down: ReadonlyMap<string, Transform>;
  /** `{ route }` migrations by URL name, in the order they apply that way. */
  readonly routeUp: ReadonlyMap<string, Transform>;
  readonly routeDown: ReadonlyMap<string, Transform>;
  /** The problem migrations, in the order they apply going down. */
  readonly problems: readonly ((problem: Record<string, unknown>) => Record<string, unknown>)[];
}

/** The named schemas of each version, per direction: what differs from the schemas as written. */
type DefsByVersion = readonly ReadonlyMap<string, JsonSchema>[];

/** What a history knows, for the route planner (not public). */
export interface HistoryInternals {
  readonly versions: readonly string[];
  readonly steps: readonly (Step | null)[];
  /**
   * `schema`'s JSON Schema as `direction` sees it, taken apart (once per schema and direction); a bare `$ref` to a
   * name of the history (TypeBox's `Type.Ref('User')`) points at that named schema.
   */
  normalOf(schema: Schema, direction: Direction): Normalized;
  /** The index of a version; `null` is the newest. Throws a TypeError for an unknown one. */
  indexOf(version: string | null, where: string): number;
  /** `normal` as it is in version `index`, as one JSON Schema. */
  schemaIn(normal: Normalized, index: number, direction: Direction): JsonSchemaObject;
  /** The def resolver of `normal` in version `index`. */
  resolver(normal: Normalized, index: number, direction: Direction): (name: string) => JsonSchema | undefined;
  /** The walk of values of `normal` (shaped as version `at`) through step `step` going `way`; `null` if none. */
  /**
   * One walk of values of `normal` from version `from` to version `to` (up or down) that applies every version's
   * field instructions at once, each named schema's composed into one transform — or `undefined` when the versions
   * between hold anything a single walk cannot stand for (a migration function, whose input must be the previous
   * version's shape; a removed or retyped field whose older schema holds objects). `null` when nothing happens.
   * With `filter` (a response), objects are left with what the schemas of `to` let through.
   */
  fusedWalk(
    normal: Normalized,
    from: number,
    to: number,
    direction: Direction,
    refuse: (pointer: string) => never,
    filter: boolean,
  ): Walk | null | undefined;
  stepWalk(
    normal: Normalized,
    at: number,
    step: number,
    way: Way,
    direction: Direction,
    refuse: (pointer: string) => never,
  ): Walk | null;
  /** Whether any named schema or route has a migration at all. */
  readonly hasProblems: boolean;
}

const internals = new WeakMap<object, HistoryInternals>();

/** The internals of `history` (for the route planner), or a TypeError naming `where` when it is not a history. */
export function internalsOf(history: unknown, where: string): HistoryInternals {
  const found = typeof history === 'object' && history !== null ? internals.get(history) : undefined;
  if (found === undefined)
    throw argumentError(`${where}: changes must be a VersionHistory, got ${describe(history)}`);
  return found;
}

/**
 * A history of version changes: the versions, oldest first (the last is the newest, HEAD), and the changes each
 * version introduced. Handlers and schemas are written for HEAD only; every older version is HEAD minus the changes
 * of the versions after it — requests migrated up to HEAD, responses down to the client's version.
 * @example
 * const history = new VersionHistory(['2024-01-01', '2024-06-01'] as const, {
 *   '2024-06-01': [change('A user\'s name is "fullName"', [field(User, 'fullName').renamedFrom('name')])],
 * });
 */
export class VersionHistory<V extends string = string> {
  /** The versions, oldest first. */
  readonly versions: readonly V[];
  /** The newest version: what handlers and schemas are written for. */
  readonly head: V;
  readonly #changeVersion = new Map<Change, number>();

  constructor(versions: readonly V[], changes: { readonly [K in V]?: readonly Change[] }) {
    const where = 'new VersionHistory(versions, changes)';
    if (!Array.isArray(versions) || versions.length === 0) {
      throw historyError(
        `${where}: versions must be a non-empty array of version strings, oldest first, got ${describe(versions)}`,
      );
    }
    versions.forEach((version: unknown, index) => {
      if (typeof version !== 'string' || version === '') {
        throw historyError(
          `${where}: versions[${index}] must be a non-empty string, got ${describe(version)}`,
        );
      }
      if (versions.indexOf(version) !== index)
        throw historyError(`${where}: version ${JSON.stringify(version)} is listed twice`);
    });
    if (!isPlainObject(changes))
      throw historyError(
        `${where}: changes must be an object of version → changes, got ${describe(changes)}`,
      );
    const list: readonly V[] = versions;
    this.versions = Object.freeze(list.slice());
    this.head = versions[versions.length - 1] as V;
    const byIndex: Change[][] = versions.map(() => []);
    for (const [key, list] of Object.entries(changes as Record<string, unknown>)) {
      const index = (versions as readonly string[]).indexOf(key);
      if (index === -1) {
        throw historyError(
          `${where}: changes name version ${JSON.stringify(key)}, which is not one of the versions (${versions.map((v) => JSON.stringify(v)).join(', ')})`,
        );
      }
      if (index === 0) {
        throw historyError(
          `${where}: changes name the oldest version ${JSON.stringify(key)}, which has nothing older to change from`,
        );
      }
      if (!Array.isArray(list))
        throw historyError(
          `${where}: changes[${JSON.stringify(key)}] must be an array of change(…), got ${describe(list)}`,
        );
      for (const item of list as unknown[]) {
        if (!isChange(item))
          throw historyError(
            `${where}: changes[${JSON.stringify(key)}] must hold only change(…) values, got ${describe(item)}`,
          );
        const listed = this.#changeVersion.get(item);
        if (listed !== undefined) {
          throw historyError(
            `${where}: the change ${JSON.stringify(item.description)} is listed twice (in ${JSON.stringify(versions[listed])} and ${JSON.stringify(key)})`,
          );
        }
        this.#changeVersion.set(item, index);
        (byIndex[index] as Change[]).push(item);
      }
    }
    internals.set(this, buildInternals(this.versions, byIndex));
  }

  /**
   * Migrates `value` of `schema` from version `from` (default: the newest) to `to`: up when `from` is older, down
   * when newer — for data that leaves outside a response (webhooks, queued events, stored documents). Returns a new
   * value; `value` is never changed. Migration functions get `undefined` as their second argument.
   * @example history.migrate(User, user, { to: '2024-01-01' }) // the user as 2024-01-01 clients know it
   */
  migrate<S extends Schema>(
    schema: S,
    value: unknown,
    options: { readonly from?: V; readonly to: V },
  ): SchemaOutput<S> {
    const where = 'history.migrate(schema, value, { from, to })';
    checkSchema(where, 'schema', schema);
    if (!isPlainObject(options))
      throw argumentError(`${where}: options must be an object, got ${describe(options)}`);
    const inner = internalsOf(this, where);
    const from = inner.indexOf(options.from ?? this.head, where);
    const to = inner.indexOf(options.to, where);
    const normal = inner.normalOf(schema, 'response');
    const refuse = (pointer: string): never => {
      throw unfollowableError(where, 'the schema', pointer);
    };
    const fused = inner.fusedWalk(normal, from, to, 'response', refuse, false);
    if (fused !== undefined) return (fused === null ? value : fused(value, undefined)) as SchemaOutput<S>;
    let out = value;
    if (from < to) {
      for (let step = from + 1; step <= to; step += 1) {
        const walk = inner.stepWalk(normal, step - 1, step, 'up', 'response', refuse);
        if (walk !== null) out = walk(out, undefined);
      }
    } else {
      for (let step = from; step > to; step -= 1) {
        const walk = inner.stepWalk(normal, step, step, 'down', 'response', refuse);
        if (walk !== null) out = walk(out, undefined);
      }
    }
    return out as SchemaOutput<S>;
  }

  /**
   * The JSON Schema (draft 2020-12) of `schema` in `version`: named schemas under `$defs` by name (a named root is a
   * `$ref`); `direction` `'request'` (default: the schema's input) or `'response'` (its output).
   */
  schemaFor(schema: Schema, version: V, direction: Direction = 'request'): JsonSchemaObject {
    const where = 'history.schemaFor(schema, version, direction)';
    checkSchema(where, 'schema', schema);
    if (direction !== 'request' && direction !== 'response') {
      throw argumentError(`${where}: direction must be 'request' or 'response', got ${describe(direction)}`);
    }
    const inner = internalsOf(this, where);
    return inner.schemaIn(inner.normalOf(schema, direction), inner.indexOf(version, where), direction);
  }

  /** Whether `version` has `change`: it is the version that introduced it, or a newer one. */
  isApplied(change: Change, version: V): boolean {
    const where = 'history.isApplied(change, version)';
    const index = internalsOf(this, where).indexOf(version, where);
    const at = this.#changeVersion.get(change);
    if (at === undefined)
      throw argumentError(
        `${where}: the change ${isChange(change) ? JSON.stringify(change.description) : describe(change)} is not in this history`,
      );
    return index >= at;
  }

  /** Each version's changes, newest version first, with one sentence per instruction. */
  changelog(): ChangelogEntry<V>[] {
    const inner = internalsOf(this, 'history.changelog()');
    return changelogOf(inner.steps, this.versions) as ChangelogEntry<V>[];
  }
}

function nameOfTarget(instruction: Instruction): string | null {
  if (instruction.type === 'field') return instruction.name;
  if (
    (instruction.type === 'request' || instruction.type === 'response') &&
    instruction.target.kind === 'schema'
  )
    return instruction.target.name;
  return null;
}

function groupTransforms(
  instructions: readonly Instruction[],
  way: Way,
  key: (instruction: Instruction) => string | null,
): Map<string, Transform> {
  const groups = new Map<string, Instruction[]>();
  for (const instruction of instructions) {
    const name = key(instruction);
    if (name === null) continue;
    const group = groups.get(name) ?? [];
    group.push(instruction);
    groups.set(name, group);
  }
  const out = new Map<string, Transform>();
  for (const [name, group] of groups) {
    const transform = compileTransform(group, way);
    if (transform !== null) out.set(name, transform);
  }
  return out;
}

/** The derivation of every named schema an instruction touches, version by version, newest to oldest. */
function deriveDefs(
  versions: readonly string[],
  byIndex: readonly Change[][],
  direction: Direction,
): DefsByVersion {
  const state = new Map<string, JsonSchema>();
  const learn = (schema: Schema): Normalized => {
    const normal = normalize(toJsonSchema(schema, direction));
    for (const [name, def] of normal.defs) if (!state.has(name)) state.set(name, def);
    return normal;
  };
  for (const list of byIndex)
    for (const change of list)
      for (const instruction of change.instructions) {
        if (instruction.type === 'field') learn(instruction.schema);
        else if (
          (instruction.type === 'request' || instruction.type === 'response') &&
          instruction.target.kind === 'schema'
        )
          learn(instruction.target.schema);
      }
  const result: Map<string, JsonSchema>[] = versions.map(() => new Map<string, JsonSchema>());
  result[versions.length - 1] = new Map(state);
  for (let index = versions.length - 1; index >= 1; index -= 1) {
    const version = versions[index] as string;
    for (const change of [...(byIndex[index] as Change[])].reverse()) {
      for (const instruction of [...change.instructions].reverse()) {
        if (instruction.type !== 'field') continue;
        const { name, field, change: what } = instruction;
        const fail = (why: string): never => {
          throw historyError(
            `new VersionHistory(versions, changes): the change ${JSON.stringify(change.description)} of version ${JSON.stringify(version)}: field(${name}, ${JSON.stringify(field)}).${what.kind}(…): ${why}`,
          );
        };
        const def = state.get(name);
        if (!isObject(def) || !isObject(def.properties)) {
          if (direction === 'response')
            fail(`${name} in version ${JSON.stringify(version)} is not an object schema with properties`);
          continue;
        }
        const properties: Record<string, JsonSchema> = { ...(def.properties as Record<string, JsonSchema>) };
        let required = Array.isArray(def.required) ? [...(def.required as string[])] : [];
        const present = Object.hasOwn(properties, field);
        const strict = direction === 'response';
        const where = `${name} in version ${JSON.stringify(version)}`;
        if (what.kind === 'removed') {
          if (present) {
            if (strict)
              fail(
                `${where} still has "${field}"; a removed field must not be there in the version that removed it`,
              );
            continue;
          }
        } else if (!present) {
          if (strict)
            fail(
              `${where} has no field "${field}" (its fields: ${
                Object.keys(properties)
                  .map((key) => JSON.stringify(key))
                  .join(', ') || 'none'
              })`,
            );
          continue;
        }
        let next: Record<string, JsonSchema> = properties;
        switch (what.kind) {
          case 'renamedFrom': {
            if (Object.hasOwn(properties, what.old)) {
              if (strict) fail(`${where} already has a field "${what.old}" to rename "${field}" back to`);
              continue;
            }
            next = {};
            for (const [key, value] of Object.entries(properties))
              next[key === field ? what.old : key] = value;
            required = required.map((key) => (key === field ? what.old : key));
            break;
          }
          case 'added':
            next = Object.fromEntries(Object.entries(properties).filter(([key]) => key !== field));
            required = required.filter((key) => key !== field);
            break;
          case 'removed': {
            const normal = normalize(toJsonSchema(what.schema, direction));
            for (const [defKey, sub] of normal.defs) if (!state.has(defKey)) state.set(defKey, sub);
            next[field] = normal.root;
            if (what.required && !required.includes(field)) required.push(field);
            break;
          }
          case 'retyped': {
            const normal = normalize(toJsonSchema(what.schema, direction));
            for (const [defKey, sub] of normal.defs) if (!state.has(defKey)) state.set(defKey, sub);
            next[field] = normal.root;
            break;
          }
          case 'madeRequired':
            required = required.filter((key) => key !== field);
            break;
          case 'madeOptional':
            if (!required.includes(field)) required.push(field);
            break;
        }
        const derived: Record<string, unknown> = { ...def, properties: next };
        if (required.length > 0) derived.required = required;
        else delete derived.required;
        state.set(name, derived);
      }
    }
    result[index - 1] = new Map(state);
  }
  return result;
}

/** Whether `def` is a JSON Schema object (not a boolean schema, not missing). */
function isSchemaObject(def: JsonSchema | undefined): def is JsonSchemaObject {
  return typeof def === 'object' && def !== null && !Array.isArray(def);
}

/** Whether an older field schema holds no object, array or reference: one walk needs nothing of it. */
function isFlat(schema: Schema, direction: Direction): boolean {
  const text = JSON.stringify(toJsonSchema(schema, direction));
  return !/"(properties|items|prefixItems|additionalProperties|patternProperties|\$ref)"/.test(text);
}

function buildInternals(versions: readonly string[], byIndex: readonly Change[][]): HistoryInternals {
  const defs: Record<Direction, DefsByVersion> = {
    response: deriveDefs(versions, byIndex, 'response'),
    request: deriveDefs(versions, byIndex, 'request'),
  };
  const steps = byIndex.map((list, index): Step | null => {
    if (index === 0) return null;
    const instructions = list.flatMap((change) => change.instructions);
    const routeKey = (instruction: Instruction): string | null =>
      (instruction.type === 'request' || instruction.type === 'response') &&
      instruction.target.kind === 'route'
        ? instruction.target.route
        : null;
    return {
      version: versions[index] as string,
      changes: list,
      up: groupTransforms(instructions, 'up', nameOfTarget),
      down: groupTransforms(instructions, 'down', nameOfTarget),
      routeUp: groupTransforms(instructions, 'up', routeKey),
      routeDown: groupTransforms(instructions, 'down', routeKey),
      problems: instructions
        .filter((instruction) => instruction.type === 'problem')
        .map((instruction) => instruction.fn)
        .reverse(),
    };
  });
  const resolver = (normal: Normalized, index: number, direction: Direction) => {
    const derived = defs[direction][index] as ReadonlyMap<string, JsonSchema>;
    return (name: string): JsonSchema | undefined => derived.get(name) ?? normal.defs.get(name);
  };
  const walks = new WeakMap<Normalized, Map<string, Walk | null | undefined>>();
  function fuse(
    normal: Normalized,
    from: number,
    to: number,
    direction: Direction,
    refuse: (pointer: string) => never,
    filter: boolean,
  ): Walk | null | undefined {
    const way: Way = from < to ? 'up' : 'down';
    const [low, high] = from < to ? [from, to] : [to, from];
    const byName = new Map<string, Instruction[]>();
    for (let step = low + 1; step <= high; step += 1) {
      for (const change of steps[step]?.changes ?? []) {
        for (const instruction of change.instructions) {
          if (instruction.type === 'request' || instruction.type === 'response') return undefined;
          if (instruction.type !== 'field') continue;
          const { change: what } = instruction;
          if ((what.kind === 'removed' || what.kind === 'retyped') && !isFlat(what.schema, direction)) {
            return undefined;
          }
          const list = byName.get(instruction.name) ?? [];
          list.push(instruction);
          byName.set(instruction.name, list);
        }
      }
    }
    const transforms = new Map<string, Transform>();
    // With `filter`, a transform that renames leaves out what the arriving version rules out in that same pass.
    const arriving = resolver(normal, to, direction);
    const selfFiltered = new Set<string>();
    for (const [name, list] of byName) {
      const def = arriving(name);
      const keep = filter && isSchemaObject(def) ? allowedNames(def) : null;
      const filtering = keep === null ? null : compileFilteringTransform(list, way, keep);
      if (filtering !== null) selfFiltered.add(name);
      const transform = filtering ?? compileTransform(list, way);
      if (transform !== null) transforms.set(name, transform);
    }
    if (transforms.size === 0 && !filter) return null;
    return compileWalker({
      root: normal.root,
      resolve: resolver(normal, from, direction),
      transforms,
      filter,
      refuse,
      ...(filter ? { filterAs: (name: string) => (selfFiltered.has(name) ? true : arriving(name)) } : {}),
    });
  }

  const normals = { request: new WeakMap<Schema, Normalized>(), response: new WeakMap<Schema, Normalized>() };
  const known = (name: string): boolean => defs.response.some((map) => map.has(name));
  return {
    versions,
    normalOf(schema, direction) {
      let normal = normals[direction].get(schema);
      if (normal === undefined) {
        normal = normalize(toJsonSchema(schema, direction), known);
        normals[direction].set(schema, normal);
      }
      return normal;
    },
    steps,
    hasProblems: steps.some((step) => step !== null && step.problems.length > 0),
    indexOf(version, where) {
      if (version === null) return versions.length - 1;
      const index = versions.indexOf(version);
      if (index === -1) {
        throw historyError(
          `${where}: ${describe(version)} is not a version of the history (${versions.map((v) => JSON.stringify(v)).join(', ')})`,
        );
      }
      return index;
    },
    schemaIn: (normal, index, direction) => assemble(normal.root, resolver(normal, index, direction)),
    resolver,
    fusedWalk(normal, from, to, direction, refuse, filter) {
      const key = `fused:${from}:${to}:${direction}:${filter}`;
      let cache = walks.get(normal);
      if (cache === undefined) walks.set(normal, (cache = new Map<string, Walk | null | undefined>()));
      if (cache.has(key)) return cache.get(key);
      const walk = fuse(normal, from, to, direction, refuse, filter);
      cache.set(key, walk);
      return walk;
    },
    stepWalk(normal, at, step, way, direction, refuse) {
      const key = `${at}:${step}:${way}:${direction}`;
      let cache = walks.get(normal);
      if (cache === undefined) walks.set(normal, (cache = new Map<string, Walk | null | undefined>()));
      if (cache.has(key)) return cache.get(key) ?? null;
      const found = steps[step];
      const transforms =
        found === null || found === undefined
          ? new Map<string, Transform>()
          : way === 'up'
            ? found.up
            : found.down;
      const walk =
        transforms.size === 0
          ? null
          : compileWalker({
              root: normal.root,
              resolve: resolver(normal, at, direction),
              transforms,
              filter: false,
              refuse,
            });
      cache.set(key, walk);
      return walk;
    },
  };
}
