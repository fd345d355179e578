import { argumentError, describe, isPlainObject } from '../internal/arguments.js';
import {
  checkFunction,
  checkOptions,
  type EnumChange,
  type EnumMember,
  type Instruction,
  instruction,
  namedSchema,
} from './instructions.js';
import type { Schema } from './schema.js';

/** The instructions about the members of an enum. */
export interface EnumInstructions {
  /**
   * `members` are new: an older request never sends one; a response holding one is migrated down by `down(member)`
   * to a member the older version knows.
   */
  addedMembers(
    members: readonly EnumMember[],
    options: { readonly down: (member: any) => EnumMember }, // eslint-disable-line @typescript-eslint/no-explicit-any
  ): Instruction;
  /** `members` are gone: an older request's removed member is migrated up by `up(member)`. */
  removedMembers(
    members: readonly EnumMember[],
    options: { readonly up: (member: any) => EnumMember }, // eslint-disable-line @typescript-eslint/no-explicit-any
  ): Instruction;
  /** Members renamed, `{ newName: 'oldName' }`: requests' old names become the new ones, responses' the reverse. */
  renamedMembers(renames: { readonly [newName: string]: string }): Instruction;
}

const isMember = (value: unknown): value is EnumMember =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

/**
 * The instructions about the enum of the named schema `schema` — its own `enum`, or the one at JSON Pointer
 * `pointer` inside its JSON Schema (`'/properties/status'`): `enumOf(User, '/properties/role').renamedMembers(…)`.
 * An enum is a schema with `enum`, or an `anyOf` of `const` schemas (TypeBox's union of literals); the pointer goes
 * through `properties/<name>`, `items`, `prefixItems/<i>`, `additionalProperties`, `anyOf/<i>`, `oneOf/<i>`.
 */
export function enumOf(schema: Schema, pointer = ''): EnumInstructions {
  const named = namedSchema('enumOf(schema, pointer)', schema);
  if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/'))) {
    throw argumentError(
      `enumOf(${named.name}, pointer): pointer must be a JSON Pointer ('' or starting with "/"), got ${describe(pointer)}`,
    );
  }
  const at = (method: string): string =>
    `enumOf(${named.name}${pointer === '' ? '' : `, ${JSON.stringify(pointer)}`}).${method}`;
  const make = (change: EnumChange): Instruction =>
    instruction({
      type: 'enum',
      schema: named.schema,
      name: named.name,
      pointer,
      change: Object.freeze(change),
    });
  const checkMembers = (where: string, members: unknown): readonly EnumMember[] => {
    if (!Array.isArray(members) || members.length === 0 || !members.every(isMember)) {
      throw argumentError(
        `${where}: members must be a non-empty array of enum members (strings, finite numbers, booleans or null), got ${describe(members)}`,
      );
    }
    return Object.freeze([...new Set(members)]);
  };
  return Object.freeze({
    addedMembers(members: readonly EnumMember[], options: unknown): Instruction {
      const where = at('addedMembers(members, { down })');
      const list = checkMembers(where, members);
      const checked = checkOptions(where, options, ['down'], ['down']);
      checkFunction(where, 'down', checked.down);
      return make({
        kind: 'addedMembers',
        members: list,
        down: checked.down as (member: unknown) => EnumMember,
      });
    },
    removedMembers(members: readonly EnumMember[], options: unknown): Instruction {
      const where = at('removedMembers(members, { up })');
      const list = checkMembers(where, members);
      const checked = checkOptions(where, options, ['up'], ['up']);
      checkFunction(where, 'up', checked.up);
      return make({
        kind: 'removedMembers',
        members: list,
        up: checked.up as (member: unknown) => EnumMember,
      });
    },
    renamedMembers(renames: unknown): Instruction {
      const where = at('renamedMembers({ newName: oldName })');
      if (!isPlainObject(renames) || Object.keys(renames).length === 0) {
        throw argumentError(
          `${where}: renames must be a non-empty object of new name → old name, got ${describe(renames)}`,
        );
      }
      const map = new Map<string, string>();
      const olds = new Set<string>();
      for (const [now, old] of Object.entries(renames)) {
        if (typeof old !== 'string' || old === now || olds.has(old)) {
          throw argumentError(
            `${where}: ${JSON.stringify(now)} must be renamed from another member's name, each old name once, got ${describe(old)}`,
          );
        }
        olds.add(old);
        map.set(now, old);
      }
      return make({ kind: 'renamedMembers', renames: map });
    },
  });
}
