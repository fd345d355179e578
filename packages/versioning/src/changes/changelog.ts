import { membersOf, stepsOf } from './enum-defs.js';
import type { Change, EnumChange, EnumMember, FieldChange, Instruction } from './instructions.js';
import { normalize } from './normalize.js';
import { isSchemaObject } from './properties.js';
import { defName, type JsonSchema, toJsonSchema } from './schema.js';

/** One version's entry of a changelog. */
export interface ChangelogEntry<V extends string = string> {
  readonly version: V;
  readonly changes: readonly { readonly description: string; readonly instructions: readonly string[] }[];
}

/** A named schema's def in a version (by index), as the history derives it; `undefined` when it has none. */
export type DefIn = (name: string, index: number) => JsonSchema | undefined;

/** `items` in words: `"a"`, `"a" and "b"`, `"a", "b" and "c"`. */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const quoted = (member: EnumMember): string => JSON.stringify(member);

/** Names joined by "or", `null` last: `string or null`. */
function either(names: readonly (string | null)[]): string | null {
  if (names.some((name) => name === null)) return null;
  const sorted = [...(names as string[])].sort((a, b) => Number(a === 'null') - Number(b === 'null'));
  return [...new Set(sorted)].join(' or ');
}

/**
 * A short name of the type a JSON Schema describes: its `type` (`integer`, `string or null`), `"a" | "b"` for an
 * enum, `User` for a reference to a named schema, `array of X`; `null` when it has none to say.
 */
export function typeName(node: JsonSchema | undefined): string | null {
  if (node === true || (isSchemaObject(node) && Object.keys(node).length === 0)) return 'any value';
  if (!isSchemaObject(node)) return null;
  if (typeof node.$ref === 'string') return defName(node.$ref) ?? node.$ref;
  const members = membersOf(node);
  if (members !== null) return members.map(quoted).join(' | ');
  if (Object.hasOwn(node, 'const')) return quoted(node.const as EnumMember);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = node[keyword];
    if (Array.isArray(branches)) return either(branches.map((branch) => typeName(branch as JsonSchema)));
  }
  const name = (type: unknown): string | null =>
    type !== 'array'
      ? typeof type === 'string'
        ? type
        : null
      : isSchemaObject(node.items)
        ? `array of ${typeName(node.items) ?? 'any value'}`
        : 'array';
  return Array.isArray(node.type) ? either(node.type.map(name)) : name(node.type);
}

/** `User.role` for an enum at `/properties/role`, `User.roles[]` at `/properties/roles/items`, else `User at <pointer>`. */
function enumSubject(name: string, pointer: string): string {
  const steps = stepsOf(pointer) ?? [];
  if (steps.every((step) => step.kind === 'properties' || step.kind === 'items'))
    return `${name}${steps.map((step) => (step.kind === 'properties' ? `.${step.key}` : '[]')).join('')}`;
  return `${name} at ${pointer}`;
}

const enumSentence: {
  readonly [K in EnumChange['kind']]: (subject: string, change: Extract<EnumChange, { kind: K }>) => string;
} = {
  addedMembers: (subject, { members }) =>
    `${subject}: member${members.length === 1 ? ` ${quoted(members[0] as EnumMember)} was` : `s ${listed(members.map(quoted))} were`} added.`,
  removedMembers: (subject, { members }) =>
    `${subject}: member${members.length === 1 ? ` ${quoted(members[0] as EnumMember)} was` : `s ${listed(members.map(quoted))} were`} removed.`,
  renamedMembers: (subject, { renames }) => {
    const each = [...renames].map(([now, old]) => `${quoted(now)} from ${quoted(old)}`);
    return each.length === 1
      ? `${subject}: member ${each[0]?.replace(' from ', ' was renamed from ')}.`
      : `${subject}: members were renamed: ${listed(each)}.`;
  },
};

/** One English sentence saying what a field instruction changed; `headType`: the field's type in its version. */
function fieldSentence(subject: string, change: FieldChange, headType: string | null): string {
  switch (change.kind) {
    case 'renamedFrom':
      return `${subject} was renamed from ${JSON.stringify(change.old)}.`;
    case 'added':
      return `${subject} was added.`;
    case 'removed':
      return `${subject} was removed.`;
    case 'retyped': {
      const older = typeName(normalize(toJsonSchema(change.schema, 'response')).root);
      return older === null || headType === null
        ? `${subject} changed its type.`
        : `${subject} changed its type from ${older} to ${headType}.`;
    }
    case 'madeRequired':
      return `${subject} became required.`;
    case 'madeOptional':
      return `${subject} became optional.`;
  }
}

/** One English sentence saying what `instruction` of version `index` changed; `defIn` reads that version's defs. */
export function sentenceOf(instruction: Instruction, index: number, defIn: DefIn): string {
  switch (instruction.type) {
    case 'field': {
      const def = defIn(instruction.name, index);
      const properties = isSchemaObject(def) && isSchemaObject(def.properties) ? def.properties : {};
      const head = Object.hasOwn(properties, instruction.field)
        ? typeName(properties[instruction.field] as JsonSchema)
        : null;
      return fieldSentence(`${instruction.name}.${instruction.field}`, instruction.change, head);
    }
    case 'request':
      return instruction.target.kind === 'schema'
        ? `Requests' ${instruction.target.name} objects are converted by a migration function.`
        : `Request bodies of route ${JSON.stringify(instruction.target.route)} are converted by a migration function.`;
    case 'response':
      return instruction.target.kind === 'schema'
        ? `Responses' ${instruction.target.name} objects are converted by a migration function.`
        : `Response bodies of route ${JSON.stringify(instruction.target.route)} are converted by a migration function.`;
    case 'problem':
      return 'Problem responses are converted by a migration function.';
    case 'enum':
      return (enumSentence[instruction.change.kind] as (subject: string, change: EnumChange) => string)(
        enumSubject(instruction.name, instruction.pointer),
        instruction.change,
      );
    case 'schema':
      return `${instruction.name} was renamed from ${JSON.stringify(instruction.change.old)}.`;
    case 'route': {
      const { path, methods } = instruction.change;
      return `Route ${JSON.stringify(instruction.route)} moved from ${path}${methods === null ? '' : ` for ${listed(methods)}`}.`;
    }
  }
}

/** The changelog of `steps` (index 0, the oldest version, has none): newest version first. */
export function changelogOf(
  steps: readonly ({ readonly version: string; readonly changes: readonly Change[] } | null)[],
  versions: readonly string[],
  defIn: DefIn,
): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  for (let index = versions.length - 1; index >= 1; index -= 1) {
    const step = steps[index];
    entries.push({
      version: versions[index] as string,
      changes: (step?.changes ?? []).map((change) => ({
        description: change.description,
        instructions: change.instructions.map((instruction) => sentenceOf(instruction, index, defIn)),
      })),
    });
  }
  return entries;
}
