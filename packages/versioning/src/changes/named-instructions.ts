import { argumentError, describe } from '../internal/arguments.js';
import { checkOptions, type Instruction, instruction, namedSchema } from './instructions.js';
import type { Schema } from './schema.js';

/** The instructions about a named schema as a whole. */
export interface SchemaInstructions {
  /** The schema was called `old` before: older versions' documents name its component `old`. */
  renamedFrom(old: string): Instruction;
}

/**
 * The instructions about the named schema `schema` as a whole: `schema(User).renamedFrom('Customer')`.
 */
export function schema(schema: Schema): SchemaInstructions {
  const named = namedSchema('schema(schema)', schema);
  return Object.freeze({
    renamedFrom(old: string): Instruction {
      const where = `schema(${named.name}).renamedFrom(old)`;
      if (typeof old !== 'string' || old === '')
        throw argumentError(`${where}: old must be a non-empty string, got ${describe(old)}`);
      if (old === named.name) throw argumentError(`${where}: a schema cannot be renamed from its own name`);
      return instruction({
        type: 'schema',
        schema: named.schema,
        name: named.name,
        change: Object.freeze({ kind: 'renamedFrom', old }),
      });
    },
  });
}

/** The instructions about a route as a whole, by its URL name. */
export interface RouteInstructions {
  /**
   * The route was at `path` before (a pattern as `path()` takes it, relative to the same includes): older versions
   * serve, reverse and document it there. `methods`: only these of its methods moved (default: all).
   */
  movedFrom(path: string, options?: { readonly methods?: readonly string[] }): Instruction;
}

/** The instructions about the route named `name` (its URL name, `namespace:name` inside includes). */
export function route(name: string): RouteInstructions {
  if (typeof name !== 'string' || name === '')
    throw argumentError(`route(name): name must be a route's URL name, got ${describe(name)}`);
  return Object.freeze({
    movedFrom(path: string, options: unknown = {}): Instruction {
      const where = `route(${JSON.stringify(name)}).movedFrom(path, options)`;
      if (typeof path !== 'string' || !path.startsWith('/'))
        throw argumentError(
          `${where}: path must be a route pattern starting with "/", got ${describe(path)}`,
        );
      const checked = checkOptions(where, options, ['methods'], []);
      let methods: string[] | null = null;
      if (checked.methods !== undefined) {
        const given: unknown = checked.methods;
        if (
          !Array.isArray(given) ||
          given.length === 0 ||
          given.some((method) => typeof method !== 'string' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(method))
        )
          throw argumentError(
            `${where}: methods must be a non-empty array of HTTP method names, got ${describe(given)}`,
          );
        methods = [...new Set((given as string[]).map((method) => method.toUpperCase()))];
      }
      return instruction({
        type: 'route',
        route: name,
        change: Object.freeze({ kind: 'movedFrom', path, methods: methods && Object.freeze(methods) }),
      });
    },
  });
}
