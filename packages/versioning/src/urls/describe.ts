/** A short, unambiguous rendering of a value for error messages: strings quoted, objects by kind. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  if (value === null || typeof value !== 'object') return String(value);
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor
    ?.name;
  return typeof name === 'string' && name !== 'Object' ? `a ${name}` : 'an object';
}

/** Whether `value` is an object built by `{…}` or `Object.create(null)`, the shapes accepted for options. */
export function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

/** Whether every key of `options` is in `known`: {@link checkKnownKeys} without building its message. */
export function hasOnlyKnownKeys(options: object, known: readonly string[]): boolean {
  for (const key in options) {
    if (!known.includes(key) && Object.hasOwn(options, key)) return false;
  }
  return true;
}

/** Throws a `TypeError` naming `where` and every key of `options` that is not in `known`. */
export function checkKnownKeys(where: string, options: object, known: readonly string[]): void {
  if (hasOnlyKnownKeys(options, known)) return;
  const unknown = Object.keys(options).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw new TypeError(
      `${where}: unknown option ${unknown.map((key) => JSON.stringify(key)).join(', ')}; known: ${known.join(', ')}`,
    );
  }
}
