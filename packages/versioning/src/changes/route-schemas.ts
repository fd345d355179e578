import { argumentError } from '../internal/arguments.js';
import { refuseDerivedSchemas } from './derived-schemas.js';
import { type HistoryInternals, internalsOf, VersionHistory } from './history.js';
import type { RequestInfo, ResponseInfo } from './info.js';
import { reshapedResponse } from './route-reshapes.js';
import { jsonCopy } from './json-read.js';
import { isPlainRecord } from './properties.js';
import { type Direction, type JsonSchemaObject, type Schema, schemaName } from './schema.js';
import type { Serialise } from './serialise.js';
import { walkBetween } from './version-walk.js';
import { unfollowableError } from './walk.js';
import type { Walk } from './walk.types.js';

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
   * Whether a `migrateRequest()` function runs for a request of `version`: only then is `info` read, and made by the
   * adapter.
   */
  usesInfo(version: string | null): boolean;
  /**
   * The body of a request of `version` (already validated in that version's shape) migrated up to the newest
   * version: a new value, `body` itself untouched. `info`'s headers and query may be changed by the history's
   * `migrateRequest()` functions; the adapter makes what they did what the handler reads.
   */
  up(body: unknown, version: string | null, info: RequestInfo | undefined): unknown;
  /** {@link up} for one version, looked up once (at mount); `null` when nothing changes a request of it. */
  upIn(version: string | null): ((body: unknown, info: RequestInfo | undefined) => unknown) | null;
}

/** A route's response side, planned at mount for every version of its history. */
export interface ResponsePlan {
  /** The route's `response` schema (newest version), or `null`. */
  readonly schema: Schema | null;
  /**
   * The JSON Schema of a response body in `version` (where a `{ route }` migration reshapes it, its `schema`), or
   * `null` when the route has no `response` schema or the migration gave none.
   */
  jsonSchema(version: string | null): JsonSchemaObject | null;
  /** Whether {@link down} does anything for `version`: migrations, or properties the schema rules out. */
  applies(version: string | null): boolean;
  /** Whether a `migrateResponse()` function runs for `version`: only then is `info` read, and made by the adapter. */
  usesInfo(version: string | null): boolean;
  /**
   * A 2xx JSON body the handler produced (newest shape) as a client of `version` receives it: read as
   * `JSON.stringify` reads it (`toJSON()` first, at every depth), migrated down, and left without the properties the
   * schema in `version` rules out, at every depth. A new value; the handler's value is never changed, and each
   * migration function reads a copy of its own.
   */
  down(body: unknown, version: string | null, info: ResponseInfo | undefined): unknown;
  /**
   * The compiled serialiser of 2xx bodies of `version`: the text `JSON.stringify(down(body, version))` is, written in
   * one pass, or `undefined` for a body only that general path writes (see `Serialise`); `null` when `version` has
   * none — nothing to migrate or filter, a migration function on the way, a place it does not follow. Compiled on
   * first use.
   */
  serialiser(version: string | null): Serialise | null;
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
  readonly problem:
    ((body: Record<string, unknown>, version: string | null) => Record<string, unknown>) | null;
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

/** The `{ route }` migrations of one step, going one way, for a route's whole body; `null` when there are none. */
function routeStep(fns: readonly ((body: unknown, context: unknown) => unknown)[]): Walk | null {
  if (fns.length === 0) return null;
  // A migration function may change what it reads: it reads a copy.
  return (body, context) => {
    let out = body;
    for (const fn of fns) out = fn(jsonCopy(out), context);
    return out;
  };
}

function routeFns(
  history: HistoryInternals,
  step: number,
  type: 'request' | 'response',
  route: string | null,
): Walk | null {
  if (route === null) return null;
  const found = history.steps[step];
  if (found === null || found === undefined) return null;
  const fns = found.changes
    .flatMap((change) => change.instructions)
    .filter(
      (instruction) =>
        instruction.type === type &&
        instruction.target.kind === 'route' &&
        instruction.target.route === route,
    )
    .map((instruction) => (instruction as { fn: (body: unknown, context: unknown) => unknown }).fn);
  return routeStep(type === 'request' ? fns : fns.reverse());
}

/** Whether a migration function of `type` runs in a version after `low` up to `high`. */
function hasFunctions(
  history: HistoryInternals,
  low: number,
  high: number,
  type: 'request' | 'response',
): boolean {
  for (let step = low + 1; step <= high; step += 1) {
    for (const change of history.steps[step]?.changes ?? []) {
      if (change.instructions.some((instruction) => instruction.type === type)) return true;
    }
  }
  return false;
}

/** The route's `side` schema, normalised; a schema its library cannot write as JSON Schema names the route. */
function normalIn(
  inner: HistoryInternals,
  where: string,
  route: RouteSchemaInput,
  side: Direction,
  checkDerived: boolean,
) {
  const schema = (side === 'request' ? route.request : route.response) as Schema;
  let normal;
  try {
    normal = inner.normalOf(schema, side);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_VERSIONING_INVALID_SCHEMA') throw error;
    throw argumentError(
      `${where}: the ${side} schema of route ${route.label}: ${(error as Error).message}`,
      'ERR_VERSIONING_INVALID_SCHEMA',
      { cause: error },
    );
  }
  if (checkDerived)
    refuseDerivedSchemas(inner, where, route.label, side, normal, schemaName(schema) !== null);
  return normal;
}

let newestOnly: HistoryInternals | undefined;

/**
 * Plans a route's request and response schemas against `history` (or none: the newest version only), for every
 * version at once. Throws a `TypeError` naming `where`, the route and the JSON Pointer of a place the migrations
 * cannot follow.
 */
export function planRouteSchemas(
  where: string,
  route: RouteSchemaInput,
  history: VersionHistory | null,
): RouteSchemas {
  const inner =
    history === null
      ? (newestOnly ??= internalsOf(new VersionHistory(['newest'], {}), where))
      : internalsOf(history, where);
  const last = inner.versions.length - 1;
  const indexOf = history === null ? () => last : (version: string | null) => inner.indexOf(version, where);
  const refuser =
    (side: Direction) =>
    (pointer: string): never => {
      throw unfollowableError(where, `the ${side} schema of route ${route.label}`, pointer);
    };
  const versions = inner.versions.map((_, index) => index);

  const requestInfoUsed = versions.map((index) => hasFunctions(inner, index, last, 'request'));
  const responseInfoUsed = versions.map((index) => hasFunctions(inner, index, last, 'response'));
  let request: RequestPlan | null = null;
  const requestNormal =
    route.request === undefined ? null : normalIn(inner, where, route, 'request', history !== null);
  const ups = versions.map((index) =>
    walkBetween(inner, requestNormal, index, last, 'request', refuser('request'), {
      filter: false,
      routeStep: (step) => routeFns(inner, step, 'request', route.name),
    }),
  );
  if (requestNormal !== null || ups.some((up) => up !== null)) {
    const schemas = versions.map((index) =>
      requestNormal === null ? null : inner.schemaIn(requestNormal, index, 'request'),
    );
    request = {
      schema: route.request ?? null,
      jsonSchema: (version) => schemas[indexOf(version)] ?? null,
      migrates: (version) => ups[indexOf(version)] !== null,
      usesInfo: (version) => requestInfoUsed[indexOf(version)] ?? false,
      up: (body, version, info) => {
        const up = ups[indexOf(version)];
        return up === null || up === undefined ? body : up(body, info);
      },
      upIn: (version) => ups[indexOf(version)] ?? null,
    };
  }

  let response: ResponsePlan | null = null;
  const responseNormal =
    route.response === undefined ? null : normalIn(inner, where, route, 'response', history !== null);
  const downs = versions.map((index) =>
    walkBetween(inner, responseNormal, last, index, 'response', refuser('response'), {
      filter: true,
      routeStep: (step) => routeFns(inner, step, 'response', route.name),
    }),
  );
  if (responseNormal !== null || downs.some((down) => down !== null)) {
    // A body a `{ route }` migration reshapes is of the shape its `schema` gives (or of none a schema can say).
    const schemas = versions.map((index) => {
      const reshaped =
        history === null ? undefined : reshapedResponse(history, route.name, inner.versions[index] as string);
      if (reshaped === undefined) {
        return responseNormal === null ? null : inner.schemaIn(responseNormal, index, 'response');
      }
      return reshaped === null
        ? null
        : inner.schemaIn(inner.normalOf(reshaped, 'response'), index, 'response');
    });
    const serialisers: (Serialise | null | undefined)[] = [];
    response = {
      schema: route.response ?? null,
      jsonSchema: (version) => schemas[indexOf(version)] ?? null,
      applies: (version) => downs[indexOf(version)] !== null,
      usesInfo: (version) => responseInfoUsed[indexOf(version)] ?? false,
      down: (body, version, info) => {
        const down = downs[indexOf(version)];
        return down === null || down === undefined ? body : down(body, info);
      },
      serialiser: (version) => {
        const index = indexOf(version);
        let found = serialisers[index];
        if (found === undefined) {
          found = serialisers[index] =
            responseNormal === null || (downs[index] ?? null) === null
              ? null
              : inner.serialiser(responseNormal, last, index);
        }
        return found;
      },
    };
  }

  let problem: RouteSchemas['problem'] = null;
  if (inner.hasProblems) {
    const fnsFor = versions.map((index) => {
      const fns: ((problem: Record<string, unknown>) => Record<string, unknown>)[] = [];
      for (let step = last; step > index; step -= 1) fns.push(...(inner.steps[step]?.problems ?? []));
      return fns;
    });
    problem = (body, version) => {
      let out = body;
      for (const fn of fnsFor[indexOf(version)] ?? []) {
        // A migration function may change what it reads: it reads a copy.
        const next = fn(jsonCopy(out) as Record<string, unknown>);
        if (!isPlainRecord(next)) {
          throw new TypeError(
            `migrateProblem(fn): fn must return the problem as an object, got ${next === null ? 'null' : Array.isArray(next) ? 'an array' : typeof next}`,
          );
        }
        out = next;
      }
      return out;
    };
  }
  return { request, response, problem };
}
