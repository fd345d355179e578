import type { BaseVersioning, UrlConf } from '../types.js';

/*
 * Schemes and UrlConfs are recognised one way, by the methods the package calls on them (duck typing): a scheme from
 * another copy of the package, or one written from scratch, is a scheme; an object merely named like one is not.
 */

/** Whether `value` is a versioning scheme: an object with a `determineVersion()` method, as `BaseVersioning` has. */
export function isScheme(value: unknown): value is BaseVersioning {
  return typeof (value as { determineVersion?: unknown } | null)?.determineVersion === 'function';
}

/** Whether `value` is a route table: an object with `resolve()`, `reverse()` and `routes()`, as `UrlConf` has. */
export function isUrlConf(value: unknown): value is UrlConf {
  const table = value as { resolve?: unknown; reverse?: unknown; routes?: unknown } | null;
  return (
    typeof table?.resolve === 'function' &&
    typeof table.reverse === 'function' &&
    typeof table.routes === 'function'
  );
}

/** Whether `value` is a promise or any other thenable (what an async user function may answer with). */
export function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
