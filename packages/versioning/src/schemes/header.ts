import { AmbiguousVersion, NotFound } from '../errors.js';
import { gettextLazy, type LazyString } from '../i18n/index.js';
import type { VersioningRequest } from '../types.js';
import { describe } from '../urls/describe.js';
import type { VersioningOptions } from './base.js';
import { BaseVersioning } from './base.js';
import { splitOptions } from './scheme-options.js';

/** Constructor options of {@link HeaderVersioning}. */
export interface HeaderVersioningOptions extends Pick<
  VersioningOptions,
  'defaultVersion' | 'allowedVersions'
> {
  /**
   * Name of the request header that carries the version; matched case-insensitively, written as given in `Vary`
   * and in the error's detail.
   * @default 'Api-Version'
   */
  readonly header?: string;
}

// RFC 9110 §5.1: a field name is a token.
const fieldName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const SPACE = 0x20;
const TAB = 0x09;
const isOws = (code: number): boolean => code === SPACE || code === TAB;

/**
 * The versions a header value lists, each once, in order: the value split at its commas (a header sent twice
 * arrives as one value joined with `, `, RFC 9110 §5.3), each element without its surrounding whitespace, empty
 * ones dropped. Linear in the value's length.
 */
function versionsInHeader(value: string): string[] {
  const versions = new Set<string>();
  let start = 0;
  while (start <= value.length) {
    let end = value.indexOf(',', start);
    if (end === -1) end = value.length;
    let from = start;
    let to = end;
    while (from < to && isOws(value.charCodeAt(from))) from++;
    while (to > from && isOws(value.charCodeAt(to - 1))) to--;
    if (to > from) versions.add(value.slice(from, to));
    start = end + 1;
  }
  return [...versions];
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
export class HeaderVersioning extends BaseVersioning {
  /** The header that carries the version, as given. */
  readonly header: string;
  /** Detail of the `NotFound` thrown for a version that is not allowed: `Invalid version in "<header>" header.` */
  invalidVersionMessage: LazyString;
  readonly #vary: readonly string[];

  constructor(options: HeaderVersioningOptions = {}) {
    const where = `new ${new.target.name}(options)`;
    const { own, base } = splitOptions(where, options, ['header']);
    const header = own.header ?? 'Api-Version';
    if (typeof header !== 'string' || !fieldName.test(header)) {
      throw new TypeError(
        `${where}: header must be a header name (a token such as "Api-Version"), got ${describe(header)}`,
      );
    }
    super(base);
    this.header = header;
    this.invalidVersionMessage = gettextLazy('Invalid version in "%(header)s" header.', { header });
    this.#vary = Object.freeze([header]);
  }

  /** `[header]`. */
  override get varyHeaders(): readonly string[] {
    return this.#vary;
  }

  override determineVersion(request: VersioningRequest): string | null {
    this.checkRequest('determineVersion(request)', request);
    const value = request.headers.get(this.header);
    const versions = value === null ? [] : versionsInHeader(value);
    if (versions.length > 1) throw new AmbiguousVersion(versions);
    const version = versions[0] ?? this.defaultVersion;
    if (!this.isAllowedVersion(version)) throw new NotFound(this.invalidVersionMessage);
    return version;
  }
}
