import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { basePath } from 'hono/route';
import { checkScriptPrefix } from '../../http/request.js';
import type { ServeOutcome } from '../../pipeline/decide.js';
import { appendVary, isJsonType } from '../../pipeline/vary.js';

type AnyContext = Context;

/** Where the app is mounted (`app.route('/api', versioned(…))`), its parameters filled in, as Hono works it out. */
export function prefixOf(context: unknown): string {
  return checkScriptPrefix('hono versioned(urlconf, options)', basePath(context as AnyContext));
}

/**
 * The `Host` header of a request that @hono/node-server made from a node:http `IncomingMessage` (HTTP/1), read
 * from that message's parsed headers, when the request's URL is still the one @hono/node-server builds from that
 * header and the message's target: `undefined` otherwise (another runtime, HTTP/2, a Request made anew), and
 * the fetch `Headers` are asked. It is the first `Host` field, as the Express, Fastify and node:http adapters read
 * it; the fetch `Headers` would make the object that holds them and join repeated fields.
 */
export function nodeHost(c: AnyContext): string | undefined {
  const incoming = (c.env as { readonly incoming?: unknown } | undefined)?.incoming;
  if (typeof incoming !== 'object' || incoming === null) return undefined;
  const { httpVersionMajor, url: target, headers } = incoming as Partial<IncomingMessage>;
  const host = headers?.host;
  if (httpVersionMajor !== 1 || typeof target !== 'string' || typeof host !== 'string') return undefined;
  const url = c.req.raw.url;
  // `http://` or `https://`, the host, the target: compared in place rather than built.
  const start = url.startsWith('https://') ? 8 : url.startsWith('http://') ? 7 : -1;
  return start !== -1 &&
    url.length === start + host.length + target.length &&
    url.startsWith(host, start) &&
    url.endsWith(target)
    ? host
    : undefined;
}

/**
 * The route's parameters as `c.req.param()` gives them (decoded, absent optional ones left out), asked for by name:
 * Hono then makes no list of its own names to copy from.
 */
export function paramsOf(c: AnyContext, names: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of names) {
    const value = c.req.param(name as never) as string | undefined;
    if (value !== undefined) params[name] = value;
  }
  return params;
}

export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as Partial<PromiseLike<unknown>> | null)?.then === 'function';
}

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
 * `response` varying on `vary` too, appended to what its `Vary` holds. The value goes on `c` as well: where
 * middleware in front made `c.res` already, Hono copies the headers set on `c` over the response the handler
 * returns, and a handler's `c.header('Vary', …)` would otherwise win.
 */
export function withVary(c: AnyContext, response: Response, vary: readonly string[]): Response {
  if (vary.length === 0) return response;
  const current = response.headers.get('vary');
  const value = appendVary(current, vary);
  if (value === current || value === '') return response;
  c.header('Vary', value);
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

/** The handler's Response as Hono gets it: varying on the scheme's headers, as the vendor type, with the fields. */
export function finishResponse(c: AnyContext, response: Response, outcome: ServeOutcome): Response {
  return withFields(withType(withVary(c, response, outcome.vary), outcome.contentType), outcome.fields);
}
