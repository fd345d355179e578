import { defName, type JsonSchema, type JsonSchemaObject } from './schema.js';
import { allowedNames, isClosed, isNullSchema, isSchemaObject } from './properties.js';
import {
  anyText,
  arrayText,
  commaWriters,
  giveUp,
  isIndexKey,
  isPlainString,
  numberOrAny,
  objectSource,
  stringOrAny,
  stringText,
} from './serialise-values.js';
import { canEvaluate, hasKeys, sameKeys, type ShapeStep, shapeEntries } from './shapes.js';
import type { Transform } from './walk.types.js';

/**
 * The JSON text of a 2xx body as a client of one version receives it, written in one pass from the handler's value
 * (migrated, filtered, serialised), or `undefined` when the value holds what only the general path writes right
 * (a `toJSON()`, an object that is not plain, a member `JSON.stringify` would leave out, too many shapes…): then
 * `JSON.stringify` of the general path's value is sent, which is what this would have written.
 */
export type Serialise = (value: unknown) => string | undefined;

/** What the versions walked through do to the objects (or values) of one named schema. */
export type NamedPlan =
  | {
      /** The object literal's steps (`shapes.ts`), all versions fused, going down. */
      readonly steps: readonly ShapeStep[];
      /** The names kept at the last renaming (the arriving version's, when it renames), else `null`. */
      readonly keepAtRename: ((name: string) => boolean) | null;
      /** The names kept once every step is done, else `null`. */
      readonly keepAfter: ((name: string) => boolean) | null;
    }
  | { readonly value: Transform };

/** What a serialiser is compiled from: the fused walk's schema, defs and plans (see `compileWalker`). */
export interface SerialiserOptions {
  readonly root: JsonSchema;
  /**
   * A def by name as the fused walk reads it: a named schema with a plan as in the version the walk starts from,
   * every other as in the version it arrives at.
   */
  readonly resolve: (name: string) => JsonSchema | undefined;
  readonly named: ReadonlyMap<string, NamedPlan>;
}

type Text = (value: unknown, comma?: boolean) => string;

/** A place the serialiser does not follow (unions of several object schemas, `allOf`, …): the general path sends. */
class CannotCompile extends Error {}

/** Keywords under which a place with something to migrate or filter is left to the general path. */
const unfollowed = [
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'prefixItems',
  'dependentSchemas',
];

/** How many shapes (key lists in order) one object schema compiles; an object of any other shape gives up. */
const maxShapes = 8;

/**
 * Compiles the serialiser of the fused walk `options` describes — the same result as that walk followed by
 * `JSON.stringify`, byte for byte — or `null` when a place is one it does not follow (or code cannot be compiled
 * here): then every body takes the general path. A member nothing migrates or filters is written as
 * `JSON.stringify` writes it; an object that something migrates or filters, by one function per shape of object
 * (its keys in order) that writes the version's properties in the order the walk leaves them.
 */
export function compileSerialiser({ root, resolve, named }: SerialiserOptions): Serialise | null {
  if (!canEvaluate()) return null;
  const placesOfDef = new Map<string, boolean>();
  const defPlaces = (name: string): boolean => {
    const known = placesOfDef.get(name);
    if (known !== undefined) return known;
    // A recursive reference counts as nothing until its def is seen through.
    placesOfDef.set(name, false);
    const def = resolve(name);
    const found = named.has(name) || (def !== undefined && places(def));
    placesOfDef.set(name, found);
    return found;
  };
  /** Whether the walk changes anything at or under `node`: a closed object, a named schema with a plan. */
  function places(node: unknown): boolean {
    if (Array.isArray(node)) return node.some(places);
    if (!isSchemaObject(node)) return false;
    if (isClosed(node)) return true;
    if (typeof node.$ref === 'string') {
      const name = node.$ref === '#' ? null : defName(node.$ref);
      if (name === null || defPlaces(name)) return true;
    }
    return Object.values(node).some(places);
  }

  const defTexts = new Map<string, Text>();
  /** The defs being compiled, and those of them met again on the way (recursive: written through their cell). */
  const compiling = new Set<string>();
  const recursive = new Set<string>();
  function defText(name: string): Text {
    const known = defTexts.get(name);
    if (known !== undefined) {
      if (compiling.has(name)) recursive.add(name);
      return known;
    }
    const cell = { text: anyText };
    defTexts.set(name, (value) => cell.text(value));
    compiling.add(name);
    const def = resolve(name);
    if (def === undefined) throw new CannotCompile();
    const plan = named.get(name);
    if (plan === undefined) cell.text = nodeText(def);
    else if ('value' in plan) {
      const map = plan.value;
      cell.text = (value) =>
        typeof value === 'object' && value !== null ? giveUp() : anyText(map(value, undefined));
    } else {
      if (!isSchemaObject(def) || !isObjectOnly(def)) throw new CannotCompile();
      cell.text = objectText(def, plan.steps, plan.keepAtRename, plan.keepAfter);
    }
    compiling.delete(name);
    // Met only from outside itself: its text is handed out as it is, without the cell's call.
    if (!recursive.has(name)) defTexts.set(name, cell.text);
    return defTexts.get(name) as Text;
  }

  /** Whether an object schema is only that: no array, reference or union of its own to follow too. */
  function isObjectOnly(node: JsonSchemaObject): boolean {
    return !['items', '$ref', 'anyOf', 'oneOf', ...unfollowed].some((keyword) => places(node[keyword]));
  }

  /** Writers exact for any value where nothing is migrated or filtered: a step's result may go through them. */
  const exact = new WeakSet<Text>([anyText, stringOrAny, numberOrAny]);
  /** The writer of a place nothing migrates or filters: by its schema's type where that is quicker, else any value. */
  function passthroughText(node: JsonSchema): Text {
    if (!isSchemaObject(node)) return anyText;
    if (node.type === 'string') return stringOrAny;
    if (node.type === 'number' || node.type === 'integer') return numberOrAny;
    if (node.type !== 'array' || !isSchemaObject(node.items) || node.prefixItems !== undefined)
      return anyText;
    const text = arrayText(passthroughText(node.items));
    exact.add(text);
    return text;
  }

  function nodeText(node: JsonSchema): Text {
    if (!isSchemaObject(node) || !places(node)) return passthroughText(node);
    if (unfollowed.some((keyword) => places(node[keyword]))) throw new CannotCompile();
    const aspects: Text[] = [];
    if (isSchemaObject(node.items) && places(node.items)) aspects.push(arrayText(nodeText(node.items)));
    const object = isClosed(node) || places(node.properties) || places(node.additionalProperties);
    if (object) aspects.push(objectText(node, [], null, allowedNames(node)));
    if (typeof node.$ref === 'string' && places(node)) {
      const name = node.$ref === '#' ? null : defName(node.$ref);
      if (name === null) throw new CannotCompile();
      if (defPlaces(name)) aspects.push(defText(name));
    }
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const branches = node[keyword];
      if (!Array.isArray(branches) || !places(branches)) continue;
      const real = (branches as JsonSchema[]).filter((branch) => !isNullSchema(branch));
      // A nullable schema: the walk of its one branch leaves `null` as it is, as the branch's text writes it.
      if (real.length !== 1) throw new CannotCompile();
      aspects.push(nodeText(real[0] as JsonSchema));
    }
    if (aspects.length !== 1) throw new CannotCompile();
    return aspects[0] as Text;
  }

  /**
   * The text of objects of `node`: each shape's properties through `steps`, keeping what `keepAtRename` lets
   * through at the last renaming and `keepAfter` at the end; every property written by its schema's text (one a
   * step made or changed, as itself). Any value that is not an object is written as the walk leaves it: as is.
   */
  function objectText(
    node: JsonSchemaObject,
    steps: readonly ShapeStep[],
    keepAtRename: ((name: string) => boolean) | null,
    keepAfter: ((name: string) => boolean) | null,
  ): Text {
    const properties = isSchemaObject(node.properties) ? node.properties : {};
    const texts = new Map<string, Text>();
    for (const [name, schema] of Object.entries(properties)) texts.set(name, nodeText(schema as JsonSchema));
    const others = isSchemaObject(node.additionalProperties) ? nodeText(node.additionalProperties) : anyText;
    const textOf = (name: string): Text =>
      (Object.hasOwn(properties, name) ? texts.get(name) : others) ?? anyText;
    const build = (keys: readonly string[]): Text => {
      const plan = shapeEntries(keys, steps, keepAtRename);
      if (plan === null || keys.includes('toJSON')) return giveUp;
      const entries = plan.entries.filter(({ name }) => keepAfter === null || keepAfter(name));
      // An object lists its array-index keys first, in ascending order, whatever order they were set in.
      const indexes = entries
        .filter(({ name }) => isIndexKey(name))
        .sort((a, b) => Number(a.name) - Number(b.name));
      const ordered = [...indexes, ...entries.filter(({ name }) => !isIndexKey(name))];
      const writers: Text[] = [];
      for (const { source, changed } of ordered) {
        const text = source === null ? anyText : textOf(source);
        // What a step made of a member the walk changes too is left to the general path.
        if (changed && !exact.has(text)) return giveUp;
        writers.push(changed ? anyText : text);
      }
      const reads = ordered.map(({ expression }, index) => `const a${index} = ${expression};`);
      const written = objectSource(
        ordered.map(({ name }) => name),
        writers,
      );
      const fns = plan.values.map((_, index) => `f${index}`);
      const writes = writers.map((_, index) => `t${index}`);
      try {
        // Compiled from names as JSON string literals and functions as parameters only (see shapes.ts).
        // eslint-disable-next-line @typescript-eslint/no-implied-eval
        const make = new Function(
          's',
          'p',
          ...fns,
          ...writes,
          `return function (object, c) { ${plan.statements.join(' ')} ${reads.join(' ')} ${written} };`,
        ) as (...args: unknown[]) => Text;
        return make(stringText, isPlainString, ...plan.values, ...writers);
      } catch {
        return giveUp;
      }
    };
    const shapes: { readonly keys: readonly string[]; readonly text: Text }[] = [];
    // With `comma`, the comma before an array's item is written too (see `commaWriters`).
    const text: Text = (value, comma = false) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return comma ? `,${anyText(value)}` : anyText(value);
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return giveUp();
      const object = value as Record<string, unknown>;
      const first = shapes[0];
      if (first !== undefined && hasKeys(object, first.keys)) return first.text(object, comma);
      const keys = Object.keys(object);
      for (let index = 1; index < shapes.length; index += 1) {
        const shape = shapes[index] as (typeof shapes)[number];
        if (sameKeys(shape.keys, keys)) return shape.text(object, comma);
      }
      if (shapes.length === maxShapes) return giveUp();
      const built = build(keys);
      shapes.push({ keys, text: built });
      return built(object, comma);
    };
    commaWriters.add(text);
    return text;
  }

  let rootText: Text;
  try {
    rootText = nodeText(root);
  } catch (error) {
    if (error instanceof CannotCompile) return null;
    throw error;
  }
  return (value) => {
    // What every plain object and array would hand JSON.stringify first: then only the general path is right.
    const inherited = Object.prototype as { toJSON?: unknown };
    if (inherited.toJSON !== undefined || (Array.prototype as { toJSON?: unknown }).toJSON !== undefined)
      return undefined;
    try {
      return rootText(value);
    } catch {
      // Given up, or an error the general path meets too (a migration function's, a cycle): it sends, or throws.
      return undefined;
    }
  };
}
