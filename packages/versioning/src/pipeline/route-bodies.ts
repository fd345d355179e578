import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { VersionHistory } from '../changes/history.js';
import type { RequestInfo } from '../changes/info.js';
import { planRouteSchemas, type RequestPlan, type ResponsePlan } from '../changes/route-schemas.js';
import { isStandardJsonSchema, type JsonSchemaObject, toJsonSchema } from '../changes/schema.js';
import type { FlatRoute } from '../urls/route.types.js';
import { type ResponseCheck, compileResponseCheck } from './check-responses.js';
import { boundsDepth } from './depth-bound.js';

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
  /** `null`: what the handler sends is not checked (`checkResponses` off, or no `response` schema). */
  readonly check: ResponseCheck | null;
  /** `null`: problem+json bodies are sent as they are. */
  readonly problem:
    ((body: Record<string, unknown>, version: string | null) => Record<string, unknown>) | null;
}

/** An Ajv instance for one mount: its validators compiled at mount for every version, never per request. */
export function bodyValidators(): Ajv2020 {
  // `addUsedSchema: false`: every version of a named schema keeps its `$id`; each is compiled on its own.
  // `strictNumbers`: a number JSON.parse made infinite (`1e400`) is no number, whatever the version.
  const ajv = new Ajv2020({ allErrors: true, strict: false, addUsedSchema: false, strictNumbers: true });
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
  checkResponses: boolean,
) => RouteBodies | null {
  let ajv: Ajv2020 | null = null;
  const validators = (): Ajv2020 => (ajv ??= bodyValidators());
  return (where, route, history, checkResponses) =>
    compileRouteBodies(where, route, history, validators, checkResponses);
}

/**
 * Plans and compiles what `route` does with bodies (see `planRouteSchemas`), or `null` when it does nothing: no
 * schema, and no migration of the history for it. With `checkResponses`, the validators of its `response` schema too.
 */
export function compileRouteBodies(
  where: string,
  route: FlatRoute,
  history: VersionHistory | null,
  ajv: () => Ajv2020,
  checkResponses = false,
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
    check:
      checkResponses && schemas.response !== null
        ? compileResponseCheck(route, schemas.response, history, validatorCompiler(ajv()))
        : null,
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
    // The version asked last, and its answer: the clients of one version come in runs.
    let last: string | null = null;
    let lastIn = newest;
    return (version: string | null): VersionRequest => {
      if (version === last) return lastIn;
      const found = version === null ? newest : (byVersion.get(version) ?? newest);
      last = version;
      lastIn = found;
      return found;
    };
  };
  if (headSchema === null) {
    return Object.freeze({ plan, head: null, standard, in: versionsOf(() => null), guardDepth: true });
  }
  const versions = [null, ...(history?.versions ?? [])];
  const guardDepth =
    versions.some((version) => plan.usesInfo(version)) ||
    !versions.every((version) => boundsDepth(plan.jsonSchema(version) ?? headSchema, false)) ||
    !outputBoundsDepth(standard === null ? headSchema : standardOutput(plan.schema));
  const compile = validatorCompiler(ajv());
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

/** Compiles JSON Schemas with `instance`, each schema object once. */
function validatorCompiler(instance: Ajv2020): (schema: object) => ValidateFunction {
  const compiled = new Map<object, ValidateFunction>();
  return (schema) => {
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
