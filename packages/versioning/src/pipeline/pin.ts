import { argumentError, checkKnownKeys, describe, isPlainObject, mustBe } from '../internal/arguments.js';
import { checkVaryHeaders } from '../internal/field-syntax.js';
import { varyList } from './vary.js';

/** What a pin answers: a version, as if the client had sent it, or none (`null`, `undefined`). */
export type PinnedVersion = string | null | undefined;

/** The version of a request that carries none, from the framework's own request `R` (Hono: the context). */
export type PinVersion<R = unknown> = (request: R) => PinnedVersion | PromiseLike<PinnedVersion>;

/**
 * A pin with the request headers it reads: an answer whose version it was asked for varies on them (beside the
 * scheme's) instead of on everything (`Vary: *`), so that a shared cache may keep it.
 * @example { version: (req) => accounts.get(req.headers.authorization)?.apiVersion, vary: ['Authorization'] }
 */
export interface PinVersionOptions<R = unknown> {
  /** The pin, as `pinVersion` itself would be given. */
  readonly version: PinVersion<R>;
  /** The names of the request headers the pin reads (HTTP tokens); `[]` when it reads none a cache could see. */
  readonly vary: readonly string[];
}

/** A mount's pin as its routes ask it, and the `Vary` of the answers it decides (`null`: `*`). */
export interface CompiledPin {
  readonly version: (request: unknown) => unknown;
  readonly vary: readonly string[] | null;
}

/**
 * Checks `options.pinVersion` (`where` names the caller): a function, or `{ version, vary }` of a function and header
 * names.
 */
export function checkPin(where: string, pin: unknown): void {
  if (typeof pin === 'function') return;
  if (!isPlainObject(pin)) {
    throw argumentError(
      `${where}: options.pinVersion must be a function (request) => version, got ${describe(pin)} (or an object { version, vary } naming the request headers it reads)`,
    );
  }
  checkKnownKeys(`${where}: options.pinVersion`, pin, ['version', 'vary']);
  if (typeof pin['version'] !== 'function') {
    throw mustBe(where, 'options.pinVersion.version', 'a function (request) => version', pin['version']);
  }
  checkVaryHeaders(where, 'options.pinVersion.vary', pin['vary']);
}

/** `options.pinVersion`, checked by {@link checkPin}, in one form; `null` without one. */
export function compilePin(
  pin: PinVersion<never> | PinVersionOptions<never> | undefined,
): CompiledPin | null {
  if (pin === undefined) return null;
  if (typeof pin === 'function') return { version: pin as CompiledPin['version'], vary: null };
  return { version: pin.version as CompiledPin['version'], vary: Object.freeze([...pin.vary]) };
}

const anyVary: readonly string[] = Object.freeze(['*']);

/**
 * The `Vary` of an answer whose version `pin` was asked for, on a route whose scheme varies on `vary`: `*`, or those
 * headers and the pin's; `vary` itself without a pin.
 */
export function pinnedVary(vary: readonly string[], pin: CompiledPin | null): readonly string[] {
  if (pin === null) return vary;
  return pin.vary === null ? anyVary : varyList([...vary, ...pin.vary]);
}
