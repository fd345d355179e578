import { HttpRequest } from './http-request.js';
import type { RequestSettings, RouteSource } from './request-settings.js';

interface Parts {
  readonly path: string;
  readonly query: string;
  readonly authority: string;
}

/**
 * A fetch `Request` (Hono, Deno, Bun, workers). Its `url` is a serialized absolute URL, so its parts are cut out of
 * the string when first read, without parsing it again.
 */
export class FetchRequest extends HttpRequest {
  readonly #input: Request;
  readonly #href: string;
  #headers: Headers | undefined;
  readonly #host: string | undefined;
  #parts: Parts | undefined;

  constructor(
    input: Request,
    href: string,
    headers: Headers | undefined,
    settings: RequestSettings,
    source: RouteSource | null,
    params: unknown,
    mount: unknown,
    host?: string,
  ) {
    super(settings, source, params, mount);
    this.#input = input;
    this.#href = href;
    this.#headers = headers;
    this.#host = host;
  }

  get method(): string {
    return this.#input.method;
  }

  get #split(): Parts {
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
