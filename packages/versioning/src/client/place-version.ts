import { isFieldValue } from '../internal/field-syntax.js';
import { normalizeHostName } from '../http/host.js';
import { withParameterInEveryRange } from '../http/media-type.js';
import { argumentError, checkKnownKeys, describe, isPlainObject, mustBe } from '../internal/arguments.js';
import { AcceptHeaderVersioning } from '../schemes/accept-header.js';
import type { BaseVersioning, VersionOf } from '../schemes/base.js';
import { CompositeVersioning } from '../schemes/composite.js';
import { HeaderVersioning } from '../schemes/header.js';
import { HostNameVersioning } from '../schemes/hostname.js';
import { MediaTypeVersioning } from '../schemes/media-type-versioning.js';
import { NamespaceVersioning } from '../schemes/namespace.js';
import { QueryParameterVersioning } from '../schemes/query-parameter.js';
import { URLPathVersioning } from '../schemes/url-path.js';
import { isDotOrEmptySegment } from '../urls/encoding.js';
import { replaceQueryParam } from '../urls/reverse.js';

/** Where a request to a versioned API goes, and what it sends: the input of {@link placeVersion}. */
export interface VersionTarget {
  /**
   * The request's URL. For `URLPathVersioning`, `NamespaceVersioning` and `HostNameVersioning` it holds `{version}`
   * where the version goes (`https://api.example.com/{version}/users/`, `https://{version}.example.com/`). Relative
   * URLs are resolved against the page's address in a browser.
   */
  readonly url: string | URL;
  /** The request's other headers; an `Accept` is kept, with the version added (see {@link placeVersion}). */
  readonly headers?: HeadersInit;
}

/** A request with its version in place: the result of {@link placeVersion}, new objects each time. */
export interface PlacedVersion {
  readonly url: URL;
  readonly headers: Headers;
}

/** Where a scheme reads the version, as `placeVersion()` writes it. */
export type Place =
  | { readonly kind: 'accept-parameter'; readonly param: string }
  | { readonly kind: 'query'; readonly param: string }
  | { readonly kind: 'header'; readonly header: string }
  | { readonly kind: 'media-type'; readonly scheme: MediaTypeVersioning }
  | { readonly kind: 'path' }
  | { readonly kind: 'host'; readonly regex: RegExp };

const where = 'placeVersion(scheme, version, { url, headers })';
// A surrogate without its pair: no URL or header can carry it (UTF-8 has no encoding for it).
const loneSurrogate = /\p{Surrogate}/u;
const placeholder = /\{version\}|%7Bversion%7D/gi;
const schemeNames =
  'AcceptHeaderVersioning, URLPathVersioning, NamespaceVersioning, HostNameVersioning, QueryParameterVersioning, HeaderVersioning, MediaTypeVersioning, CompositeVersioning (or a subclass)';

/**
 * Where `scheme` reads the version; a composite places it the way its first member does. A `TypeError` for a scheme
 * whose version cannot be placed.
 */
export function placeOf(scheme: unknown): Place {
  if (scheme instanceof CompositeVersioning) return placeOf(scheme.schemes[0]);
  if (scheme instanceof AcceptHeaderVersioning)
    return { kind: 'accept-parameter', param: scheme.versionParam };
  if (scheme instanceof QueryParameterVersioning) return { kind: 'query', param: scheme.versionParam };
  if (scheme instanceof HeaderVersioning) return { kind: 'header', header: scheme.header };
  if (scheme instanceof MediaTypeVersioning)
    return { kind: 'media-type', scheme: scheme as MediaTypeVersioning };
  if (scheme instanceof URLPathVersioning || scheme instanceof NamespaceVersioning) return { kind: 'path' };
  if (scheme instanceof HostNameVersioning) {
    const regex: unknown = scheme.hostnameRegex;
    if (!(regex instanceof RegExp)) throw mustBe(where, 'scheme.hostnameRegex', 'a RegExp', regex);
    return { kind: 'host', regex };
  }
  throw mustBe(where, 'scheme', `one of ${schemeNames}`, scheme, 'ERR_VERSIONING_UNKNOWN_SCHEME');
}

/** The `TypeError` for a version its place cannot carry back to the scheme unchanged. */
function cannotCarry(version: string, place: string, reason: string): TypeError {
  return argumentError(
    `${where}: version ${describe(version)} cannot be sent in ${place}: ${reason}`,
    'ERR_VERSIONING_CANNOT_PLACE',
  );
}

/** The page's address in a browser (what `fetch()` resolves a relative URL against), else `undefined`. */
function pageAddress(): string | undefined {
  const href: unknown = (globalThis as { location?: { href?: unknown } }).location?.href;
  return typeof href === 'string' ? href : undefined;
}

/** A copy of `url` as a `URL` (a `URL` of another realm too): the caller's object is never changed. */
function urlOf(url: unknown): URL {
  const text =
    typeof url === 'string'
      ? url
      : typeof url === 'object' && url !== null && typeof (url as URL).href === 'string'
        ? (url as URL).href
        : null;
  if (text === null) throw mustBe(where, 'url', 'a string or a URL', url);
  try {
    return new URL(text, pageAddress());
  } catch {
    throw mustBe(where, 'url', 'an absolute URL (or, in a browser, one relative to the page)', url);
  }
}

function headersOf(headers: unknown): Headers {
  try {
    return new Headers(headers as HeadersInit | undefined);
  } catch (error) {
    throw argumentError(
      `${where}: headers must be what new Headers() takes, got ${describe(headers)}: ${String(error)}`,
      'ERR_VERSIONING_INVALID_ARGUMENT',
      { cause: error },
    );
  }
}

/** `text` with every `{version}` (or `%7Bversion%7D`) replaced by `value`, `null` when it holds none. */
function filledIn(text: string, value: string): string | null {
  placeholder.lastIndex = 0;
  return placeholder.test(text) ? text.replace(placeholder, () => value) : null;
}

/** The URL with the version in its path, where it holds `{version}`. */
function inPath(url: URL, version: string): URL {
  // `.` and `..` (even escaped) are dot segments a URL drops; an empty one reads as no version.
  if (isDotOrEmptySegment(version)) {
    throw cannotCarry(version, 'a URL path', 'a path segment cannot be empty, "." or ".."');
  }
  const path = filledIn(url.pathname, encodeURIComponent(version));
  if (path === null) {
    throw mustBe(
      where,
      'url',
      'a URL with "{version}" in its path, such as "https://api.example.com/{version}/users/"',
      url.href,
      'ERR_VERSIONING_CANNOT_PLACE',
    );
  }
  const placed = new URL(url.href);
  placed.pathname = path;
  return placed;
}

/** The URL with the version in its host name, where it holds `{version}`, checked with the scheme's regex. */
function inHost(url: URL, version: string, regex: RegExp): URL {
  const hostname = filledIn(url.hostname, version);
  if (hostname === null) {
    throw mustBe(
      where,
      'url',
      'a URL with "{version}" in its host name, such as "https://{version}.example.com/"',
      url.href,
      'ERR_VERSIONING_CANNOT_PLACE',
    );
  }
  const placed = new URL(url.href);
  placed.hostname = hostname;
  // What the scheme will read: the host name lower-cased, matched by its regex. The setter ignores a host name it
  // cannot take, leaving the template's.
  regex.lastIndex = 0;
  const read =
    placed.hostname === url.hostname ? undefined : regex.exec(normalizeHostName(placed.hostname))?.[1];
  if (read !== version) {
    throw cannotCarry(
      version,
      `the host name ${JSON.stringify(hostname)}`,
      `the scheme's hostnameRegex ${String(regex)} reads ${read === undefined ? 'no version' : describe(read)} there`,
    );
  }
  return placed;
}

/** Checks that `version` can be a header's value, or part of one, as sent. */
function checkFieldValue(version: string, place: string): void {
  if (!isFieldValue(version)) {
    throw cannotCarry(version, place, 'a header carries tab, space, visible ASCII and U+0080 to U+00FF only');
  }
}

/**
 * The request to send for `version` under `scheme`: `url` and `headers` with the version put where the scheme's
 * `determineVersion()` reads it, so that a server versioned by that scheme determines exactly `version`:
 *
 * - `AcceptHeaderVersioning`: the `versionParam` parameter in every range of `Accept` (default `application/json`),
 *   replacing one already there: `application/json; version=2.0`.
 * - `QueryParameterVersioning`: the `versionParam` query parameter, set or replaced.
 * - `HeaderVersioning`: its header.
 * - `MediaTypeVersioning`: `Accept` becomes its vendor media type: `application/vnd.acme.v2+json`.
 * - `URLPathVersioning`, `NamespaceVersioning`: `{version}` in the URL's path, percent-encoded.
 * - `HostNameVersioning`: `{version}` in the URL's host name.
 * - `CompositeVersioning`: the way its first scheme does.
 *
 * The version is placed whether or not the scheme allows it (the server decides; its list may be newer than this
 * copy of the scheme), but a version its place cannot carry back unchanged is a `TypeError` with code
 * `ERR_VERSIONING_CANNOT_PLACE`, and so is a URL without `{version}` where the scheme needs it. A scheme
 * that is none of the above (or a subclass of one) is a `TypeError` with code `ERR_VERSIONING_UNKNOWN_SCHEME`.
 * @example
 * const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] as const });
 * placeVersion(scheme, 'v2', { url: 'https://api.example.com/{version}/users/' }).url.href // 'https://api.example.com/v2/users/'
 */
export function placeVersion<S extends BaseVersioning>(
  scheme: S,
  version: VersionOf<S>,
  target: VersionTarget,
): PlacedVersion {
  const place = placeOf(scheme);
  const given: unknown = version;
  if (typeof given !== 'string') throw mustBe(where, 'version', 'a string', given);
  if (loneSurrogate.test(given)) {
    throw cannotCarry(given, 'a request', 'it holds a lone surrogate, which UTF-8 cannot encode');
  }
  const options: unknown = target;
  if (!isPlainObject(options)) throw mustBe(where, 'options', 'an object { url, headers? }', options);
  checkKnownKeys(where, options, ['url', 'headers']);
  let url = urlOf(options['url']);
  const headers = headersOf(options['headers']);
  switch (place.kind) {
    case 'accept-parameter': {
      checkFieldValue(given, 'an Accept parameter');
      const accept = headers.get('accept');
      const placed = withParameterInEveryRange(
        accept === null || accept.trim() === '' ? 'application/json' : accept,
        place.param,
        given,
      );
      if (placed === null) {
        throw mustBe(where, 'headers.Accept', 'a list of media ranges', accept);
      }
      headers.set('accept', placed);
      break;
    }
    case 'query':
      url = new URL(replaceQueryParam(url.href, place.param, given));
      break;
    case 'header': {
      const header = `the ${place.header} header`;
      checkFieldValue(given, header);
      // The scheme reads a value with a comma as a list, and without the spaces around it; an empty one as none.
      if (given.trim() !== given || given === '' || given.includes(',')) {
        throw cannotCarry(
          given,
          header,
          'the scheme reads a value that is empty, has a comma or spaces around it otherwise',
        );
      }
      headers.set(place.header, given);
      break;
    }
    case 'media-type': {
      let mediaType: string;
      try {
        mediaType = place.scheme.mediaTypeFor(given);
      } catch (error) {
        throw argumentError(
          `${where}: version ${describe(given)} cannot be sent in the media type ${JSON.stringify(place.scheme.template)}: only letters, digits, ".", "_" and "-" can`,
          'ERR_VERSIONING_CANNOT_PLACE',
          { cause: error },
        );
      }
      headers.set('accept', mediaType);
      break;
    }
    case 'path':
      url = inPath(url, given);
      break;
    case 'host':
      url = inHost(url, given, place.regex);
      break;
  }
  return { url, headers };
}
