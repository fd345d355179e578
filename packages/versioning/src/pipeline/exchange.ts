import type { RequestInfo } from '../changes/info.js';
import { type APIException, APIException as ServerError, isAPIException } from '../errors.js';
import type { BodyBytes } from '../http/read-body.js';
import { acceptBody, migrateWithoutBody, type Prepared } from './accept-body.js';
import type { Outcome, PendingOutcome, ServeOutcome } from './decide.js';
import { checkedSend, outgoingJson, type Send } from './outgoing.js';
import type { RoutePlan } from './plan.js';
import { type ProblemOutcome, problemOutcome } from './problem.js';
import { encodingProblem, mediaTypeProblem, parseBody, shapeProblem } from './read-json.js';
import type { RequestBodies } from './route-bodies.js';

/**
 * What the exchange needs of a framework's request: an adapter's whole port on the way in. The exchange never calls
 * back into the adapter otherwise, and returns what to do.
 */
export interface ExchangePort {
  /** The request method, upper-case. */
  readonly method: string;
  /** A request header's value by its lower-case name (`undefined`: not sent). */
  header(name: string): string | undefined;
  /**
   * The body: its bytes, read up to `limit` (node:http, Hono, Fastify, Express without a parser), or what a JSON parser
   * the application mounted in front made of it (`express.json()`).
   */
  body(limit: number): Promise<BodyBytes> | { readonly parsed: unknown };
  /** The request's headers and query string as migrations read them: made only when one does. */
  info(): RequestInfo;
}

/** What the exchange decided before the handler: answer with a problem, or call the handler. */
export type Entry =
  | { readonly kind: 'problem'; readonly problem: ProblemOutcome }
  | {
      readonly kind: 'handle';
      /** The body the handler reads; `null`: the route reads none, the framework's stays as it is. */
      readonly body: { readonly value: unknown } | null;
      /** The headers and query string the handler reads, when migrations changed them; else `null`. */
      readonly info: RequestInfo | null;
    };

/** What `enter()` answers for a route that reads no body: the handler is called as the framework made the request. */
export const untouched: Entry = Object.freeze({ kind: 'handle', body: null, info: null });

/** Whether requests of `method` never carry a body a route's `request` schema describes. */
const isBodiless = (method: string): boolean => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/** Whether a request sends a body at all: a `Content-Length` above 0, or a `Transfer-Encoding`. */
function sendsBody(port: ExchangePort): boolean {
  const length = port.header('content-length');
  return port.header('transfer-encoding') !== undefined || (length !== undefined && length.trim() !== '0');
}

function entryOf(prepared: Prepared, route: RoutePlan, serve: ServeOutcome, port: ExchangePort): Entry {
  if (prepared.kind === 'refuse')
    return { kind: 'problem', problem: problemOf(route, serve, port, prepared.error) };
  return {
    kind: 'handle',
    body: prepared.hasBody ? { value: prepared.body } : null,
    info: prepared.info,
  };
}

/** A problem of the request's version: its `Vary`, lifecycle fields, and its `migrateProblem()`s (which may throw). */
function problemOf(
  route: RoutePlan,
  serve: ServeOutcome,
  port: ExchangePort,
  error: APIException,
): ProblemOutcome {
  const { version } = serve.request;
  const language = port.header('accept-language');
  return problemOutcome(error, language, serve.vary, serve.fields, null, route.problemFor(version));
}

function readAndAccept(
  bodies: RequestBodies,
  route: RoutePlan,
  serve: ServeOutcome,
  port: ExchangePort,
): Prepared | Promise<Prepared> {
  const version = serve.request.version;
  const given = port.body(route.bodyLimit);
  if ('parsed' in given) {
    const refused = shapeProblem(given.parsed, bodies.guardDepth);
    return refused === null
      ? acceptBody(bodies, version, given.parsed, port)
      : { kind: 'refuse', error: refused };
  }
  return given.then((read) => {
    const parsed = parseBody(read, route.bodyLimit, bodies.guardDepth);
    return 'value' in parsed
      ? acceptBody(bodies, version, parsed.value, port)
      : { kind: 'refuse', error: parsed };
  });
}

function prepare(
  bodies: RequestBodies,
  route: RoutePlan,
  serve: ServeOutcome,
  port: ExchangePort,
): Prepared | Promise<Prepared> {
  const version = serve.request.version;
  const hasSchema = bodies.head !== null;
  // GET, HEAD, OPTIONS, and a DELETE without a body: nothing to check, in any version; the handler reads none.
  if (isBodiless(port.method) || (port.method === 'DELETE' && !sendsBody(port))) {
    return migrateWithoutBody(bodies, version, port);
  }
  const contentType = port.header('content-type');
  if (hasSchema) {
    const refused = mediaTypeProblem(contentType) ?? encodingProblem(port.header('content-encoding'));
    if (refused !== null) return { kind: 'refuse', error: refused };
  } else if (
    contentType === undefined ||
    mediaTypeProblem(contentType) !== null ||
    encodingProblem(port.header('content-encoding')) !== null
  ) {
    // Migrated without a schema: a JSON body is read for the migrations, anything else left to the handler.
    return acceptBody(bodies, version, undefined, port, false);
  }
  return readAndAccept(bodies, route, serve, port);
}

/**
 * The way in of the exchange, once `decide()` chose to serve: the route's request side in the request's version —
 * its body read (or not: GET, HEAD, OPTIONS, a DELETE without one), checked as JSON, validated in its version,
 * migrated up and validated by the newest schema, and the headers and query string migrations changed. Answers at
 * once when nothing is pending, else a promise. A body the route refuses is a problem of the request's version; a
 * migration function or a schema's own code that throws is thrown (rejected), as a handler's error is.
 */
export function enter(route: RoutePlan, serve: ServeOutcome, port: ExchangePort): Entry | Promise<Entry> {
  const request = route.bodiesOf(serve.route)?.request;
  if (request == null) return untouched;
  const prepared = prepare(request, route, serve, port);
  return prepared instanceof Promise
    ? prepared.then((settled) => entryOf(settled, route, serve, port))
    : entryOf(prepared, route, serve, port);
}

/** Runs `then` with an entry: at once when it was decided at once (no promise tick before the handler). */
export function whenEntered<T>(
  entry: Entry | Promise<Entry>,
  then: (entry: Entry) => T,
): T | Promise<Awaited<T>> {
  return entry instanceof Promise ? (entry.then(then) as unknown as Promise<Awaited<T>>) : then(entry);
}

export type { Send } from './outgoing.js';

/**
 * The way out: a JSON value the handler sends with `status` and `contentType`, as the client of the request's
 * version receives it (see `outgoingJson`), or `null` when the route's answers go out as they are. With
 * `checkResponses`, a 2xx value its schema refuses goes out as a 500 `invalid_response` instead (see `checkedSend`).
 */
export function sending(route: RoutePlan, serve: ServeOutcome): Send | null {
  const bodies = route.bodiesOf(serve.route);
  if (bodies === null || (bodies.response === null && bodies.problem === null)) return null;
  const { version } = serve.request;
  const send: Send = (value, status, contentType, headers, text) =>
    outgoingJson(bodies, version, value, status, contentType, headers, text);
  if (bodies.check === null) return send;
  const language = serve.request.headers.get('accept-language') ?? undefined;
  return checkedSend(send, bodies.check, version, (error) =>
    problemOutcome(error, language, serve.vary, undefined, null, route.problemFor(version)),
  );
}

/**
 * The problem+json answer to an error where the adapter answers errors itself (node:http, and any `APIException`):
 * the error's problem in the request's version, a 500 for any other error. A `migrateProblem()` that throws on it
 * leaves the problem as it is rather than failing a second time: the server always answers.
 */
export function failure(
  route: RoutePlan,
  version: string | null,
  error: unknown,
  language: string | undefined,
  vary: readonly string[],
): ProblemOutcome {
  const problem = isAPIException(error) ? error : new ServerError();
  try {
    return problemOutcome(problem, language, vary, undefined, null, route.problemFor(version));
  } catch {
    return problemOutcome(new ServerError(), language, vary);
  }
}

/**
 * Runs `answer` with what `decide` decided, at once or once a pinned version settles; an error either throws or
 * rejects with goes to `fail`, whose answer stands in. The control flow of an adapter that answers errors itself.
 */
export function answerDecided<T>(
  decide: () => PendingOutcome,
  answer: (outcome: Outcome) => T,
  fail: (error: unknown) => T,
): T | Promise<T> {
  try {
    const outcome = decide();
    const result = outcome instanceof Promise ? outcome.then(answer) : answer(outcome);
    return result instanceof Promise ? result.catch(fail) : result;
  } catch (error) {
    return fail(error);
  }
}
