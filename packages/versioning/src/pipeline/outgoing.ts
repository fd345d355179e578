import type { ResponseInfo } from '../changes/info.js';
import type { ResponsePlan } from '../changes/route-schemas.js';
import type { RouteBodies } from './route-bodies.js';

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

function isProblemType(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/problem\+json[\t ]*(?:;|$)/i.test(contentType);
}

/** A JSON body the handler sends, as the client of `version` receives it (see {@link outgoingJson}). */
export interface Outgoing {
  readonly body: unknown;
  /** The status and headers migrations left, when they changed them; else `null`. */
  readonly info: ResponseInfo | null;
}

/**
 * A JSON body a handler sends with `status` and `contentType`, as the client of `version` receives it: a problem+json
 * body through the history's `migrateProblem()`s, a 2xx body migrated down by the route's response plan; anything
 * else as it is. `headers()` makes the response's headers, only when a migration runs.
 */
export function outgoingJson(
  bodies: RouteBodies,
  version: string | null,
  body: unknown,
  status: number,
  contentType: unknown,
  headers: () => Headers,
): Outgoing {
  if (isProblemType(contentType)) {
    const { problem } = bodies;
    if (problem === null || typeof body !== 'object' || body === null || Array.isArray(body))
      return { body, info: null };
    return { body: problem(body as Record<string, unknown>, version), info: null };
  }
  if (bodies.response === null) return { body, info: null };
  const migrated = migrateResponseBody(bodies.response, version, body, status, headers);
  if (migrated === null) return { body, info: null };
  return { body: migrated.body, info: migrated.changed ? migrated.info : null };
}
