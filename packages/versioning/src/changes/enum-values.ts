import { type EnumStep, nodesAlong, stepsOf } from './enum-defs.js';
import type { EnumChange, Instruction } from './instructions.js';
import { normalize } from './normalize.js';
import { isPlainRecord, isSchemaObject, setOwn } from './properties.js';
import { toJsonSchema } from './schema.js';

/** A function of one value that returns it, or a new value: its input is never changed. */
export type ValueMap = (value: unknown) => unknown;

type Way = 'up' | 'down';

/**
 * What `change` does to one member going `way`, or `null` when it does nothing that way: a renamed member is
 * renamed, an added one (down) goes through `down`, a removed one (up) through `up`. Any other value — a member of
 * no mapping, an object — passes unchanged.
 */
function memberMap(change: EnumChange, way: Way): ValueMap | null {
  switch (change.kind) {
    case 'renamedMembers': {
      const names = new Map<unknown, string>(
        way === 'down' ? change.renames : [...change.renames].map(([now, old]) => [old, now] as const),
      );
      return (value) => (typeof value === 'string' && names.has(value) ? names.get(value) : value);
    }
    case 'addedMembers': {
      if (way === 'up') return null;
      const { members, down } = change;
      return (value) => (members.includes(value as never) ? down(value) : value);
    }
    case 'removedMembers': {
      if (way === 'down') return null;
      const { members, up } = change;
      return (value) => (members.includes(value as never) ? up(value) : value);
    }
  }
}

/** `map` applied to the value at `steps` inside a value; `prefixes[i]`/`names[i]` describe the node of step `i`. */
function mapAt(
  steps: readonly EnumStep[],
  map: ValueMap,
  prefixes: readonly number[],
  names: readonly (ReadonlySet<string> | null)[],
  at = 0,
): ValueMap {
  const step = steps[at];
  if (step === undefined) return map;
  const inner = mapAt(steps, map, prefixes, names, at + 1);
  switch (step.kind) {
    case 'anyOf':
    case 'oneOf':
      // The same value: a member of the mapping is one of that branch's, any other value passes unchanged.
      return inner;
    case 'properties':
      return (value) => {
        if (!isPlainRecord(value) || !Object.hasOwn(value, step.key)) return value;
        const next = inner(value[step.key]);
        if (next === value[step.key]) return value;
        const out = { ...value };
        setOwn(out, step.key, next);
        return out;
      };
    case 'additionalProperties': {
      const known = names[at] ?? new Set<string>();
      return (value) => {
        if (!isPlainRecord(value)) return value;
        let out: Record<string, unknown> | null = null;
        for (const [key, item] of Object.entries(value)) {
          if (known.has(key)) continue;
          const next = inner(item);
          if (next !== item) setOwn((out ??= { ...value }), key, next);
        }
        return out ?? value;
      };
    }
    case 'items':
    case 'prefixItems': {
      const from = step.kind === 'items' ? (prefixes[at] ?? 0) : step.index;
      const to = step.kind === 'items' ? Infinity : step.index + 1;
      return (value) => {
        if (!Array.isArray(value)) return value;
        const list = value as readonly unknown[];
        let out: unknown[] | null = null;
        for (let index = from; index < Math.min(to, list.length); index += 1) {
          const next = inner(list[index]);
          if (next !== list[index]) (out ??= [...list])[index] = next;
        }
        return out ?? list;
      };
    }
  }
}

/**
 * What the enum instruction `instruction` does to a value of its named schema going `way`: the members at its
 * pointer mapped (`null`: nothing that way). `field`: the property it reads and writes when its pointer starts with
 * `/properties/<field>`, whose value `map` then maps; else `map` maps the whole value.
 */
export function enumValueMap(
  instruction: Extract<Instruction, { type: 'enum' }>,
  way: Way,
): { readonly field: string | null; readonly map: ValueMap } | null {
  const members = memberMap(instruction.change, way);
  const steps = stepsOf(instruction.pointer);
  // (A pointer it cannot follow is refused when the history is made.)
  if (members === null || steps === null) return null;
  // Which array items follow a tuple's prefix, which properties an object's `additionalProperties` covers: as the
  // schema is written (the pointer was checked against the version's own, whose shape along it is the same).
  const def = normalize(toJsonSchema(instruction.schema, 'response')).defs.get(instruction.name);
  const nodes = nodesAlong(def, steps);
  const prefixes = nodes.map((node) =>
    isSchemaObject(node) && Array.isArray(node.prefixItems) ? node.prefixItems.length : 0,
  );
  const names = nodes.map((node) =>
    isSchemaObject(node) && isSchemaObject(node.properties) ? new Set(Object.keys(node.properties)) : null,
  );
  const [first, ...rest] = steps;
  if (first?.kind === 'properties') {
    return {
      field: first.key,
      map: mapAt(rest, members, prefixes.slice(1), names.slice(1)),
    };
  }
  return { field: null, map: mapAt(steps, members, prefixes, names) };
}
