import { AmbiguousVersion, NotAcceptable } from '../errors.js';
import { BoundedCache } from '../http/bounded-cache.js';
import { checkFieldValue, isToken } from '../internal/field-syntax.js';
import { scanAccept } from '../http/media-type.js';
import { gettextLazy, type LazyString } from '../i18n/index.js';
import type { VersioningRequest } from '../types.js';
import { argumentError, describe, mustBe } from '../internal/arguments.js';
import type { VersioningOptions } from './base.js';
import { BaseVersioning } from './base.js';
import { splitOptions } from './scheme-options.js';

/** Constructor options of {@link MediaTypeVersioning}. */
export interface MediaTypeVersioningOptions<V extends string = string> extends Pick<
  VersioningOptions<V>,
  'defaultVersion' | 'allowedVersions' | 'versionRequired' | 'versionFormat'
> {
  /**
   * The vendor media type, with `{version}` once in its subtype and no parameters.
   * @example 'application/vnd.acme.{version}+json'
   */
  readonly template: string;
}

const placeholder = '{version}';
const example = '"application/vnd.acme.{version}+json"';
const varyAccept: readonly string[] = Object.freeze(['Accept']);
const message = gettextLazy('Invalid version in "Accept" header.');
const versionText = /^[A-Za-z0-9._-]+$/;

/** Whether a character code may be part of a version in a media type: `[A-Za-z0-9._-]`. */
function isVersionChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x2d
  );
}

/**
 * What the `Accept` ranges matching the template ask for: one version, several, or something that cannot be read
 * (a vendor type with malformed parameters, or under a `*` type).
 */
type Reading =
  | { readonly version: string; readonly mediaType: string }
  | { readonly ambiguous: readonly string[] }
  | { readonly unreadable: true }
  | null;

const unreadable: Reading = Object.freeze({ unreadable: true });

/** Whether `text` is a concrete media type without parameters: type "/" subtype, tokens only (RFC 9110 §8.3.1). */
function isConcreteType(text: string): boolean {
  const slash = text.indexOf('/');
  return slash !== -1 && isToken(text.slice(0, slash)) && isToken(text.slice(slash + 1));
}

/** The template cut around `{version}`, its type and the literal parts of its subtype lower-cased for matching. */
interface Template {
  readonly before: string;
  readonly after: string;
  readonly type: string;
  readonly prefix: string;
  readonly suffix: string;
}

function parseTemplate(where: string, template: unknown): Template {
  if (typeof template !== 'string') {
    throw mustBe(where, 'template', `a media type such as ${example}`, template);
  }
  // It becomes a response's Content-Type.
  checkFieldValue(where, 'template', template);
  const at = template.indexOf(placeholder);
  if (at === -1 || template.includes(placeholder, at + 1)) {
    throw argumentError(
      `${where}: template must contain "{version}" exactly once, got ${describe(template)}`,
    );
  }
  const before = template.slice(0, at);
  const after = template.slice(at + placeholder.length);
  const slash = template.indexOf('/');
  const type = template.slice(0, slash);
  if (!isConcreteType(`${before}v1${after}`) || slash === -1 || slash > at || type === '*') {
    throw mustBe(
      where,
      'template',
      `a concrete media type without parameters, with "{version}" in its subtype, such as ${example}`,
      template,
    );
  }
  const prefix = before.slice(slash + 1);
  if (prefix === '' && after === '') {
    // `application/{version}` would read `application/json` as the version "json".
    throw argumentError(
      `${where}: template's subtype must have text besides "{version}", such as ${example}, got ${describe(template)}`,
    );
  }
  return {
    before,
    after,
    type: type.toLowerCase(),
    prefix: prefix.toLowerCase(),
    suffix: after.toLowerCase(),
  };
}

/** Whether `text` from `from` on starts with `lower`, compared ASCII case-insensitively. */
function startsWithAt(text: string, from: number, lower: string): boolean {
  for (let i = 0; i < lower.length; i++) {
    const code = text.charCodeAt(from + i);
    if (code !== lower.charCodeAt(i) && (code < 0x41 || code > 0x5a || code + 0x20 !== lower.charCodeAt(i)))
      return false;
  }
  return true;
}

/**
 * Reads the version from a vendor media type in `Accept`, GitHub's style: with the template
 * `application/vnd.acme.{version}+json`, `Accept: application/vnd.acme.v2+json` asks for `v2`. The range that
 * matches the template (type and the subtype's literal text case-insensitively, `{version}` as
 * `[A-Za-z0-9._-]+`) with the highest `q` counts; several different versions at that `q` are a 400
 * `AmbiguousVersion`. A vendor type that cannot be read (malformed parameters, a `*` type) is a 406 `NotAcceptable`,
 * as `AcceptHeaderVersioning` answers a version parameter it cannot read. The vendor type stands for JSON: it becomes `request.acceptedMediaType`, and is what a JSON
 * response is sent as ({@link MediaTypeVersioning.responseMediaType}). A version that is not allowed is a 406
 * `NotAcceptable`. Every response of its routes varies on `Accept`.
 * @example
 * const scheme = new MediaTypeVersioning({ template: 'application/vnd.acme.{version}+json' });
 * const accept = 'application/vnd.acme.v2+json';
 * scheme.determineVersion(createRequest(new Request('http://localhost/', { headers: { accept } }))); // 'v2'
 */
export class MediaTypeVersioning<V extends string = string> extends BaseVersioning<V> {
  /** The vendor media type, `{version}` in its subtype. */
  readonly template: string;
  /** Detail of the `NotAcceptable` thrown for a version that is not allowed. */
  invalidVersionMessage: LazyString = message;
  readonly #template: Template;
  // What each recent `Accept` header asks for: clients send the same few again and again.
  readonly #readings = new BoundedCache((accept) => this.#read(accept));

  /** With `allowedVersions: [...] as const` the scheme is typed by those versions (see {@link BaseVersioning}). */
  constructor(options: MediaTypeVersioningOptions<V> & { readonly allowedVersions: readonly (V | null)[] });
  // Two signatures, as BaseVersioning has: only an allow list types V (a default alone keeps it string).
  // eslint-disable-next-line @typescript-eslint/unified-signatures
  constructor(options: MediaTypeVersioningOptions);
  constructor(options: MediaTypeVersioningOptions<V>) {
    const where = `new ${new.target.name}(options)`;
    const { own, base } = splitOptions(where, options, ['template']);
    const template = parseTemplate(where, own.template);
    super(base);
    this.template = own.template as string;
    this.#template = template;
    const allowed = this.allowedVersions ?? [];
    const unfit = allowed.findIndex((version) => version !== null && !versionText.test(version));
    if (unfit !== -1) {
      throw argumentError(
        `${where}: allowedVersions[${unfit}] cannot be sent in the media type ("{version}" matches [A-Za-z0-9._-]+), got ${describe(allowed[unfit])}`,
      );
    }
  }

  /** `['Accept']`. */
  override get varyHeaders(): readonly string[] {
    return varyAccept;
  }

  override determineVersion(request: VersioningRequest): V | null {
    this.checkRequest('determineVersion(request)', request);
    const reading = this.#readings.get(request.headers.get('accept') ?? '');
    // Negotiation's 406, as AcceptHeaderVersioning answers a version parameter it cannot read.
    if (reading !== null && 'unreadable' in reading) throw new NotAcceptable();
    if (reading !== null && 'ambiguous' in reading) throw new AmbiguousVersion(reading.ambiguous);
    const version = this.chooseVersion(reading === null ? null : reading.version, () => {
      return new NotAcceptable(this.invalidVersionMessage);
    });
    if (reading !== null) request.acceptedMediaType = reading.mediaType;
    return version;
  }

  /**
   * The template with `version` in it.
   * @example new MediaTypeVersioning({ template: 'application/vnd.acme.{version}+json' }).mediaTypeFor('v2') // 'application/vnd.acme.v2+json'
   */
  mediaTypeFor(version: string): string {
    if (typeof version !== 'string' || !versionText.test(version)) {
      throw argumentError(
        `${this.constructor.name}.mediaTypeFor(version): version must match [A-Za-z0-9._-]+, got ${describe(version)}`,
      );
    }
    return this.#template.before + version + this.#template.after;
  }

  /**
   * The `Content-Type` of a JSON response to `request`: the vendor type its `Accept` asked for (what
   * `determineVersion()` made its `acceptedMediaType`), or `null` when it asked for none and the renderer's own
   * type (`application/json`) applies. Never throws for a request.
   */
  responseMediaType(request: VersioningRequest): string | null {
    this.checkRequest('responseMediaType(request)', request);
    let accepted: string;
    try {
      accepted = request.acceptedMediaType;
    } catch {
      // Nothing acceptable: no vendor type either.
      return null;
    }
    const slash = accepted.indexOf('/');
    return slash !== -1 && this.#versionIn(accepted.slice(0, slash), accepted.slice(slash + 1)) !== null
      ? accepted
      : null;
  }

  /** The version in a range's type and subtype when they match the template, else `null`. */
  #versionIn(type: string, subtype: string): string | null {
    const { prefix, suffix } = this.#template;
    const end = subtype.length - suffix.length;
    if (end <= prefix.length || type.length !== this.#template.type.length) return null;
    if (!startsWithAt(type, 0, this.#template.type)) return null;
    if (!startsWithAt(subtype, 0, prefix) || !startsWithAt(subtype, end, suffix)) return null;
    for (let i = prefix.length; i < end; i++) if (!isVersionChar(subtype.charCodeAt(i))) return null;
    return subtype.slice(prefix.length, end);
  }

  /**
   * What `accept` asks for: the versions of the matching ranges with the highest `q` above 0; unreadable when a
   * malformed element names the template (a `*` type naming any type), whatever else the header holds.
   */
  #read(accept: string): Reading {
    let best = 0;
    let versions = new Set<string>();
    let malformed = false;
    scanAccept(accept, (type, subtype, q) => {
      if (q === null) {
        malformed ||= this.#versionIn(type === '*' ? this.#template.type : type, subtype) !== null;
        return;
      }
      if (q === 0 || q < best) return;
      const version = this.#versionIn(type, subtype);
      if (version === null) return;
      if (q > best) {
        best = q;
        versions = new Set();
      }
      versions.add(version);
    });
    if (malformed) return unreadable;
    const [version, ...others] = versions;
    if (version === undefined) return null;
    if (others.length > 0) return { ambiguous: [version, ...others] };
    return { version, mediaType: this.mediaTypeFor(version) };
  }
}
