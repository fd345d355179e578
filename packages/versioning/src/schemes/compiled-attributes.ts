// The mechanism behind a scheme's compiled attributes (see defineCompiledAttributes): public, mutable properties
// whose values are kept, with what was compiled from them, in a state object under a symbol of this module;
// BaseVersioning reads them through stateOf(), and the per-class names through one inherited property, never by
// walking the prototype chain.

import type { CompiledFormat } from './version-format.js';

/**
 * What stands for a version a request does not carry: `'default'` the default version (or `version_required`);
 * `'defer'` nothing yet, `determineVersion()` answers `null` unchecked for a caller that asks a pinned version first;
 * `'pinned'` the rules' `defaultVersion`, a pinned version, read and checked like one the request carried.
 */
export type AbsentVersion = 'default' | 'defer' | 'pinned';

/** The version rules a scheme answers by, compiled: its own, or those it is asked under. */
export interface VersionRules {
  readonly defaultVersion: string | null;
  readonly allowedVersions: readonly (string | null)[] | null;
  /** The allowed versions as a set; `null` when every version is allowed. */
  readonly allowed: ReadonlySet<string | null> | null;
  /** The scheme's `versionFormat` compiled with these versions; `null` for versions of any form. */
  readonly format: CompiledFormat | null;
  /** The scheme's `versionRequired`. */
  readonly required: boolean;
  /** What stands for a version the request does not carry. */
  readonly absent: AbsentVersion;
}

/** What a scheme compiles from its version attributes, for the checks it makes on every request. */
export interface CompiledVersions extends VersionRules {
  readonly versionParam: string;
  /** These rules with the absent version deferred (`absent: 'defer'`, no default), for a mount with a pin. */
  readonly deferred: VersionRules;
  /** These rules with a pinned version (`absent: 'pinned'`), by version: made once per version a pin answers. */
  readonly pinned: { get(version: string): VersionRules };
}

/**
 * {@link VersionRules} for a default version and an allow list (`null` or empty: every version), checked by the
 * caller; `choice` adds the scheme's format and `versionRequired`, and what stands for an absent version.
 */
export function compileVersionRules(
  defaultVersion: string | null,
  allowedVersions: readonly (string | null)[] | null,
  choice: Partial<Pick<VersionRules, 'format' | 'required' | 'absent'>> = {},
): VersionRules {
  const allowed = allowedVersions === null || allowedVersions.length === 0 ? null : new Set(allowedVersions);
  const { format = null, required = false, absent = 'default' } = choice;
  return Object.freeze({ defaultVersion, allowedVersions, allowed, format, required, absent });
}

/**
 * What stands behind a scheme's compiled attributes. An object of its own rather than properties of the scheme: a
 * frozen scheme (a composite's member may be one) still compiles and is still asked under other rules.
 */
export interface AttributeState {
  /** The values assigned to the compiled attributes, by name. */
  readonly values: Record<string, unknown>;
  /** What was compiled from them; `undefined` until the next use after an assignment. */
  compiled: CompiledVersions | undefined;
  /** The rules of a running `determineVersionWith()` call; `null` outside one. */
  asked: VersionRules | null;
}

// Keys only this module holds: the state on each scheme, and the names of the compiled attributes on each class's
// prototype (every class's list holds its ancestors' names too, so one property read finds them all).
const attributeState = Symbol('compiled attributes');
const attributeNames = Symbol('compiled attribute names');

/**
 * The attribute state of `scheme`, which BaseVersioning's constructor sets up before anything else (see
 * {@link attachAttributeState}); read only by the accessors of {@link defineCompiledAttributes} and by BaseVersioning.
 */
export function stateOf(scheme: object): AttributeState {
  return (scheme as { readonly [attributeState]: AttributeState })[attributeState];
}

/** The names of every compiled attribute of `scheme`'s class, its ancestors' included. */
function namesOf(scheme: object): readonly string[] {
  return (scheme as { readonly [attributeNames]?: readonly string[] })[attributeNames] ?? [];
}

function assignAttribute(scheme: object, name: string, value: unknown): void {
  const state = stateOf(scheme);
  // A copy, frozen, so that the only way to change the versions is an assignment, which recompiles.
  state.values[name] =
    name === 'allowedVersions' && Array.isArray(value) ? Object.freeze([...(value as unknown[])]) : value;
  state.compiled = undefined;
}

/**
 * Makes `names` compiled attributes of `Class`: public, mutable properties (accessors on its prototype) whose
 * assignment makes every instance compile its attributes again, and check them, the next time it is used. A
 * subclass may still set them with a field initializer: the first compilation takes such a value over. Call it once
 * per class, after the class's definition.
 */
export function defineCompiledAttributes(
  Class: abstract new (...args: never[]) => object,
  names: readonly string[],
): void {
  const proto = Class.prototype as object;
  Object.defineProperty(proto, attributeNames, {
    value: Object.freeze([...namesOf(proto), ...names]),
  });
  for (const name of names) {
    Object.defineProperty(proto, name, {
      configurable: true,
      enumerable: true,
      get(this: object) {
        const { asked, values } = stateOf(this);
        if (asked !== null) {
          if (name === 'defaultVersion' || name === 'allowedVersions') return asked[name];
          if (name === 'versionRequired') return asked.required;
          if (name === 'versionFormat') return asked.format?.name ?? null;
        }
        return values[name];
      },
      set(this: object, value: unknown) {
        assignAttribute(this, name, value);
      },
    });
  }
}

/** Sets up the attribute state of a new scheme: BaseVersioning's constructor calls it before anything else. */
export function attachAttributeState(scheme: object): void {
  const state: AttributeState = { values: {}, compiled: undefined, asked: null };
  Object.defineProperty(scheme, attributeState, { value: state });
}

/** Puts the values a subclass's field initializers left on `scheme` itself under the accessors from now on. */
export function takeOverFieldValues(scheme: object): void {
  for (const name of namesOf(scheme)) {
    if (!Object.hasOwn(scheme, name)) continue;
    const value: unknown = (scheme as Record<string, unknown>)[name];
    Reflect.deleteProperty(scheme, name);
    assignAttribute(scheme, name, value);
  }
}
