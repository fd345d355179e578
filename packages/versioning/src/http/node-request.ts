import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { HttpRequest } from './http-request.js';
import type { RequestSettings, RouteSource } from './request-settings.js';

/** A node:http `IncomingMessage` (node:http, Express, Fastify's `request.raw`). */
export class NodeRequest extends HttpRequest {
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
    mount: unknown,
  ) {
    super(settings, source, params, mount);
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
