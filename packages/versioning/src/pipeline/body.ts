import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { VersionHistory } from '../changes/history.js';
import type { RequestInfo, ResponseInfo } from '../changes/info.js';
import { planRouteSchemas, type RequestPlan, type ResponsePlan } from '../changes/route-schemas.js';
import { isStandardJsonSchema, type JsonSchemaObject, toJsonSchema } from '../changes/schema.js';
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
import { boundsDepth } from './depth-bound.js';
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
  /** The validator of the newest version's JSON Schema; `null` without a `request` schema. */
  readonly head: ValidateFunction | null;
  /** The schema's own validation (its output is what the handler reads), or `null` for a plain JSON Schema. */
  readonly standard: ((value: unknown) => unknown) | null;
  /**
   * What a body sent in `version` goes through (the newest version's when it is not in the history): its validator
   * (`null` when the route has no `request` schema, only migrations of the history for it), its migration up.
   */
  in(version: string | null): VersionRequest;
  /**
   * Whether a body is refused when nested deeper than {@link maxBodyDepth}: unless every version's schema walks no
   * deeper than it is written, no migration function reads the body, and what the handler gets is as shallow as its
   * schema (see `boundsDepth`), so that deep data can reach neither a recursive walk nor the handler.
   */
  readonly guardDepth: boolean;
}

/** A route's request side in one version, compiled at mount. */
export interface VersionRequest {
  /** The validator of the body as sent, or `null` without a `request` schema. */
  readonly validate: ValidateFunction | null;
  /** Migrates the validated body up to the newest version, or `null` when nothing changes it. */
  readonly up: ((body: unknown, info: RequestInfo | undefined) => unknown) | null;
  /** Whether a migration function reads the request's headers and query string (only then are they made). */
  readonly usesInfo: boolean;
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
  const versionsOf = (validatorFor: (version: string | null) => ValidateFunction | null) => {
    const at = (version: string | null): VersionRequest =>
      Object.freeze({
        validate: validatorFor(version),
        up: plan.upIn(version),
        usesInfo: plan.usesInfo(version),
      });
    const newest = at(null);
    const byVersion = new Map((history?.versions ?? []).map((version) => [version, at(version)]));
    return (version: string | null): VersionRequest =>
      version === null ? newest : (byVersion.get(version) ?? newest);
  };
  if (headSchema === null) {
    return Object.freeze({ plan, head: null, standard, in: versionsOf(() => null), guardDepth: true });
  }
  const versions = [null, ...(history?.versions ?? [])];
  const guardDepth =
    versions.some((version) => plan.usesInfo(version)) ||
    !versions.every((version) => boundsDepth(plan.jsonSchema(version) ?? headSchema, false)) ||
    !outputBoundsDepth(standard === null ? headSchema : standardOutput(plan.schema));
  const instance = ajv();
  const compiled = new Map<object, ValidateFunction>();
  const compile = (schema: object): ValidateFunction => {
    const known = compiled.get(schema);
    if (known !== undefined) return known;
    // A schema without `$id` gets one of its own: its `$ref: '#'` (a schema that recurses at its root, as zod
    // writes an unnamed recursive schema) then resolves to it.
    const named: Record<string, unknown> =
      '$id' in schema ? schema : { ...schema, $id: `urn:restdash:body:${++bodySchemas}` };
    const validate = instance.compile(named);
    compiled.set(schema, validate);
    return validate;
  };
  const head = compile(headSchema);
  const byVersion = new Map<string, ValidateFunction>();
  for (const version of history?.versions ?? []) {
    const schema = plan.jsonSchema(version);
    byVersion.set(version, schema === null ? head : compile(schema));
  }
  const validatorFor = (version: string | null): ValidateFunction =>
    version === null ? head : (byVersion.get(version) ?? head);
  return Object.freeze({ plan, head, standard, in: versionsOf(validatorFor), guardDepth });
}

/**
 * The JSON Schema of a Standard Schema's output (what the handler reads), or `null` when its library cannot write it
 * (zod's `.transform()`: its output is whatever the function returns).
 */
function standardOutput(schema: RequestPlan['schema']): JsonSchemaObject | null {
  if (schema === null) return null;
  try {
    return toJsonSchema(schema, 'response');
  } catch {
    return null;
  }
}

/** Whether what the handler reads is as shallow as `output` is written (`null`: nothing is known of it). */
function outputBoundsDepth(output: JsonSchemaObject | null): boolean {
  return output !== null && boundsDepth(output, true);
}

/** How many body schemas without an `$id` have been given one (each a name of its own). */
let bodySchemas = 0;

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

/**
 * Whether an array or object in `value` lies deeper than {@link maxBodyDepth}. Each value is visited once, and the
 * recursion stops at that depth: it cannot overflow the stack it guards.
 */
function nestsTooDeep(value: object, depth = 1): boolean {
  if (depth > maxBodyDepth) return true;
  // Own enumerable values only: what JSON.parse makes, and what a validator or migration walks.
  const children: readonly unknown[] = Array.isArray(value) ? value : Object.values(value);
  for (let index = 0; index < children.length; index += 1) {
    const child = children[index];
    if (typeof child === 'object' && child !== null && nestsTooDeep(child, depth + 1)) return true;
  }
  return false;
}

/** The error of a parsed body nested deeper than {@link maxBodyDepth}, or `null`. */
export function depthProblem(value: unknown): ParseError | null {
  return typeof value === 'object' && value !== null && nestsTooDeep(value)
    ? jsonParseError(`nested more than ${maxBodyDepth} levels deep`)
    : null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A body read by the adapter: parsed as UTF-8 JSON (refused when nested deeper than {@link maxBodyDepth}, unless
 * `guardDepth` is false), or the problem that refuses it. Never throws.
 */
export function parseBody(
  read: BodyBytes,
  limit: number,
  guardDepth = true,
): { readonly value: unknown } | APIException {
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
  return (guardDepth ? depthProblem(value) : null) ?? { value };
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
    return isThenable(result)
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
 * run for what they change in its headers and query string; the handler reads no body.
 */
function migrateWithoutBody(
  bodies: RequestBodies,
  version: string | null,
  request: { info(): RequestInfo },
): Prepared {
  const { up, usesInfo } = bodies.in(version);
  if (up === null || !usesInfo) return { kind: 'accept', hasBody: false, body: undefined, info: null };
  const given = request.info();
  const before = serialized(given);
  up(undefined, given);
  return {
    kind: 'accept',
    hasBody: false,
    body: undefined,
    info: serialized(given) === before ? null : given,
  };
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

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * The request side of a route, for one request whose {@link bodyStep} is not `'none'`: its body checked (JSON, within
 * the limit, valid in its version), migrated up to the newest version and validated by the newest schema. Answers at
 * once when nothing is pending (a body the framework parsed, a schema without async refinements), else a promise
 * (see {@link whenPrepared}). Never throws or rejects for anything the client sent; a schema's own transform that
 * throws is rethrown.
 */
export function prepareRequest(
  bodies: RequestBodies,
  step: Exclude<BodyStep, 'none'>,
  request: BodyRequest,
): Prepared | Promise<Prepared> {
  const { contentType, version } = request;
  if (step === 'read') {
    const refused = mediaTypeProblem(contentType);
    if (refused !== null) return { kind: 'refuse', error: refused };
  } else if (!carriesBody(request.method)) {
    // GET, HEAD, OPTIONS: never a body to check, in any version; only the headers and query string migrate.
    return migrateWithoutBody(bodies, version, request);
  } else if (contentType == null || mediaTypeProblem(contentType) !== null) {
    // Migrated without a schema: a JSON body is read for the migrations, anything else left to the handler.
    return acceptBody(bodies, version, undefined, request, false);
  }
  const given = request.source();
  if ('parsed' in given) {
    const deep = bodies.guardDepth ? depthProblem(given.parsed) : null;
    return deep === null
      ? acceptBody(bodies, version, given.parsed, request)
      : { kind: 'refuse', error: deep };
  }
  return given.then((read) => {
    const parsed = parseBody(read, request.limit, bodies.guardDepth);
    return 'value' in parsed
      ? acceptBody(bodies, version, parsed.value, request)
      : { kind: 'refuse', error: parsed };
  });
}

/**
 * Runs `then` with what {@link prepareRequest} decided: at once when it decided at once (no promise tick before the
 * handler), else once it has; `failed` (when given) with what a pending one rejects with.
 */
export function whenPrepared<T>(
  prepared: Prepared | Promise<Prepared>,
  then: (prepared: Prepared) => T,
  failed?: (error: unknown) => T,
): T | Promise<Awaited<T>> {
  // A promise's `then` flattens what `then` returns: it resolves to the awaited value.
  return prepared instanceof Promise
    ? (prepared.then(then, failed) as unknown as Promise<Awaited<T>>)
    : then(prepared);
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
