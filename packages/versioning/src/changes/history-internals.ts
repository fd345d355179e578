import { describe } from '../internal/arguments.js';
import type { VersionWalks } from './version-walk.js';
import { type DefsByVersion, deriveDefs } from './defs-by-version.js';
import { historyError } from './history-error.js';
import type { Change, Instruction } from './instructions.js';
import { assemble, normalize, type Normalized } from './normalize.js';
import {
  type Direction,
  type JsonSchema,
  type JsonSchemaObject,
  type Schema,
  toJsonSchema,
} from './schema.js';
import { allowedNames, isSchemaObject } from './properties.js';
import { compileSerialiser, type NamedPlan, type Serialise } from './serialise.js';
import { compileFilteringTransform, compileTransform, fieldPlanOf, type Way } from './transforms.js';
import { compileWalker, type Transform, type Walk } from './walk.js';

/** One version's step: the changes it introduced, compiled for both ways. */
export interface Step {
  readonly version: string;
  readonly changes: readonly Change[];
  /** Transforms of named schemas' objects by name. */
  readonly up: ReadonlyMap<string, Transform>;
  readonly down: ReadonlyMap<string, Transform>;
  /** The problem migrations, in the order they apply going down. */
  readonly problems: readonly ((problem: Record<string, unknown>) => Record<string, unknown>)[];
}

/** What a history knows, for the route planner (not public). */
export interface HistoryInternals extends VersionWalks {
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
  /** Whether any version has a problem migration (`migrateProblem()`). */
  readonly hasProblems: boolean;
  /**
   * The serialiser of 2xx bodies of `normal` (a route's `response` schema) from version `from` down to `to`: the
   * fused walk with the filter of `to`'s schemas, and `JSON.stringify`, in one pass; `null` when one walk cannot
   * stand for the versions between, or the schema has a place it does not follow. Compiled once, on first use.
   */
  serialiser(normal: Normalized, from: number, to: number): Serialise | null;
  /** The def of the named schema `name` in version `index` as an instruction of the history touches it, or `undefined`. */
  defIn(name: string, index: number, direction: Direction): JsonSchema | undefined;
}

function nameOfTarget(instruction: Instruction): string | null {
  if (instruction.type === 'field' || instruction.type === 'enum') return instruction.name;
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

/** Whether an older field schema holds no object, array or reference: one walk needs nothing of it. */
function isFlat(schema: Schema, direction: Direction): boolean {
  const text = JSON.stringify(toJsonSchema(schema, direction));
  return !/"(properties|items|prefixItems|additionalProperties|patternProperties|\$ref)"/.test(text);
}

/**
 * What a history of `versions` knows, `byIndex` holding each version's changes: every version's named schemas both
 * ways, each version's step compiled, and the walks of values between versions, each made once per schema.
 */
export function buildInternals(versions: readonly string[], byIndex: readonly Change[][]): HistoryInternals {
  const defs: Record<Direction, DefsByVersion> = {
    response: deriveDefs(versions, byIndex, 'response'),
    request: deriveDefs(versions, byIndex, 'request'),
  };
  const steps = byIndex.map((list, index): Step | null => {
    if (index === 0) return null;
    const instructions = list.flatMap((change) => change.instructions);
    return {
      version: versions[index] as string,
      changes: list,
      up: groupTransforms(instructions, 'up', nameOfTarget),
      down: groupTransforms(instructions, 'down', nameOfTarget),
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
  /**
   * The field and enum instructions of the versions between `from` and `to`, by the name of their schema, for one
   * fused walk; `undefined` when one walk cannot stand for them (a migration function, a removed or retyped field
   * whose schema holds objects, arrays or references).
   */
  function fusedInstructions(
    from: number,
    to: number,
    direction: Direction,
  ): Map<string, Instruction[]> | undefined {
    const [low, high] = from < to ? [from, to] : [to, from];
    const byName = new Map<string, Instruction[]>();
    for (let step = low + 1; step <= high; step += 1) {
      for (const change of steps[step]?.changes ?? []) {
        for (const instruction of change.instructions) {
          if (instruction.type === 'request' || instruction.type === 'response') return undefined;
          if (instruction.type === 'field') {
            const { change: what } = instruction;
            if ((what.kind === 'removed' || what.kind === 'retyped') && !isFlat(what.schema, direction))
              return undefined;
            // An enum's operations map members where they are and change no shape: one walk does them too.
          } else if (instruction.type !== 'enum') continue;
          const list = byName.get(instruction.name) ?? [];
          list.push(instruction);
          byName.set(instruction.name, list);
        }
      }
    }
    return byName;
  }
  /** The names a fused walk's transform leaves out itself, at its last renaming, and what it keeps there. */
  function keeping(def: JsonSchema | undefined, filter: boolean): ((key: string) => boolean) | null {
    return filter && isSchemaObject(def) ? allowedNames(def) : null;
  }
  function fuse(
    normal: Normalized,
    from: number,
    to: number,
    direction: Direction,
    refuse: (pointer: string) => never,
    filter: boolean,
  ): Walk | null | undefined {
    const way: Way = from < to ? 'up' : 'down';
    const byName = fusedInstructions(from, to, direction);
    if (byName === undefined) return undefined;
    const transforms = new Map<string, Transform>();
    // With `filter`, a transform that renames leaves out what the arriving version rules out in that same pass.
    const arriving = resolver(normal, to, direction);
    const selfFiltered = new Set<string>();
    for (const [name, list] of byName) {
      const keep = keeping(arriving(name), filter);
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
      asJson: direction === 'response',
      ...(filter ? { filterAs: (name: string) => (selfFiltered.has(name) ? true : arriving(name)) } : {}),
    });
  }
  /** The compiled serialiser of the fused walk of responses from `from` down to `to` (see `compileSerialiser`). */
  function serialiser(normal: Normalized, from: number, to: number): Serialise | null {
    const byName = fusedInstructions(to, from, 'response');
    if (byName === undefined) return null;
    const arriving = resolver(normal, to, 'response');
    const starting = resolver(normal, from, 'response');
    const named = new Map<string, NamedPlan>();
    for (const [name, list] of byName) {
      const plan = fieldPlanOf(list, 'down');
      if (plan === null) return null;
      if ('value' in plan) named.set(name, plan);
      else if (plan.steps.length > 0) {
        const after = arriving(name);
        // As the fused walk does it: at the last renaming when there is one, else once every step is done.
        const keep = keeping(after, true);
        const renames = keep !== null && plan.steps.some((step) => 'table' in step);
        if (!renames && isSchemaObject(after) && typeof after.$ref === 'string') return null;
        named.set(name, {
          steps: plan.steps,
          keepAtRename: renames ? keep : null,
          keepAfter: renames || !isSchemaObject(after) ? null : allowedNames(after),
        });
      }
    }
    return compileSerialiser({
      root: normal.root,
      resolve: (name) => {
        if (named.has(name)) return starting(name);
        const def = arriving(name);
        return isSchemaObject(def) ? def : starting(name);
      },
      named,
    });
  }

  const serialisers = new WeakMap<Normalized, Map<string, Serialise | null>>();
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
    defIn: (name, index, direction) => defs[direction][index]?.get(name),
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
    serialiser(normal, from, to) {
      const key = `serialise:${from}:${to}`;
      let cache = serialisers.get(normal);
      if (cache === undefined) serialisers.set(normal, (cache = new Map<string, Serialise | null>()));
      let found = cache.get(key);
      if (found === undefined) cache.set(key, (found = serialiser(normal, from, to)));
      return found;
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
              asJson: direction === 'response',
            });
      cache.set(key, walk);
      return walk;
    },
  };
}
