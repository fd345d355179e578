import { AmbiguousVersion } from '../errors.js';
import { checkVaryHeaders } from '../internal/field-syntax.js';
import type { ReverseOptions, VersioningRequest } from '../types.js';
import { argumentError, describe, mustBe } from '../internal/arguments.js';
import { isScheme } from '../internal/recognize.js';
import type { VersioningOptions } from './base.js';
import { BaseVersioning, checkSchemeHeaders, compileVersionRules } from './base.js';
import type { MediaTypeVersioning } from './media-type-versioning.js';
import { chooseVersion, notAllowed } from './choose-version.js';
import { splitOptions } from './scheme-options.js';

/** Constructor options of {@link CompositeVersioning}: the version rules of the whole; the members' own are not used. */
export type CompositeVersioningOptions<V extends string = string> = Pick<
  VersioningOptions<V>,
  'defaultVersion' | 'allowedVersions' | 'versionRequired' | 'versionFormat'
>;

/** No default and every version allowed: a member asked under these answers with what the request carries, or null. */
const carriedOnly = compileVersionRules(null, null);

/**
 * Whether the rules a member is asked under reach its `name` attribute: not when it is an own property that cannot be
 * assigned (a field initializer's value, frozen in place), which the member's code would read instead.
 */
function rulesReach(scheme: object, name: 'defaultVersion' | 'allowedVersions'): boolean {
  const own = Object.getOwnPropertyDescriptor(scheme, name);
  return own === undefined || own.writable === true || own.set !== undefined;
}

/** Whether `scheme` can tell a JSON response's media type, as {@link MediaTypeVersioning} can. */
function hasResponseMediaType(
  scheme: BaseVersioning,
): scheme is BaseVersioning & Pick<MediaTypeVersioning, 'responseMediaType'> {
  return typeof (scheme as Partial<MediaTypeVersioning>).responseMediaType === 'function';
}

/**
 * Reads the version from any of several places (ASP.NET's `ApiVersionReader.Combine`): asks each scheme for the
 * version the request carries (not a default). Different versions are a 400 `AmbiguousVersion` (listed in the
 * schemes' order); one version is checked against the composite's `allowedVersions` and refused with the error of the
 * scheme that read it (`NotFound`, `NotAcceptable`); none is the composite's `defaultVersion`. It varies on what every
 * scheme varies on, and `reverse()` carries the version the way the first scheme does.
 *
 * The schemes that choose the response's media type (those with a `responseMediaType()` method, as
 * {@link MediaTypeVersioning}) are asked first, the others then in order: an `AcceptHeaderVersioning` reads the media
 * type a vendor type made acceptable rather than failing content negotiation on it, so the answer does not depend on
 * the order the two are listed in.
 * @example
 * const scheme = new CompositeVersioning([new HeaderVersioning(), new QueryParameterVersioning()], {
 *   defaultVersion: '1',
 *   allowedVersions: ['1', '2'],
 * });
 * scheme.determineVersion(createRequest(new Request('http://localhost/users/?version=2'))); // '2'
 */
export class CompositeVersioning<V extends string = string> extends BaseVersioning<V> {
  /** The schemes; the first is the one that decides `reverse()`. */
  readonly schemes: readonly BaseVersioning[];
  readonly #vary: readonly string[];
  /** The indexes of the schemes in the order they are asked: those that choose the response's media type first. */
  readonly #order: readonly number[];

  /** With `allowedVersions: [...] as const` the composite is typed by those versions (see {@link BaseVersioning}). */
  constructor(
    schemes: readonly BaseVersioning[],
    options: CompositeVersioningOptions<V> & { readonly allowedVersions: readonly (V | null)[] },
  );
  constructor(schemes: readonly BaseVersioning[], options?: CompositeVersioningOptions);
  constructor(schemes: readonly BaseVersioning[], options: CompositeVersioningOptions<V> = {}) {
    const where = `new ${new.target.name}(schemes, options)`;
    const given: unknown = schemes;
    if (!Array.isArray(given) || given.length === 0) {
      throw mustBe(
        where,
        'schemes',
        'a non-empty array of versioning schemes, such as [new HeaderVersioning(), new QueryParameterVersioning()]',
        given,
      );
    }
    const members: readonly unknown[] = given;
    members.forEach((scheme, index) => {
      // A scheme the composite can ask under its rules (BaseVersioning's determineVersionWith()).
      if (!isScheme(scheme) || typeof scheme.determineVersionWith !== 'function') {
        throw mustBe(where, `schemes[${index}]`, 'a versioning scheme', scheme);
      }
      const first = members.indexOf(scheme);
      if (first !== index) {
        throw argumentError(
          `${where}: schemes[${index}] is schemes[${first}] again (${describe(scheme)}); list each scheme once`,
        );
      }
      if (!rulesReach(scheme, 'defaultVersion') || !rulesReach(scheme, 'allowedVersions')) {
        throw argumentError(
          `${where}: schemes[${index}] must let its defaultVersion and allowedVersions be assigned (the composite sets them while it asks it), got a frozen ${scheme.constructor.name}`,
        );
      }
      // They become the composite's, which go into every response's Vary.
      checkVaryHeaders(where, `schemes[${index}].varyHeaders`, scheme.varyHeaders);
    });
    super(splitOptions(where, options, []).base);
    this.schemes = Object.freeze([...schemes]);
    const vary = new Map<string, string>();
    for (const scheme of schemes) {
      for (const header of scheme.varyHeaders)
        if (!vary.has(header.toLowerCase())) vary.set(header.toLowerCase(), header);
    }
    this.#vary = Object.freeze([...vary.values()]);
    const indexes = schemes.map((_scheme, index) => index);
    this.#order = Object.freeze([
      ...indexes.filter((index) => hasResponseMediaType(schemes[index] as BaseVersioning)),
      ...indexes.filter((index) => !hasResponseMediaType(schemes[index] as BaseVersioning)),
    ]);
  }

  /** The headers any of the schemes varies on, each once (compared case-insensitively), in the schemes' order. */
  override get varyHeaders(): readonly string[] {
    return this.#vary;
  }

  override determineVersion(
    request: VersioningRequest,
    args?: readonly string[],
    kwargs?: Readonly<Record<string, string | undefined>>,
  ): V | null {
    this.checkRequest('determineVersion(request, args, kwargs)', request);
    // Its own rules, or those it is asked under when it is itself a member of a composite.
    const rules = this.versionRules();
    const { schemes } = this;
    // Asked in #order, weighed in the schemes' order.
    const reads = new Array<string | null>(schemes.length);
    for (const index of this.#order) {
      reads[index] = (schemes[index] as BaseVersioning).determineVersionWith(
        carriedOnly,
        request,
        args,
        kwargs,
      );
    }
    let reader: BaseVersioning | null = null;
    let version: string | null = null;
    let versions: string[] | null = null;
    for (let index = 0; index < schemes.length; index++) {
      const read = reads[index] ?? null;
      const scheme = schemes[index] as BaseVersioning;
      if (read === null) continue;
      if (reader === null) {
        reader = scheme;
        version = read;
      } else if (read !== version && !(versions?.includes(read) ?? false)) {
        (versions ??= [version as string]).push(read);
      }
    }
    if (versions !== null) throw new AmbiguousVersion(versions);
    // The composite's rules for what was read (its format, its default, a required or pinned version).
    const chosen = chooseVersion(rules, reader === null ? null : version);
    // Allowed, so one of V (or the default, which is V too).
    if (chosen !== notAllowed) return chosen as V | null;
    // Refused: the scheme that read the version (else the first) decides again with the composite's rules, so that
    // it throws its own error (or, as NamespaceVersioning may, finds another version it allows).
    const decider = reader ?? (this.schemes[0] as BaseVersioning);
    // What the decider answers under the composite's rules is one of V.
    return decider.determineVersionWith(rules, request, args, kwargs) as V | null;
  }

  /** Checks the schemes' attributes and `varyHeaders` too: a scheme's may have been assigned since construction. */
  protected override checkAttributes(): void {
    super.checkAttributes();
    this.schemes.forEach((scheme, index) => {
      checkSchemeHeaders(this.constructor.name, scheme, `schemes[${index}]`);
    });
  }

  /** The first scheme's reversal: the version travels in links the way it carries it. */
  override reverse(viewname: string, options: ReverseOptions = {}): string {
    return (this.schemes[0] as BaseVersioning).reverse(viewname, options);
  }

  /**
   * The `Content-Type` of a JSON response to `request`, as the first scheme that can tell one says (a
   * {@link MediaTypeVersioning} among them); `null` when none does.
   */
  responseMediaType(request: VersioningRequest): string | null {
    this.checkRequest('responseMediaType(request)', request);
    for (const scheme of this.schemes) {
      const mediaType = hasResponseMediaType(scheme) ? scheme.responseMediaType(request) : null;
      if (mediaType !== null) return mediaType;
    }
    return null;
  }
}
