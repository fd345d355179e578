import type { ServerResponse } from 'node:http';
import type { ResponseInfo } from '../changes/info.js';
import { checkScriptPrefix } from '../http/request.js';
import { isPlainObject, mustBe } from '../internal/arguments.js';
import type { ProblemOutcome } from '../pipeline/problem.js';
import type { ServeOutcome } from '../pipeline/decide.js';
import type { Send } from '../pipeline/exchange.js';
import { appendField, appendVary, isJsonType, mergeVary } from '../pipeline/vary.js';
import { prefixProblem } from './shared.js';

/** Appends the version lifecycle's header fields of an outcome to a node:http response (Express's too). */
export function appendFields(res: ServerResponse, fields: ServeOutcome['fields']): void {
  for (const [name, value] of fields) res.appendHeader(name, value);
}

/**
 * Writes a problem outcome out on a node:http response (Express's too): its status, the lifecycle's fields, its
 * `Vary` appended to what the response has (never an empty one), its headers and body.
 */
export function writeProblem(res: ServerResponse, problem: ProblemOutcome): void {
  appendFields(res, problem.fields);
  if (problem.vary.length > 0) res.setHeader('vary', appendVary(res.getHeader('vary'), problem.vary));
  res.writeHead(problem.status, problem.headers).end(problem.body);
}

/**
 * Finishes the head of `res` when it is written: its `Vary` is what middleware in front set, then what the handler
 * set (with `setHeader()`, `res.set()`, or given to `writeHead()`), then `vary`, each field once; a JSON
 * `Content-Type` goes out as `contentType` when that is not `null`.
 *
 * node:http has no hook between a handler's last `setHeader()` and the head going out (Express adds none), and a
 * handler that sets `Vary` itself replaces whatever was there, so this is the one place where the adapters
 * replace `writeHead`: on this response only, calling what it had (another middleware's replacement too).
 */
export function finishHead(res: ServerResponse, vary: readonly string[], contentType: string | null): void {
  const upstreamVary = res.getHeader('vary');
  // Read off the prototype chain, so that the replacement below calls what the response had.
  const writeHead = Reflect.get(res, 'writeHead') as (...args: unknown[]) => ServerResponse;
  const replaced = function (this: ServerResponse, ...args: unknown[]): ServerResponse {
    writeFinalHead(this, upstreamVary, vary, contentType, args);
    return writeHead.apply(this, args);
  };
  Reflect.set(res, 'writeHead', replaced);
}

/** Sets the final `Vary` and `Content-Type` of `res`, and takes `Vary` out of `writeHead()`'s `args` into it. */
function writeFinalHead(
  res: ServerResponse,
  upstreamVary: unknown,
  vary: readonly string[],
  contentType: string | null,
  args: unknown[],
): void {
  if (contentType !== null && isJsonType(res.getHeader('content-type')))
    res.setHeader('content-type', contentType);
  let current: unknown = res.getHeader('vary');
  // writeHead(status[, message][, headers]): headers as an object, or as a flat [name, value, …] list.
  let at = -1;
  for (let index = 1; index < args.length && at === -1; index += 1)
    if (isPlainObject(args[index]) || Array.isArray(args[index])) at = index;
  if (at === -1 && current === undefined && upstreamVary === undefined) {
    // Nobody else set Vary (the usual case): the scheme's fields as they are, without merging.
    if (vary.length > 0)
      res.setHeader('vary', vary.length === 1 ? (vary[0] as string) : appendVary('', vary));
    return;
  }
  const given = args[at];
  if (Array.isArray(given)) {
    const rest: unknown[] = [];
    for (let index = 0; index + 1 < given.length; index += 2) {
      const name: unknown = given[index];
      if (typeof name === 'string' && name.toLowerCase() === 'vary')
        current = mergeVary(current, given[index + 1]);
      else rest.push(name, given[index + 1]);
    }
    if (rest.length !== given.length) args[at] = rest;
  } else if (given !== undefined) {
    const headers = given as Record<string, unknown>;
    let copy: Record<string, unknown> | null = null;
    for (const name of Object.keys(headers)) {
      const lower = name.toLowerCase();
      if (lower === 'vary') {
        current = mergeVary(current, headers[name]);
        copy = Object.fromEntries(Object.entries(copy ?? headers).filter(([key]) => key !== name));
      } else if (contentType !== null && lower === 'content-type' && isJsonType(headers[name])) {
        copy ??= { ...headers };
        copy[name] = contentType;
      }
    }
    if (copy !== null) args[at] = copy;
  }
  const value = appendVary(mergeVary(upstreamVary, current), vary);
  if (value !== '') res.setHeader('vary', value);
  else if (current !== undefined) res.removeHeader('vary');
}

/** A Fastify reply's headers (any framework's with `getHeaders()`) as fetch `Headers`, for the migrations. */
export function replyHeaders(reply: { getHeaders(): Record<string, unknown> }): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return headers;
}

/** Makes a Fastify reply's status and headers what the migrations left. */
export function replyInfo(
  reply: {
    code(status: number): unknown;
    getHeaders(): Record<string, unknown>;
    removeHeader(name: string): unknown;
    header(name: string, value: string): unknown;
  },
  info: ResponseInfo,
): void {
  reply.code(info.status);
  for (const name of Object.keys(reply.getHeaders())) if (!info.headers.has(name)) reply.removeHeader(name);
  for (const [name, value] of info.headers) reply.header(name, value);
}

/** A query string as Fastify's `request.query` holds it: one value a string, repeated ones a list. */
export function fastifyQuery(query: URLSearchParams): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    result[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return result;
}

/**
 * A JSON value on its way out of a Fastify reply, through the exchange's `send` (see `sending`): the status and
 * headers the migrations changed are set on the reply.
 */
export function outgoingReplyJson(
  reply: FastifyReplyLike,
  send: Send,
  value: unknown,
  serialise = false,
): unknown {
  // Fastify sets a JSON type before serialising with its own serialiser: none means the handler set one of its own.
  const text = serialise && reply.getHeader('content-type') !== undefined;
  const out = send(value, reply.statusCode, reply.getHeader('content-type'), () => replyHeaders(reply), text);
  if (out.text !== undefined) {
    const written = out.text;
    // Fastify's way to serialise one reply: the compiled serialiser's text goes out, Fastify's stringify is skipped.
    reply.serializer(() => written);
    return value;
  }
  if (out.info !== null) replyInfo(reply, out.info);
  return out.body;
}

/**
 * Finishes a Fastify reply's head as it is sent (`onSend`): `Vary` as it was in front (`upstreamVary`), then as the
 * handler left it, then the answer's `vary`, each field once; a JSON `Content-Type` goes out as `contentType` when that
 * is not `null` (a vendor type).
 */
export function finishReplyHead(
  reply: FastifyReplyLike,
  upstreamVary: unknown,
  vary: readonly string[],
  contentType: string | null,
): void {
  const current = reply.getHeader('vary');
  const value = appendVary(mergeVary(upstreamVary, current), vary);
  if (value !== current && value !== '') reply.header('vary', value);
  if (contentType !== null && isJsonType(reply.getHeader('content-type')))
    reply.header('content-type', contentType);
}

/** node:http's `options.scriptPrefix`, checked: a path the server is mounted under, without parameters. */
export function scriptPrefixOf(where: string, given: string | undefined): string {
  const prefix = checkScriptPrefix(where, given ?? '');
  const refused = prefixProblem(where, 'options.scriptPrefix is a path, but the prefix', prefix);
  if (refused !== null) throw refused;
  return prefix;
}

/** The path of a request under `prefix`, as the UrlConf sees it; `''` when it is not under it. */
export function underPrefix(path: string, prefix: string): string {
  if (prefix === '') return path;
  const under = path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/');
  return under ? path.slice(prefix.length) || '/' : '';
}

/** node:http's `options.onError`, checked; by default, the error is logged with the request's method and URL. */
export function onErrorOf<
  R extends { readonly method?: string | undefined; readonly url?: string | undefined },
>(where: string, onError: ((error: unknown, req: R) => void) | undefined): (error: unknown, req: R) => void {
  if (onError === undefined) {
    return (error, req) => {
      console.error(`@restdash/versioning: ${req.method ?? 'GET'} ${req.url ?? '/'} failed:`, error);
    };
  }
  if (typeof onError !== 'function') throw mustBe(where, 'options.onError', 'a function', onError);
  return onError;
}

/** Appends the version lifecycle's header fields to a Fastify reply, after any value it has. */
export function replyFields(
  reply: { getHeader(name: string): unknown; header(name: string, value: string): unknown },
  fields: ServeOutcome['fields'],
): void {
  for (const [name, value] of fields) reply.header(name, appendField(reply.getHeader(name), value));
}

/** Writes a problem outcome out on a Fastify reply: as {@link writeProblem} does on a node:http response. */
export function replyProblem<R extends ReplyLike>(reply: R, problem: ProblemOutcome): R {
  replyFields(reply, problem.fields);
  reply.code(problem.status);
  if (problem.vary.length > 0) reply.header('vary', appendVary(reply.getHeader('vary'), problem.vary));
  for (const [name, value] of Object.entries(problem.headers)) reply.header(name, value);
  reply.send(problem.body);
  return reply;
}

/** What the helpers use of a Fastify reply. */
interface FastifyReplyLike {
  readonly statusCode: number;
  serializer(fn: (payload: unknown) => string): unknown;
  getHeader(name: string): unknown;
  getHeaders(): Record<string, unknown>;
  header(name: string, value: string): unknown;
  code(status: number): unknown;
  removeHeader(name: string): unknown;
}

interface ReplyLike {
  getHeader(name: string): unknown;
  header(name: string, value: string): unknown;
  code(status: number): unknown;
  send(body: string): unknown;
}
