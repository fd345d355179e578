import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { VersioningRequest } from '../types.js';
import { mustBe } from '../internal/arguments.js';
import { BoundedCache } from './bounded-cache.js';
import { FetchRequest } from './fetch-request.js';
import type { PipelineRequest } from './http-request.js';
import { NodeRequest } from './node-request.js';
import { checkSettings, type CreateRequestOptions, type RouteSource } from './request-settings.js';

export type { PipelineRequest } from './http-request.js';
export { checkScriptPrefix, type CreateRequestOptions, type RouteSource } from './request-settings.js';

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
   * `originalUrl`), its route match and script prefix read from `source` (given `params` and `mount`) when first
   * asked for.
   */
  node(
    input: IncomingMessage,
    target: string,
    source: RouteSource,
    params: unknown,
    mount: unknown,
  ): PipelineRequest;
  /**
   * An adapter's request over a fetch `Request`, as {@link RequestFactory.node}. `host` is its `Host` header when
   * the adapter has it at hand without asking `input.headers`.
   */
  fetch(input: Request, source: RouteSource, params: unknown, mount: unknown, host?: string): PipelineRequest;
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
  const make = (input: Request | IncomingMessage): VersioningRequest => {
    // Told apart by their shape, each property read once: on a framework's request every read can be costly.
    const { url, headers } = (typeof input === 'object' && input !== null ? input : {}) as Partial<
      Request | IncomingMessage
    >;
    if (typeof url === 'string' && typeof headers === 'object' && headers !== null) {
      if (typeof (headers as Partial<Headers>).get === 'function') {
        if (!isParseableUrl(url)) throw unparsedUrl(input as Request);
        return new FetchRequest(
          input as Request,
          url,
          headers as Headers,
          settings,
          null,
          undefined,
          undefined,
        );
      }
      const message = input as IncomingMessage;
      const fields = headers as IncomingHttpHeaders;
      return new NodeRequest(message, url, fields, settings, null, undefined, undefined);
    }
    throw mustBe(where, 'input', 'a fetch Request or a node:http IncomingMessage', input);
  };
  return Object.assign(make, {
    node: (input: IncomingMessage, target: string, source: RouteSource, params: unknown, mount: unknown) =>
      new NodeRequest(input, target, input.headers, settings, source, params, mount),
    // The framework routed this request, so its URL parsed; a Host header it did not check is refused by getHost().
    fetch: (input: Request, source: RouteSource, params: unknown, mount: unknown, host?: string) =>
      new FetchRequest(input, input.url, undefined, settings, source, params, mount, host),
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
