import { enumValueMap, type ValueMap } from './enum-values.js';
import type { FieldChange, Instruction } from './instructions.js';
import { jsonCopy } from './json-read.js';
import { copyObject, isPlainRecord, setOwn } from './properties.js';
import { compileShaped, type FieldStep, type RekeyTable, rekeyLoop, type ShapeStep } from './shapes.js';
import type { Transform } from './walk.types.js';

/** Which way data goes through a version: up (an older request to the newer shape) or down (a response). */
export type Way = 'up' | 'down';

type Op =
  | { readonly kind: 'rekey'; readonly keys: Map<string, string | null> }
  | {
      readonly kind: 'mutate';
      /** The one field it reads and writes; `null` when it reads the whole object (a removed field's value function). */
      readonly field: string | null;
      readonly fn: (object: Record<string, unknown>, context: unknown) => void;
      /** The same as a step of an object literal, when it can be one. */
      readonly step?: FieldStep;
    }
  | { readonly kind: 'replace'; readonly fn: (object: Record<string, unknown>, context: unknown) => unknown }
  /** Maps the whole value, whatever it is (an enum's members: a named enum's value is no object). */
  | { readonly kind: 'value'; readonly fn: ValueMap };

/** A JSON default, copied per use when it is an object: a handler may change what it reads. */
function fresh(value: unknown): () => unknown {
  if (typeof value !== 'object' || value === null) return () => value;
  return () => structuredClone(value);
}

/** Sets `field` to (a fresh copy of) `value` where an object has none. */
function whenAbsent(field: string, value: unknown): Op {
  const make = fresh(value);
  return {
    kind: 'mutate',
    field,
    fn: (object) => {
      if (!Object.hasOwn(object, field) || object[field] === undefined) setOwn(object, field, make());
    },
    step: { field, when: 'absent', value: make },
  };
}

/** The operation one field instruction is, going `way`; `null` when it does nothing that way. */
function fieldOp(field: string, change: FieldChange, way: Way): Op | null {
  switch (change.kind) {
    case 'renamedFrom': {
      const [from, to] = way === 'up' ? [change.old, field] : [field, change.old];
      return {
        kind: 'rekey',
        keys: new Map<string, string | null>([
          [to, null],
          [from, to],
        ]),
      };
    }
    case 'added': {
      if (way === 'down') return { kind: 'rekey', keys: new Map([[field, null]]) };
      if (!change.hasDefault) return null;
      return whenAbsent(field, change.default);
    }
    case 'removed': {
      if (way === 'up') return { kind: 'rekey', keys: new Map([[field, null]]) };
      if (!change.hasValue) return null;
      const given = change.value;
      if (typeof given === 'function') {
        return {
          kind: 'mutate',
          field: null,
          // It may change what it reads: it reads a copy.
          fn: (object) => {
            setOwn(object, field, (given as (o: unknown) => unknown)(jsonCopy(object)));
          },
        };
      }
      const value = fresh(given);
      return {
        kind: 'mutate',
        field,
        fn: (object) => {
          setOwn(object, field, value());
        },
        step: { field, when: 'always', value },
      };
    }
    case 'retyped': {
      const given = way === 'up' ? change.up : change.down;
      // It may change what it reads: it reads a copy.
      return whenPresent(field, (value) => given(jsonCopy(value, field)));
    }
    case 'madeRequired': {
      if (way === 'down') return null;
      return whenAbsent(field, change.default);
    }
    case 'madeOptional': {
      if (way === 'up') return null;
      return whenAbsent(field, change.value);
    }
  }
}

/** Replaces a field's value that is there (not `undefined`) with `convert(it)`. */
function whenPresent(field: string, convert: (value: unknown) => unknown): Op {
  return {
    kind: 'mutate',
    field,
    fn: (object) => {
      if (Object.hasOwn(object, field) && object[field] !== undefined)
        setOwn(object, field, convert(object[field]));
    },
    step: { field, when: 'present', value: convert },
  };
}

/** The operation `instruction` is on a value of its schema going `way`, or `null`. */
function opOf(instruction: Instruction, way: Way): Op | null {
  if (instruction.type === 'field') return fieldOp(instruction.field, instruction.change, way);
  if (instruction.type === 'enum') {
    const found = enumValueMap(instruction, way);
    if (found === null) return null;
    return found.field === null ? { kind: 'value', fn: found.map } : whenPresent(found.field, found.map);
  }
  // A migration function may change what it reads: it reads a copy.
  if (instruction.type === 'request' && way === 'up') {
    const { fn } = instruction;
    return { kind: 'replace', fn: (object, context) => fn(jsonCopy(object), context as never) };
  }
  if (instruction.type === 'response' && way === 'down') {
    const { fn } = instruction;
    return { kind: 'replace', fn: (object, context) => fn(jsonCopy(object), context as never) };
  }
  return null;
}

/** Every key a rename/delete operation reads or writes. */
const touched = (op: Extract<Op, { kind: 'rekey' }>): Set<string> =>
  new Set([...op.keys.keys(), ...[...op.keys.values()].filter((key): key is string => key !== null)]);

/**
 * Rename/delete operations merged into one rebuild of the object where that changes nothing: on distinct keys, and
 * past only field operations on other fields (which commute with them).
 */
function merge(ops: readonly Op[]): Op[] {
  const out: Op[] = [];
  for (const op of ops) {
    if (op.kind !== 'rekey') {
      out.push(op);
      continue;
    }
    const keys = touched(op);
    let at = out.length - 1;
    while (at >= 0) {
      const previous = out[at] as Op;
      if (previous.kind !== 'mutate' || previous.field === null || keys.has(previous.field)) break;
      at -= 1;
    }
    const target = out[at];
    if (target?.kind === 'rekey' && [...keys].every((key) => !touched(target).has(key))) {
      out[at] = { kind: 'rekey', keys: new Map([...target.keys, ...op.keys]) };
    } else out.push(op);
  }
  return out;
}

/**
 * The transform of the objects of one named schema through one version, going `way`: `instructions` in the order
 * written (up) or its reverse (down), as one function; `null` when none does anything that way. The input object is
 * never changed: the first operation works on a copy.
 */
export function compileTransform(instructions: readonly Instruction[], way: Way): Transform | null {
  return compileOps(opsOf(instructions, way), null);
}

function opsOf(instructions: readonly Instruction[], way: Way): Op[] {
  const ordered = way === 'up' ? instructions : [...instructions].reverse();
  return merge(ordered.map((instruction) => opOf(instruction, way)).filter((op): op is Op => op !== null));
}

/**
 * {@link compileTransform} that also leaves out every property `keep` refuses, in the same pass as its last
 * rename — or `null` when it cannot: no rename to do it in, or a migration function (whose output it cannot know).
 * Field operations after the last rename only set their own field, which the arriving version's schema has; a
 * removed field's value function after it (it reads the whole object) makes it `null` too.
 */
export function compileFilteringTransform(
  instructions: readonly Instruction[],
  way: Way,
  keep: (key: string) => boolean,
): Transform | null {
  const ops = opsOf(instructions, way);
  const last = ops.map((op) => op.kind).lastIndexOf('rekey');
  if (last === -1 || ops.some((op) => op.kind === 'replace' || op.kind === 'value')) return null;
  // A removed field's value function reads the whole object (extra data a handler handed over included): it must
  // run before anything is left out.
  if (ops.slice(last + 1).some((op) => op.kind === 'mutate' && op.field === null)) return null;
  return compileOps(ops, keep);
}

/** A rename/delete operation's table. */
function tableOf(op: Extract<Op, { kind: 'rekey' }>): RekeyTable {
  const table = Object.create(null) as Record<string, string | null | undefined>;
  for (const [from, to] of op.keys) table[from] = to;
  return table;
}

/** `ops` as the steps of an object literal, or `null` when one is not a rename, deletion or field operation. */
function shapeSteps(ops: readonly Op[], tables: readonly (RekeyTable | null)[]): ShapeStep[] | null {
  const steps: ShapeStep[] = [];
  for (const [index, op] of ops.entries()) {
    const table = tables[index];
    if (table != null) steps.push({ kind: 'rekey', table });
    else if (op.kind === 'mutate' && op.step !== undefined) steps.push(op.step);
    else return null;
  }
  return steps;
}

/**
 * What `instructions` do to a value of their schema going `way`, for a compiled serialiser: the steps of an object
 * literal (renames, deletions, field operations; none: nothing happens that way), or the map of the value itself
 * (a named enum's members); `null` when it is neither (a migration function, a removed field's value function).
 */
export function fieldPlanOf(
  instructions: readonly Instruction[],
  way: Way,
): { readonly steps: readonly ShapeStep[] } | { readonly value: Transform } | null {
  const ops = opsOf(instructions, way);
  if (ops.length > 0 && ops.every((op) => op.kind === 'value'))
    return { value: compileOps(ops, null) as Transform };
  const steps = shapeSteps(
    ops,
    ops.map((op) => (op.kind === 'rekey' ? tableOf(op) : null)),
  );
  return steps === null ? null : { steps };
}

function compileOps(ops: readonly Op[], keep: ((key: string) => boolean) | null): Transform | null {
  if (ops.length === 0) return null;
  const lastRekey = ops.map((op) => op.kind).lastIndexOf('rekey');
  const tables = ops.map((op) => (op.kind === 'rekey' ? tableOf(op) : null));
  const rekeys = tables.map((table, index) =>
    table === null ? null : rekeyLoop(table, index === lastRekey ? keep : null),
  );
  const loop: Transform = (value, context) => {
    let out: unknown = value;
    let owned = false;
    for (let index = 0; index < ops.length; index += 1) {
      const op = ops[index] as Op;
      if (op.kind === 'value') {
        out = op.fn(out);
        owned = false;
      } else if (!isPlainRecord(out)) {
        // An object's operations leave any other value as it is.
      } else if (op.kind === 'rekey') {
        out = (rekeys[index] as (object: Record<string, unknown>) => Record<string, unknown>)(out);
        owned = true;
      } else if (op.kind === 'mutate') {
        // A field operation sets a property of the object itself: a shallow copy of it is enough.
        const object = owned ? out : copyObject(out);
        op.fn(object, context);
        out = object;
        owned = true;
      } else {
        const replaced = op.fn(out, context);
        if (!isPlainRecord(replaced)) return replaced;
        out = replaced;
        owned = false;
      }
    }
    return out;
  };
  // Renames, deletions and field operations only: one object literal per shape of object does them all.
  const steps = shapeSteps(ops, tables);
  if (steps === null) return loop;
  // (Field operations read no context.)
  return compileShaped(steps, keep, (object) => loop(object, undefined));
}
