import type { Context } from 'hono';
import type { ServeOutcome } from '../pipeline/decide.js';
import type { Send } from '../pipeline/exchange.js';
import { isProblemType } from '../pipeline/outgoing.js';
import { appendVary, isJsonType } from '../pipeline/vary.js';

type AnyContext = Context;

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

/**
 * A fetch Response a handler made, through the exchange's way out: a JSON (or problem+json) body is read as the
 * handler wrote it and goes out as the client of the request's version receives it; anything else as it is.
 */
export async function sentInVersion(response: Response, send: Send): Promise<Response> {
  const type = response.headers.get('content-type');
  const problem = isProblemType(type);
  if (!problem && (!isJsonType(type) || response.status < 200 || response.status > 299)) return response;
  const text = await response.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  const out = send(value, response.status, type, () => new Headers(response.headers));
  const init = out.info ?? {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  };
  return new Response(JSON.stringify(out.body), init);
}
