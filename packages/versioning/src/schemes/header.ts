import { AmbiguousVersion, NotFound } from '../errors.js';
import { gettextLazy, type LazyString } from '../i18n/index.js';
import type { VersioningRequest } from '../types.js';
import { checkHeaderName } from '../internal/field-syntax.js';
import type { VersioningOptions } from './base.js';
import { BaseVersioning } from './base.js';
import { splitOptions } from './scheme-options.js';

/** Constructor options of {@link HeaderVersioning}. */
export interface HeaderVersioningOptions<V extends string = string> extends Pick<
  VersioningOptions<V>,
  'defaultVersion' | 'allowedVersions' | 'versionRequired' | 'versionFormat'
> {
  /**
   * Name of the request header that carries the version; matched case-insensitively, written as given in `Vary`
   * and in the error's detail.
   * @default 'Api-Version'
   */
  readonly header?: string;
}

const SPACE = 0x20;
const TAB = 0x09;
const isOws = (code: number): boolean => code === SPACE || code === TAB;

/** `value` from `from` to `to` without the spaces and tabs around it. */
function trimOws(value: string, from: number, to: number): string {
  let start = from;
  let end = to;
  while (start < end && isOws(value.charCodeAt(start))) start++;
  while (end > start && isOws(value.charCodeAt(end - 1))) end--;
  return value.slice(start, end);
}

/**
 * The version a header value names, `null` for none, or the several it lists: the value split at its commas (a
 * header sent twice arrives as one value joined with `, `, RFC 9110 §5.3), each element without its surrounding
 * whitespace, empty ones dropped, each once. Linear in the value's length.
 */
function versionsInHeader(value: string): string | null | readonly string[] {
  // The common case, one version: no list to build.
  if (!value.includes(',')) return trimOws(value, 0, value.length) || null;
  const versions = new Set<string>();
  for (let start = 0; start <= value.length;) {
    let end = value.indexOf(',', start);
    if (end === -1) end = value.length;
    const version = trimOws(value, start, end);
    if (version !== '') versions.add(version);
    start = end + 1;
  }
  const [first = null, ...others] = versions;
  return others.length === 0 ? first : [...versions];
}

/**
 * Reads the version from a request header of its own: `Api-Version: 2` (ASP.NET's, NestJS's and Spring's header
 * versioning). The header is matched case-insensitively; a header that lists several different versions (sent
 * twice, or `1, 2`) is a 400 `AmbiguousVersion`; a version that is not allowed is a 404 `NotFound`. Every response
 * of its routes varies on the header.
 * @example
 * const scheme = new HeaderVersioning({ header: 'X-API-Version', allowedVersions: ['1', '2'] });
 * scheme.determineVersion(createRequest(new Request('http://localhost/', { headers: { 'x-api-version': '2' } }))); // '2'
 */
export class HeaderVersioning<V extends string = string> extends BaseVersioning<V> {
  /** The header that carries the version, as given. */
  readonly header: string;
  /** Detail of the `NotFound` thrown for a version that is not allowed: `Invalid version in "<header>" header.` */
  invalidVersionMessage: LazyString;
  readonly #vary: readonly string[];
  // Lower-cased once: the request's header lookup lower-cases the name it is given.
  readonly #name: string;

  /** With `allowedVersions: [...] as const` the scheme is typed by those versions (see {@link BaseVersioning}). */
  constructor(options: HeaderVersioningOptions<V> & { readonly allowedVersions: readonly (V | null)[] });
  constructor(options?: HeaderVersioningOptions);
  constructor(options: HeaderVersioningOptions<V> = {}) {
    const where = `new ${new.target.name}(options)`;
    const { own, base } = splitOptions(where, options, ['header']);
    // RFC 9110 §5.1: a field name is a token.
    const header = checkHeaderName(where, 'header', own.header ?? 'Api-Version');
    super(base);
    this.header = header;
    this.invalidVersionMessage = gettextLazy('Invalid version in "%(header)s" header.', { header });
    this.#vary = Object.freeze([header]);
    this.#name = header.toLowerCase();
  }

  /** `[header]`. */
  override get varyHeaders(): readonly string[] {
    return this.#vary;
  }

  override determineVersion(request: VersioningRequest): V | null {
    this.checkRequest('determineVersion(request)', request);
    const value = request.headers.get(this.#name);
    const read = value === null ? null : versionsInHeader(value);
    if (typeof read === 'object' && read !== null) throw new AmbiguousVersion(read);
    return this.chooseVersion(read, () => new NotFound(this.invalidVersionMessage));
  }
}
