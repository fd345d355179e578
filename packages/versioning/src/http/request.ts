import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { BaseVersioning } from '../schemes/base.js';
import type { ResolverMatch, VersioningRequest } from '../types.js';
import { argumentError, checkKnownKeys, describe, isPlainObject, mustBe } from '../internal/arguments.js';
import { isUrlConf } from '../internal/recognize.js';
import type { UrlConf } from '../urls/urlconf.js';
import { BoundedCache } from './bounded-cache.js';
import { isToken } from './field-syntax.js';
import { AllowedHosts, checkAllowedHosts, defaultAllowedHosts, firstValue } from './host.js';
import { negotiateParsed, parseRenderers } from './negotiation.js';
import { iriToUri, parseQueryString, requestTargetUri } from './uri.js';

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
  /**
   * The path the application is mounted under (Django's script prefix, `SCRIPT_NAME`): reversal puts it in front
   * of the paths it builds, and `resolverMatch` resolves the path after it. A trailing slash is dropped.
   * @default ''
   */
  readonly scriptPrefix?: string | undefined;
}

const optionNames = ['urlconf', 'allowedHosts', 'trustProxy', 'renderers', 'scriptPrefix'] as const;

/** The options of {@link createRequest}, checked, as every request made with them shares them. */
interface RequestSettings {
  readonly urlconf: UrlConf | null;
  readonly hosts: AllowedHosts;
  readonly trustProxy: boolean;
  readonly renderers: ReturnType<typeof parseRenderers>;
  readonly scriptPrefix: string;
}

const defaultHosts = new AllowedHosts(defaultAllowedHosts);
const defaultRenderers = parseRenderers('createRequest', ['application/json']);

function checkSettings(where: string, options: unknown): RequestSettings {
  if (!isPlainObject(options)) throw mustBe(where, 'options', 'an object', options);
  checkKnownKeys(where, options, optionNames);
  const { urlconf, allowedHosts, trustProxy, renderers, scriptPrefix } = options as CreateRequestOptions;
  if (urlconf !== undefined && urlconf !== null && !isUrlConf(urlconf)) {
    throw mustBe(where, 'urlconf', 'a UrlConf', urlconf);
  }
  if (trustProxy !== undefined && typeof trustProxy !== 'boolean') {
    throw mustBe(where, 'trustProxy', 'a boolean', trustProxy);
  }
  return {
    urlconf: urlconf ?? null,
    hosts:
      allowedHosts === undefined ? defaultHosts : new AllowedHosts(checkAllowedHosts(where, allowedHosts)),
    trustProxy: trustProxy ?? false,
    renderers: renderers === undefined ? defaultRenderers : parseRenderers(where, renderers),
    scriptPrefix: scriptPrefix === undefined ? '' : checkScriptPrefix(where, scriptPrefix),
  };
}

/** A script prefix without its trailing slashes; a `TypeError` naming `where` unless it is `''` or starts with `/`. */
export function checkScriptPrefix(where: string, prefix: unknown): string {
  if (typeof prefix !== 'string' || (prefix !== '' && !prefix.startsWith('/'))) {
    throw mustBe(where, 'scriptPrefix', '"" or a path starting with "/"', prefix);
  }
  let end = prefix.length;
  while (end > 0 && prefix[end - 1] === '/') end--;
  return prefix.slice(0, end);
}

/**
 * Where a request an adapter makes finds its route match and its script prefix, when they are first read: the
 * framework matched the route, so neither is worked out unless a handler asks.
 */
export interface RouteSource {
  /** The match of the route for the parameters the framework captured. */
  matchOf(params: unknown): ResolverMatch;
  /** The script prefix, from the framework's request or context. */
  prefixOf(context: unknown): string;
}

/**
 * The scheme and authority of an `http://` or `https://` URL, up to its path, query or fragment; `null` when the
 * authority is empty or holds a space or control character (which URL parsers drop or trim), or for another
 * scheme.
 */
function originOf(url: string): string | null {
  const start = url.startsWith('http://') ? 7 : url.startsWith('https://') ? 8 : -1;
  if (start === -1) return null;
  let end = start;
  for (; end < url.length; end++) {
    const code = url.charCodeAt(end);
    // `/`, `?`, `#`, and `\`, which special schemes read as `/`
    if (code === 0x2f || code === 0x3f || code === 0x23 || code === 0x5c) break;
    if (code <= 0x20) return null;
  }
  return end === start ? null : url.slice(0, end);
}

// Only the scheme and authority can make a URL fail to parse (paths, queries and fragments never do), so the
// verdict is remembered per origin.
const parseableOrigins = new BoundedCache((origin) => URL.canParse(origin));

/** Whether `url` parses as an absolute URL. */
function isParseableUrl(url: string): boolean {
  const origin = originOf(url);
  return origin === null ? URL.canParse(url) : parseableOrigins.get(origin);
}

/** `request.headers`: the request's headers by case-insensitive name. */
class HeaderReader {
  readonly #request: HttpRequest;

  constructor(request: HttpRequest) {
    this.#request = request;
  }

  get(name: string): string | null {
    if (typeof name !== 'string')
      throw argumentError(`headers.get(name): expected a string, got ${describe(name)}`);
    // A name that is not a token cannot be on any request (fetch's Headers.get() would throw on it).
    return isToken(name) ? this.#request.header(name.toLowerCase()) : null;
  }
}

/** Whether a query string has anything to decode: a `%` escape or a `+` for a space. */
function needsDecoding(query: string): boolean {
  return query.includes('%') || query.includes('+');
}

/**
 * The last value of `name` in a query string with nothing to decode (no `%`, no `+`): what URLSearchParams would
 * give, read without parsing the rest.
 */
function lastValue(query: string, name: string): string | null {
  let found: string | null = null;
  for (let start = 0; start <= query.length;) {
    let end = query.indexOf('&', start);
    if (end === -1) end = query.length;
    const equals = query.indexOf('=', start);
    const keyEnd = equals === -1 || equals > end ? end : equals;
    if (keyEnd - start === name.length && query.startsWith(name, start) && end > start) {
      found = keyEnd === end ? '' : query.slice(keyEnd + 1, end);
    }
    start = end + 1;
  }
  return found;
}

/** `request.queryParams`: parsed on first use; a repeated key keeps its last value like Django's QueryDict.get(). */
class QueryReader {
  readonly #query: string;
  #values: Map<string, string> | undefined;

  constructor(query: string) {
    this.#query = query;
  }

  get(name: string): string | null {
    if (typeof name !== 'string') {
      throw argumentError(`queryParams.get(name): expected a string, got ${describe(name)}`);
    }
    // Read raw, a `?` the query starts with stays part of the first key, as parseQueryString keeps it.
    if (this.#values === undefined && !needsDecoding(this.#query)) return lastValue(this.#query, name);
    this.#values ??= new Map(parseQueryString(this.#query));
    return this.#values.get(name) ?? null;
  }
}

/**
 * What the schemes read, over either kind of input. It costs one object until something is read: the parts of
 * the URL, the validated host, the query, the negotiated media type and the resolved route are computed when
 * first used, and kept.
 */
abstract class HttpRequest implements VersioningRequest {
  version: string | null = null;
  versioningScheme: BaseVersioning | null = null;
  readonly #settings: RequestSettings;
  #host: string | undefined;
  #headerReader: HeaderReader | undefined;
  #queryReader: QueryReader | undefined;
  #accepted: string | undefined;
  #notAcceptable: { readonly error: unknown } | undefined;
  #resolverMatch: ResolverMatch | null | undefined;
  #scriptPrefix: string | undefined;
  readonly #source: RouteSource | null;
  readonly #params: unknown;
  readonly #context: unknown;

  constructor(settings: RequestSettings, source: RouteSource | null, params: unknown, context: unknown) {
    this.#settings = settings;
    this.#source = source;
    this.#params = params;
    this.#context = context;
  }

  abstract get method(): string;
  abstract get path(): string;
  /** The query string without its `?`. */
  abstract get rawQuery(): string;
  /** The header of this lower-case name, repeated ones joined with `, `; `null` when absent. */
  abstract header(lowerCaseName: string): string | null;
  /** The `Host` header; `null` when absent. */
  protected hostHeader(): string | null {
    return this.header('host');
  }

  /** `https` when the connection was TLS (or the fetch URL says so), else `http`. */
  protected abstract get connectionScheme(): string;
  /** The host to use when the request carries no `Host` header. */
  protected abstract get fallbackHost(): string;

  get urlconf(): UrlConf | null {
    return this.#settings.urlconf;
  }

  get headers(): HeaderReader {
    return (this.#headerReader ??= new HeaderReader(this));
  }

  get queryParams(): QueryReader {
    return (this.#queryReader ??= new QueryReader(this.rawQuery));
  }

  /** Negotiated from `Accept` and the renderers on first read (throws `NotAcceptable` then); writable. */
  get acceptedMediaType(): string {
    if (this.#accepted === undefined && this.#notAcceptable === undefined) {
      try {
        this.#accepted = negotiateParsed(this.header('accept'), this.#settings.renderers);
      } catch (error) {
        this.#notAcceptable = { error };
      }
    }
    if (this.#accepted === undefined) throw (this.#notAcceptable as { readonly error: unknown }).error;
    return this.#accepted;
  }

  set acceptedMediaType(value: string) {
    if (typeof value !== 'string') {
      throw argumentError(`request.acceptedMediaType: expected a media type string, got ${describe(value)}`);
    }
    this.#accepted = value;
  }

  /** The mount point reversal prepends; an adapter's request reads it from the framework when first asked. */
  get scriptPrefix(): string {
    return (this.#scriptPrefix ??=
      this.#source === null ? this.#settings.scriptPrefix : this.#source.prefixOf(this.#context));
  }

  /**
   * Resolved from the path after `scriptPrefix` against `urlconf` on first read (`null` without one, or for a path
   * outside the prefix); an adapter's request has the route the framework matched. Writable.
   */
  get resolverMatch(): ResolverMatch | null {
    if (this.#resolverMatch === undefined) {
      this.#resolverMatch = this.#source !== null ? this.#source.matchOf(this.#params) : this.#resolve();
    }
    return this.#resolverMatch;
  }

  #resolve(): ResolverMatch | null {
    const { urlconf } = this;
    if (urlconf === null) return null;
    const prefix = this.scriptPrefix;
    const path = this.path;
    if (prefix === '') return urlconf.resolve(path);
    if (!path.startsWith(prefix) || (path.length > prefix.length && path[prefix.length] !== '/')) return null;
    return urlconf.resolve(path.length === prefix.length ? '/' : path.slice(prefix.length));
  }

  set resolverMatch(value: ResolverMatch | null) {
    if (typeof value !== 'object') {
      throw argumentError(`request.resolverMatch: expected a ResolverMatch or null, got ${describe(value)}`);
    }
    this.#resolverMatch = value;
  }

  /** Validated on first call and kept; a host that is not allowed throws `DisallowedHost` on every call. */
  getHost(): string {
    if (this.#host === undefined) {
      const forwarded = this.#settings.trustProxy ? this.header('x-forwarded-host') : null;
      const host = forwarded !== null ? firstValue(forwarded) : (this.hostHeader() ?? this.fallbackHost);
      this.#host = this.#settings.hosts.validate(host);
    }
    return this.#host;
  }

  buildAbsoluteUri(location?: string): string {
    if (location !== undefined && typeof location !== 'string') {
      throw argumentError(`buildAbsoluteUri(location): expected a string, got ${describe(location)}`);
    }
    const origin = `${this.#scheme()}://${this.getHost()}`;
    if (location === undefined) {
      return origin + requestTargetUri(this.path, this.rawQuery);
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
      throw argumentError(
        `buildAbsoluteUri(location): cannot resolve ${describe(location)} against ${origin + this.path}`,
      );
    }
    return new URL(reference, base).href;
  }

  #scheme(): string {
    const forwarded = this.#settings.trustProxy ? this.header('x-forwarded-proto') : null;
    const proto = forwarded === null ? '' : firstValue(forwarded).toLowerCase();
    return proto === 'https' || proto === 'http' ? proto : this.connectionScheme;
  }
}

/**
 * A fetch `Request` (Hono, Deno, Bun, workers). Its `url` is a serialized absolute URL, so its parts are cut out of
 * the string when first read, without parsing it again.
 */
class FetchRequest extends HttpRequest {
  readonly #input: Request;
  readonly #href: string;
  #headers: Headers | undefined;
  readonly #host: string | undefined;
  #parts: { readonly path: string; readonly query: string; readonly authority: string } | undefined;

  constructor(
    input: Request,
    href: string,
    headers: Headers | undefined,
    settings: RequestSettings,
    source: RouteSource | null,
    params: unknown,
    context: unknown,
    host?: string,
  ) {
    super(settings, source, params, context);
    this.#input = input;
    this.#href = href;
    this.#headers = headers;
    this.#host = host;
  }

  get method(): string {
    return this.#input.method;
  }

  get #split(): { readonly path: string; readonly query: string; readonly authority: string } {
    if (this.#parts === undefined) {
      const href = this.#href;
      const start = href.indexOf('//') + 2;
      let pathStart = start;
      for (; pathStart < href.length; pathStart++) {
        const code = href.charCodeAt(pathStart);
        // `/`, `?` or `#` ends the authority.
        if (code === 0x2f || code === 0x3f || code === 0x23) break;
      }
      const hash = href.indexOf('#', pathStart);
      const end = hash === -1 ? href.length : hash;
      const mark = href.indexOf('?', pathStart);
      const pathEnd = mark === -1 || mark > end ? end : mark;
      this.#parts = {
        path: pathStart === pathEnd ? '/' : href.slice(pathStart, pathEnd),
        query: pathEnd === end ? '' : href.slice(pathEnd + 1, end),
        authority: href.slice(start, pathStart),
      };
    }
    return this.#parts;
  }

  get path(): string {
    return this.#split.path;
  }

  get rawQuery(): string {
    return this.#split.query;
  }

  header(lowerCaseName: string): string | null {
    // Read when first needed: on a framework's Request (@hono/node-server's) `headers` makes an object.
    return (this.#headers ??= this.#input.headers).get(lowerCaseName);
  }

  protected override hostHeader(): string | null {
    return this.#host ?? this.header('host');
  }

  protected get connectionScheme(): string {
    return this.#href.startsWith('https:') ? 'https' : 'http';
  }

  protected get fallbackHost(): string {
    return this.#split.authority;
  }
}

/** A node:http `IncomingMessage` (node:http, Express, Fastify's `request.raw`). */
class NodeRequest extends HttpRequest {
  readonly #input: IncomingMessage;
  readonly #target: string;
  readonly #headers: IncomingHttpHeaders;
  #parts: { readonly path: string; readonly query: string } | undefined;

  constructor(
    input: IncomingMessage,
    target: string,
    headers: IncomingHttpHeaders,
    settings: RequestSettings,
    source: RouteSource | null,
    params: unknown,
    context: unknown,
  ) {
    super(settings, source, params, context);
    this.#input = input;
    this.#target = target;
    this.#headers = headers;
  }

  get method(): string {
    return this.#input.method ?? 'GET';
  }

  get path(): string {
    return this.#split().path;
  }

  get rawQuery(): string {
    return this.#split().query;
  }

  #split(): { readonly path: string; readonly query: string } {
    if (this.#parts === undefined) {
      const target = this.#target;
      const mark = target.indexOf('?');
      if (!target.startsWith('/') && URL.canParse(target)) {
        // absolute-form request target, as sent to proxies (RFC 9112 §3.2.2)
        const url = new URL(target);
        this.#parts = { path: url.pathname, query: url.search.slice(1) };
      } else if (target.startsWith('/') && mark !== -1) {
        this.#parts = { path: target.slice(0, mark), query: target.slice(mark + 1) };
      } else {
        this.#parts = { path: target, query: '' };
      }
    }
    return this.#parts;
  }

  header(lowerCaseName: string): string | null {
    const headers = this.#headers;
    const value = Object.hasOwn(headers, lowerCaseName) ? headers[lowerCaseName] : undefined;
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** The connection; a test's stand-in for an IncomingMessage may have none. */
  get #socket(): Partial<Pick<TLSSocket, 'encrypted' | 'localAddress' | 'localPort'>> | undefined {
    return this.#input.socket;
  }

  protected get connectionScheme(): string {
    return this.#socket?.encrypted === true ? 'https' : 'http';
  }

  protected get fallbackHost(): string {
    // HTTP/2's pseudo-header, else the socket's local address: asking the socket for it is a system call.
    const authority = this.header(':authority') ?? '';
    const socket = this.#socket;
    if (authority !== '' || typeof socket?.localAddress !== 'string') return authority;
    const address = socket.localAddress.includes(':') ? `[${socket.localAddress}]` : socket.localAddress;
    const port = socket.localPort;
    const defaultPort = this.connectionScheme === 'https' ? 443 : 80;
    return port === undefined || port === defaultPort ? address : `${address}:${port}`;
  }
}

/** Builds the error thrown for a fetch `Request` whose URL does not parse. */
export type UnparsedUrlError = (input: Request) => Error;

const relativeUrl: UnparsedUrlError = (input) =>
  mustBe('createRequest(input)', "the Request's url", 'absolute', input.url);

/** What makes the {@link VersioningRequest}s of one set of options; checked once, shared by every request. */
export interface RequestFactory {
  /** A request over `input`, of either kind, told apart by its shape. */
  (input: Request | IncomingMessage): VersioningRequest;
  /**
   * An adapter's request over a node:http `IncomingMessage` whose path and query are `target` (Express's
   * `originalUrl`), its route match and script prefix read from `source` when first asked for.
   */
  node(
    input: IncomingMessage,
    target: string,
    source: RouteSource,
    params: unknown,
    context: unknown,
  ): VersioningRequest;
  /**
   * An adapter's request over a fetch `Request`, as {@link RequestFactory.node}. `host` is its `Host` header when
   * the adapter has it at hand without asking `input.headers`.
   */
  fetch(
    input: Request,
    source: RouteSource,
    params: unknown,
    context: unknown,
    host?: string,
  ): VersioningRequest;
}

/**
 * Checks `options` once and returns what makes a {@link VersioningRequest} of each input with them: the
 * adapters' `createRequest()`, for many requests. `where` names the caller in errors; `unparsedUrl` builds what
 * is thrown for a fetch `Request` whose URL does not parse.
 */
export function requestFactory(
  where: string,
  options: CreateRequestOptions,
  unparsedUrl: UnparsedUrlError = relativeUrl,
): RequestFactory {
  const settings = checkSettings(where, options);
  const fetchRequest = (
    input: Request,
    url: string,
    headers: Headers,
    source: RouteSource | null,
    params: unknown,
    context: unknown,
  ): VersioningRequest => {
    if (!isParseableUrl(url)) throw unparsedUrl(input);
    return new FetchRequest(input, url, headers, settings, source, params, context);
  };
  const make = (input: Request | IncomingMessage): VersioningRequest => {
    // Told apart by their shape, each property read once: on a framework's request every read can be costly.
    const { url, headers } = (typeof input === 'object' && input !== null ? input : {}) as Partial<
      Request | IncomingMessage
    >;
    if (typeof url === 'string' && typeof headers === 'object' && headers !== null) {
      if (typeof (headers as Partial<Headers>).get === 'function') {
        return fetchRequest(input as Request, url, headers as Headers, null, undefined, undefined);
      }
      return new NodeRequest(
        input as IncomingMessage,
        url,
        headers as IncomingHttpHeaders,
        settings,
        null,
        undefined,
        undefined,
      );
    }
    throw mustBe(where, 'input', 'a fetch Request or a node:http IncomingMessage', input);
  };
  return Object.assign(make, {
    node: (input: IncomingMessage, target: string, source: RouteSource, params: unknown, context: unknown) =>
      new NodeRequest(input, target, input.headers, settings, source, params, context),
    // The framework routed this request, so its URL parsed; a Host header it did not check is refused by getHost().
    fetch: (input: Request, source: RouteSource, params: unknown, context: unknown, host?: string) =>
      new FetchRequest(input, input.url, undefined, settings, source, params, context, host),
  });
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
  return requestFactory('createRequest(input, options)', options)(input);
}
