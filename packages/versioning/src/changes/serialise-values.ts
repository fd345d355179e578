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

/** A character `JSON.stringify` escapes in a string: a control character, `"`, `\`, or any surrogate (a lone one). */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const escaped = /[\u0000-\u001f"\\\ud800-\udfff]/;

/**
 * Whether `JSON.stringify` writes `value` as it is between quotes: nothing in it is escaped. A surrogate, even one of
 * a pair, counts as escaped (then `JSON.stringify` writes the string itself).
 */
export function isPlainString(value: string): boolean {
  if (value.length >= shortString) return !escaped.test(value);
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 32 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff)) return false;
  }
  return true;
}

/** A string as `JSON.stringify` writes it: quoted as it is when nothing in it needs escaping. */
export function stringText(value: string): string {
  return isPlainString(value) ? `"${value}"` : JSON.stringify(value);
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
  [
    anyText,
    (value, writer) =>
      `(typeof ${value} === 'number' && ${value} - ${value} === 0 ? '' + ${value} : ${writer}(${value}))`,
  ],
  [stringOrAny, (value, writer) => `(typeof ${value} === 'string' ? s(${value}) : ${writer}(${value}))`],
  [
    numberOrAny,
    (value, writer) =>
      `(typeof ${value} === 'number' && ${value} - ${value} === 0 ? '' + ${value} : ${writer}(${value}))`,
  ],
]);

/**
 * The writers (of objects) that write the comma before an item themselves when `comma` is `true`: an array of them
 * then makes one string less per item.
 */
export const commaWriters = new WeakSet<(value: unknown, comma?: boolean) => string>();

/** The text of an array whose items `item` writes; any other value as {@link anyText} writes it. */
export function arrayText(item: (value: unknown, comma?: boolean) => string): (value: unknown) => string {
  if (item === stringOrAny) return stringsText;
  if (commaWriters.has(item)) {
    return (value) => {
      if (!Array.isArray(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function')
        return anyText(value);
      let out = '[';
      for (let index = 0; index < value.length; index += 1) out += item(value[index], index !== 0);
      return `${out}]`;
    };
  }
  return (value) => {
    if (!Array.isArray(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function')
      return anyText(value);
    let out = '[';
    for (let index = 0; index < value.length; index += 1)
      out += index === 0 ? item(value[index]) : `,${item(value[index])}`;
    return `${out}]`;
  };
}

/**
 * {@link arrayText} of {@link stringOrAny}. A string with nothing to escape is added with the comma and quotes around
 * it as one constant: its closing quote waits (`open`) for the next item's `","`, or the closing `"]`.
 */
function stringsText(value: unknown): string {
  if (!Array.isArray(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return anyText(value);
  let out = '[';
  let open = false;
  for (let index = 0; index < value.length; index += 1) {
    const item: unknown = value[index];
    if (typeof item === 'string' && isPlainString(item)) {
      out = open ? `${out}","${item}` : index === 0 ? `["${item}` : `${out},"${item}`;
      open = true;
    } else {
      const text = anyText(item);
      out = open ? `${out}",${text}` : index === 0 ? `[${text}` : `${out},${text}`;
      open = false;
    }
  }
  return open ? `${out}"]` : `${out}]`;
}

/**
 * The source of a compiled shape's `return`: the object of `names` (in order) whose values `a0`, `a1`… the writers
 * `t0`, `t1`… (`writers`, in line where {@link anyWriters} says how) write, after a comma when `c` is `true`. Where
 * every member the schema says is a string or a number is one (a string with nothing to escape, a finite number),
 * those are written as they are between the constant parts (`p` being {@link isPlainString}), which saves a string
 * per member; else each by its writer. Names enter the source only as JSON string literals.
 */
export function objectSource(
  names: readonly string[],
  writers: readonly ((value: unknown) => string)[],
): string {
  const key = (index: number): string => `${index === 0 ? '{' : ','}${JSON.stringify(names[index])}:`;
  const written = (index: number): string => {
    const inline = anyWriters.get(writers[index] as (value: unknown) => string);
    return inline === undefined || inline === null
      ? `t${index}(a${index})`
      : inline(`a${index}`, `t${index}`);
  };
  // The first constant, after a comma or not.
  const lead = (text: string): string => `(c ? ${JSON.stringify(`,${text}`)} : ${JSON.stringify(text)})`;
  const general =
    writers.length === 0
      ? lead('{}')
      : `${writers.map((_, index) => `${index === 0 ? lead(key(index)) : JSON.stringify(key(index))} + ${written(index)}`).join(' + ')} + '}'`;
  const checks: string[] = [];
  const pieces: string[] = [];
  let constant = writers.length === 0 ? '{' : '';
  writers.forEach((writer, index) => {
    constant += key(index);
    const value = `a${index}`;
    if (writer === stringOrAny) {
      checks.push(`typeof ${value} === 'string' && p(${value})`);
      pieces.push(JSON.stringify(`${constant}"`), value);
      constant = '"';
    } else {
      if (writer === numberOrAny) checks.push(`typeof ${value} === 'number' && ${value} - ${value} === 0`);
      pieces.push(JSON.stringify(constant), writer === numberOrAny ? value : written(index));
      constant = '';
    }
  });
  pieces.push(JSON.stringify(`${constant}}`));
  if (checks.length === 0) return `return ${general};`;
  pieces[0] = lead(JSON.parse(pieces[0] as string) as string);
  return `if (${checks.join(' && ')}) return ${pieces.join(' + ')}; return ${general};`;
}

/** Whether `name` is an array index, which an object lists before its other keys (in ascending order). */
export function isIndexKey(name: string): boolean {
  if (!/^(?:0|[1-9][0-9]*)$/.test(name)) return false;
  return Number(name) < 4294967295;
}
