import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { RequestInfo, ResponseInfo } from '../changes/info.js';
import { readNodeBody } from '../http/read-body.js';
import type { ServeOutcome } from '../pipeline/decide.js';
import type { Entry, ExchangePort, Send } from '../pipeline/exchange.js';
import { appendFields, finishHead } from './node-response.js';
import { exposeOn } from './shared.js';

/** `headers` as fetch `Headers`; a field fetch refuses (a value outside Latin-1) is left out. */
function fetchHeaders(entries: Iterable<readonly [string, string]>): Headers {
  const headers = new Headers();
  for (const [name, value] of entries) {
    try {
      headers.append(name, value);
    } catch {
      // Not a field fetch can carry: a migration never sees it, and the handler keeps it as it was.
    }
  }
  return headers;
}

function* rawPairs(raw: readonly string[]): Generator<readonly [string, string]> {
  for (let index = 0; index + 1 < raw.length; index += 2)
    yield [raw[index] as string, raw[index + 1] as string];
}

/** The query string of a request target, without its `?`. */
function queryOf(target: string): string {
  const mark = target.indexOf('?');
  if (mark === -1) return '';
  const hash = target.indexOf('#', mark);
  return target.slice(mark + 1, hash === -1 ? undefined : hash);
}

/** The path of a request target. */
function pathOf(target: string): string {
  const mark = target.search(/[?#]/);
  return mark === -1 ? target : target.slice(0, mark);
}

/** The request's headers and query string, as the history's `migrateRequest()` functions read them. */
export function messageInfo(message: IncomingMessage): RequestInfo {
  return {
    headers: fetchHeaders(rawPairs(message.rawHeaders)),
    query: new URLSearchParams(queryOf(message.url ?? '/')),
  };
}

/** Headers as node:http keeps them on a request: lower-case names, `set-cookie` a list, others joined. */
function nodeHeaders(headers: Headers): IncomingHttpHeaders {
  const result: IncomingHttpHeaders = {};
  for (const [name, value] of headers) {
    if (name === 'set-cookie') result[name] = headers.getSetCookie();
    else result[name] = value;
  }
  return result;
}

/**
 * Makes what migrations changed what the handler reads: `message.headers`, and `message.url`'s query string (which
 * Express's `req.query` and a node:http handler read). Returns the query string, for a framework that parsed it.
 */
export function applyRequestInfo(message: IncomingMessage, info: RequestInfo): URLSearchParams {
  message.headers = nodeHeaders(info.headers);
  const target = message.url ?? '/';
  const query = info.query.toString();
  message.url = query === '' ? pathOf(target) : `${pathOf(target)}?${query}`;
  return info.query;
}

/**
 * The exchange's port of a node:http request (Express's too): its body read from the stream, or `parsed` when a
 * JSON parser in front read it.
 */
export function nodePort(message: IncomingMessage, parsed?: { readonly parsed: unknown }): ExchangePort {
  return {
    method: message.method ?? 'GET',
    header: (name) => {
      const value = message.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    body: parsed === undefined ? (limit) => readNodeBody(message, limit) : () => parsed,
    info: () => messageInfo(message),
  };
}

/** A node:http response's headers as fetch `Headers`. */
function responseHeaders(res: ServerResponse): Headers {
  const entries: [string, string][] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) entries.push([name, String(one)]);
  }
  return fetchHeaders(entries);
}

/** Makes a response's status and headers what the migrations left. */
function applyResponseInfo(res: ServerResponse, info: ResponseInfo): void {
  res.statusCode = info.status;
  for (const name of res.getHeaderNames()) if (!info.headers.has(name)) res.removeHeader(name);
  for (const [name, value] of info.headers) {
    res.setHeader(name, name === 'set-cookie' ? info.headers.getSetCookie() : value);
  }
}

/**
 * A JSON value on its way out of a node:http response (Express's too), through the exchange's `send` (see
 * `sending`); the status and headers the migrations changed are set on `res`.
 */
export function outgoingNodeJson(res: ServerResponse, send: Send, value: unknown): unknown {
  const outgoing = send(value, res.statusCode, res.getHeader('content-type'), () => responseHeaders(res));
  if (outgoing.info !== null) applyResponseInfo(res, outgoing.info);
  return outgoing.body;
}

/**
 * {@link outgoingNodeJson} as the JSON text node:http writes: the route's compiled serialiser's text when it wrote
 * it, else `JSON.stringify` of the value as the client of the request's version receives it.
 */
export function outgoingNodeText(res: ServerResponse, send: Send, value: unknown): string | undefined {
  const outgoing = send(
    value,
    res.statusCode,
    res.getHeader('content-type'),
    () => responseHeaders(res),
    true,
  );
  if (outgoing.text !== undefined) return outgoing.text;
  if (outgoing.info !== null) applyResponseInfo(res, outgoing.info);
  return JSON.stringify(outgoing.body);
}

/** What an Express response offers that {@link expressJson} uses. */
interface ExpressResponseLike extends ServerResponse {
  readonly app: { get(setting: string): unknown };
  get(field: string): string | undefined;
  set(field: string, value: string): unknown;
  send(body: string): unknown;
}

/**
 * Express's `res.json(value)` (`json`, as the application had it) through the exchange's way out: where the
 * application keeps JSON as `JSON.stringify` writes it (no `json replacer`, `json spaces`, `json escape`), the
 * route's compiled serialiser's text, sent as `res.json` sends its text; else `json` of the migrated value.
 */
export function expressJson(
  res: ServerResponse,
  json: (this: ServerResponse, value: unknown) => unknown,
  send: Send,
  value: unknown,
): unknown {
  const express = res as ExpressResponseLike;
  const { app } = express;
  const plain = !app.get('json replacer') && !app.get('json spaces') && !app.get('json escape');
  const outgoing = send(
    value,
    res.statusCode,
    res.getHeader('content-type'),
    () => responseHeaders(res),
    plain,
  );
  if (outgoing.text === undefined) {
    if (outgoing.info !== null) applyResponseInfo(res, outgoing.info);
    return json.call(res, outgoing.body);
  }
  if (!express.get('Content-Type')) express.set('Content-Type', 'application/json');
  return express.send(outgoing.text);
}

/**
 * Makes a node:http request and response (Express's too) what the exchange decided, before the handler runs: the
 * lifecycle's fields appended, the head's `Vary` (and vendor type) finished whoever answers, the members on the
 * request (unless `members` is false: a port whose request prototype serves them), and the headers, query string
 * and body the handler reads.
 */
export function prepareNode(
  req: IncomingMessage,
  res: ServerResponse,
  serve: ServeOutcome,
  entry: Extract<Entry, { kind: 'handle' }>,
  members = true,
): void {
  appendFields(res, serve.fields);
  if (serve.vary.length > 0 || serve.contentType !== null) finishHead(res, serve.vary, serve.contentType);
  if (members) exposeOn(req, serve.request);
  if (entry.info !== null) applyRequestInfo(req, entry.info);
  if (entry.body !== null) (req as { body?: unknown }).body = entry.body.value;
}
