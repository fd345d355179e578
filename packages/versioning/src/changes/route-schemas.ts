import type { VersionHistory } from './history.js';
import { type JsonSchemaObject, type Schema, toJsonSchema } from './schema.js';

/**
 * What a `migrateRequest()` function may read and change besides the body: the headers and query string the handler
 * will read.
 */
export interface RequestInfo {
  readonly headers: Headers;
  readonly query: URLSearchParams;
}

/** What a `migrateResponse()` function may read and change besides the body: what the older client receives. */
export interface ResponseInfo {
  status: number;
  readonly headers: Headers;
}

/** A route's request side, planned at mount for every version of its history. */
export interface RequestPlan {
  /** The route's `request` schema (written for the newest version), or `null` when it has none. */
  readonly schema: Schema | null;
  /**
   * The JSON Schema (draft 2020-12, self-contained: named schemas under `$defs`) a body of `version` is validated
   * against, or `null` when the route has no `request` schema. `null` as the version means the newest.
   */
  jsonSchema(version: string | null): JsonSchemaObject | null;
  /** Whether {@link up} changes anything for a request of `version` (else the adapter skips it). */
  migrates(version: string | null): boolean;
  /**
   * The body of a request of `version` (already validated in that version's shape) migrated up to the newest
   * version: a new value, `body` itself untouched. `info`'s headers and query may be changed by the history's
   * `migrateRequest()` functions; the adapter makes what they did what the handler reads.
   */
  up(body: unknown, version: string | null, info: RequestInfo): unknown;
}

/** A route's response side, planned at mount for every version of its history. */
export interface ResponsePlan {
  /** The route's `response` schema (newest version), or `null`. */
  readonly schema: Schema | null;
  /** The JSON Schema of a response body in `version`, or `null` when the route has no `response` schema. */
  jsonSchema(version: string | null): JsonSchemaObject | null;
  /** Whether {@link down} does anything for `version`: migrations, or properties the schema rules out. */
  applies(version: string | null): boolean;
  /**
   * A 2xx JSON body the handler produced (newest shape) as a client of `version` receives it: migrated down, then
   * stripped of properties the schema in `version` rules out. A new value; the handler's object is never changed.
   */
  down(body: unknown, version: string | null, info: ResponseInfo): unknown;
}

/** One route's schemas and migrations, planned once at mount. */
export interface RouteSchemas {
  /** `null`: the route has no `request` schema and the history no `migrateRequest()` for it. */
  readonly request: RequestPlan | null;
  /** `null`: the route has no `response` schema and the history no `migrateResponse()` for it. */
  readonly response: ResponsePlan | null;
  /**
   * A problem+json body as a client of `version` receives it (the history's `migrateProblem()` functions), or
   * `null` when the history has none.
   */
  readonly problem: ((body: Record<string, unknown>, version: string | null) => Record<string, unknown>) | null;
}

/** The route as the planner needs it. */
export interface RouteSchemaInput {
  /** How errors name the route: its pattern (and name). */
  readonly label: string;
  /** The route's URL name, for `{ route: '<name>' }` migrations. */
  readonly name: string | null;
  readonly request?: Schema | undefined;
  readonly response?: Schema | undefined;
}

/**
 * Plans a route's request and response schemas against `history` (or none: the newest version only). Throws a
 * `TypeError` naming `where`, the route and the JSON Pointer of a place the migrations cannot follow.
 */
export function planRouteSchemas(
  where: string,
  route: RouteSchemaInput,
  history: VersionHistory | null,
): RouteSchemas {
  void where;
  void history;
  const { request, response } = route;
  return {
    request:
      request === undefined
        ? null
        : {
            schema: request,
            jsonSchema: () => toJsonSchema(request, 'request'),
            migrates: () => false,
            up: (body) => body,
          },
    response:
      response === undefined
        ? null
        : {
            schema: response,
            jsonSchema: () => toJsonSchema(response, 'response'),
            applies: () => false,
            down: (body) => body,
          },
    problem: null,
  };
}
