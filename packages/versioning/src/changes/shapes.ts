import { isPlainRecord, setOwn } from './properties.js';

/**
 * A rename/delete table: a key mapped to `null` is left out, to a string is renamed, absent is kept as it is.
 * Null-prototype: a property read is cheaper than `Map.get` on this per-object path.
 */
export type RekeyTable = Readonly<Record<string, string | null | undefined>>;

/** What one field operation does to its field, for the compiled object literal. */
export interface FieldStep {
  readonly field: string;
  /**
   * `present`: replaces a value that is there (not `undefined`) with `value(it)`; `absent`: sets `value()` where
   * there is none (or `undefined`); `always`: sets `value()`.
   */
  readonly when: 'present' | 'absent' | 'always';
  readonly value: (current?: unknown) => unknown;
}

/** One step of a transform an object literal can do: a rekeying, or a field operation. */
export type ShapeStep = { readonly kind: 'rekey'; readonly table: RekeyTable } | FieldStep;

type Build = (object: Record<string, unknown>) => Record<string, unknown>;

/** How many shapes (key lists in order) one transform compiles an object literal for; others take the loop. */
const maxShapes = 8;

/** Objects with more keys than this always take the loop. */
const maxKeys = 64;

let evaluates: boolean | undefined;

/**
 * Whether this runtime compiles code from strings (a Content-Security-Policy or an edge runtime may forbid it: then
 * every object takes the loop).
 */
export function canEvaluate(): boolean {
  if (evaluates === undefined) {
    try {
      // The one probe of whether `new Function` runs here; its text is a constant.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      const probe = new Function('return true') as () => unknown;
      evaluates = probe() === true;
    } catch {
      evaluates = false;
    }
  }
  return evaluates;
}

/** Rebuilds an object with its keys renamed or left out by `table` (and `keep`, after renaming), key by key. */
export function rekeyLoop(
  table: RekeyTable,
  keep: ((key: string) => boolean) | null,
): (object: Record<string, unknown>) => Record<string, unknown> {
  return (object) => {
    const next: Record<string, unknown> = {};
    const keys = Object.keys(object);
    for (let at = 0; at < keys.length; at += 1) {
      const key = keys[at] as string;
      const to = table[key];
      if (to === null) continue;
      const name = to === undefined ? key : to;
      if (keep !== null && !keep(name)) continue;
      if (name === '__proto__') setOwn(next, name, object[key]);
      else next[name] = object[key];
    }
    return next;
  };
}

/**
 * `steps` as one function per shape of object it meets (up to {@link maxShapes}: the same keys in the same order,
 * as the objects of one client or one handler are): an object literal that builds what `loop` builds — the same
 * keys, order and values — at the cost of a literal. Other shapes, and every object where code cannot be compiled,
 * take `loop`; any other value than an object (an array, a primitive) is given back as it is. `keep` leaves names out
 * at the last rekeying. Key names enter the compiled text only as JSON string literals; functions only as parameters.
 */
export function compileShaped(
  steps: readonly ShapeStep[],
  keep: ((key: string) => boolean) | null,
  loop: (object: Record<string, unknown>) => unknown,
): (value: unknown) => unknown {
  if (!canEvaluate()) return (value) => (isPlainRecord(value) ? loop(value) : value);
  const shapes: { readonly keys: readonly string[]; readonly build: Build }[] = [];
  let full = false;
  return (value) => {
    if (!isPlainRecord(value)) return value;
    const object = value;
    // The first shape is checked key by key as they are enumerated, without making the list of keys.
    const first = shapes[0];
    if (first !== undefined && hasKeys(object, first.keys)) return first.build(object);
    const keys = Object.keys(object);
    for (let index = 1; index < shapes.length; index += 1) {
      const shape = shapes[index] as (typeof shapes)[number];
      if (sameKeys(shape.keys, keys)) return shape.build(object);
    }
    if (!full) {
      const build = literalFor(keys, steps, keep);
      if (build !== null) {
        shapes.push({ keys, build });
        full = shapes.length === maxShapes;
        return build(object);
      }
    }
    return loop(object);
  };
}

/**
 * Whether `object`'s own enumerable string keys are `keys`, in order. `for…in` lists own keys before inherited ones:
 * when the last it lists is own, every one is.
 */
export function hasKeys(object: Record<string, unknown>, keys: readonly string[]): boolean {
  let at = 0;
  for (const key in object) {
    if (key !== keys[at]) return false;
    at += 1;
  }
  return at === keys.length && (at === 0 || Object.hasOwn(object, keys[at - 1] as string));
}

/** Whether two key lists are the same, in order. */
export function sameKeys(known: readonly string[], keys: readonly string[]): boolean {
  if (known.length !== keys.length) return false;
  for (let index = 0; index < keys.length; index += 1) if (known[index] !== keys[index]) return false;
  return true;
}

/** One property of what {@link shapeEntries} builds: its name, and the expression of its value. */
export interface ShapeEntry {
  readonly name: string;
  readonly expression: string;
  /** The key of the object it is read from, or `null` when a field operation made it. */
  readonly source: string | null;
  /** Whether a field operation may have changed what it read. */
  readonly changed: boolean;
}

/** What `steps` make of objects with exactly some keys: statements to run first, then the properties in order. */
export interface ShapePlan {
  readonly statements: readonly string[];
  readonly entries: readonly ShapeEntry[];
  /** The field operations' functions, which the statements call as `f0`, `f1`…, in order. */
  readonly values: readonly FieldStep['value'][];
}

/**
 * What `steps` make of objects with exactly `keys`, the object being `object` in the expressions; `null` where a
 * literal would not do the same (a `__proto__` name, which a literal would make the prototype; a name given twice;
 * too many keys). Key names enter the expressions only as JSON string literals.
 */
export function shapeEntries(
  keys: readonly string[],
  steps: readonly ShapeStep[],
  keep: ((key: string) => boolean) | null,
): ShapePlan | null {
  if (keys.length > maxKeys) return null;
  let entries: { name: string; expression: string; source: string | null; changed: boolean }[] = keys.map(
    (key) => ({ name: key, expression: `object[${JSON.stringify(key)}]`, source: key, changed: false }),
  );
  const lastRekey = steps.map((step) => ('table' in step ? 'rekey' : 'field')).lastIndexOf('rekey');
  const statements: string[] = [];
  const values: FieldStep['value'][] = [];
  for (const [index, step] of steps.entries()) {
    if ('table' in step) {
      const names = new Set<string>();
      const next: typeof entries = [];
      for (const entry of entries) {
        const to = step.table[entry.name];
        if (to === null) continue;
        const renamed = to === undefined ? entry.name : to;
        if (index === lastRekey && keep !== null && !keep(renamed)) continue;
        if (names.has(renamed)) return null;
        names.add(renamed);
        next.push({ ...entry, name: renamed });
      }
      entries = next;
      continue;
    }
    const fn = `f${values.length}`;
    values.push(step.value);
    const variable = `v${statements.length}`;
    const entry = entries.find(({ name }) => name === step.field);
    if (entry === undefined) {
      if (step.when === 'present') continue;
      statements.push(`const ${variable} = ${fn}();`);
      entries.push({ name: step.field, expression: variable, source: null, changed: true });
      continue;
    }
    statements.push(
      step.when === 'present'
        ? `let ${variable} = ${entry.expression}; if (${variable} !== undefined) ${variable} = ${fn}(${variable});`
        : step.when === 'absent'
          ? `let ${variable} = ${entry.expression}; if (${variable} === undefined) ${variable} = ${fn}();`
          : `const ${variable} = ${fn}();`,
    );
    entry.expression = variable;
    entry.changed = true;
  }
  if (entries.some(({ name }) => name === '__proto__') || keys.includes('__proto__')) return null;
  return { statements, entries, values };
}

/** The function building, for objects with exactly `keys`, what `steps` make of them (see {@link shapeEntries}). */
function literalFor(
  keys: readonly string[],
  steps: readonly ShapeStep[],
  keep: ((key: string) => boolean) | null,
): Build | null {
  const plan = shapeEntries(keys, steps, keep);
  if (plan === null) return null;
  const { statements, entries, values } = plan;
  const literal = entries.map(({ name, expression }) => `${JSON.stringify(name)}: ${expression}`).join(', ');
  const parameters = values.map((_, index) => `f${index}`);
  try {
    // Compiled from names as JSON string literals and functions as parameters only (see above).
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const make = new Function(
      ...parameters,
      `return function (object) { ${statements.join(' ')} return { ${literal} }; };`,
    ) as (...fns: FieldStep['value'][]) => Build;
    return make(...values);
  } catch {
    return null;
  }
}
