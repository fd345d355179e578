import { setOwn } from './properties.js';

/*
 * A handler's value is read the way `JSON.stringify` reads it — `toJSON(key)` first, at every depth — so that what
 * is filtered and migrated is what would be sent: an ORM object's `toJSON()` hides what it hides, a Date is its
 * string.
 */

/** A `Number`, `String` or `Boolean` object as its primitive, as `JSON.stringify` writes one; else `value`. */
function unwrapped(value: object): unknown {
  if (value instanceof Number) return Number(value);
  if (value instanceof String) return String(value);
  if (value instanceof Boolean) return value.valueOf();
  return value;
}

/**
 * What `toJSON()` returned, as the value in its place: `JSON.stringify` does not call the `toJSON` of what a
 * `toJSON` returned, so a result that has one is copied without it (and a function, which is never sent, is
 * `undefined`) — a later `JSON.stringify` of the result then writes what the first would have.
 */
function settled(result: unknown): unknown {
  if (typeof result === 'function') return undefined;
  if (typeof result !== 'object' || result === null) return result;
  const value = unwrapped(result);
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  )
    return value;
  if (Array.isArray(value)) {
    const items: unknown[] = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) items[index] = value[index] as unknown;
    return items;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (key !== 'toJSON' || typeof item !== 'function') setOwn(copy, key, item);
  }
  return copy;
}

/**
 * `value` as `JSON.stringify` reads it in one place, `key` being its property name or array index (`''` at the
 * top): its `toJSON(key)` called when it has one, a `Number`, `String` or `Boolean` object as its primitive.
 * Nothing else is changed, nothing deeper read. What it gives back reads as itself.
 */
export function readAsJson(value: unknown, key: string | number): unknown {
  if (value === null) return value;
  const type = typeof value;
  if (type !== 'object' && type !== 'function' && type !== 'bigint') return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function')
    return settled(
      (toJSON as (key: string) => unknown).call(value, typeof key === 'number' ? String(key) : key),
    );
  return type === 'object' ? unwrapped(value as object) : value;
}

/**
 * `value` as `JSON.parse(JSON.stringify(value))` gives it back, made at once: `toJSON(key)` called at every depth,
 * only plain objects, arrays and JSON primitives left (a number that is not finite is `null`, a property that
 * `JSON.stringify` leaves out is not there) — a new value at every depth, which a migration function may change as
 * it likes without its changes reaching anything else. `undefined` where `JSON.stringify` writes nothing. Throws the
 * `TypeError`s `JSON.stringify` throws: a cycle, a BigInt.
 */
export function jsonCopy(value: unknown, key: string | number = ''): unknown {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  // A finite number, at once (-0 is written 0).
  if (typeof value === 'number' && value - value === 0) return value + 0;
  const read = readAsJson(value, key);
  // A primitive, as retyped fields mostly are, costs no more than its check.
  return typeof read === 'object' && read !== null ? copyOf(read, []) : primitive(read, key);
}

/** A primitive as `JSON.stringify` writes it, `undefined` for what it leaves out. */
function primitive(value: unknown, key: string | number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // -0 is written 0.
      return Number.isFinite(value) ? value + 0 : null;
    case 'bigint':
      throw new TypeError(`Do not know how to serialize a BigInt (at ${JSON.stringify(String(key))})`);
    default:
      return value === null ? null : undefined;
  }
}

/** A copy of an object or array already read, its members read and copied in turn. */
function copyOf(read: object, ancestors: object[]): unknown {
  if (ancestors.includes(read)) throw new TypeError('Converting circular structure to JSON');
  ancestors.push(read);
  let out: unknown[] | Record<string, unknown>;
  if (Array.isArray(read)) {
    out = new Array<unknown>(read.length);
    for (let index = 0; index < read.length; index += 1) {
      const item = member(read[index], index, ancestors);
      out[index] = item === undefined ? null : item;
    }
  } else {
    out = {};
    for (const name of Object.keys(read)) {
      const item = member((read as Record<string, unknown>)[name], name, ancestors);
      if (item !== undefined) setOwn(out, name, item);
    }
  }
  ancestors.pop();
  return out;
}

function member(value: unknown, key: string | number, ancestors: object[]): unknown {
  const read = readAsJson(value, key);
  return typeof read === 'object' && read !== null ? copyOf(read, ancestors) : primitive(read, key);
}

/** The JSON type of `value` as it is sent (`integer` a `number` too; a number that is not finite is `null`). */
export function jsonTypeOf(value: unknown): 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object' {
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isFinite(value) ? 'number' : 'null';
    case 'string':
      return 'string';
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? 'array' : 'object';
    default:
      return 'null';
  }
}

/** Whether two JSON values are equal (a `const` or `enum` member against a value). */
export function jsonEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
