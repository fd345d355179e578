import type { RequestInfo } from '../changes/info.js';
import { type APIException, type BodyError, InvalidBody } from '../errors.js';
import { pointerToken } from '../internal/json-pointer.js';
import { isPromiseLike } from '../internal/recognize.js';
import type { RequestBodies } from './route-bodies.js';
import { ajvErrors, maxBodyErrors } from './schema-errors.js';

interface StandardIssue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
}

/** A Standard Schema's issues as pointers. */
function standardErrors(issues: readonly StandardIssue[]): BodyError[] {
  return issues.slice(0, maxBodyErrors).map(({ message, path = [] }) => ({
    pointer: path
      .map((segment) => {
        const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
        return `/${pointerToken(typeof key === 'symbol' ? String(key.description) : key)}`;
      })
      .join(''),
    detail: message,
  }));
}

function serialized(info: RequestInfo): string {
  return `${JSON.stringify([...info.headers])}\n${info.query.toString()}`;
}

/** What a Standard Schema's `validate` answers. */
interface StandardResult {
  readonly value?: unknown;
  readonly issues?: readonly StandardIssue[];
}

/** A Standard Schema's answer as what {@link acceptBody} decides. */
function judged(result: StandardResult, info: RequestInfo | null, body: unknown, hasBody: boolean): Prepared {
  if (result.issues !== undefined)
    return { kind: 'refuse', error: new InvalidBody(standardErrors(result.issues)) };
  return { kind: 'accept', hasBody: hasBody || result.value !== body, body: result.value, info };
}

/**
 * Validates a parsed `body` sent in `version` against the route's schema in that version, migrates it up to the
 * newest version (with `request.info()`'s headers and query string, made only when a migration function reads
 * them), and validates it with the newest schema, whose output is what the handler reads. `hasBody`: whether a
 * body was read (without one, the handler gets a body only when the migrations made one).
 */
export function acceptBody(
  bodies: RequestBodies,
  version: string | null,
  body: unknown,
  request: { info(): RequestInfo },
  hasBody = true,
): Prepared | Promise<Prepared> {
  const { validate, up, usesInfo } = bodies.in(version);
  if (validate !== null && !validate(body)) {
    return { kind: 'refuse', error: new InvalidBody(ajvErrors(validate.errors)) };
  }
  const { standard, head } = bodies;
  let migrated = body;
  let changed: RequestInfo | null = null;
  if (up !== null) {
    if (usesInfo) {
      const given = request.info();
      const before = serialized(given);
      migrated = up(body, given);
      if (serialized(given) !== before) changed = given;
    } else migrated = up(body, undefined);
  }
  if (standard !== null && head !== null) {
    // A schema with async refinements answers with a promise; the others at once, without a tick more.
    const result = standard(migrated) as StandardResult | PromiseLike<StandardResult>;
    return isPromiseLike(result)
      ? Promise.resolve(result).then((settled) => judged(settled, changed, body, hasBody))
      : judged(result, changed, body, hasBody);
  }
  if (head !== null && (migrated !== body || validate !== head) && !head(migrated)) {
    return { kind: 'refuse', error: new InvalidBody(ajvErrors(head.errors)) };
  }
  return { kind: 'accept', hasBody: hasBody || migrated !== body, body: migrated, info: changed };
}

/**
 * A request without a body (GET, HEAD, OPTIONS) in `version`: nothing validated, the history's request migrations
 * run for what they change in its headers and query string; the handler reads no body (`undefined`, even where a
 * framework parser in front read one).
 */
export function migrateWithoutBody(
  bodies: RequestBodies,
  version: string | null,
  request: { info(): RequestInfo },
): Prepared {
  const { up, usesInfo } = bodies.in(version);
  if (up === null || !usesInfo) return { kind: 'accept', hasBody: true, body: undefined, info: null };
  const given = request.info();
  const before = serialized(given);
  up(undefined, given);
  return {
    kind: 'accept',
    hasBody: true,
    body: undefined,
    info: serialized(given) === before ? null : given,
  };
}

export type Prepared =
  | {
      readonly kind: 'accept';
      /** Whether the handler gets {@link body} (a body was read, validated or migrated). */
      readonly hasBody: boolean;
      readonly body: unknown;
      /** The headers and query string to give the handler, when migrations changed them; else `null`. */
      readonly info: RequestInfo | null;
    }
  | { readonly kind: 'refuse'; readonly error: APIException };
