import { type APIException, NotImplementedError } from '../errors.js';
import { BoundedCache } from '../http/bounded-cache.js';
import { checkVaryHeaders } from '../internal/field-syntax.js';
import { checkVersionAttributes, getSettings } from '../settings.js';
import type { ReverseOptions, VersioningRequest } from '../types.js';
import { argumentError, checkKnownKeys, isPlainObject, mustBe } from '../internal/arguments.js';
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
import { chooseVersion, isAllowedUnder, notAllowed } from './choose-version.js';
import { checkVersionFormat, compileFormat, type VersionFormatName } from './version-format.js';

export { compileVersionRules, type CompiledVersions, type VersionRules } from './compiled-attributes.js';
export type { VersionFormatName } from './version-format.js';

declare module '../types.js' {
  interface PackageTypes<V extends string = string> {
    scheme: SchemeClass<V>;
  }
}
/** The class below, by a name the declaration above reaches (there, `BaseVersioning` is types.ts's own). */
type SchemeClass<V extends string> = BaseVersioning<V>;

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
  /**
   * Refuse a request that carries no version (an empty one counts as none) with a 400 `version_required`, instead
   * of serving a default version; a `defaultVersion` with it is a `TypeError`, and the settings' is not taken.
   * @default false
   */
  readonly versionRequired?: boolean;
  /**
   * The form of the versions: `'date'` (ISO dates `YYYY-MM-DD`, the allow list strictly ascending; a request's date
   * is served by the newest allowed date on or before it) or `'semver'` (`MAJOR[.MINOR[.PATCH]]`, an optional `v`
   * in front; `1`, `1.0` and `v1.0.0` are one version, served in the allow list's spelling). A request's version not
   * of the form is a 400 `invalid_version`. Absent: versions are compared as they are written.
   * @default null
   */
  readonly versionFormat?: VersionFormatName | null;
}

/**
 * The versions a scheme allows, as a type: `VersionOf<URLPathVersioning<'v1' | 'v2'>>` is `'v1' | 'v2'`; `string`
 * for a scheme typed without an allow list.
 */
export type VersionOf<Scheme> = Scheme extends BaseVersioning<infer V> ? V : string;

const optionNames = [
  'defaultVersion',
  'allowedVersions',
  'versionParam',
  'versionRequired',
  'versionFormat',
] as const;
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

/**
 * Checks what `versionRequired` and `versionFormat` demand of the other attributes (`where` names the constructor or
 * class): a boolean, a known format, no default version with a required one, versions of the format. Returns the
 * format compiled for the versions, or `null`.
 */
function checkChoice(
  where: string,
  values: {
    readonly defaultVersion: string | null;
    readonly allowedVersions: readonly (string | null)[] | null;
    readonly versionRequired: unknown;
    readonly versionFormat: unknown;
  },
): ReturnType<typeof compileFormat> | null {
  const { defaultVersion, allowedVersions, versionRequired } = values;
  if (typeof versionRequired !== 'boolean')
    throw mustBe(where, 'versionRequired', 'a boolean', versionRequired);
  if (versionRequired && defaultVersion !== null) {
    throw argumentError(
      `${where}: versionRequired refuses a request without a version, so there is no defaultVersion to serve it; got defaultVersion ${JSON.stringify(defaultVersion)} (leave it out, or drop versionRequired)`,
      'ERR_VERSIONING_CONFLICTING_OPTIONS',
    );
  }
  const format = checkVersionFormat(where, values.versionFormat);
  return format === null ? null : compileFormat(where, format, defaultVersion, allowedVersions);
}

/**
 * The rules a mount with a pinned version asks `scheme` under: with the absent version deferred (`pinned`
 * `undefined`: `determineVersion()` answers `null` for a request that carries none), or with `pinned` read and
 * checked as if the request carried it.
 */
export function pinRules(scheme: BaseVersioning, pinned?: string): VersionRules {
  const own = compiledOf(scheme);
  if (pinned === undefined) return own.deferred;
  return own.pinned.get(pinned);
}

function compiledOf(scheme: BaseVersioning): CompiledVersions {
  return (scheme as unknown as { compiled(): CompiledVersions }).compiled();
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
  /** Whether a request without a version is refused (400 `version_required`) rather than served a default. */
  declare versionRequired: boolean;
  /** The form of the versions (`'date'`, `'semver'`), or `null` for versions compared as written. */
  declare versionFormat: VersionFormatName | null;

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
    const { defaultVersion, allowedVersions, versionParam, versionRequired = false, versionFormat } = options;
    // A required version has no default: the settings' is not taken (one given in the options is refused below).
    const fallback = versionRequired ? null : settings.defaultVersion;
    // Without an allow list in the options the versions are typed `string` (second overload), so the settings fit V.
    this.defaultVersion = defaultVersion !== undefined ? defaultVersion : (fallback as V | null);
    this.allowedVersions =
      allowedVersions === undefined
        ? (settings.allowedVersions as readonly (V | null)[] | null)
        : allowedVersions;
    this.versionParam = versionParam ?? settings.versionParam;
    // Checked now, with the values given: a mistake shows where the scheme is made, not at its first request.
    checkChoice(where, {
      defaultVersion: this.defaultVersion,
      allowedVersions: this.allowedVersions,
      versionRequired,
      versionFormat,
    });
    this.versionRequired = versionRequired;
    this.versionFormat = versionFormat ?? null;
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
    return isAllowedUnder(state.asked ?? state.compiled ?? this.#compile(), version);
  }

  /**
   * The version that serves a request carrying `carried` (`null`: none), by the scheme's rules, for a subclass's
   * `determineVersion()` to return: a carried version read by `versionFormat` and checked; none, the pinned version
   * (on a mount with `pinVersion`), else the default version, else a 400 `version_required` when `versionRequired`.
   * Throws what `refuse()` makes when the version is not allowed, `InvalidVersion` (400) when it is not of the format.
   * @example
   * override determineVersion(request: VersioningRequest): string | null {
   *   return this.chooseVersion(request.headers.get('x-api-version'), () => new NotFound('Invalid version.'));
   * }
   */
  protected chooseVersion(carried: string | null, refuse: () => APIException): V | null {
    const chosen = chooseVersion(this.versionRules(), carried);
    if (chosen === notAllowed) throw refuse();
    // Allowed, so one of V (or the default, which is V too).
    return chosen as V | null;
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
   * `defineCompiledAttributes`); runs whenever the scheme compiles. Throws a `TypeError` naming a bad value.
   */
  protected compileAttributes(): void {}

  #compile(): CompiledVersions {
    takeOverFieldValues(this);
    const state = stateOf(this);
    // The scheme's own values, also while it is asked under other rules.
    const { defaultVersion, allowedVersions, versionParam, versionRequired, versionFormat } =
      state.values as Pick<
        this,
        'defaultVersion' | 'allowedVersions' | 'versionParam' | 'versionRequired' | 'versionFormat'
      >;
    const where = this.constructor.name;
    checkVersionAttributes(where, { defaultVersion, allowedVersions, versionParam });
    const format = checkChoice(where, { defaultVersion, allowedVersions, versionRequired, versionFormat });
    this.compileAttributes();
    const choice = { format, required: versionRequired };
    const compiled: CompiledVersions = {
      ...compileVersionRules(defaultVersion, allowedVersions, choice),
      versionParam,
      deferred: compileVersionRules(null, allowedVersions, { ...choice, absent: 'defer' }),
      // Pins answer a handful of versions (one per customer cohort): their rules are made once each.
      pinned: new BoundedCache((version) =>
        compileVersionRules(version, allowedVersions, { ...choice, absent: 'pinned' }),
      ),
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

defineCompiledAttributes(BaseVersioning, [
  'defaultVersion',
  'allowedVersions',
  'versionParam',
  'versionRequired',
  'versionFormat',
]);
