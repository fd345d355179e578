import type { IncomingMessage } from 'node:http';
import type { BaseVersioning } from '../schemes/base.js';
import type { ResolverMatch, VersioningRequest } from '../types.js';
import { checkKnownKeys, describe, isPlainObject } from '../urls/describe.js';
import { UrlConf } from '../urls/urlconf.js';
import { checkAllowedHosts, defaultAllowedHosts, firstValue, validateHost } from './host.js';
import { negotiateParsed, parseRenderers } from './media-type.js';

/** Options of {@link createRequest}. */
export interface CreateRequestOptions {
  /**
   * Route table: `resolverMatch` is resolved from the path when first read, and `reverse()` uses it.
   * @default null
   */
  readonly urlconf?: UrlConf | null | undefined;
  /**
   * Host names the request may be addressed to: exact (case-insensitive), `.example.com` for the domain and
   * every subdomain, `'*'` for any well-formed host.
   * @default ['localhost', '.localhost', '127.0.0.1', '[::1]']
   */
  readonly allowedHosts?: readonly string[] | undefined;
  /**
   * Honour the first values of `X-Forwarded-Host` and `X-Forwarded-Proto`; only behind a proxy that sets
   * them.
   * @default false
   */
  readonly trustProxy?: boolean | undefined;
  /**
   * Media types the API can render, preferred first; content negotiation picks one for `acceptedMediaType`.
   * @default ['application/json']
   */
  readonly renderers?: readonly string[] | undefined;
}

const optionNames = ['urlconf', 'allowedHosts', 'trustProxy', 'renderers'] as const;
const defaultRenderers = parseRenderers('createRequest', ['application/json']);
const headerName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Django's iri_to_uri keeps these as they are and percent-encodes everything else.
const notUriSafe = /[^A-Za-z0-9\-._~/#%[\]=:;$&()+,!?*@']/gu;

/** What the two kinds of input have in common, read once at construction. */
interface Source {
  readonly method: string;
  readonly path: string;
  /** The query string without its `?`. */
  readonly query: string;
  readonly header: (lowerCaseName: string) => string | null;
  /** `https` when the connection was TLS (or the fetch URL says so). */
  readonly scheme: string;
  /** Host to use when the request carries no `Host` header. */
  readonly fallbackHost: string;
}

function isFetchRequest(input: unknown): input is Request {
  return (
    typeof input === 'object' &&
    input !== null &&
    typeof (input as Partial<Request>).url === 'string' &&
    typeof (input as Partial<Request>).headers?.get === 'function'
  );
}

function isIncomingMessage(input: unknown): input is IncomingMessage {
  return (
    typeof input === 'object' &&
    input !== null &&
    typeof (input as Partial<IncomingMessage>).url === 'string' &&
    typeof (input as Partial<IncomingMessage>).headers === 'object' &&
    (input as Partial<IncomingMessage>).headers !== null
  );
}

function fromFetch(input: Request): Source {
  if (!URL.canParse(input.url)) {
    throw new TypeError(
      `createRequest(input): the Request's url must be absolute, got ${describe(input.url)}`,
    );
  }
  const url = new URL(input.url);
  return {
    method: input.method,
    path: url.pathname,
    query: url.search.slice(1),
    // Headers.get() throws on a name that is not a token; a name no request can carry is simply absent.
    header: (name) => (headerName.test(name) ? input.headers.get(name) : null),
    scheme: url.protocol.slice(0, -1),
    fallbackHost: url.host,
  };
}

function fromIncomingMessage(input: IncomingMessage): Source {
  const target = input.url ?? '/';
  let path = target;
  let query = '';
  if (target.startsWith('/')) {
    const mark = target.indexOf('?');
    if (mark !== -1) [path, query] = [target.slice(0, mark), target.slice(mark + 1)];
  } else if (URL.canParse(target)) {
    // absolute-form request target, as sent to proxies (RFC 9112 §3.2.2)
    const url = new URL(target);
    [path, query] = [url.pathname, url.search.slice(1)];
  }
  const socket = input.socket as Partial<{
    encrypted: boolean;
    localAddress: string;
    localPort: number;
  }> | null;
  const scheme = socket?.encrypted === true ? 'https' : 'http';
  const header = (name: string): string | null => {
    const value = Object.hasOwn(input.headers, name) ? input.headers[name] : undefined;
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  };
  let fallbackHost = header(':authority') ?? '';
  if (fallbackHost === '' && typeof socket?.localAddress === 'string') {
    const address = socket.localAddress.includes(':') ? `[${socket.localAddress}]` : socket.localAddress;
    const port = socket.localPort;
    const defaultPort = scheme === 'https' ? 443 : 80;
    fallbackHost = port === undefined || port === defaultPort ? address : `${address}:${port}`;
  }
  return { method: input.method ?? 'GET', path, query, header, scheme, fallbackHost };
}

/** Django's `iri_to_uri` for a location: non-ASCII and unsafe characters percent-encoded as UTF-8. */
function iriToUri(location: string): string {
  return location.replace(notUriSafe, (char) =>
    // A lone surrogate cannot be encoded; it stands for U+FFFD like everywhere else on the web.
    char.length === 1 && char.charCodeAt(0) >= 0xd800 && char.charCodeAt(0) <= 0xdfff
      ? '%EF%BF%BD'
      : encodeURIComponent(char),
  );
}

class HttpRequest implements VersioningRequest {
  version: string | null = null;
  versioningScheme: BaseVersioning | null = null;
  readonly method: string;
  readonly path: string;
  readonly urlconf: UrlConf | null;
  readonly queryParams: { get(name: string): string | null };
  readonly headers: { get(name: string): string | null };
  readonly #source: Source;
  readonly #allowedHosts: readonly string[];
  readonly #trustProxy: boolean;
  readonly #renderers: ReturnType<typeof parseRenderers>;
  #query: Map<string, string> | undefined;
  #negotiated: { readonly value: string } | { readonly error: unknown } | undefined;
  #resolverMatch: ResolverMatch | null | undefined;

  constructor(
    source: Source,
    urlconf: UrlConf | null,
    allowedHosts: readonly string[],
    trustProxy: boolean,
    renderers: ReturnType<typeof parseRenderers>,
  ) {
    this.#source = source;
    this.method = source.method;
    this.path = source.path;
    this.urlconf = urlconf;
    this.#allowedHosts = allowedHosts;
    this.#trustProxy = trustProxy;
    this.#renderers = renderers;
    this.headers = {
      get: (name: string): string | null => {
        if (typeof name !== 'string')
          throw new TypeError(`headers.get(name): expected a string, got ${describe(name)}`);
        return source.header(name.toLowerCase());
      },
    };
    this.queryParams = {
      get: (name: string): string | null => {
        if (typeof name !== 'string') {
          throw new TypeError(`queryParams.get(name): expected a string, got ${describe(name)}`);
        }
        if (this.#query === undefined) {
          // Parsed once, on first use; a repeated key keeps its last value like Django's QueryDict.get().
          this.#query = new Map(new URLSearchParams(source.query));
        }
        return this.#query.get(name) ?? null;
      },
    };
  }

  /** Negotiated from `Accept` and the renderers on first read (throws `NotAcceptable` then); writable. */
  get acceptedMediaType(): string {
    if (this.#negotiated === undefined) {
      try {
        this.#negotiated = { value: negotiateParsed(this.headers.get('accept'), this.#renderers) };
      } catch (error) {
        this.#negotiated = { error };
      }
    }
    if ('error' in this.#negotiated) throw this.#negotiated.error;
    return this.#negotiated.value;
  }

  set acceptedMediaType(value: string) {
    if (typeof value !== 'string') {
      throw new TypeError(`request.acceptedMediaType: expected a media type string, got ${describe(value)}`);
    }
    this.#negotiated = { value };
  }

  /** Resolved from the path against `urlconf` on first read (`null` without one); writable. */
  get resolverMatch(): ResolverMatch | null {
    if (this.#resolverMatch === undefined) {
      this.#resolverMatch = this.urlconf === null ? null : this.urlconf.resolve(this.path);
    }
    return this.#resolverMatch;
  }

  set resolverMatch(value: ResolverMatch | null) {
    if (typeof value !== 'object') {
      throw new TypeError(`request.resolverMatch: expected a ResolverMatch or null, got ${describe(value)}`);
    }
    this.#resolverMatch = value;
  }

  getHost(): string {
    const forwarded = this.#trustProxy ? this.#source.header('x-forwarded-host') : null;
    const host =
      forwarded !== null ? firstValue(forwarded) : (this.#source.header('host') ?? this.#source.fallbackHost);
    return validateHost(host, this.#allowedHosts);
  }

  buildAbsoluteUri(location?: string): string {
    if (location !== undefined && typeof location !== 'string') {
      throw new TypeError(`buildAbsoluteUri(location): expected a string, got ${describe(location)}`);
    }
    const origin = `${this.#scheme()}://${this.getHost()}`;
    if (location === undefined) {
      return origin + this.path + (this.#source.query === '' ? '' : `?${this.#source.query}`);
    }
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) return location;
    // `///x` has an empty authority, so it is the path `/x`; a URL parser would take `x` for a host.
    const absolutePath = location.startsWith('///')
      ? location.slice(2)
      : /^\/(?!\/)/.test(location)
        ? location
        : null;
    // Django's shortcut: an absolute path without dot segments is appended to the origin as it is.
    if (absolutePath !== null && !absolutePath.includes('/./') && !absolutePath.includes('/../')) {
      return origin + iriToUri(absolutePath);
    }
    const [reference, base] =
      absolutePath === null ? [location, origin + this.path] : [origin + absolutePath, undefined];
    if (!URL.canParse(reference, base)) {
      throw new TypeError(
        `buildAbsoluteUri(location): cannot resolve ${describe(location)} against ${origin + this.path}`,
      );
    }
    return new URL(reference, base).href;
  }

  #scheme(): string {
    const forwarded = this.#trustProxy ? this.#source.header('x-forwarded-proto') : null;
    const proto = forwarded === null ? '' : firstValue(forwarded).toLowerCase();
    return proto === 'https' || proto === 'http' ? proto : this.#source.scheme;
  }
}

/**
 * Wraps a fetch `Request` (Hono, Deno, Bun, workers) or a Node `IncomingMessage` (node:http, Express,
 * Fastify's `request.raw`) as the {@link VersioningRequest} the schemes read. Nothing is parsed until it is
 * used.
 * @example
 * const request = createRequest(req, { allowedHosts: ['.example.com'] });
 * request.version = new URLPathVersioning().determineVersion(request, [], { version: 'v1' });
 */
export function createRequest(
  input: Request | IncomingMessage,
  options: CreateRequestOptions = {},
): VersioningRequest {
  const where = 'createRequest(input, options)';
  if (!isPlainObject(options))
    throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  checkKnownKeys(where, options, optionNames);
  const { urlconf, allowedHosts, trustProxy, renderers } = options as CreateRequestOptions;
  if (urlconf !== undefined && urlconf !== null && !(urlconf instanceof UrlConf)) {
    throw new TypeError(`${where}: urlconf must be a UrlConf, got ${describe(urlconf)}`);
  }
  if (trustProxy !== undefined && typeof trustProxy !== 'boolean') {
    throw new TypeError(`${where}: trustProxy must be a boolean, got ${describe(trustProxy)}`);
  }
  let source: Source;
  if (isFetchRequest(input)) source = fromFetch(input);
  else if (isIncomingMessage(input)) source = fromIncomingMessage(input);
  else {
    throw new TypeError(
      `${where}: input must be a fetch Request or a node:http IncomingMessage, got ${describe(input)}`,
    );
  }
  return new HttpRequest(
    source,
    urlconf ?? null,
    allowedHosts === undefined ? defaultAllowedHosts : checkAllowedHosts(where, allowedHosts),
    trustProxy ?? false,
    renderers === undefined ? defaultRenderers : parseRenderers(where, renderers),
  );
}
