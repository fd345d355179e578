// Prop types and the validation every component description shares: unknown keys, required
// props and value types, each failure a TypeError naming the component, the prop and the value.
import { isPlainObject } from './own-properties.js';

/** Where a value fails its prop type: the (nested) path, what it expects there, what it got. */
export interface PropMismatch {
  /** `''` for the value itself, `.key` for an entry of an object value. */
  readonly path: string;
  readonly expected: string;
  readonly received: unknown;
}

/** A prop's type: a readable name for error messages and the check a value must pass. */
export interface PropType {
  /** What the prop expects, as a message fragment: `a string`, `'sm' or 'lg'`. */
  readonly expected: string;
  /** The first offending (nested) value, or `undefined` when the value fits. */
  readonly mismatch: (value: unknown) => PropMismatch | undefined;
}

/** What a component declares about its props; `Component` subclasses expose it as static fields. */
export interface PropsSpec {
  /** The component's type name, e.g. `Pagination`. */
  readonly type: string;
  /** Every accepted prop, in the order props are stored and serialised. */
  readonly propNames: readonly string[];
  /** Props that must be given (not `undefined`); `null` is rejected by their type. */
  readonly requiredProps: readonly string[];
  /** Key prefixes accepted besides `propNames`, e.g. `data-`; none for `Pagination`. */
  readonly validWildcardAttributes: readonly string[];
  /** The type of each prop; a prop without an entry accepts any value. */
  readonly propTypes: Readonly<Record<string, PropType>>;
}

function propType(expected: string, fits: (value: unknown) => boolean): PropType {
  return {
    expected,
    mismatch: (value) => (fits(value) ? undefined : { path: '', expected, received: value }),
  };
}

/** Any string. */
export const stringType = propType('a string', (value) => typeof value === 'string');

/** `true` or `false`. */
export const booleanType = propType('a boolean', (value) => typeof value === 'boolean');

/** A number that is neither `NaN` nor infinite. */
export const finiteNumberType = propType('a finite number', Number.isFinite);

/** A finite number greater than zero. */
export const positiveNumberType = propType(
  'a finite number greater than 0',
  (value) => Number.isFinite(value) && (value as number) > 0,
);

/** One of the listed strings. */
export function oneOfType(values: readonly string[]): PropType {
  return propType(values.map((value) => `'${value}'`).join(' or '), (value) =>
    values.includes(value as string),
  );
}

/**
 * A plain object whose entries pass the type `entryType(key)` gives (`null` and `undefined` entries are
 * ignored); a key without a type fails the whole object. The first failing entry is reported at `.key`.
 */
function objectType(expected: string, entryType: (key: string) => PropType | undefined): PropType {
  return {
    expected,
    mismatch: (value) => {
      if (!isPlainObject(value)) return { path: '', expected, received: value };
      for (const [key, entry] of Object.entries(value)) {
        const type = entryType(key);
        if (type === undefined) return { path: '', expected, received: value };
        const inner = entry == null ? undefined : type.mismatch(entry);
        if (inner) return { ...inner, path: `.${key}${inner.path}` };
      }
      return undefined;
    },
  };
}

const cssValueType = propType(
  'a string or a finite number',
  (value) => typeof value === 'string' || Number.isFinite(value),
);

/** CSS declarations: a plain object of strings and numbers (`null` and `undefined` entries are ignored). */
export const styleType = objectType('a plain object of CSS values', () => cssValueType);

/** A plain object with only the listed keys, each optional (`null` allowed) and of its own type. */
export function shapeType(shape: Readonly<Record<string, PropType>>): PropType {
  return objectType(`an object with only the keys ${Object.keys(shape).join(', ')}`, (key) =>
    // Own keys only: `toString` or `__proto__` in the value are unknown keys, not Object.prototype's.
    Object.hasOwn(shape, key) ? shape[key] : undefined,
  );
}

/**
 * A short, unambiguous rendering of any value for error messages: strings quoted, objects as JSON
 * (cut at 80 characters), and the values JSON cannot show (`NaN`, `undefined`, functions) by name.
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'function') return `a function ${value.name || '(anonymous)'}`;
  if (
    typeof value === 'number' ||
    typeof value === 'bigint' ||
    typeof value === 'symbol' ||
    value === undefined
  ) {
    return typeof value === 'bigint' ? `${value}n` : String(value);
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    // Cyclic structures cannot be shown as JSON; their tag still says what they are.
  }
  json ??= Object.prototype.toString.call(value);
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
}

/**
 * Checks `props` against `spec` and returns the explicitly passed props (keys whose value is not
 * `undefined`) in `spec.propNames` order.
 *
 * @throws TypeError when `props` is not an object, has a key that is not a prop, misses a required
 *   prop, or has a value of the wrong type (`null` is accepted for every optional prop).
 */
export function validateProps(spec: PropsSpec, props: unknown): Record<string, unknown> {
  if (props != null && !isPlainObject(props)) {
    throw new TypeError(
      `${spec.type} expects its props as a plain object, received ${describeValue(props)}.`,
    );
  }
  const given: Record<string, unknown> = props ?? {};
  // Own properties only: an inherited `class_name` (a polluted Object.prototype) is not a prop.
  const own = (name: string) => (Object.hasOwn(given, name) ? given[name] : undefined);
  const { propNames, requiredProps } = spec;
  const keys = Object.keys(given);
  let wildcards = false;
  for (const key of keys) {
    if (propNames.includes(key)) continue;
    if (!spec.validWildcardAttributes.some((prefix) => key.startsWith(prefix))) {
      throw new TypeError(
        `${spec.type} received an unexpected keyword argument: \`${key}\`. Allowed arguments: ${propNames.join(', ')}.`,
      );
    }
    wildcards = true;
  }
  for (const name of requiredProps) {
    if (own(name) === undefined) throw new TypeError(`Required argument \`${name}\` was not specified.`);
  }
  const explicit: Record<string, unknown> = {};
  for (const name of propNames) storeProp(spec, explicit, name, own(name));
  // Wildcard attributes (`data-*`) follow the declared props, in the order they were given.
  if (wildcards)
    for (const key of keys) if (!propNames.includes(key)) storeProp(spec, explicit, key, own(key));
  return explicit;
}

/**
 * Type-checks `value`, given for prop `name` of `spec`, and stores it in `explicit` unless it is
 * `undefined` (not passed). `null` ("unset") fits every optional prop.
 *
 * @throws TypeError naming the component, the (nested) prop, what it expects and the value received.
 */
export function storeProp(
  spec: PropsSpec,
  explicit: Record<string, unknown>,
  name: string,
  value: unknown,
): void {
  if (value === undefined) return;
  const mismatch =
    value === null && !spec.requiredProps.includes(name) ? undefined : spec.propTypes[name]?.mismatch(value);
  if (mismatch) {
    throw new TypeError(
      `${spec.type}: prop \`${name}${mismatch.path}\` expects ${mismatch.expected}, received ${describeValue(mismatch.received)}.`,
    );
  }
  explicit[name] = value;
}
