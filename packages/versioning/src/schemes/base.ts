import { NotImplementedError } from '../errors.js';
import { checkVaryHeaders } from '../http/field-syntax.js';
import { checkVersionAttributes, getSettings } from '../settings.js';
import type { ReverseOptions, VersioningRequest } from '../types.js';
import { checkKnownKeys, isPlainObject, mustBe } from '../internal/arguments.js';
import { genericReverse } from '../urls/reverse.js';
import {
  attachAttributeState,
  type CompiledVersions,
  compileVersionRules,
  defineCompiledAttributes,
  stateOf,
  takeOverFieldValues,
  type VersionRules,
} from './compiled-attributes.js';

export { compileVersionRules, type CompiledVersions, type VersionRules } from './compiled-attributes.js';

declare module '../types.js' {
  interface PackageClasses {
    scheme: BaseVersioning;
  }
}

/**
 * Constructor options of every scheme. A key that is present (even with `null`) wins over the settings. `V` is the
 * union of the versions the scheme allows: `allowedVersions: ['v1', 'v2'] as const` makes it `'v1' | 'v2'`.
 */
export interface VersioningOptions<V extends string = string> {
  /**
   * Version used when the request carries none.
   * @default getSettings().defaultVersion, which defaults to null
   */
  readonly defaultVersion?: V | null;
  /**
   * Permitted versions (`null` may be listed); `null` or `[]` allows every version.
   * @default getSettings().allowedVersions, which defaults to null
   */
  readonly allowedVersions?: readonly (V | null)[] | null;
  /**
   * Name of the media-type parameter, URL keyword or query parameter that carries the version.
   * @default getSettings().versionParam, which defaults to 'version'
   */
  readonly versionParam?: string;
}

/**
 * The versions a scheme allows, as a type: `VersionOf<URLPathVersioning<'v1' | 'v2'>>` is `'v1' | 'v2'`; `string`
 * for a scheme typed without an allow list.
 */
export type VersionOf<Scheme> = Scheme extends BaseVersioning<infer V> ? V : string;

const optionNames = ['defaultVersion', 'allowedVersions', 'versionParam'] as const;
const noHeaders: readonly string[] = Object.freeze([]);

/**
 * Runs `scheme.checkAttributes()`, which is protected so that users of a scheme do not see it; this module is where
 * the class is defined, and the only caller from outside it.
 */
function checkAttributesOf(scheme: BaseVersioning): void {
  (scheme as unknown as { checkAttributes(): void }).checkAttributes();
}

/**
 * Checks what the responses of a scheme's routes carry in headers, for an adapter about to mount it: its version
 * attributes, checked now as on first use (so that a value assigned since construction is refused at mount, not by
 * the first request), and its `varyHeaders`, which a subclass may override. Throws a `TypeError` naming `where` (or
 * the scheme's class) and the value; `name` names the scheme in it.
 */
export function checkSchemeHeaders(
  where: string,
  scheme: BaseVersioning,
  name = scheme.constructor.name,
): void {
  if (scheme instanceof BaseVersioning) checkAttributesOf(scheme);
  checkVaryHeaders(where, `${name}.varyHeaders`, scheme.varyHeaders);
}

/** The request's version when `options` names a request that has one, else `null`. */
export function requestVersion(options: ReverseOptions): string | null {
  // Malformed options are reported by the generic reversal; here they simply carry no version.
  if (typeof options !== 'object' || options === null) return null;
  const version = options.request?.version;
  return typeof version === 'string' ? version : null;
}

/**
 * Base of the versioning schemes (DRF's `BaseVersioning`): holds `defaultVersion`, `allowedVersions` and
 * `versionParam`, decides `isAllowedVersion()` and builds URLs with `reverse()`. Subclasses implement
 * `determineVersion()`; a subclass may pin any attribute with a field initializer, which wins over the
 * options.
 *
 * The attributes are public and may be reassigned at any time (DRF parity). What the per-request checks need is
 * compiled from them once, and again only after one was assigned: a value that is not valid is reported (as a
 * `TypeError` naming it) the next time the scheme is used, never re-checked on the requests after that.
 * @example
 * class HeaderVersioning extends BaseVersioning {
 *   override allowedVersions = ['1', '2'];
 *   override determineVersion(request: VersioningRequest): string | null {
 *     return request.headers.get('x-api-version') ?? this.defaultVersion;
 *   }
 * }
 */
export class BaseVersioning<V extends string = string> {
  /** Version used when the request carries none. */
  declare defaultVersion: V | null;
  /** Permitted versions; `null` or empty allows every version. Assigned arrays are copied and frozen. */
  declare allowedVersions: readonly (V | null)[] | null;
  /** Name of the parameter that carries the version. */
  declare versionParam: string;

  /**
   * Request headers the version is read from: every response of a route versioned by this scheme carries
   * them in `Vary` (errors too), so a shared cache keeps one answer per version.
   * @default []
   */
  get varyHeaders(): readonly string[] {
    return noHeaders;
  }

  /**
   * A scheme typed by its allow list: `new URLPathVersioning({ allowedVersions: ['v1', 'v2'] as const })` is a
   * `URLPathVersioning<'v1' | 'v2'>`, whose `determineVersion()` returns `'v1' | 'v2' | null`. The default version
   * joins the union (it is always allowed).
   */
  constructor(options: VersioningOptions<V> & { readonly allowedVersions: readonly (V | null)[] });
  /** A scheme whose allow list comes from the settings, or that allows every version: its versions are `string`. */
  constructor(options?: VersioningOptions);
  constructor(options: VersioningOptions<V> = {}) {
    attachAttributeState(this);
    const where = `new ${new.target.name}(options)`;
    const given: unknown = options;
    if (!isPlainObject(given)) throw mustBe(where, 'options', 'an object', given);
    checkKnownKeys(where, options, optionNames);
    checkVersionAttributes(where, options);
    const settings = getSettings();
    const { defaultVersion, allowedVersions, versionParam } = options;
    // Without an allow list in the options the versions are typed `string` (second overload), so the settings fit V.
    this.defaultVersion =
      defaultVersion !== undefined ? defaultVersion : (settings.defaultVersion as V | null);
    this.allowedVersions =
      allowedVersions === undefined
        ? (settings.allowedVersions as readonly (V | null)[] | null)
        : allowedVersions;
    this.versionParam = versionParam ?? settings.versionParam;
  }

  /**
   * The version that applies to `request`; `args` and `kwargs` are what the URL pattern captured. Throws an
   * `APIException` (`NotFound`, `NotAcceptable`) when the version is not allowed.
   */
  determineVersion(
    _request: VersioningRequest,
    _args?: readonly string[],
    _kwargs?: Readonly<Record<string, string | undefined>>,
  ): V | null {
    throw new NotImplementedError(`${this.constructor.name}.determineVersion() must be implemented.`);
  }

  /**
   * The URL of the named view, through the generic reversal; schemes that carry the version in the URL
   * override it.
   * @example scheme.reverse('users-detail', { kwargs: { pk: 7 }, request }) // 'http://localhost/v1/users/7/'
   */
  reverse(viewname: string, options: ReverseOptions = {}): string {
    return genericReverse(viewname, options);
  }

  /**
   * Whether `version` may be used: always when `allowedVersions` is `null` or empty; else when it equals a
   * non-null `defaultVersion` or is listed in `allowedVersions` (compared as values, never looked up as
   * object keys).
   */
  isAllowedVersion(version: string | null | undefined): boolean {
    const state = stateOf(this);
    const { allowed, allowedVersions, defaultVersion } = state.asked ?? state.compiled ?? this.#compile();
    if (allowed === null) return true;
    if (version !== null && version !== undefined && version === defaultVersion) return true;
    // A short list is searched: a version is a string the request just made, which a set would hash first.
    return allowed.size <= 8
      ? (allowedVersions as readonly (string | null)[]).includes(version ?? null)
      : allowed.has(version ?? null);
  }

  /**
   * {@link determineVersion} under other version rules, the scheme's own attributes left as they are: while it
   * runs, `defaultVersion`, `allowedVersions` and `isAllowedVersion()` answer from `rules`. `CompositeVersioning`
   * asks its members this way: with every version allowed and no default, for the version a request carries; with
   * its own rules, for the member's own error.
   * @example scheme.determineVersionWith(compileVersionRules(null, null), request) // what the request carries, or null
   */
  determineVersionWith(
    rules: VersionRules,
    request: VersioningRequest,
    args?: readonly string[],
    kwargs?: Readonly<Record<string, string | undefined>>,
  ): V | null {
    // The scheme's own attributes are still checked, as when it is asked directly.
    this.compiled();
    const state = stateOf(this);
    const outer = state.asked;
    state.asked = rules;
    try {
      return this.determineVersion(request, args, kwargs);
    } finally {
      state.asked = outer;
    }
  }

  /** The compiled attributes: compiled, and checked, again when one of them has been assigned since last time. */
  protected compiled(): CompiledVersions {
    return stateOf(this).compiled ?? this.#compile();
  }

  /** The version rules the scheme answers by now: those of a running {@link determineVersionWith}, else its own. */
  protected versionRules(): VersionRules {
    return stateOf(this).asked ?? this.compiled();
  }

  /** Checks the attributes now (they are checked when the scheme is next used anyway). */
  protected checkAttributes(): void {
    this.compiled();
  }

  /**
   * Checks and compiles what a subclass derives from its own compiled attributes (see
   * {@link defineCompiledAttributes}); runs whenever the scheme compiles. Throws a `TypeError` naming a bad value.
   */
  protected compileAttributes(): void {}

  #compile(): CompiledVersions {
    takeOverFieldValues(this);
    const state = stateOf(this);
    // The scheme's own values, also while it is asked under other rules.
    const { defaultVersion, allowedVersions, versionParam } = state.values as Pick<
      this,
      'defaultVersion' | 'allowedVersions' | 'versionParam'
    >;
    checkVersionAttributes(this.constructor.name, { defaultVersion, allowedVersions, versionParam });
    this.compileAttributes();
    const compiled: CompiledVersions = {
      ...compileVersionRules(defaultVersion, allowedVersions),
      versionParam,
    };
    state.compiled = compiled;
    return compiled;
  }

  /** Throws a `TypeError` unless `request` is an object; `where` names the method. */
  protected checkRequest(where: string, request: unknown): asserts request is VersioningRequest {
    if (typeof request !== 'object' || request === null) {
      throw mustBe(`${this.constructor.name}.${where}`, 'request', 'a VersioningRequest', request);
    }
  }
}

defineCompiledAttributes(BaseVersioning, ['defaultVersion', 'allowedVersions', 'versionParam']);
