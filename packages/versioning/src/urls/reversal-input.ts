import { argumentError, describe, mustBe } from '../internal/arguments.js';
import { isWellFormed } from './encoding.js';

/** Throws a `TypeError` unless `viewname` is a non-empty string. */
export function checkViewname(viewname: unknown): asserts viewname is string {
  if (typeof viewname !== 'string' || viewname === '') {
    throw mustBe('UrlConf.reverse(viewname)', 'viewname', 'a non-empty string', viewname);
  }
}

/** `reverse("viewname")`, how reversal's errors name the call; built only when one is thrown. */
export function whereOf(viewname: unknown): string {
  return `reverse(${typeof viewname === 'string' ? JSON.stringify(viewname) : describe(viewname)})`;
}

/** How errors name a reversal value: `args[0]`, `kwargs.pk`, `kwargs["a b"]`. */
function labelOf(name: string | number): string {
  if (typeof name === 'number') return `args[${name}]`;
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `kwargs.${name}` : `kwargs[${JSON.stringify(name)}]`;
}

/**
 * A value of a reversal as a string: a string of well-formed Unicode, or a finite number; anything else is a
 * `TypeError` naming the value by `name` (a key of `kwargs` or an index of `args`).
 */
function valueOf(viewname: string, name: string | number, value: unknown): string {
  if (typeof value === 'string' && isWellFormed(value)) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const what = `${whereOf(viewname)}: ${labelOf(name)}`;
  if (typeof value === 'string') {
    throw argumentError(`${what} holds a lone surrogate and cannot be put into a URL: ${describe(value)}`);
  }
  throw argumentError(`${what} must be a string or a finite number, got ${describe(value)}`);
}

/**
 * Checks each of `values` with {@link valueOf} and replaces it with its string, in place (the array is the
 * caller's own copy). `names` are the keys of `kwargs` the values come from; `null` for `args`.
 */
export function checkValues(
  viewname: string,
  names: readonly string[] | null,
  values: unknown[],
): readonly string[] {
  for (let index = 0; index < values.length; index++) {
    values[index] = valueOf(viewname, names === null ? index : (names[index] ?? ''), values[index]);
  }
  return values as string[];
}
