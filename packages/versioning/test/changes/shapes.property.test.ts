// The object literals compiled per shape build exactly what the key-by-key loop builds: the same keys in the same
// order, the same values, a plain prototype — for any keys (prototype names, numbers, quotes, spaces) and any mix
// of renames, deletions and field operations.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compileShaped, type FieldStep, type RekeyTable, type ShapeStep } from '../../src/changes/shapes.js';

const names = [
  'a',
  'b',
  'c',
  'constructor',
  'toString',
  '0',
  '7',
  'x y',
  '"q"',
  "it's",
  '\u2028',
  '__proto__',
];
const name = fc.constantFrom(...names);

/**
 * A rename/delete table as the history makes them: no two names renamed to one, and every name renamed to is itself
 * in the table (left out or renamed on), so no kept key meets a renamed one.
 */
const table: fc.Arbitrary<RekeyTable> = fc
  .uniqueArray(fc.tuple(name, fc.option(name, { nil: null })), { selector: ([from]) => from, maxLength: 5 })
  .filter((pairs) => {
    const targets = pairs.map(([, to]) => to).filter((to): to is string => to !== null);
    return (
      new Set(targets).size === targets.length && targets.every((to) => pairs.some(([from]) => from === to))
    );
  })
  .map((pairs) => {
    const out = Object.create(null) as Record<string, string | null>;
    for (const [from, to] of pairs) out[from] = to;
    return out;
  });

const fieldStep: fc.Arbitrary<FieldStep> = fc.record({
  field: name,
  when: fc.constantFrom('present' as const, 'absent' as const, 'always' as const),
  value: fc.constant((current?: unknown) => (current === undefined ? 'made' : { was: current })),
});

const steps: fc.Arbitrary<ShapeStep[]> = fc.array(
  fc.oneof(
    table.map((t): ShapeStep => ({ kind: 'rekey', table: t })),
    fieldStep,
  ),
  { minLength: 1, maxLength: 5 },
);

const object = fc
  .array(fc.tuple(name, fc.oneof(fc.integer(), fc.string(), fc.constant(undefined), fc.constant(null))), {
    maxLength: 8,
  })
  .map((entries) => Object.fromEntries(entries) as Record<string, unknown>);

/** What the steps make of `input`, written the plainest way: ordered entries, then an object. */
function reference(
  input: Record<string, unknown>,
  list: readonly ShapeStep[],
  keep: ((key: string) => boolean) | null,
) {
  let entries: [string, unknown][] = Object.keys(input).map((key) => [key, input[key]]);
  const lastRekey = list.map((step) => ('table' in step ? 1 : 0)).lastIndexOf(1);
  list.forEach((step, index) => {
    if ('table' in step) {
      const next: [string, unknown][] = [];
      for (const [key, value] of entries) {
        const to = step.table[key];
        if (to === null) continue;
        const renamed = to ?? key;
        if (index === lastRekey && keep !== null && !keep(renamed)) continue;
        const same = next.find(([other]) => other === renamed);
        if (same) same[1] = value;
        else next.push([renamed, value]);
      }
      entries = next;
      return;
    }
    const entry = entries.find(([key]) => key === step.field);
    if (step.when === 'present') {
      if (entry !== undefined && entry[1] !== undefined) entry[1] = step.value(entry[1]);
    } else if (step.when === 'always' || entry === undefined || entry[1] === undefined) {
      if (entry === undefined) entries.push([step.field, step.value()]);
      else entry[1] = step.value();
    }
  });
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

function expectSame(actual: unknown, expected: Record<string, unknown>) {
  expect(Object.getPrototypeOf(actual)).toBe(Object.prototype);
  expect(Object.keys(actual as object)).toEqual(Object.keys(expected));
  for (const key of Object.keys(expected))
    expect((actual as Record<string, unknown>)[key]).toEqual(expected[key]);
}

describe('compileShaped', () => {
  test('builds what the loop builds, for any keys and steps, and uses the loop only where a literal cannot', () => {
    fc.assert(
      fc.property(
        steps,
        fc.option(fc.subarray(names), { nil: null }),
        fc.array(object, { minLength: 1, maxLength: 12 }),
        (list, kept, objects) => {
          const keep = kept === null ? null : (key: string) => kept.includes(key);
          let loops = 0;
          const shaped = compileShaped(list, keep, (input) => {
            loops += 1;
            return reference(input, list, keep);
          });
          for (const input of objects) {
            const before = loops;
            const frozen = Object.freeze({ ...input });
            expectSame(shaped(frozen), reference(input, list, keep));
            // A literal is compiled for every shape but those naming __proto__, up to eight shapes.
            const proto = Object.keys(reference(input, list, keep)).includes('__proto__');
            if (!proto && !Object.keys(input).includes('__proto__') && loops > before) {
              const shapes = new Set(objects.map((o) => Object.keys(o).join('\n')));
              expect(shapes.size).toBeGreaterThan(8);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  test('a rename to __proto__ sets an own property, never the prototype', () => {
    const shaped = compileShaped(
      [{ kind: 'rekey', table: Object.assign(Object.create(null), { a: '__proto__' }) as RekeyTable }],
      null,
      (input) => reference(input, [{ kind: 'rekey', table: { a: '__proto__' } }], null),
    );
    const out = shaped({ a: { polluted: true } }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  test('a key with quotes, backslashes or line separators stays data in the compiled text', () => {
    const key = '"]; globalThis.injected = 1; ["\\\u2028';
    const shaped = compileShaped(
      [{ kind: 'rekey', table: Object.assign(Object.create(null), { [key]: 'safe' }) as RekeyTable }],
      null,
      () => {
        throw new Error('the literal should have been used');
      },
    );
    expect(shaped({ [key]: 1, other: 2 })).toEqual({ safe: 1, other: 2 });
    expect((globalThis as Record<string, unknown>)['injected']).toBeUndefined();
  });
});
