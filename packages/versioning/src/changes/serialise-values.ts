/*
 * The JSON text of values a compiled serialiser writes without a schema to follow: exactly what `JSON.stringify`
 * writes for them where they stand, or the signal that it cannot say (`giveUp`): then the whole body is sent by the
 * general path, which is always right.
 */

/** Thrown inside a compiled serialiser where it cannot write what `JSON.stringify` would: the general path sends. */
export const GIVE_UP: unique symbol = Symbol('restdash: the general path sends this body');

/** Stops a compiled serialiser: the body goes the general path. */
export function giveUp(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- a signal caught by the serialiser, never an error
  throw GIVE_UP;
}

/** Strings shorter than this are checked character by character (cheaper than a regular expression there). */
const shortString = 42;

/** A string as `JSON.stringify` writes it: quoted as it is when nothing in it needs escaping. */
export function stringText(value: string): string {
  if (value.length >= shortString) return JSON.stringify(value);
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    // Control characters, `"`, `\` and surrogates (a lone one is escaped) are written by JSON.stringify itself.
    if (code < 32 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff))
      return JSON.stringify(value);
  }
  return `"${value}"`;
}

/**
 * A member that nothing migrates or filters, as `JSON.stringify` writes it in its place: a primitive at once, an
 * array item by item, any other object by `JSON.stringify` (which reads its members as it would have). Gives up on
 * what the place would change: a `toJSON()` (called with the member's key), and `undefined`, a function or a symbol
 * (left out of an object, `null` in an array), a BigInt (an error).
 */
export function anyText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return stringText(value);
    case 'number':
      return Number.isFinite(value) ? `${value}` : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return giveUp();
      if (!Array.isArray(value)) return JSON.stringify(value);
      let out = '[';
      for (let index = 0; index < value.length; index += 1)
        out += index === 0 ? anyText(value[index]) : `,${anyText(value[index])}`;
      return `${out}]`;
    }
    default:
      return giveUp();
  }
}

/** {@link anyText} for a place whose schema says string: a string written at once. */
export const stringOrAny = (value: unknown): string =>
  typeof value === 'string' ? stringText(value) : anyText(value);

/** {@link anyText} for a place whose schema says number: a finite number written at once. */
export const numberOrAny = (value: unknown): string =>
  typeof value === 'number' && value - value === 0 ? `${value}` : anyText(value);

/**
 * The writers that write any value exactly as `JSON.stringify` does where nothing migrates or filters it, and how
 * a compiled shape writes each in line (`$` the value): a string or a finite number at once, else the writer.
 */
export const anyWriters: ReadonlyMap<
  (value: unknown) => string,
  ((value: string, writer: string) => string) | null
> = new Map<(value: unknown) => string, ((value: string, writer: string) => string) | null>([
  [anyText, null],
  [stringOrAny, (value, writer) => `(typeof ${value} === 'string' ? s(${value}) : ${writer}(${value}))`],
  [
    numberOrAny,
    (value, writer) =>
      `(typeof ${value} === 'number' && ${value} - ${value} === 0 ? '' + ${value} : ${writer}(${value}))`,
  ],
]);

/** The text of an array whose items `item` writes; any other value as {@link anyText} writes it. */
export function arrayText(item: (value: unknown) => string): (value: unknown) => string {
  return (value) => {
    if (!Array.isArray(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function')
      return anyText(value);
    let out = '[';
    for (let index = 0; index < value.length; index += 1)
      out += index === 0 ? item(value[index]) : `,${item(value[index])}`;
    return `${out}]`;
  };
}

/** Whether `name` is an array index, which an object lists before its other keys (in ascending order). */
export function isIndexKey(name: string): boolean {
  if (!/^(?:0|[1-9][0-9]*)$/.test(name)) return false;
  return Number(name) < 4294967295;
}
