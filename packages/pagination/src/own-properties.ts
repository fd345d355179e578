// Reading objects a user (or a polluted Object.prototype) may have shaped: own properties only.

/**
 * An object literal, `JSON.parse` output or `Object.create(null)`: its prototype is `Object.prototype` or
 * `null`, so its own entries are all there is to it (a `Date`, a `Map`, a class instance or an object
 * inheriting values is not).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The own enumerable properties of `object` in an object without a prototype, so that reading a prop
 * that was not given never reaches `Object.prototype` (where a polluted `class_name` would wait).
 */
export function ownProperties<T extends object>(object: T): T;
/** `null` and `undefined` have no properties: an empty object without a prototype. */
export function ownProperties<T extends object>(object: T | null | undefined): Partial<T>;
export function ownProperties<T extends object>(object: T | null | undefined): Partial<T> {
  return Object.assign(Object.create(null) as Partial<T>, object);
}

/** `object[key]` when `object` has it as its own property, else `undefined`. */
export function ownValue<T extends object, K extends keyof T>(
  object: T | null | undefined,
  key: K,
): T[K] | undefined {
  return object != null && Object.hasOwn(object, key) ? object[key] : undefined;
}
