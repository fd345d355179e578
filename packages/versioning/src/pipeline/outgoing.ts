import type { ResponseInfo } from '../changes/info.js';
import type { ResponsePlan } from '../changes/route-schemas.js';
import type { InvalidResponse } from '../errors.js';
import type { ResponseCheck } from './check-responses.js';
import type { ProblemOutcome } from './problem.js';
import type { RouteBodies } from './route-bodies.js';
import { appendVary } from './vary.js';

interface MigratedResponse {
  readonly body: unknown;
  /** The status and headers the migrations leave; `changed` whether they differ from what was given. */
  readonly info: ResponseInfo | null;
  readonly changed: boolean;
}

/**
 * A handler's JSON body of `status` as a client of `version` receives it: a 2xx body migrated down (a new value),
 * any other left as it is. `headers()` makes the response's headers, only when a migration runs.
 */
function migrateResponseBody(
  response: ResponsePlan,
  version: string | null,
  body: unknown,
  status: number,
  headers: () => Headers,
): MigratedResponse | null {
  if (status < 200 || status > 299 || !response.applies(version)) return null;
  if (!response.usesInfo(version)) {
    // No migration function reads the status or headers: nothing to make, nothing they can change.
    return { body: response.down(body, version, undefined), info: null, changed: false };
  }
  const info: ResponseInfo = { status, headers: headers() };
  const before = JSON.stringify([...info.headers]);
  const migrated = response.down(body, version, info);
  return {
    body: migrated,
    info,
    changed: info.status !== status || JSON.stringify([...info.headers]) !== before,
  };
}

/** Whether a `Content-Type` (as a framework reports it) is `application/problem+json`. */
export function isProblemType(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/problem\+json[\t ]*(?:;|$)/i.test(contentType);
}

/** A JSON body the handler sends, as the client of `version` receives it (see {@link outgoingJson}). */
export interface Outgoing {
  readonly body: unknown;
  /** The status and headers migrations left, when they changed them; else `null`. */
  readonly info: ResponseInfo | null;
  /**
   * The JSON text that goes out, when it was asked for and the route's compiled serialiser wrote it: the adapter sends
   * it as it is (`body` is then the handler's value, not what goes out). Absent: the adapter serialises `body`.
   */
  readonly text?: string;
}

/**
 * Sends a JSON value the handler gave with a status and `Content-Type`: what goes out instead (see `sending`). With
 * `text`, the adapter sends the JSON text given back in `text` itself when there is one.
 */
export type Send = (
  value: unknown,
  status: number,
  contentType: unknown,
  headers: () => Headers,
  text?: boolean,
) => Outgoing;

/**
 * A JSON body a handler sends with `status` and `contentType`, as the client of `version` receives it: a problem+json
 * body through the history's `migrateProblem()`s, a 2xx body migrated down by the route's response plan; anything
 * else as it is. `headers()` makes the response's headers, only when a migration runs. With `text`, a 2xx body the
 * route's compiled serialiser writes comes back as its JSON text — the same text as `JSON.stringify` of the body the
 * general path migrates.
 */
export function outgoingJson(
  bodies: RouteBodies,
  version: string | null,
  body: unknown,
  status: number,
  contentType: unknown,
  headers: () => Headers,
  text = false,
): Outgoing {
  if (isProblemType(contentType)) {
    const { problem } = bodies;
    if (problem === null || typeof body !== 'object' || body === null || Array.isArray(body))
      return { body, info: null };
    return { body: problem(body as Record<string, unknown>, version), info: null };
  }
  if (bodies.response === null) return { body, info: null };
  if (text && status >= 200 && status <= 299) {
    const written = bodies.response.serialiser(version)?.(body);
    if (written !== undefined) return { body, info: null, text: written };
  }
  const migrated = migrateResponseBody(bodies.response, version, body, status, headers);
  if (migrated === null) return { body, info: null };
  return { body: migrated.body, info: migrated.changed ? migrated.info : null };
}

/**
 * `send` with `check` behind it, for a request of `version`: a 2xx JSON value (not problem+json) that, as the client
 * of `version` receives it, does not match that version's schema goes out as the problem `problem` makes of the
 * mismatch — a 500 `application/problem+json` on the response's own headers (its lifecycle fields, its `Vary`),
 * instead of the value.
 */
export function checkedSend(
  send: Send,
  check: ResponseCheck,
  version: string | null,
  problem: (error: InvalidResponse) => ProblemOutcome,
): Send {
  return (value, status, contentType, headers) => {
    const out = send(value, status, contentType, headers);
    if (status < 200 || status > 299 || isProblemType(contentType)) return out;
    const wrong = check(version, out.body);
    return wrong === null ? out : problemSent(problem(wrong), headers);
  };
}

/** A problem as what a JSON helper sends: its status and headers over the response's, its body as a value. */
function problemSent(problem: ProblemOutcome, headers: () => Headers): Outgoing {
  const merged = headers();
  for (const [name, value] of Object.entries(problem.headers)) merged.set(name, value);
  const vary = appendVary(merged.get('vary'), problem.vary);
  if (vary !== '') merged.set('vary', vary);
  return { body: JSON.parse(problem.body) as unknown, info: { status: problem.status, headers: merged } };
}
