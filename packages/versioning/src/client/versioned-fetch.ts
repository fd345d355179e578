import { checkKnownKeys, isPlainObject, mustBe } from '../internal/arguments.js';
import type { BaseVersioning, VersionOf } from '../schemes/base.js';
import { type Link, readLifecycle } from './lifecycle-headers.js';
import { placeOf, placeVersion } from './place-version.js';

/**
 * A `fetch`-like function: the global `fetch`, a wrapper around it, or a framework's own request function such as
 * Hono's `app.request`.
 */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Response | Promise<Response>;

/** What {@link VersionedFetchOptions.onDeprecation} is told, the first time a response announces the version's end. */
export interface DeprecationNotice<V extends string = string> {
  /** The version the function sends. */
  readonly version: V;
  /** The URL of the request whose response carried the news. */
  readonly url: string;
  /** Its `Deprecation`, read (`null` when it had none, or one that cannot be read). */
  readonly deprecation: Date | null;
  /** Its `Sunset`, read (`null` when it had none, or one that cannot be read). */
  readonly sunset: Date | null;
  /** Every link of its `Link` header (`rel` `deprecation`, `sunset`: where to read about it). */
  readonly links: Link[];
}

/** Options of {@link versionedFetch}. */
export interface VersionedFetchOptions<S extends BaseVersioning> {
  /** The scheme the API is versioned by, configured as the server's (its `versionParam`, header, template…). */
  readonly scheme: S;
  /** The version every request asks for. */
  readonly version: VersionOf<S>;
  /**
   * What sends the requests.
   * @default globalThis.fetch
   */
  readonly fetch?: FetchLike;
  /**
   * Called the first time a response carries `Deprecation` or `Sunset`, once per function `versionedFetch()`
   * returns, before that response is handed back. An error it throws rejects that call.
   */
  readonly onDeprecation?: (notice: DeprecationNotice<VersionOf<S>>) => void;
}

/** The request the version was placed in: the same request at another URL, or with other headers. */
async function placedRequest(request: Request, url: URL, headers: Headers): Promise<Request> {
  if (url.href === request.url) return new Request(request, { headers });
  // Another URL cannot be given to a Request that exists: a new one, its body read first (a browser streams a request
  // body over HTTP/2 only).
  const body = request.body === null ? null : await request.blob();
  return new Request(url, {
    method: request.method,
    headers,
    body,
    signal: request.signal,
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
    referrerPolicy: request.referrerPolicy,
    integrity: request.integrity,
    keepalive: request.keepalive,
    ...(request.mode === 'navigate' ? {} : { mode: request.mode }),
  });
}

function isRequest(input: unknown): input is Request {
  return typeof Request === 'function' && input instanceof Request;
}

/**
 * A `fetch` that asks for `version` on every request: it puts the version where `scheme` reads it
 * ({@link placeVersion}: `{version}` in the URL for path, namespace and host-name schemes, a header, a query or
 * `Accept` parameter otherwise) and calls `fetch`. The first response that carries `Deprecation` or `Sunset` is
 * reported to `onDeprecation`. Works wherever `fetch` does: Node 20 and later, browsers, workers.
 * @example
 * const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] as const });
 * const api = versionedFetch({ scheme, version: 'v2', onDeprecation: (notice) => console.warn(notice) });
 * const response = await api('https://api.example.com/{version}/users/');
 */
export function versionedFetch<S extends BaseVersioning>(
  options: VersionedFetchOptions<S>,
): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const where = 'versionedFetch(options)';
  const given: unknown = options;
  if (!isPlainObject(given))
    throw mustBe(where, 'options', 'an object { scheme, version, fetch?, onDeprecation? }', given);
  checkKnownKeys(where, given, ['scheme', 'version', 'fetch', 'onDeprecation']);
  const { scheme, version, onDeprecation } = options;
  const send: unknown = options.fetch ?? globalThis.fetch;
  if (typeof send !== 'function') throw mustBe(where, 'fetch', 'a function such as fetch', send);
  if (onDeprecation !== undefined && typeof onDeprecation !== 'function') {
    throw mustBe(where, 'onDeprecation', 'a function', onDeprecation);
  }
  // The scheme and the version's type are checked now; where the version goes, with each request's URL.
  placeOf(scheme);
  const givenVersion: unknown = version;
  if (typeof givenVersion !== 'string') throw mustBe(where, 'version', 'a string', givenVersion);
  let reported = onDeprecation === undefined;

  const report = (response: Response, url: string) => {
    if (reported || !(response.headers.has('deprecation') || response.headers.has('sunset'))) return;
    reported = true;
    const { deprecation, sunset, links } = readLifecycle(response);
    onDeprecation?.({ version, url, deprecation, sunset, links });
  };

  return async (input, init) => {
    let response: Response;
    let url: string;
    if (isRequest(input)) {
      const request = init === undefined ? input : new Request(input, init);
      const placed = placeVersion(scheme, version, { url: request.url, headers: request.headers });
      url = placed.url.href;
      response = await (send as FetchLike)(await placedRequest(request, placed.url, placed.headers));
    } else {
      const placed = placeVersion(scheme, version, {
        url: input,
        ...(init?.headers === undefined ? {} : { headers: init.headers }),
      });
      url = placed.url.href;
      response = await (send as FetchLike)(url, { ...init, headers: placed.headers });
    }
    report(response, url);
    return response;
  };
}
