import { NotImplementedError } from '../errors.js';
import { checkVersionAttributes, getSettings } from '../settings.js';
import type { ReverseOptions, VersioningRequest } from '../types.js';
import { checkKnownKeys, describe, isPlainObject } from '../urls/describe.js';
import { genericReverse } from '../urls/reverse.js';

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
  defaultVersion: V | null;
  /** Permitted versions; `null` or empty allows every version. */
  allowedVersions: readonly (V | null)[] | null;
  /** Name of the parameter that carries the version. */
  versionParam: string;
  #checked: Pick<BaseVersioning<V>, 'defaultVersion' | 'allowedVersions' | 'versionParam'> | undefined;

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
    const where = `new ${new.target.name}(options)`;
    const given: unknown = options;
    if (!isPlainObject(given))
      throw new TypeError(`${where}: options must be an object, got ${describe(given)}`);
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
        : allowedVersions && Object.freeze([...allowedVersions]);
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
    this.checkAttributes();
    const allowed: readonly (string | null)[] | null = this.allowedVersions;
    if (allowed === null || allowed === undefined || allowed.length === 0) return true;
    if (version !== null && version !== undefined && version === this.defaultVersion) return true;
    return allowed.includes(version ?? null);
  }

  /** Re-checks the attributes, which callers and subclasses may have reassigned since construction. */
  protected checkAttributes(): void {
    const { defaultVersion, allowedVersions, versionParam } = this;
    // Values checked before need no second check, unless the array can have changed in place (not frozen).
    const checked = this.#checked;
    if (
      checked !== undefined &&
      checked.defaultVersion === defaultVersion &&
      checked.allowedVersions === allowedVersions &&
      checked.versionParam === versionParam &&
      (allowedVersions === null || Object.isFrozen(allowedVersions))
    ) {
      return;
    }
    checkVersionAttributes(this.constructor.name, this);
    this.#checked = { defaultVersion, allowedVersions, versionParam };
  }

  /** Throws a `TypeError` unless `request` is an object; `where` names the method. */
  protected checkRequest(where: string, request: unknown): asserts request is VersioningRequest {
    if (typeof request !== 'object' || request === null) {
      throw new TypeError(
        `${this.constructor.name}.${where}: request must be a VersioningRequest, got ${describe(request)}`,
      );
    }
  }
}
