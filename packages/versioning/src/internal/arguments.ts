/**
 * How the package checks what a caller passes and words the `TypeError` when it is wrong: one place for the
 * wording (`<where>: <what> must be <expected>, got <value>`) and for the stable `code` each such error carries.
 */

/**
 * Stable codes of the `TypeError`s thrown for arguments a caller got wrong, as Fastify's `FST_ERR_*`: match on
 * `error.code`, never on the wording.
 */
export type ArgumentErrorCode =
  /** A value of the wrong type or form. */
  | 'ERR_VERSIONING_INVALID_ARGUMENT'
  /** An options object with a key the function does not know (a misspelt option). */
  | 'ERR_VERSIONING_UNKNOWN_OPTION'
  /** A route table that cannot be built: a bad pattern, name or namespace. */
  | 'ERR_VERSIONING_INVALID_ROUTE'
  /**
   * A value bound for a response header that no header can carry: a header name that is not a token, or a value
   * (a version, a media type) with CR, LF or another control character, or a character above U+00FF.
   */
  | 'ERR_VERSIONING_INVALID_HEADER'
  /**
   * A version that does not have the form the scheme's `versionFormat` gives (a `defaultVersion` or an allowed
   * version that is not a real date, or not a semantic version), or an allow list of such versions out of order.
   */
  | 'ERR_VERSIONING_INVALID_VERSION'
  /** Options that contradict each other: `versionRequired: true` with a `defaultVersion`. */
  | 'ERR_VERSIONING_CONFLICTING_OPTIONS'
  /**
   * A version history that cannot be: an unknown or the oldest version as a key, a change listed twice, an
   * instruction about a field that is not there (or still there) in that version.
   */
  | 'ERR_VERSIONING_INVALID_HISTORY'
  /**
   * A schema the version changes cannot use: an instruction's schema without a name, or a named schema with changes
   * under a construct whose branch depends on the data (`allOf`, a union of object schemas, `if`/`then`…).
   */
  | 'ERR_VERSIONING_INVALID_SCHEMA'
  /** `placeVersion()` was given a scheme whose version it cannot place: not one of the package's schemes. */
  | 'ERR_VERSIONING_UNKNOWN_SCHEME'
  /**
   * `placeVersion()` cannot put the version where the scheme reads it: the URL has no `{version}`, or the version is
   * one that place cannot carry back (`..` in a path, a comma in a header, a capital letter in a host name).
   */
  | 'ERR_VERSIONING_CANNOT_PLACE';

/** A `TypeError` with its {@link ArgumentErrorCode}. */
export type ArgumentError = TypeError & { readonly code: ArgumentErrorCode };

/** The `TypeError` for an argument a caller got wrong, `message` naming where, what and the value. */
export function argumentError(
  message: string,
  code: ArgumentErrorCode = 'ERR_VERSIONING_INVALID_ARGUMENT',
  options?: ErrorOptions,
): ArgumentError {
  return withCode(new TypeError(message, options), code) as ArgumentError;
}

/** Gives `error` its stable `code`, as Node's own errors carry theirs; returns `error`. */
export function withCode<E extends Error>(error: E, code: string): E {
  // Not enumerable, as `message`: comparing errors, logging them as objects and the like see what they did before.
  Object.defineProperty(error, 'code', { value: code, writable: true, configurable: true });
  return error;
}

/**
 * `<where>: <what> must be <expected>, got <value>`: the wording of a value that is not what it must be.
 * @example mustBe('path(route)', 'route', 'a string starting with "/"', 42) // path(route): route must be a string starting with "/", got 42
 */
export function mustBe(
  where: string,
  what: string,
  expected: string,
  value: unknown,
  code: ArgumentErrorCode = 'ERR_VERSIONING_INVALID_ARGUMENT',
): ArgumentError {
  return argumentError(`${where}: ${what} must be ${expected}, got ${describe(value)}`, code);
}

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
    throw argumentError(
      `${where}: unknown option ${unknown.map((key) => JSON.stringify(key)).join(', ')}; known: ${known.join(', ')}`,
      'ERR_VERSIONING_UNKNOWN_OPTION',
    );
  }
}
