import { unescapePointerToken } from '../internal/json-pointer.js';
import type { EnumChange, EnumMember } from './instructions.js';
import { isSchemaObject } from './properties.js';
import { defName, type JsonSchema, type JsonSchemaObject } from './schema.js';

/*
 * The enums of `enumOf(S, pointer)` in a named schema's def. An enum is a schema with `enum` (zod's `z.enum`,
 * TypeBox's `Type.Enum`, hand-written), or an `anyOf` whose every branch has a `const` (TypeBox's
 * `Type.Union([Type.Literal('a'), …])`); an older version's enum keeps the form HEAD wrote it in.
 */

/** One step of an enum's pointer: the keywords the walker follows into (`walk.ts`). */
export type EnumStep =
  | { readonly kind: 'properties'; readonly key: string }
  | { readonly kind: 'items' }
  | { readonly kind: 'additionalProperties' }
  | { readonly kind: 'prefixItems'; readonly index: number }
  | { readonly kind: 'anyOf'; readonly index: number }
  | { readonly kind: 'oneOf'; readonly index: number };

/** The steps of `pointer` (`''`: none), or `null` when it goes through a keyword the walker does not follow. */
export function stepsOf(pointer: string): EnumStep[] | null {
  if (pointer === '') return [];
  const tokens = pointer.slice(1).split('/').map(unescapePointerToken);
  const steps: EnumStep[] = [];
  for (let at = 0; at < tokens.length; at += 1) {
    const keyword = tokens[at] as string;
    if (keyword === 'items' || keyword === 'additionalProperties') steps.push({ kind: keyword });
    else if (keyword === 'properties' && at + 1 < tokens.length) {
      at += 1;
      steps.push({ kind: 'properties', key: tokens[at] as string });
    } else if (
      (keyword === 'prefixItems' || keyword === 'anyOf' || keyword === 'oneOf') &&
      /^(0|[1-9]\d*)$/.test(tokens[at + 1] ?? '')
    ) {
      at += 1;
      steps.push({ kind: keyword, index: Number(tokens[at]) });
    } else return null;
  }
  return steps;
}

/** The subschema `step` leads to from `node`, or `undefined`. */
function childOf(node: JsonSchema | undefined, step: EnumStep): JsonSchema | undefined {
  if (!isSchemaObject(node)) return undefined;
  if (step.kind === 'properties') {
    const properties = node.properties;
    return isSchemaObject(properties) && Object.hasOwn(properties, step.key)
      ? (properties[step.key] as JsonSchema)
      : undefined;
  }
  if (step.kind === 'items' || step.kind === 'additionalProperties') {
    const sub = node[step.kind];
    return isSchemaObject(sub) ? sub : undefined;
  }
  const list = node[step.kind];
  return Array.isArray(list) ? (list[step.index] as JsonSchema | undefined) : undefined;
}

/** The nodes on the way from `def` along `steps`: `def` first, the node `steps` lead to last (`undefined`: none). */
export function nodesAlong(
  def: JsonSchema | undefined,
  steps: readonly EnumStep[],
): (JsonSchema | undefined)[] {
  const nodes = [def];
  for (const step of steps) nodes.push(childOf(nodes[nodes.length - 1], step));
  return nodes;
}

/** Whether a schema is the `anyOf` of `const` branches that TypeBox writes for a union of literals. */
const isConstUnion = (node: JsonSchemaObject): boolean =>
  Array.isArray(node.anyOf) &&
  node.anyOf.length > 0 &&
  node.anyOf.every((branch) => isSchemaObject(branch) && Object.hasOwn(branch, 'const'));

/** The members of the enum `node` is, or `null` when it is none. */
export function membersOf(node: JsonSchema | undefined): EnumMember[] | null {
  if (!isSchemaObject(node)) return null;
  if (Array.isArray(node.enum)) return [...(node.enum as EnumMember[])];
  if (isConstUnion(node))
    return (node.anyOf as JsonSchemaObject[]).map((branch) => branch.const as EnumMember);
  return null;
}

const jsonTypeOf = (member: EnumMember): string =>
  member === null
    ? 'null'
    : typeof member === 'number'
      ? Number.isInteger(member)
        ? 'integer'
        : 'number'
      : typeof member;

const fits = (member: EnumMember, type: unknown): boolean =>
  type === jsonTypeOf(member) || (type === 'number' && typeof member === 'number');

/** `node`'s `type` widened to let `members` through (a member added back may be of another type). */
function typeFor(type: unknown, members: readonly EnumMember[]): unknown {
  if (type === undefined) return undefined;
  const types = Array.isArray(type) ? [...(type as string[])] : [type as string];
  for (const member of members) if (!types.some((one) => fits(member, one))) types.push(jsonTypeOf(member));
  return types.length === 1 ? types[0] : types;
}

/**
 * The enum `node` with `members` instead, in the same form; `origin(member)` is the member of `node` a member stands
 * for (a renamed one: its new name), whose `const` branch it keeps.
 */
function withMembers(
  node: JsonSchemaObject,
  members: readonly EnumMember[],
  origin: (member: EnumMember) => EnumMember,
): JsonSchemaObject {
  if (Array.isArray(node.enum)) {
    const out: Record<string, unknown> = { ...node, enum: members };
    if (node.type !== undefined) out.type = typeFor(node.type, members);
    return out;
  }
  const branches = node.anyOf as JsonSchemaObject[];
  return {
    ...node,
    anyOf: members.map((member) => {
      const was = branches.find((branch) => branch.const === origin(member));
      if (was === undefined) return { type: jsonTypeOf(member), const: member };
      const out: Record<string, unknown> = { ...was, const: member };
      if (was.type !== undefined) out.type = typeFor(was.type, [member]);
      return out;
    }),
  };
}

/** `node` with the subschema `steps` lead to replaced by `leaf`. */
function replaceAt(node: JsonSchema, steps: readonly EnumStep[], leaf: JsonSchema): JsonSchema {
  const [step, ...rest] = steps;
  if (step === undefined) return leaf;
  const parent = node as JsonSchemaObject;
  const child = childOf(parent, step) as JsonSchema;
  const replaced = replaceAt(child, rest, leaf);
  if (step.kind === 'properties')
    return { ...parent, properties: { ...(parent.properties as object), [step.key]: replaced } };
  if (step.kind === 'items' || step.kind === 'additionalProperties')
    return { ...parent, [step.kind]: replaced };
  const list = [...(parent[step.kind] as JsonSchema[])];
  list[step.index] = replaced;
  return { ...parent, [step.kind]: list };
}

const listed = (members: readonly EnumMember[]): string =>
  members.map((member) => JSON.stringify(member)).join(', ') || 'none';

/**
 * `def` (a named schema's def in the version that made `change`) as the version before has it: the enum at `pointer`
 * with `change` undone. A string says why it cannot be: no enum there, or a member that is there (or not) against
 * what the change says.
 */
export function undoEnumChange(
  def: JsonSchema | undefined,
  pointer: string,
  change: EnumChange,
  where: string,
): JsonSchema | string {
  const at = pointer === '' ? '' : ` at ${JSON.stringify(pointer)}`;
  const steps = stepsOf(pointer);
  if (steps === null)
    return `the pointer ${JSON.stringify(pointer)} goes through a keyword enumOf() cannot follow (properties/<name>, items, prefixItems/<i>, additionalProperties, anyOf/<i>, oneOf/<i>)`;
  const node = nodesAlong(def, steps).at(-1);
  const members = membersOf(node);
  if (members === null) {
    const ref = isSchemaObject(node) && typeof node.$ref === 'string' ? defName(node.$ref) : null;
    return `${where} has no enum${at}${ref === null ? '' : ` (it refers to ${ref}: name that schema in enumOf(${ref}))`}`;
  }
  const has = (member: EnumMember): boolean => members.includes(member);
  const their = `(its members: ${listed(members)})`;
  let older: EnumMember[];
  let origin = (member: EnumMember): EnumMember => member;
  switch (change.kind) {
    case 'addedMembers': {
      const missing = change.members.find((member) => !has(member));
      if (missing !== undefined) return `${where} has no member ${JSON.stringify(missing)}${at} ${their}`;
      older = members.filter((member) => !change.members.includes(member));
      break;
    }
    case 'removedMembers': {
      const present = change.members.find(has);
      if (present !== undefined)
        return `${where} still has member ${JSON.stringify(present)}${at}; a removed member must not be there in the version that removed it`;
      older = [...members, ...change.members];
      break;
    }
    case 'renamedMembers': {
      for (const [now, old] of change.renames) {
        if (!has(now)) return `${where} has no member ${JSON.stringify(now)}${at} to rename ${their}`;
        if (has(old) && !change.renames.has(old))
          return `${where} already has a member ${JSON.stringify(old)}${at} to rename ${JSON.stringify(now)} back to`;
      }
      const news = new Map([...change.renames].map(([now, old]) => [old, now]));
      older = members.map((member) =>
        typeof member === 'string' ? (change.renames.get(member) ?? member) : member,
      );
      origin = (member) => (typeof member === 'string' ? (news.get(member) ?? member) : member);
      break;
    }
  }
  return replaceAt(def as JsonSchema, steps, withMembers(node as JsonSchemaObject, older, origin));
}
