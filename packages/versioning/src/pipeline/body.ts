import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { VersionHistory } from '../changes/history.js';
import type { RequestInfo, ResponseInfo } from '../changes/info.js';
import { planRouteSchemas, type RequestPlan, type ResponsePlan } from '../changes/route-schemas.js';
import { isStandardJsonSchema } from '../changes/schema.js';
import {
  type APIException,
  type BodyError,
  InvalidBody,
  ParseError,
  PayloadTooLarge,
  UnsupportedMediaType,
} from '../errors.js';
import { parseMediaType } from '../http/media-type.js';
import type { BodyBytes } from '../http/read-body.js';
import { gettextLazy } from '../i18n/index.js';
import type { FlatRoute } from '../urls/route.types.js';

/**
 * How deep a request body may nest arrays and objects. Validators and migrations walk a body recursively; a body
 * nested tens of thousands deep would overflow the stack in a schema that recurses, so it is refused first.
 */
export const maxBodyDepth = 512;

/** How many of a body's errors an `invalid_body` problem lists: enough to fix a request, bounded for a hostile one. */
const maxBodyErrors = 100;

/** A route's request side, compiled at mount: the plan, and an Ajv validator per version of the history. */
export interface RequestBodies {
  readonly plan: RequestPlan;
  /**
   * The validator of a body sent in `version` (the newest's when the version is not in the history); `null` when the
   * route has no `request` schema (only migrations of the history for it).
   */
  validatorFor(version: string | null): ValidateFunction | null;
  /** The validator of the newest version's JSON Schema; `null` without a `request` schema. */
  readonly head: ValidateFunction | null;
  /** The schema's own validation (its output is what the handler reads), or `null` for a plain JSON Schema. */
  readonly standard: ((value: unknown) => unknown) | null;
}

/** What a route does with bodies, compiled at mount; `null` in its place when it does nothing. */
export interface RouteBodies {
  /** `null`: the route has no `request` schema; its bodies are never read. */
  readonly request: RequestBodies | null;
  /** `null`: responses are sent as the handler made them. */
  readonly response: ResponsePlan | null;
  /** `null`: problem+json bodies are sent as they are. */
  readonly problem:
    ((body: Record<string, unknown>, version: string | null) => Record<string, unknown>) | null;
}

/** An Ajv instance for one mount: its validators compiled at mount for every version, never per request. */
export function bodyValidators(): Ajv2020 {
  // `addUsedSchema: false`: every version of a named schema keeps its `$id`; each is compiled on its own.
  const ajv = new Ajv2020({ allErrors: true, strict: false, addUsedSchema: false });
  formats.default(ajv);
  return ajv;
}

/**
 * What an adapter's mount compiles each route's bodies with: {@link compileRouteBodies} sharing one Ajv instance,
 * made only when a route has a schema to validate.
 */
export function bodyCompiler(): (
  where: string,
  route: FlatRoute,
  history: VersionHistory | null,
) => RouteBodies | null {
  let ajv: Ajv2020 | null = null;
  const validators = (): Ajv2020 => (ajv ??= bodyValidators());
  return (where, route, history) => compileRouteBodies(where, route, history, validators);
}

/**
 * Plans and compiles what `route` does with bodies (see `planRouteSchemas`), or `null` when it does nothing: no
 * schema, and no migration of the history for it.
 */
export function compileRouteBodies(
  where: string,
  route: FlatRoute,
  history: VersionHistory | null,
  ajv: () => Ajv2020,
): RouteBodies | null {
  const label =
    route.name === null ? JSON.stringify(route.pattern) : `${JSON.stringify(route.pattern)} (${route.name})`;
  const schemas = planRouteSchemas(
    where,
    {
      label,
      name: route.name,
      ...(route.request === null ? {} : { request: route.request }),
      ...(route.response === null ? {} : { response: route.response }),
    },
    history,
  );
  if (schemas.request === null && schemas.response === null && schemas.problem === null) return null;
  return Object.freeze({
    request: schemas.request === null ? null : compileRequest(schemas.request, history, ajv),
    response: schemas.response,
    problem: schemas.problem,
  });
}

function compileRequest(
  plan: RequestPlan,
  history: VersionHistory | null,
  ajv: () => Ajv2020,
): RequestBodies {
  const headSchema = plan.jsonSchema(null);
  const standard =
    plan.schema !== null && isStandardJsonSchema(plan.schema)
      ? (plan.schema['~standard'].validate ?? null)
      : null;
  if (headSchema === null) {
    return Object.freeze({ plan, head: null, standard, validatorFor: () => null });
  }
  const instance = ajv();
  const compiled = new Map<object, ValidateFunction>();
  const compile = (schema: object): ValidateFunction => {
    const known = compiled.get(schema);
    if (known !== undefined) return known;
    const validate = instance.compile(schema);
    compiled.set(schema, validate);
    return validate;
  };
  const head = compile(headSchema);
  const byVersion = new Map<string, ValidateFunction>();
  for (const version of history?.versions ?? []) {
    const schema = plan.jsonSchema(version);
    byVersion.set(version, schema === null ? head : compile(schema));
  }
  return Object.freeze({
    plan,
    head,
    standard,
    validatorFor: (version: string | null) => (version === null ? head : (byVersion.get(version) ?? head)),
  });
}

/** Methods whose requests carry no body a route's `request` schema describes. */
const bodiless = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the adapter does for a request before its handler runs. */
export type BodyStep =
  /** Nothing: the route does nothing with requests (or not in this version, for this method). */
  | 'none'
  /** Reads the body (JSON, within `bodyLimit`), validates and migrates it: the handler reads the result. */
  | 'read'
  /**
   * Migrates without a body of a schema: a GET's headers and query string, or a body-carrying request to a route the
   * history migrates without a `request` schema (its JSON body read when it sends one, left alone otherwise).
   */
  | 'migrate';

/** What a request of `method` in `version` takes before its handler: see {@link BodyStep}. */
export function bodyStep(
  request: RequestBodies,
  method: string | undefined,
  version: string | null,
): BodyStep {
  if (request.head !== null) return bodiless.has(method ?? 'GET') ? migrateOrNone(request, version) : 'read';
  return migrateOrNone(request, version);
}

function migrateOrNone(request: RequestBodies, version: string | null): BodyStep {
  return request.plan.migrates(version) ? 'migrate' : 'none';
}

/** Whether a request of `method` sends a body a route's schema would describe. */
export function carriesBody(method: string | undefined): boolean {
  return !bodiless.has(method ?? 'GET');
}

/**
 * The 415 of a request whose `Content-Type` is not JSON (`application/json` or `application/<x>+json`, UTF-8 if it
 * names a charset), or `null`. A request that sends none is refused too: the route's body is JSON.
 */
export function mediaTypeProblem(contentType: string | null | undefined): UnsupportedMediaType | null {
  // What nearly every client sends, answered without parsing it.
  if (contentType === 'application/json' || contentType === 'application/json; charset=utf-8') return null;
  const sent = contentType ?? '';
  const { type, subtype, params } = parseMediaType(sent);
  const json = type === 'application' && (subtype === 'json' || subtype.endsWith('+json'));
  const charset = params.get('charset')?.toLowerCase();
  if (json && (charset === undefined || charset === 'utf-8' || charset === 'utf8')) return null;
  return new UnsupportedMediaType(sent.trim());
}

/** DRF's `JSON parse error - <reason>`. */
export function jsonParseError(reason: string): ParseError {
  return new ParseError(gettextLazy('JSON parse error - %(detail)s', { detail: reason }));
}

/** The depth of the deepest array or object in `value` passes {@link maxBodyDepth}: walked without recursion. */
function nestsTooDeep(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (depth > maxBodyDepth) return true;
    for (const child of Object.values(node as object)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** The error of a parsed body nested deeper than {@link maxBodyDepth}, or `null`. */
export function depthProblem(value: unknown): ParseError | null {
  return nestsTooDeep(value) ? jsonParseError(`nested more than ${maxBodyDepth} levels deep`) : null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A body read by the adapter: parsed as UTF-8 JSON, or the problem that refuses it. Never throws. */
export function parseBody(read: BodyBytes, limit: number): { readonly value: unknown } | APIException {
  if (read.kind === 'too-large') return new PayloadTooLarge(limit);
  if (read.kind === 'broken') return jsonParseError('the body ended before it was complete');
  let text: string;
  try {
    text = utf8.decode(read.bytes);
  } catch {
    return jsonParseError('the body is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return jsonParseError(error instanceof Error ? error.message : String(error));
  }
  return depthProblem(value) ?? { value };
}

/** `token` escaped for a JSON Pointer (RFC 6901). */
function pointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Ajv's errors as pointers into the body: a missing or unexpected property's pointer names it. */
function ajvErrors(errors: readonly ErrorObject[] | null | undefined): BodyError[] {
  const found = new Map<string, BodyError>();
  for (const error of errors ?? []) {
    let pointer = error.instancePath;
    const { missingProperty, additionalProperty, unevaluatedProperty } = error.params as Record<
      string,
      unknown
    >;
    const named = missingProperty ?? additionalProperty ?? unevaluatedProperty;
    if (typeof named === 'string') pointer += `/${pointerToken(named)}`;
    const detail = error.message ?? error.keyword;
    found.set(`${pointer}\n${detail}`, { pointer, detail });
    if (found.size === maxBodyErrors) break;
  }
  return [...found.values()];
}

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

/** What {@link acceptBody} decided. */
export type Accepted =
  /** `body` is what the handler reads; `info` the headers and query string to give it, when migrations changed them. */
  | { readonly kind: 'accept'; readonly body: unknown; readonly info: RequestInfo | null }
  | { readonly kind: 'refuse'; readonly error: APIException };

function serialized(info: RequestInfo): string {
  return `${JSON.stringify([...info.headers])}\n${info.query.toString()}`;
}

/**
 * Validates a parsed `body` sent in `version` against the route's schema in that version, migrates it up to the
 * newest version (with `info()`'s headers and query string, made only when a migration runs), and validates it
 * with the newest schema, whose output is what the handler reads.
 */
export function acceptBody(
  bodies: RequestBodies,
  version: string | null,
  body: unknown,
  info: () => RequestInfo,
): Accepted | Promise<Accepted> {
  const validate = bodies.validatorFor(version);
  if (validate !== null && !validate(body)) {
    return { kind: 'refuse', error: new InvalidBody(ajvErrors(validate.errors)) };
  }
  const { plan, standard, head } = bodies;
  let migrated = body;
  let changed: RequestInfo | null = null;
  if (plan.migrates(version)) {
    if (plan.usesInfo(version)) {
      const given = info();
      const before = serialized(given);
      migrated = plan.up(body, version, given);
      if (serialized(given) !== before) changed = given;
    } else migrated = plan.up(body, version, undefined);
  }
  if (head === null) return { kind: 'accept', body: migrated, info: changed };
  if (standard !== null) {
    type Result = { value?: unknown; issues?: readonly StandardIssue[] };
    const judge = (result: Result): Accepted =>
      result.issues !== undefined
        ? { kind: 'refuse', error: new InvalidBody(standardErrors(result.issues)) }
        : { kind: 'accept', body: result.value, info: changed };
    // A schema with async refinements answers with a promise; the others at once, without a tick more.
    const result = standard(migrated) as Result | PromiseLike<Result>;
    return isThenable(result) ? Promise.resolve(result).then(judge) : judge(result);
  }
  if (migrated !== body || validate !== head) {
    if (!head(migrated)) return { kind: 'refuse', error: new InvalidBody(ajvErrors(head.errors)) };
  }
  return { kind: 'accept', body: migrated, info: changed };
}

/** What {@link migrateResponseBody} made of a handler's 2xx JSON body. */
export interface MigratedResponse {
  readonly body: unknown;
  /** The status and headers the migrations leave; `changed` whether they differ from what was given. */
  readonly info: ResponseInfo | null;
  readonly changed: boolean;
}

/**
 * A handler's JSON body of `status` as a client of `version` receives it: a 2xx body migrated down (a new value),
 * any other left as it is. `headers()` makes the response's headers, only when a migration runs.
 */
export function migrateResponseBody(
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

/**
 * Where a request's body comes from: the bytes the adapter reads (node:http, Hono, Express without a parser), or the
 * value the framework parsed already (Fastify, Express after `express.json()`).
 */
export type BodySource = () => Promise<BodyBytes> | { readonly parsed: unknown };

/** What {@link prepareRequest} decided: the handler's body (and whether there is one), or a problem. */
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

/** What every adapter needs to know of a request to prepare its body. */
export interface BodyRequest {
  readonly method: string | undefined;
  readonly contentType: string | null | undefined;
  readonly version: string | null;
  readonly limit: number;
  readonly source: BodySource;
  /** The request's headers and query string, made only when a migration runs. */
  info(): RequestInfo;
}

function parsedBody(
  source: BodySource,
  limit: number,
): { readonly value: unknown } | APIException | Promise<{ readonly value: unknown } | APIException> {
  const given = source();
  if ('parsed' in given) return depthProblem(given.parsed) ?? { value: given.parsed };
  return given.then((read) => parseBody(read, limit));
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * The request side of a route, for one request whose {@link bodyStep} is not `'none'`: its body checked (JSON, within
 * the limit, valid in its version), migrated up to the newest version and validated by the newest schema. Never
 * throws for anything the client sent; a schema's own transform that throws is rethrown.
 */
export async function prepareRequest(
  bodies: RequestBodies,
  step: Exclude<BodyStep, 'none'>,
  request: BodyRequest,
): Promise<Prepared> {
  const { version, contentType, limit, source } = request;
  let body: unknown;
  let hasBody = false;
  if (step === 'read') {
    const refused = mediaTypeProblem(contentType);
    if (refused !== null) return { kind: 'refuse', error: refused };
    const pending = parsedBody(source, limit);
    const parsed = isThenable(pending) ? await pending : pending;
    if (!('value' in parsed)) return { kind: 'refuse', error: parsed };
    body = parsed.value;
    hasBody = true;
  } else if (carriesBody(request.method) && contentType != null && mediaTypeProblem(contentType) === null) {
    // Migrated without a schema: a JSON body is read for the migrations, anything else left to the handler.
    const pending = parsedBody(source, limit);
    const parsed = isThenable(pending) ? await pending : pending;
    if (!('value' in parsed)) return { kind: 'refuse', error: parsed };
    body = parsed.value;
    hasBody = true;
  }
  const judged = acceptBody(bodies, version, body, () => request.info());
  const accepted = isThenable(judged) ? await judged : judged;
  if (accepted.kind === 'refuse') return accepted;
  return {
    kind: 'accept',
    hasBody: hasBody || accepted.body !== body,
    body: accepted.body,
    info: accepted.info,
  };
}

/** Whether a `Content-Type` value is `application/problem+json`. */
export function isProblemType(contentType: unknown): boolean {
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
