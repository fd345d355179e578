import { undoEnumChange } from './enum-defs.js';
import { historyError } from './history-error.js';
import type { Change } from './instructions.js';
import { normalize, type Normalized } from './normalize.js';
import {
  type Direction,
  type JsonSchema,
  type JsonSchemaObject,
  type Schema,
  toJsonSchema,
} from './schema.js';

/** The named schemas of each version, per direction: what differs from the schemas as written. */
export type DefsByVersion = readonly ReadonlyMap<string, JsonSchema>[];

const isObject = (value: unknown): value is JsonSchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The named schemas of every version, `direction` as seen: each named schema an instruction touches, derived version
 * by version from the newest to the oldest by undoing each version's field instructions. Throws the `TypeError` of
 * {@link historyError} naming the change, version, schema and field of an instruction about a field that is not there
 * (or, for `removed`, still there); on the request side such an instruction is passed over.
 */
export function deriveDefs(
  versions: readonly string[],
  byIndex: readonly Change[][],
  direction: Direction,
): DefsByVersion {
  const state = new Map<string, JsonSchema>();
  const learn = (schema: Schema): Normalized => {
    const normal = normalize(toJsonSchema(schema, direction));
    for (const [name, def] of normal.defs) if (!state.has(name)) state.set(name, def);
    return normal;
  };
  for (const list of byIndex)
    for (const change of list)
      for (const instruction of change.instructions) {
        if (instruction.type === 'field' || instruction.type === 'enum') learn(instruction.schema);
        else if (
          (instruction.type === 'request' || instruction.type === 'response') &&
          instruction.target.kind === 'schema'
        )
          learn(instruction.target.schema);
      }
  const result: Map<string, JsonSchema>[] = versions.map(() => new Map<string, JsonSchema>());
  result[versions.length - 1] = new Map(state);
  for (let index = versions.length - 1; index >= 1; index -= 1) {
    const version = versions[index] as string;
    for (const change of [...(byIndex[index] as Change[])].reverse()) {
      for (const instruction of [...change.instructions].reverse()) {
        if (instruction.type === 'enum') {
          const { name, pointer, change: what } = instruction;
          const derived = undoEnumChange(
            state.get(name),
            pointer,
            what,
            `${name} in version ${JSON.stringify(version)}`,
          );
          if (typeof derived !== 'string') state.set(name, derived);
          else if (direction === 'response') {
            const at = pointer === '' ? '' : `, ${JSON.stringify(pointer)}`;
            throw historyError(
              `new VersionHistory(versions, changes): the change ${JSON.stringify(change.description)} of version ${JSON.stringify(version)}: enumOf(${name}${at}).${what.kind}(…): ${derived}`,
            );
          }
          continue;
        }
        if (instruction.type !== 'field') continue;
        const { name, field, change: what } = instruction;
        const fail = (why: string): never => {
          throw historyError(
            `new VersionHistory(versions, changes): the change ${JSON.stringify(change.description)} of version ${JSON.stringify(version)}: field(${name}, ${JSON.stringify(field)}).${what.kind}(…): ${why}`,
          );
        };
        const def = state.get(name);
        if (!isObject(def) || !isObject(def.properties)) {
          if (direction === 'response')
            fail(`${name} in version ${JSON.stringify(version)} is not an object schema with properties`);
          continue;
        }
        const properties: Record<string, JsonSchema> = { ...(def.properties as Record<string, JsonSchema>) };
        let required = Array.isArray(def.required) ? [...(def.required as string[])] : [];
        const present = Object.hasOwn(properties, field);
        const strict = direction === 'response';
        const where = `${name} in version ${JSON.stringify(version)}`;
        if (what.kind === 'removed') {
          if (present) {
            if (strict)
              fail(
                `${where} still has "${field}"; a removed field must not be there in the version that removed it`,
              );
            continue;
          }
        } else if (!present) {
          if (strict)
            fail(
              `${where} has no field "${field}" (its fields: ${
                Object.keys(properties)
                  .map((key) => JSON.stringify(key))
                  .join(', ') || 'none'
              })`,
            );
          continue;
        }
        let next: Record<string, JsonSchema> = properties;
        switch (what.kind) {
          case 'renamedFrom': {
            if (Object.hasOwn(properties, what.old)) {
              if (strict) fail(`${where} already has a field "${what.old}" to rename "${field}" back to`);
              continue;
            }
            next = {};
            for (const [key, value] of Object.entries(properties))
              next[key === field ? what.old : key] = value;
            required = required.map((key) => (key === field ? what.old : key));
            break;
          }
          case 'added':
            next = Object.fromEntries(Object.entries(properties).filter(([key]) => key !== field));
            required = required.filter((key) => key !== field);
            break;
          case 'removed': {
            const normal = normalize(toJsonSchema(what.schema, direction));
            for (const [defKey, sub] of normal.defs) if (!state.has(defKey)) state.set(defKey, sub);
            next[field] = normal.root;
            if (what.required && !required.includes(field)) required.push(field);
            break;
          }
          case 'retyped': {
            const normal = normalize(toJsonSchema(what.schema, direction));
            for (const [defKey, sub] of normal.defs) if (!state.has(defKey)) state.set(defKey, sub);
            next[field] = normal.root;
            break;
          }
          case 'madeRequired':
            required = required.filter((key) => key !== field);
            break;
          case 'madeOptional':
            if (!required.includes(field)) required.push(field);
            break;
        }
        const derived: Record<string, unknown> = { ...def, properties: next };
        if (required.length > 0) derived.required = required;
        else delete derived.required;
        state.set(name, derived);
      }
    }
    result[index - 1] = new Map(state);
  }
  return result;
}
