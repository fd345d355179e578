import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { basePath } from 'hono/route';
import { checkScriptPrefix } from '../../http/request.js';

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
