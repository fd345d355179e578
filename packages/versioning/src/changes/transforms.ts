import type { FieldChange, Instruction } from './instructions.js';
import { copyObject, isPlainRecord, setOwn, type Transform } from './walk.js';

/** Which way data goes through a version: up (an older request to the newer shape) or down (a response). */
export type Way = 'up' | 'down';

type Op =
  | { readonly kind: 'rekey'; readonly keys: Map<string, string | null> }
  | { readonly kind: 'mutate'; readonly fn: (object: Record<string, unknown>, context: unknown) => void }
  | { readonly kind: 'replace'; readonly fn: (object: Record<string, unknown>, context: unknown) => unknown };

/** A JSON default, copied per use when it is an object: a handler may change what it reads. */
function fresh(value: unknown): () => unknown {
  if (typeof value !== 'object' || value === null) return () => value;
  return () => structuredClone(value);
}

/** The operation one field instruction is, going `way`; `null` when it does nothing that way. */
function fieldOp(field: string, change: FieldChange, way: Way): Op | null {
  const absent = (object: Record<string, unknown>): boolean =>
    !Object.hasOwn(object, field) || object[field] === undefined;
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
      const value = fresh(change.default);
      return {
        kind: 'mutate',
        fn: (object) => {
          if (absent(object)) setOwn(object, field, value());
        },
      };
    }
    case 'removed': {
      if (way === 'up') return { kind: 'rekey', keys: new Map([[field, null]]) };
      if (!change.hasValue) return null;
      const given = change.value;
      if (typeof given === 'function') {
        return {
          kind: 'mutate',
          fn: (object) => {
            setOwn(object, field, (given as (o: unknown) => unknown)(object));
          },
        };
      }
      const value = fresh(given);
      return {
        kind: 'mutate',
        fn: (object) => {
          setOwn(object, field, value());
        },
      };
    }
    case 'retyped': {
      const convert = way === 'up' ? change.up : change.down;
      return {
        kind: 'mutate',
        fn: (object) => {
          if (!absent(object)) setOwn(object, field, convert(object[field]));
        },
      };
    }
    case 'madeRequired': {
      if (way === 'down') return null;
      const value = fresh(change.default);
      return {
        kind: 'mutate',
        fn: (object) => {
          if (absent(object)) setOwn(object, field, value());
        },
      };
    }
    case 'madeOptional': {
      if (way === 'up') return null;
      const value = fresh(change.value);
      return {
        kind: 'mutate',
        fn: (object) => {
          if (absent(object)) setOwn(object, field, value());
        },
      };
    }
  }
}

/** The operation `instruction` is on an object of its schema going `way`, or `null`. */
function opOf(instruction: Instruction, way: Way): Op | null {
  if (instruction.type === 'field') return fieldOp(instruction.field, instruction.change, way);
  if (instruction.type === 'request' && way === 'up') {
    const { fn } = instruction;
    return { kind: 'replace', fn: (object, context) => fn(object, context as never) };
  }
  if (instruction.type === 'response' && way === 'down') {
    const { fn } = instruction;
    return { kind: 'replace', fn: (object, context) => fn(object, context as never) };
  }
  return null;
}

/** Consecutive rename/delete operations on distinct keys merged into one rebuild of the object. */
function merge(ops: readonly Op[]): Op[] {
  const out: Op[] = [];
  for (const op of ops) {
    const last = out[out.length - 1];
    if (
      op.kind === 'rekey' &&
      last?.kind === 'rekey' &&
      [...op.keys.keys()].every((key) => !last.keys.has(key) && ![...last.keys.values()].includes(key))
    ) {
      out[out.length - 1] = { kind: 'rekey', keys: new Map([...last.keys, ...op.keys]) };
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
  const ordered = way === 'up' ? instructions : [...instructions].reverse();
  const ops = merge(
    ordered.map((instruction) => opOf(instruction, way)).filter((op): op is Op => op !== null),
  );
  if (ops.length === 0) return null;
  return (object, context) => {
    let out: Record<string, unknown> = object;
    let owned = false;
    for (const op of ops) {
      if (op.kind === 'rekey') {
        const next: Record<string, unknown> = {};
        for (const key of Object.keys(out)) {
          const to = op.keys.get(key);
          if (to === null) continue;
          setOwn(next, to ?? key, out[key]);
        }
        out = next;
        owned = true;
      } else {
        if (!owned) {
          out = copyObject(out);
          owned = true;
        }
        if (op.kind === 'mutate') op.fn(out, context);
        else {
          const replaced = op.fn(out, context);
          if (!isPlainRecord(replaced)) return replaced;
          out = replaced;
          owned = false;
        }
      }
    }
    return out;
  };
}
