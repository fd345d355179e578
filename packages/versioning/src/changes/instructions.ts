import { argumentError, describe, isPlainObject } from '../internal/arguments.js';
import type { RequestInfo, ResponseInfo } from './info.js';
import { checkSchema, type Schema, schemaName } from './schema.js';

/** A JSON value, as a request or response body holds. */
export type JsonValue =
  null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** What a field instruction changed, in the words of the version that changed it. */
export type FieldChange =
  | { readonly kind: 'renamedFrom'; readonly old: string }
  | { readonly kind: 'added'; readonly default?: unknown; readonly hasDefault: boolean }
  | {
      readonly kind: 'removed';
      readonly schema: Schema;
      readonly value?: unknown;
      readonly hasValue: boolean;
      readonly required: boolean;
    }
  | {
      readonly kind: 'retyped';
      readonly schema: Schema;
      readonly up: (value: unknown) => unknown;
      readonly down: (value: unknown) => unknown;
    }
  | { readonly kind: 'madeRequired'; readonly default: unknown }
  | { readonly kind: 'madeOptional'; readonly value: unknown };

/** One instruction of a change: what happened to one field, or a migration function. */
export type Instruction =
  | {
      readonly type: 'field';
      readonly schema: Schema;
      readonly name: string;
      readonly field: string;
      readonly change: FieldChange;
    }
  | {
      readonly type: 'request';
      readonly target: SchemaTarget;
      readonly fn: (body: any, request: RequestInfo | undefined) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
    }
  | {
      readonly type: 'response';
      readonly target: SchemaTarget;
      readonly fn: (body: any, response: ResponseInfo | undefined) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
    }
  | {
      readonly type: 'problem';
      readonly fn: (problem: Record<string, unknown>) => Record<string, unknown>;
    };

/** Where a migration function applies: every occurrence of a named schema, or one route's whole body. */
export type SchemaTarget =
  | { readonly kind: 'schema'; readonly schema: Schema; readonly name: string }
  | { readonly kind: 'route'; readonly route: string };

const changeBrand = Symbol('restdash.change');

/** A change a version introduced: a description for the changelog and its instructions, in order. */
export interface Change {
  readonly description: string;
  readonly instructions: readonly Instruction[];
  readonly [changeBrand]: true;
}

/** Whether `value` was made by {@link change}. */
export function isChange(value: unknown): value is Change {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { [changeBrand]?: unknown })[changeBrand] === true
  );
}

const instructions = new WeakSet<object>();

function instruction<I extends Instruction>(value: I): I {
  const frozen = Object.freeze(value);
  instructions.add(frozen);
  return frozen;
}

/**
 * A change a version introduced: `description` goes into the changelog; `instructions` say what changed, worded as
 * what happened in that version (`field(User, 'fullName').renamedFrom('name')`).
 * @example change('A user\'s name is "fullName"', [field(User, 'fullName').renamedFrom('name')])
 */
export function change(description: string, instructionList: readonly Instruction[]): Change {
  const where = 'change(description, instructions)';
  if (typeof description !== 'string' || description.trim() === '') {
    throw argumentError(`${where}: description must be a non-empty string, got ${describe(description)}`);
  }
  if (!Array.isArray(instructionList) || instructionList.length === 0) {
    throw argumentError(
      `${where}: instructions of ${JSON.stringify(description)} must be a non-empty array of instructions (field(…).renamedFrom(…), migrateRequest(…), …), got ${describe(instructionList)}`,
    );
  }
  instructionList.forEach((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || !instructions.has(item)) {
      throw argumentError(
        `${where}: instructions[${index}] of ${JSON.stringify(description)} must be made by field(…).<instruction>(…), migrateRequest(), migrateResponse() or migrateProblem(), got ${describe(item)}`,
      );
    }
  });
  return Object.freeze({
    description,
    instructions: Object.freeze(instructionList.slice()),
    [changeBrand]: true as const,
  });
}

function namedSchema(where: string, schema: unknown): { schema: Schema; name: string } {
  const checked = checkSchema(where, 'schema', schema);
  const name = schemaName(checked);
  if (name === null) {
    throw argumentError(
      `${where}: the schema must have a name — zod's .meta({ id: 'User' }), or a JSON Schema "$id" — so that every place it occurs can be found`,
      'ERR_VERSIONING_INVALID_SCHEMA',
    );
  }
  return { schema: checked, name };
}

function checkOptions(
  where: string,
  options: unknown,
  known: readonly string[],
  required: readonly string[],
): Record<string, unknown> {
  if (!isPlainObject(options))
    throw argumentError(`${where}: options must be an object, got ${describe(options)}`);
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw argumentError(
        `${where}: unknown option ${JSON.stringify(key)} (known: ${known.join(', ')})`,
        'ERR_VERSIONING_UNKNOWN_OPTION',
      );
    }
  }
  for (const key of required) {
    if (!Object.hasOwn(options, key))
      throw argumentError(`${where}: option ${JSON.stringify(key)} is required`);
  }
  return options;
}

function checkFunction(where: string, what: string, value: unknown): void {
  if (typeof value !== 'function')
    throw argumentError(`${where}: ${what} must be a function, got ${describe(value)}`);
}

/** The instructions about one field of a named schema: what happened to it in the version whose change lists them. */
export interface FieldInstructions {
  /** The field was called `old` before: requests' `old` becomes the field, responses' field becomes `old`. */
  renamedFrom(old: string): Instruction;
  /** The field is new: older requests get `default` when absent (none: left absent); older responses lose it. */
  added(options?: { readonly default?: unknown }): Instruction;
  /**
   * The field is gone: older requests' field is dropped; older responses get `value` (a JSON value, or
   * `(object) => value`, which gets a copy of the object it may change; none: left absent). `schema` is its schema in
   * older versions, `required` whether they required it.
   */
  removed(options: {
    readonly schema: Schema;
    readonly value?: unknown;
    readonly required?: boolean;
  }): Instruction;
  /**
   * The field's type changed: older requests' value goes through `up`, older responses' through `down` (each gets a
   * copy of the value, which it may change).
   */
  retyped(options: {
    readonly schema: Schema;
    readonly up: (value: any) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
    readonly down: (value: any) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
  }): Instruction;
  /** The field became required: older requests without it get `default`. */
  madeRequired(options: { readonly default: unknown }): Instruction;
  /** The field became optional: older responses without it get `value`, as older versions required it. */
  madeOptional(options: { readonly value: unknown }): Instruction;
}

/**
 * The instructions about field `name` of the named schema `schema` (zod with `.meta({ id })`, or a JSON Schema with
 * `$id`): `field(User, 'fullName').renamedFrom('name')`.
 */
export function field(schema: Schema, name: string): FieldInstructions {
  const where = `field(schema, ${typeof name === 'string' ? JSON.stringify(name) : 'name'})`;
  const named = namedSchema(where, schema);
  if (typeof name !== 'string' || name === '') {
    throw argumentError(`field(schema, name): name must be a non-empty string, got ${describe(name)}`);
  }
  const make = (fieldChange: FieldChange): Instruction =>
    instruction({
      type: 'field',
      schema: named.schema,
      name: named.name,
      field: name,
      change: Object.freeze(fieldChange),
    });
  const at = (method: string): string => `field(${named.name}, ${JSON.stringify(name)}).${method}`;
  return Object.freeze({
    renamedFrom(old: string): Instruction {
      if (typeof old !== 'string' || old === '') {
        throw argumentError(
          `${at('renamedFrom(old)')}: old must be a non-empty string, got ${describe(old)}`,
        );
      }
      if (old === name)
        throw argumentError(`${at('renamedFrom(old)')}: a field cannot be renamed from its own name`);
      return make({ kind: 'renamedFrom', old });
    },
    added(options: unknown = {}): Instruction {
      const checked = checkOptions(at('added(options)'), options, ['default'], []);
      return make({ kind: 'added', default: checked.default, hasDefault: Object.hasOwn(checked, 'default') });
    },
    removed(options: unknown): Instruction {
      const w = at('removed(options)');
      const checked = checkOptions(w, options, ['schema', 'value', 'required'], ['schema']);
      const required = checked.required ?? false;
      if (typeof required !== 'boolean')
        throw argumentError(`${w}: required must be a boolean, got ${describe(required)}`);
      return make({
        kind: 'removed',
        schema: checkSchema(w, 'schema', checked.schema),
        value: checked.value,
        hasValue: Object.hasOwn(checked, 'value') && checked.value !== undefined,
        required,
      });
    },
    retyped(options: unknown): Instruction {
      const w = at('retyped(options)');
      const checked = checkOptions(w, options, ['schema', 'up', 'down'], ['schema', 'up', 'down']);
      checkFunction(w, 'up', checked.up);
      checkFunction(w, 'down', checked.down);
      return make({
        kind: 'retyped',
        schema: checkSchema(w, 'schema', checked.schema),
        up: checked.up as (value: unknown) => unknown,
        down: checked.down as (value: unknown) => unknown,
      });
    },
    madeRequired(options: unknown): Instruction {
      const checked = checkOptions(at('madeRequired(options)'), options, ['default'], ['default']);
      return make({ kind: 'madeRequired', default: checked.default });
    },
    madeOptional(options: unknown): Instruction {
      const checked = checkOptions(at('madeOptional(options)'), options, ['value'], ['value']);
      return make({ kind: 'madeOptional', value: checked.value });
    },
  });
}

function target(where: string, value: unknown): SchemaTarget {
  if (isPlainObject(value) && Object.hasOwn(value, 'route') && Object.keys(value).length === 1) {
    const route = (value as { route: unknown }).route;
    if (typeof route !== 'string' || route === '') {
      throw argumentError(`${where}: target.route must be a route's URL name, got ${describe(route)}`);
    }
    return Object.freeze({ kind: 'route', route });
  }
  const named = namedSchema(where, value);
  return Object.freeze({ kind: 'schema', ...named });
}

/**
 * A request migration: `fn(object, request)` turns an object of `target` as the older version sends it into the
 * shape of the version this change belongs to. `target` is a named schema, or `{ route: '<url name>' }` for one
 * route's whole body; `request` holds the headers and query string the handler will read (`undefined` outside HTTP).
 * `fn` gets a copy of the object, as JSON, which it may change at any depth: the parsed body is never changed.
 */
export function migrateRequest(
  schemaOrRoute: Schema | { readonly route: string },
  fn: (body: any, request: RequestInfo | undefined) => unknown, // eslint-disable-line @typescript-eslint/no-explicit-any
): Instruction {
  const where = 'migrateRequest(target, fn)';
  const checked = target(where, schemaOrRoute);
  checkFunction(where, 'fn', fn);
  return instruction({ type: 'request', target: checked, fn });
}

/**
 * A response migration: `fn(object, response)` turns an object of `target` in the shape of this change's version
 * into the previous version's. `response` holds the status and headers the older client receives (`undefined`
 * outside HTTP). `fn` gets a copy of the object as `JSON.stringify` reads it (`toJSON()` called), which it may change
 * at any depth: the handler's value, and every other answer, is never changed. An error it throws is thrown on.
 */
export function migrateResponse(
  schemaOrRoute: Schema | { readonly route: string },
  fn: (body: any, response: ResponseInfo | undefined) => unknown, // eslint-disable-line @typescript-eslint/no-explicit-any
): Instruction {
  const where = 'migrateResponse(target, fn)';
  const checked = target(where, schemaOrRoute);
  checkFunction(where, 'fn', fn);
  return instruction({ type: 'response', target: checked, fn });
}

/**
 * A problem migration: every problem+json body sent to versions older than this change's goes through `fn`, which
 * gets a copy it may change and returns the problem as an object. Not every problem has `errors` (a 404, 413 or 415
 * has none).
 */
export function migrateProblem(
  fn: (problem: Record<string, unknown>) => Record<string, unknown>,
): Instruction {
  checkFunction('migrateProblem(fn)', 'fn', fn);
  return instruction({ type: 'problem', fn });
}
