import { argumentError, checkKnownKeys, describe, isPlainObject, mustBe } from '../internal/arguments.js';
import type { RequestInfo, ResponseInfo } from './info.js';
import {
  checkFunction,
  type Instruction,
  instruction,
  namedSchema,
  type SchemaTarget,
} from './instructions.js';
import { checkSchema, type Schema } from './schema.js';

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

/** `options.schema` of a migration, checked: given only for a `{ route }` target; `null` when not given. */
function reshapedSchema(where: string, checked: SchemaTarget, options: unknown): Schema | null {
  if (options === undefined) return null;
  if (!isPlainObject(options)) throw mustBe(where, 'options', 'an object { schema? }', options);
  checkKnownKeys(where, options, ['schema']);
  const schema = options['schema'];
  if (schema === undefined) return null;
  if (checked.kind !== 'route') {
    throw argumentError(
      `${where}: options.schema is the shape of a { route } target's whole body; a named schema's shape in older versions follows from its field() and schema() instructions`,
    );
  }
  return checkSchema(where, 'options.schema', schema);
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
 * For a `{ route }` target, `options.schema` is the shape `fn` returns (what no document can read from a function),
 * written as the route's `response` schema is, for the newest version of the named schemas in it: the documents and
 * `checkResponses` of the older versions describe the body with it.
 */
export function migrateResponse(
  schemaOrRoute: Schema | { readonly route: string },
  fn: (body: any, response: ResponseInfo | undefined) => unknown, // eslint-disable-line @typescript-eslint/no-explicit-any
  options?: { readonly schema?: Schema },
): Instruction {
  const where = 'migrateResponse(target, fn)';
  const checked = target(where, schemaOrRoute);
  checkFunction(where, 'fn', fn);
  const schema = reshapedSchema('migrateResponse(target, fn, options)', checked, options);
  return instruction({ type: 'response', target: checked, fn, schema });
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
