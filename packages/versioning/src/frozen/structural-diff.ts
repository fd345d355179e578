import microdiff from 'microdiff';
import { pointerToken } from '../internal/json-pointer.js';
import type { DifferenceKind, JsonValue } from './frozen.types.js';

/** A place in a JSON document: property names and array indices from the root. */
export type Path = readonly (string | number)[];

/** One difference of two JSON documents, before it is classified. */
export interface RawDifference {
  readonly path: Path;
  readonly kind: DifferenceKind;
  readonly before: JsonValue | undefined;
  readonly after: JsonValue | undefined;
}

/** JSON Schema keywords whose array is a set: the order of its members means nothing. */
const setKeywords = new Set(['enum', 'required', 'type']);

/** Keywords whose members are names of the document's author, not keywords. */
const nameMaps = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/** Whether `value` is a JSON object (not an array, not `null`). */
export const isObject = (value: unknown): value is Readonly<Record<string, JsonValue>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON Pointer (RFC 6901) of `path`. */
export function pointerOf(path: Path): string {
  let pointer = '';
  for (const key of path) pointer += `/${pointerToken(key)}`;
  return pointer;
}

/** The value at `path` in `document`, `undefined` where there is none. */
export function valueAt(document: JsonValue | undefined, path: Path): JsonValue | undefined {
  let value: JsonValue | undefined = document;
  for (const key of path) {
    if (Array.isArray(value) && typeof key === 'number') value = value[key] as JsonValue | undefined;
    else if (isObject(value) && typeof key === 'string' && Object.hasOwn(value, key)) value = value[key];
    else return undefined;
  }
  return value;
}

/**
 * `value` with every object made without a prototype: microdiff asks `key in object`, which a plain object answers
 * `true` for `toString` or `constructor` — property names a schema may well have.
 */
function bare(value: JsonValue): unknown {
  if (Array.isArray(value)) return value.map((item: JsonValue) => bare(item));
  if (!isObject(value)) return value;
  const out = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) out[key] = bare(value[key] as JsonValue);
  return out;
}

/** microdiff's differences of `before` and `after` (bare copies), each path after `prefix`. */
function structural(before: unknown, after: unknown, prefix: Path): { path: Path; kind: DifferenceKind }[] {
  const kinds = { CREATE: 'added', REMOVE: 'removed', CHANGE: 'changed' } as const;
  return microdiff(before as object, after as object, { cyclesFix: false }).map((found) => ({
    path: [...prefix, ...found.path],
    kind: kinds[found.type],
  }));
}

/** Whether `path[index]` opens the list of an operation's or a path item's parameters. */
function isParameterList(path: Path, index: number): boolean {
  return path[0] === 'paths' && path[index] === 'parameters' && (index === 2 || index === 3);
}

/** What identifies a parameter in its list: its `$ref`, else where it is and its name. */
function parameterKey(parameter: unknown): string {
  if (!isObject(parameter)) return JSON.stringify(parameter);
  if (typeof parameter['$ref'] === 'string') return `$ref ${parameter['$ref']}`;
  return JSON.stringify([parameter['in'], parameter['name']]);
}

/**
 * The differences of two lists of parameters at `prefix`, each parameter matched by its place and name (else, moved
 * to another place, by its name alone) rather than by its index: one parameter added in front is one difference.
 */
function parameterDifferences(
  before: readonly unknown[],
  after: readonly unknown[],
  prefix: Path,
): { path: Path; kind: DifferenceKind }[] {
  const out: { path: Path; kind: DifferenceKind }[] = [];
  const taken = new Set<number>();
  const find = (test: (parameter: unknown) => boolean): number =>
    after.findIndex((parameter, index) => !taken.has(index) && test(parameter));
  before.forEach((parameter, index) => {
    const key = parameterKey(parameter);
    const name = isObject(parameter) ? parameter['name'] : undefined;
    let match = find((other) => parameterKey(other) === key);
    if (match === -1 && typeof name === 'string')
      match = find((other) => isObject(other) && other['name'] === name);
    if (match === -1) {
      out.push({ path: [...prefix, index], kind: 'removed' });
      return;
    }
    taken.add(match);
    out.push(
      ...structural(bare(parameter as JsonValue), bare(after[match] as JsonValue), [...prefix, match]),
    );
  });
  after.forEach((_, index) => {
    if (!taken.has(index)) out.push({ path: [...prefix, index], kind: 'added' });
  });
  return out;
}

/** Whether two arrays hold the same members, in any order. */
function sameMembers(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  const members = new Set(a.map((member) => JSON.stringify(member)));
  return b.every((member) => members.has(JSON.stringify(member)));
}

/** `path` cut at a set keyword's array (`…/enum/2` → `…/enum`), or as it is. */
function atSetKeyword(path: Path): Path {
  for (let index = 1; index < path.length - 1; index++) {
    const key = path[index];
    if (
      typeof key === 'string' &&
      setKeywords.has(key) &&
      typeof path[index + 1] === 'number' &&
      !nameMaps.has(String(path[index - 1]))
    )
      return path.slice(0, index + 1);
  }
  return path;
}

/**
 * Every difference between `before` (a committed contract) and `after` (the current contract), found by microdiff, then
 * read as OpenAPI reads them: the members of `enum`, `required` and `type` as sets (one difference for the keyword),
 * parameters by name. Sorted by pointer.
 */
export function differencesOf(before: JsonValue, after: JsonValue): RawDifference[] {
  if (!isObject(before) || !isObject(after)) {
    return JSON.stringify(before) === JSON.stringify(after)
      ? []
      : [{ path: [], kind: 'changed', before, after }];
  }
  const found: { path: Path; kind: DifferenceKind }[] = [];
  const lists = new Set<string>();
  for (const difference of structural(bare(before), bare(after), [])) {
    const { path } = difference;
    const index = [2, 3].find((at) => isParameterList(path, at) && typeof path[at + 1] === 'number');
    if (index === undefined) {
      found.push(difference);
      continue;
    }
    const list = path.slice(0, index + 1);
    const pointer = pointerOf(list);
    if (lists.has(pointer)) continue;
    lists.add(pointer);
    const [old, now] = [valueAt(before, list), valueAt(after, list)];
    found.push(...parameterDifferences(Array.isArray(old) ? old : [], Array.isArray(now) ? now : [], list));
  }
  const byPointer = new Map<string, RawDifference>();
  for (const { path: raw, kind } of found) {
    const path = atSetKeyword(raw);
    const pointer = pointerOf(path);
    if (byPointer.has(pointer)) continue;
    const old = valueAt(before, path);
    const now = valueAt(after, path);
    if (path !== raw && sameMembers(old, now)) continue;
    const settled: DifferenceKind =
      path === raw ? kind : old === undefined ? 'added' : now === undefined ? 'removed' : 'changed';
    byPointer.set(pointer, { path, kind: settled, before: old, after: now });
  }
  return [...byPointer.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, difference]) => difference);
}
