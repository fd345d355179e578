import { NoReverseMatch } from '../errors.js';
import { getSettings } from '../settings.js';
import type { ReverseOptions } from '../types.js';
import {
  argumentError,
  checkKnownKeys,
  hasOnlyKnownKeys,
  isPlainObject,
  mustBe,
} from '../internal/arguments.js';
import { isUrlConf } from '../internal/recognize.js';
import { decodeSegment } from './encoding.js';
import { whereOf } from './reversal-input.js';

const reverseOptions = ['args', 'kwargs', 'request', 'format', 'urlconf', 'query'];

function checkQuery(viewname: string, query: unknown): string {
  if (!isPlainObject(query)) {
    throw mustBe(whereOf(viewname), 'query', 'an object of strings', query);
  }
  for (const [key, value] of Object.entries(query)) {
    if (typeof value !== 'string') {
      throw mustBe(whereOf(viewname), `query[${JSON.stringify(key)}]`, 'a string', value);
    }
  }
  return new URLSearchParams(query as Record<string, string>).toString();
}

/**
 * The framework's generic URL reversal (DRF's `_reverse`): the path from the urlconf's `reverse()` (given the
 * request, so that routes of other versions are skipped), `format` set as `kwargs.format`, `query` appended, after
 * the request's `scriptPrefix` and absolute when a request is given. Schemes' `reverse()` end here.
 * The urlconf is `options.urlconf`, else `options.request.urlconf`, else `configure({ urlconf })`.
 * @example genericReverse('users-detail', { kwargs: { pk: 1 }, format: 'json', urlconf }) // '/users/1.json'
 */
export function genericReverse(viewname: string, options: ReverseOptions = {}): string {
  if (!isPlainObject(options)) {
    throw mustBe(whereOf(viewname), 'options', 'an object', options);
  }
  if (!hasOnlyKnownKeys(options, reverseOptions)) checkKnownKeys(whereOf(viewname), options, reverseOptions);
  const { args, kwargs, request, format, urlconf: given, query } = options as ReverseOptions;
  if (given !== undefined && !isUrlConf(given)) {
    throw mustBe(whereOf(viewname), 'urlconf', 'a UrlConf', given);
  }
  if (request !== undefined && request !== null && typeof request.buildAbsoluteUri !== 'function') {
    throw mustBe(whereOf(viewname), 'request', 'a VersioningRequest (see createRequest())', request);
  }
  const urlconf = given ?? request?.urlconf ?? getSettings().urlconf;
  if (!isUrlConf(urlconf)) {
    throw argumentError(
      `${whereOf(viewname)}: no urlconf to reverse with; pass reverse(viewname, { urlconf }), create the request ` +
        `with createRequest(input, { urlconf }), or set a default with configure({ urlconf })`,
    );
  }

  let values = kwargs;
  if (format !== undefined && format !== null) {
    if (typeof format !== 'string' || format === '') {
      throw mustBe(whereOf(viewname), 'format', 'a non-empty string or null', format);
    }
    if (args !== undefined && args.length > 0) {
      throw argumentError(
        `${whereOf(viewname)}: format is passed as kwargs.format, so it cannot be combined with args ${JSON.stringify(args)}`,
      );
    }
    if (kwargs !== undefined && !isPlainObject(kwargs)) {
      throw mustBe(whereOf(viewname), 'kwargs', 'an object', kwargs);
    }
    values = { ...kwargs, format };
  }
  // Like Django's get_script_prefix(): the mount point comes before every path the urlconf knows.
  const prefix = request?.scriptPrefix;
  let url =
    (typeof prefix === 'string' ? prefix : '') +
    urlconf.reverse(viewname, { args, kwargs: values }, request ?? null);
  if (query !== undefined) {
    const search = checkQuery(viewname, query);
    if (search !== '') url += `?${search}`;
  }
  return request ? request.buildAbsoluteUri(url) : url;
}

/**
 * The URL of the view named `viewname` (`namespace:…:name`). With a request that has a versioning scheme, the
 * scheme builds it (carrying the request's version); when the scheme finds no match, the generic reversal is
 * tried, so unversioned URLs keep working. With a request the URL is absolute.
 * @example reverse('users-detail', { kwargs: { pk: 42 }, request }) // 'http://localhost/v1/users/42/'
 */
export function reverse(viewname: string, options: ReverseOptions = {}): string {
  const scheme = isPlainObject(options) ? (options as ReverseOptions).request?.versioningScheme : null;
  if (!scheme) return genericReverse(viewname, options);
  try {
    return scheme.reverse(viewname, options);
  } catch (error) {
    if (!(error instanceof NoReverseMatch)) throw error;
    try {
      return genericReverse(viewname, options);
    } catch (fallback) {
      if (!(fallback instanceof NoReverseMatch) || fallback.message === error.message) throw fallback;
      throw new NoReverseMatch(
        `${fallback.message} Before that, the request's ${scheme.constructor.name} found no match: ${error.message}`,
        { cause: error },
      );
    }
  }
}

/** The decoded name of one `name=value` piece of a query string; a malformed escape leaves the name raw. */
function nameOf(piece: string): string {
  const equals = piece.indexOf('=');
  const raw = (equals === -1 ? piece : piece.slice(0, equals)).replaceAll('+', ' ');
  return decodeSegment(raw) ?? raw;
}

/**
 * Sets query parameter `key` to `value` in `url` (absolute or relative): the first occurrence is replaced in place,
 * later ones removed, or it is appended; every other parameter keeps its place and spelling, the fragment stays.
 * @example replaceQueryParam('/users/?page=2&version=1.0#top', 'version', '2.0') // '/users/?page=2&version=2.0#top'
 */
export function replaceQueryParam(url: string, key: string, value: string): string {
  if (typeof url !== 'string') {
    throw mustBe('replaceQueryParam(url, key, value)', 'url', 'a string', url);
  }
  if (typeof key !== 'string' || key === '') {
    throw mustBe('replaceQueryParam(url, key, value)', 'key', 'a non-empty string', key);
  }
  if (typeof value !== 'string') {
    throw mustBe('replaceQueryParam(url, key, value)', 'value', 'a string', value);
  }
  const hash = url.indexOf('#');
  const fragment = hash === -1 ? '' : url.slice(hash);
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const question = beforeHash.indexOf('?');
  const base = question === -1 ? beforeHash : beforeHash.slice(0, question);
  const pieces = question === -1 ? [] : beforeHash.slice(question + 1).split('&');
  const replacement = new URLSearchParams([[key, value]]).toString();
  const kept: string[] = [];
  let placed = false;
  for (const piece of pieces) {
    if (piece === '') continue;
    if (nameOf(piece) !== key) kept.push(piece);
    else if (!placed) {
      kept.push(replacement);
      placed = true;
    }
  }
  if (!placed) kept.push(replacement);
  return `${base}?${kept.join('&')}${fragment}`;
}
