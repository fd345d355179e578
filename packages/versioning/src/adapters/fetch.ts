import type { IncomingMessage } from 'node:http';
import type { RequestInfo } from '../changes/info.js';
import { type BodyBytes, readFetchBody } from '../http/read-body.js';
import type { Outcome, ServeOutcome } from '../pipeline/decide.js';
import type { ExchangePort, Send } from '../pipeline/exchange.js';
import { appendVary, isJsonType } from '../pipeline/vary.js';

/** `response` with `change` applied to its headers; to a copy when they are immutable (a `fetch()` response's are). */
function edited(response: Response, change: (headers: Headers) => void): Response {
  try {
    change(response.headers);
    return response;
  } catch {
    // Immutable headers refuse the first change already, so the copy starts from the original ones.
    const copy = new Response(response.body, response);
    change(copy.headers);
    return copy;
  }
}

/**
 * `response` varying on `vary` too, appended to what its `Vary` holds. The value is handed to `keep` as well (Hono's
 * `c.header('Vary', …)`): where middleware in front made the framework's response already, the framework copies the
 * headers it keeps over the response the handler returns, and a handler's own `Vary` would otherwise win.
 */
export function withVary(
  response: Response,
  vary: readonly string[],
  keep: (value: string) => void,
): Response {
  if (vary.length === 0) return response;
  const current = response.headers.get('vary');
  const value = appendVary(current, vary);
  if (value === current || value === '') return response;
  keep(value);
  return edited(response, (headers) => {
    headers.set('vary', value);
  });
}

/** `response` with the version lifecycle's header fields appended. */
export function withFields(response: Response, fields: ServeOutcome['fields']): Response {
  if (fields.length === 0) return response;
  return edited(response, (headers) => {
    for (const [name, value] of fields) headers.append(name, value);
  });
}

/** `response` sent as `vendor` when it is JSON. */
function withType(response: Response, vendor: string | null): Response {
  if (vendor === null || !isJsonType(response.headers.get('content-type'))) return response;
  return edited(response, (headers) => {
    headers.set('content-type', vendor);
  });
}

/** The handler's Response as it goes out: varying on the scheme's headers, as the vendor type, with the fields. */
export function finishResponse(
  response: Response,
  outcome: ServeOutcome,
  keep: (vary: string) => void,
): Response {
  return withFields(withType(withVary(response, outcome.vary, keep), outcome.contentType), outcome.fields);
}

/**
 * `answer`, the Response of a request whose outcome has a report (someone subscribes to the request channel),
 * published once it settles with its status (`context.res`'s when the handler returned none). A handler's error is
 * published as 500, the status of the framework's own error answer, before it goes on to the application's handler.
 */
export function reported<T>(
  context: { readonly res: Response },
  outcome: Outcome,
  answer: T | Promise<T>,
): T | Promise<T> {
  const { report } = outcome;
  if (report === undefined) return answer;
  const status = (settled: T) => (settled instanceof Response ? settled : context.res).status;
  if (!(answer instanceof Promise)) {
    report(status(answer));
    return answer;
  }
  return answer.then(
    (settled) => {
      report(status(settled));
      return settled;
    },
    (error: unknown) => {
      report(500);
      throw error;
    },
  );
}

/** The request target of an absolute URL (`http://host/a?b` → `/a?b`), as the client sent it. */
export function targetOf(url: string): string {
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

/**
 * A framework's JSON helper (`json(value, status | init?, headers?)`, Hono's `c.json`) that sends the value as the
 * client of the request's version receives it: migrated and filtered as an object, before it is serialised, never
 * parsed back from text. `newResponse(null, …)` tells the status and headers the helper would send.
 */
export function jsonInVersion(
  send: Send,
  json: (value: never, arg?: never, headers?: never) => Response,
  newResponse: (data: string | null, arg?: never, headers?: never) => Response,
): (value: unknown, arg?: number | ResponseInit, headers?: Record<string, string | string[]>) => Response {
  return (value, arg, headers) => {
    const probe = newResponse(
      null,
      arg as never,
      { 'content-type': 'application/json', ...headers } as never,
    );
    const out = send(
      value,
      probe.status,
      probe.headers.get('content-type'),
      () => new Headers(probe.headers),
      true,
    );
    // The compiled serialiser's text, with the headers the helper gives its own text (Hono's `c.json`).
    if (out.text !== undefined)
      return newResponse(out.text, arg as never, { 'Content-Type': 'application/json', ...headers } as never);
    if (out.info === null) return json(out.body as never, arg as never, headers as never);
    return new Response(JSON.stringify(out.body), out.info);
  };
}

/**
 * The exchange's port of a fetch `Request`: its body read up to the limit, or from `cached` (what a framework kept of
 * a body middleware in front read already) when the stream is used.
 */
export function fetchPort(request: Request, cached: () => Promise<ArrayBuffer>): ExchangePort {
  return {
    method: request.method,
    header: (name) => request.headers.get(name) ?? undefined,
    body: (limit) => {
      if (!request.bodyUsed) return readFetchBody(request, limit);
      return cached().then((buffer): BodyBytes => {
        const bytes = new Uint8Array(buffer);
        return bytes.length > limit ? { kind: 'too-large' } : { kind: 'bytes', bytes };
      });
    },
    info: () => ({ headers: new Headers(request.headers), query: new URL(request.url).searchParams }),
  };
}

/** `request` with the headers and query string migrations left (its body is read already). */
export function withRequestInfo(request: Request, info: RequestInfo): Request {
  const url = new URL(request.url);
  url.search = info.query.toString();
  return new Request(url, { method: request.method, headers: info.headers });
}

/**
 * The `Host` header of a fetch `Request` that a bridge such as @hono/node-server made from a node:http `IncomingMessage` (HTTP/1, given as
 * `env.incoming`), read from that message's parsed headers, when the request's URL is still the one @hono/node-server builds from that
 * header and the message's target: `undefined` otherwise (another runtime, HTTP/2, a Request made anew), and
 * the fetch `Headers` are asked. It is the first `Host` field, as the Express, Fastify and node:http adapters read
 * it; the fetch `Headers` would make the object that holds them and join repeated fields.
 */
export function incomingHost(request: Request, env: unknown): string | undefined {
  const incoming = (env as { readonly incoming?: unknown } | undefined)?.incoming;
  if (typeof incoming !== 'object' || incoming === null) return undefined;
  const { httpVersionMajor, url: target, headers } = incoming as Partial<IncomingMessage>;
  const host = headers?.host;
  if (httpVersionMajor !== 1 || typeof target !== 'string' || typeof host !== 'string') return undefined;
  const url = request.url;
  // `http://` or `https://`, the host, the target: compared in place rather than built.
  const start = url.startsWith('https://') ? 8 : url.startsWith('http://') ? 7 : -1;
  return start !== -1 &&
    url.length === start + host.length + target.length &&
    url.startsWith(host, start) &&
    url.endsWith(target)
    ? host
    : undefined;
}
