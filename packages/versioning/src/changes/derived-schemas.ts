import { argumentError } from '../internal/arguments.js';
import { pointerToken } from '../internal/json-pointer.js';
import {
  singleSubschemaKeywords,
  subschemaListKeywords,
  subschemaMapKeywords,
} from '../internal/schema-keywords.js';
import type { HistoryInternals } from './history-internals.js';
import type { Normalized } from './normalize.js';
import type { Direction, JsonSchema, JsonSchemaObject } from './schema.js';

/** A field an instruction of the history changes: what a derived copy of its schema would miss. */
interface Instructed {
  readonly version: string;
  /** What happened to it, as the message says it (`renames`, `retypes`…). */
  readonly what: string;
}

const isObject = (value: unknown): value is JsonSchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const verbs: Readonly<Record<string, string>> = {
  renamedFrom: 'renames',
  retyped: 'retypes',
  removed: 'removes',
};

/** Each named schema's fields that an instruction renames, retypes or removes. */
function instructedFields(inner: HistoryInternals): Map<string, Map<string, Instructed>> {
  const out = new Map<string, Map<string, Instructed>>();
  inner.steps.forEach((step) => {
    if (step === null) return;
    for (const instruction of step.changes.flatMap((change) => change.instructions)) {
      if (instruction.type !== 'field') continue;
      const { field } = instruction;
      const verb = verbs[instruction.change.kind];
      if (verb === undefined) continue;
      const fields = out.get(instruction.name) ?? new Map<string, Instructed>();
      if (!fields.has(field)) fields.set(field, { version: step.version, what: verb });
      out.set(instruction.name, fields);
    }
  });
  return out;
}

/** Every object schema with `properties` in `node` that is not behind a `$ref` (an unnamed one), with its pointer. */
function unnamedObjects(node: JsonSchema, pointer: string, into: [string, JsonSchemaObject][]): void {
  if (!isObject(node)) return;
  if (isObject(node.properties)) into.push([pointer, node]);
  for (const key of singleSubschemaKeywords)
    unnamedObjects(node[key] as JsonSchema, `${pointer}/${key}`, into);
  for (const key of subschemaListKeywords) {
    const list = node[key];
    if (Array.isArray(list))
      list.forEach((sub, index) => {
        unnamedObjects(sub as JsonSchema, `${pointer}/${key}/${index}`, into);
      });
  }
  for (const key of subschemaMapKeywords) {
    const map = node[key];
    if (isObject(map))
      for (const [name, sub] of Object.entries(map))
        unnamedObjects(sub as JsonSchema, `${pointer}/${key}/${pointerToken(name)}`, into);
  }
}

/**
 * Refuses a route schema holding an unnamed object schema that looks derived from a named schema of the history
 * (zod's `.omit()`/`.pick()`/`.extend()`/`.partial()`, TypeBox's `Type.Omit`…): its property names a subset or a
 * superset of the named schema's, including a field an instruction renames, retypes or removes there. The history's
 * instructions reach named schemas only, so such a copy would silently keep the newest version's shape for every
 * older client. Throws a `TypeError` naming the route, the pointer, the named schema and the fix.
 */
export function refuseDerivedSchemas(
  inner: HistoryInternals,
  where: string,
  label: string,
  side: Direction,
  normal: Normalized,
  rootNamed: boolean,
): void {
  const instructed = instructedFields(inner);
  if (instructed.size === 0) return;
  const found: [string, JsonSchemaObject][] = [];
  unnamedObjects(normal.root, '', found);
  // A named root (a JSON Schema with `$id`) stays the root: it is that name's object, not a copy.
  if (rootNamed && found[0]?.[0] === '') found.shift();
  // Named schemas the history does not know are walked too: what they hold inline is as unnamed.
  // (Each one's own object is that name's, not a copy: only what it holds inline counts.)
  for (const [name, def] of normal.defs) {
    if (instructed.has(name)) continue;
    const at = `/$defs/${pointerToken(name)}`;
    const inside: [string, JsonSchemaObject][] = [];
    unnamedObjects(def, at, inside);
    found.push(...inside.filter(([pointer]) => pointer !== at));
  }
  if (found.length === 0) return;
  const head = inner.resolver(normal, inner.versions.length - 1, side);
  for (const [pointer, object] of found) {
    const names = Object.keys(object.properties as object);
    for (const [schemaName, fields] of instructed) {
      const def = head(schemaName);
      if (!isObject(def) || !isObject(def.properties)) continue;
      const theirs = new Set(Object.keys(def.properties));
      const mine = new Set(names);
      const related = names.every((name) => theirs.has(name)) || [...theirs].every((name) => mine.has(name));
      const hit = names.find((name) => fields.has(name));
      if (!related || hit === undefined) continue;
      const { version, what } = fields.get(hit) as Instructed;
      const suggested = `${schemaName}${side === 'request' ? 'Input' : 'Derived'}`;
      throw argumentError(
        `${where}: the ${side} schema of route ${label} has an unnamed object schema at ${JSON.stringify(pointer || '/')} that looks derived from ${schemaName} (its properties are a ${names.every((name) => theirs.has(name)) ? 'subset' : 'superset'} of ${schemaName}'s, including ${JSON.stringify(hit)}, which the history ${what} in version ${JSON.stringify(version)}). The history's instructions reach named schemas only, so older versions would get the newest shape there. Name it (zod: .meta({ id: '${suggested}' }); TypeBox or JSON Schema: $id: '${suggested}') and list it in the instruction: field([${schemaName}, ${suggested}], ${JSON.stringify(hit)})`,
        'ERR_VERSIONING_INVALID_SCHEMA',
      );
    }
  }
}
