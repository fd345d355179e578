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
      /** The body's shape `fn` returns (a `{ route }` target's, given as `{ schema }`); `null` when not given. */
      readonly schema: Schema | null;
    }
  | {
      readonly type: 'problem';
      readonly fn: (problem: Record<string, unknown>) => Record<string, unknown>;
    }
  | {
      readonly type: 'enum';
      readonly schema: Schema;
      readonly name: string;
      /** JSON Pointer into the named schema's own JSON Schema to the schema with `enum` (`''`: the schema itself). */
      readonly pointer: string;
      readonly change: EnumChange;
    }
  | {
      readonly type: 'schema';
      readonly schema: Schema;
      readonly name: string;
      readonly change: { readonly kind: 'renamedFrom'; readonly old: string };
    }
  | {
      readonly type: 'route';
      readonly route: string;
      readonly change: {
        readonly kind: 'movedFrom';
        readonly path: string;
        /** The methods that moved, upper-case; `null`: every method of the route. */
        readonly methods: readonly string[] | null;
      };
    };

/** A member of an enum: what a JSON Schema `enum` lists. */
export type EnumMember = string | number | boolean | null;

/** What an enum instruction changed, in the words of the version that changed it. */
export type EnumChange =
  | {
      readonly kind: 'addedMembers';
      readonly members: readonly EnumMember[];
      readonly down: (member: any) => EnumMember; // eslint-disable-line @typescript-eslint/no-explicit-any
    }
  | {
      readonly kind: 'removedMembers';
      readonly members: readonly EnumMember[];
      readonly up: (member: any) => EnumMember; // eslint-disable-line @typescript-eslint/no-explicit-any
    }
  | {
      readonly kind: 'renamedMembers';
      /** New name → old name. */
      readonly renames: ReadonlyMap<string, string>;
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

/** Instructions that stand for several, one per schema they name (`field([User, UserInput], 'fullName')`). */
const groups = new WeakMap<object, readonly Instruction[]>();

/** Registers `value` as an instruction made by this package (frozen). */
export function instruction<I extends Instruction>(value: I): I {
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
  const flat: Instruction[] = [];
  instructionList.forEach((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || !instructions.has(item)) {
      throw argumentError(
        `${where}: instructions[${index}] of ${JSON.stringify(description)} must be made by field(…).<instruction>(…), enumOf(…), schema(…), route(…), migrateRequest(), migrateResponse() or migrateProblem(), got ${describe(item)}`,
      );
    }
    flat.push(...(groups.get(item) ?? [item as Instruction]));
  });
  return Object.freeze({
    description,
    instructions: Object.freeze(flat),
    [changeBrand]: true as const,
  });
}

export function namedSchema(where: string, schema: unknown): { schema: Schema; name: string } {
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

export function checkOptions(
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

export function checkFunction(where: string, what: string, value: unknown): void {
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
export function field(schema: Schema | readonly Schema[], name: string): FieldInstructions {
  if (Array.isArray(schema)) return fieldOfMany(schema as readonly Schema[], name);
  const where = `field(schema, ${typeof name === 'string' ? JSON.stringify(name) : 'name'})`;
  const named = namedSchema(where, schema as Schema);
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

/**
 * `field([A, B], name)`: the same instruction about field `name` of each schema listed — a schema and the ones
 * derived from it (`UserInput = User.omit({ id: true }).meta({ id: 'UserInput' })`) — as one instruction.
 */
function fieldOfMany(schemas: readonly Schema[], name: string): FieldInstructions {
  if (schemas.length === 0) {
    throw argumentError(
      `field(schemas, ${typeof name === 'string' ? JSON.stringify(name) : 'name'}): schemas must list at least one named schema, got []`,
    );
  }
  const each = schemas.map((one) => field(one, name));
  const together =
    <K extends keyof FieldInstructions>(method: K) =>
    (...args: Parameters<FieldInstructions[K]>): Instruction => {
      const made = each.map((one) => (one[method] as (...a: unknown[]) => Instruction)(...args));
      if (made.length === 1) return made[0] as Instruction;
      const group = instruction({ ...(made[0] as Instruction) });
      groups.set(group, Object.freeze(made));
      return group;
    };
  return Object.freeze({
    renamedFrom: together('renamedFrom'),
    added: together('added'),
    removed: together('removed'),
    retyped: together('retyped'),
    madeRequired: together('madeRequired'),
    madeOptional: together('madeOptional'),
  });
}
