import { copyObject, isPlainRecord, keepOnly, setOwn } from './properties.js';
import type { Walk } from './walk.types.js';

/*
 * The walks of what an object or an array holds, made from the walks of its members' schemas. A member is read as
 * `JSON.stringify` reads it (`toJSON(key)`) before its walk gets it, unless it comes from `JSON.parse`. Copy on write: a value whose members all come
 * back unchanged is given back itself, so a value with nothing to change costs no allocation.
 */

/** What the walk of an object is made of. */
export interface ObjectParts {
  /** How a member is read before its walk gets it (`readAsJson`, or as itself for what `JSON.parse` made). */
  readonly read: (value: unknown, key: string | number) => unknown;
  /** The walks of the properties the schema lists (`properties`), by name. */
  readonly listed: readonly (readonly [name: string, walk: Walk])[];
  /** The names the schema lists. */
  readonly known: ReadonlySet<string>;
  /** `patternProperties`, in order: a name matching a pattern is walked by each matching one's walk, if any. */
  readonly patterns: readonly (readonly [pattern: RegExp, walk: Walk | null])[];
  /** The walk of the other properties (`additionalProperties`, or a record's values). */
  readonly others: Walk | null;
  /** Which names are kept, once the members are walked (`null`: every one). */
  readonly allowed: ((name: string) => boolean) | null;
}

/** The walk of an object of these parts; `null` when nothing would happen. */
export function objectWalk({ read, listed, known, patterns, others, allowed }: ObjectParts): Walk | null {
  const walksExtras = others !== null || patterns.some(([, walk]) => walk !== null);
  if (listed.length === 0 && !walksExtras && allowed === null) return null;
  return (value, context) => {
    if (!isPlainRecord(value)) return value;
    let out = value;
    for (const [name, walk] of listed) {
      const child = value[name];
      if (child === undefined || !Object.hasOwn(value, name)) continue;
      const next = walk(read(child, name), context, name);
      if (next === child) continue;
      if (out === value) out = copyObject(value);
      setOwn(out, name, next);
    }
    if (walksExtras) {
      for (const name of Object.keys(value)) {
        if (known.has(name)) continue;
        const child = value[name];
        let next = child;
        let matched = false;
        for (const [pattern, walk] of patterns) {
          if (!pattern.test(name)) continue;
          matched = true;
          if (walk !== null) next = walk(read(next, name), context, name);
        }
        if (!matched && others !== null) next = others(read(next, name), context, name);
        if (next === child) continue;
        if (out === value) out = copyObject(value);
        setOwn(out, name, next);
      }
    }
    return allowed === null ? out : keepOnly(out, allowed);
  };
}

/** The walk of an array whose first items are walked by `prefix` (`prefixItems`), the rest by `items`. */
export function arrayWalk(
  prefix: readonly (Walk | null)[],
  items: Walk | null,
  read: ObjectParts['read'],
): Walk | null {
  if (items === null && prefix.every((walk) => walk === null)) return null;
  const prefixLength = prefix.length;
  return (value, context) => {
    if (!Array.isArray(value)) return value;
    let out: unknown[] = value;
    for (let index = 0; index < value.length; index += 1) {
      const walk = index < prefixLength ? prefix[index] : items;
      if (walk === null || walk === undefined) continue;
      const item: unknown = value[index];
      const next = walk(read(item, index), context, index);
      if (next !== item) {
        if (out === value) out = value.slice();
        out[index] = next;
      }
    }
    return out;
  };
}
