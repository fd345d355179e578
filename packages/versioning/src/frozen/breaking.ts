// Whether a difference between a version's contract and its file can break that version's clients, by where it is in
// the OpenAPI document and the rules of oasdiff's breaking-change checks (schema-rules.ts for what is inside schemas).
import type { Contract, JsonValue } from './frozen.types.js';
import { schemaBreaks, type Side } from './schema-rules.js';
import { isObject, type Path, type RawDifference, valueAt } from './structural-diff.js';

const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const componentRef = '#/components/schemas/';

/** Every component schema name `value` refers to, added to `found`. */
function refsIn(value: JsonValue | undefined, found: Set<string>): void {
  if (Array.isArray(value)) for (const item of value as JsonValue[]) refsIn(item, found);
  else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(componentRef))
        found.add(item.slice(componentRef.length));
      else refsIn(item, found);
    }
  }
}

/** The component schemas read on `side` in `contract`: those its operations' requests (or responses) reach. */
function reached(contract: Contract, side: Side): Set<string> {
  const found = new Set<string>();
  const sections = side === 'request' ? ['parameters', 'requestBody'] : ['responses'];
  for (const item of Object.values(isObject(contract['paths']) ? contract['paths'] : {})) {
    if (!isObject(item)) continue;
    if (side === 'request') refsIn(item['parameters'], found);
    for (const [method, operation] of Object.entries(item)) {
      if (!methods.has(method) || !isObject(operation)) continue;
      for (const section of sections) refsIn(operation[section], found);
    }
  }
  if (side === 'response') refsIn(valueAt(contract, ['components', 'headers']), found);
  const schemas = valueAt(contract, ['components', 'schemas']);
  // Components that components refer to, until nothing new is reached.
  for (let queue = [...found]; queue.length > 0;) {
    const next = new Set<string>();
    for (const name of queue) refsIn(valueAt(schemas, [name]), next);
    queue = [...next].filter((name) => !found.has(name));
    for (const name of queue) found.add(name);
  }
  return found;
}

/** The sides each component schema is read on, in the file or in the current contract. */
export type Usage = ReadonlyMap<string, readonly Side[]>;

/** Which components the requests and the responses of either contract read. */
export function usageOf(before: Contract, after: Contract): Usage {
  const usage = new Map<string, Side[]>();
  for (const side of ['request', 'response'] as const) {
    for (const name of [...reached(before, side), ...reached(after, side)]) {
      const sides = usage.get(name) ?? [];
      if (!sides.includes(side)) sides.push(side);
      usage.set(name, sides);
    }
  }
  return usage;
}

/** The two contracts a difference is between, and their usage of components (worked out when first asked for). */
export interface Between {
  readonly before: Contract;
  readonly after: Contract;
  usage(): Usage;
}

/** Whether the difference inside the schema at `root` (read on `sides`) breaks a client. */
function inSchema(difference: RawDifference, root: Path, sides: readonly Side[], between: Between): boolean {
  const rel = difference.path.slice(root.length);
  const found = {
    rel,
    kind: difference.kind,
    before: difference.before,
    after: difference.after,
    holder: (which: 'before' | 'after', up: number) =>
      valueAt(between[which], difference.path.slice(0, difference.path.length - up)),
  };
  return sides.some((side) => schemaBreaks(side, found));
}

/** A parameter's difference (`rest` after `…/parameters/<index>`): a new required one, a moved one, a narrowed one. */
function inParameter(difference: RawDifference, at: Path, rest: Path, between: Between): boolean {
  const { kind, before, after } = difference;
  if (rest.length === 0) {
    // new-required-request-parameter; request-parameter-removed.
    return kind === 'removed' || kind === 'changed' || (isObject(after) && after['required'] === true);
  }
  switch (rest[0]) {
    case 'in': // the parameter moved (query → header)
    case 'name':
    case '$ref':
      return true;
    case 'required': // request-parameter-became-required
      return rest.length === 1 && after === true && before !== true;
    case 'schema':
      return inSchema(difference, [...at, 'schema'], ['request'], between);
    default:
      return false;
  }
}

/** An operation's difference (`rest` after `/paths/<path>/<method>`). */
function inOperation(difference: RawDifference, at: Path, rest: Path, between: Between): boolean {
  const { kind, before, after } = difference;
  if (rest.length === 0) return kind !== 'added'; // api-removed-without-deprecation
  const [section, key, part] = rest;
  if (section === 'parameters' && typeof key === 'number') {
    return inParameter(difference, [...at, section, key], rest.slice(2), between);
  }
  if (section === 'requestBody') {
    // added-required-request-body, request-body-became-required, request-body-media-type-removed.
    if (rest.length === 1)
      return kind === 'changed' || (kind === 'added' && isObject(after) && after['required'] === true);
    if (key === 'required') return after === true && before !== true;
    if (key !== 'content' || rest.length < 3) return false;
    if (rest.length === 3) return kind !== 'added';
    return rest[3] === 'schema' && inSchema(difference, [...at, ...rest.slice(0, 4)], ['request'], between);
  }
  if (section === 'responses') {
    // response-success-status-removed, response-non-success-status-removed.
    if (rest.length === 2) return kind !== 'added';
    if ((part === 'content' || part === 'headers') && rest.length === 4) return kind !== 'added'; // response-media-type-removed, response-header-removed
    if (part === 'content' && rest[4] === 'schema')
      return inSchema(difference, [...at, ...rest.slice(0, 5)], ['response'], between);
    if (part === 'headers' && rest[4] === 'schema')
      return inSchema(difference, [...at, ...rest.slice(0, 5)], ['response'], between);
    if (part === 'headers' && rest[4] === 'required') return before === true && after !== true;
    return false;
  }
  return false;
}

/**
 * Whether `difference` can break a client of the version the current contract describes: a removed path, operation, response status,
 * media type or response property; a request property or parameter made or added as required; a parameter moved; a
 * narrowed request type, enum or bound, a widened response one. The whole contract gone (a version retired) breaks.
 */
export function isBreaking(difference: RawDifference, between: Between): boolean {
  const { path, kind } = difference;
  if (path.length === 0) return true;
  const [top, second, third] = path;
  if (top === 'paths') {
    if (path.length === 2) return kind !== 'added'; // api-path-removed-without-deprecation
    if (third === 'parameters' && typeof path[3] === 'number')
      return inParameter(difference, path.slice(0, 4), path.slice(4), between);
    if (typeof third === 'string' && methods.has(third))
      return inOperation(difference, path.slice(0, 3), path.slice(3), between);
    return false;
  }
  if (top === 'components' && second === 'schemas' && path.length > 3) {
    const sides = between.usage().get(String(third)) ?? ['request', 'response'];
    return inSchema(difference, path.slice(0, 3), sides, between);
  }
  if (top === 'components' && second === 'headers' && path[3] === 'schema') {
    return inSchema(difference, path.slice(0, 4), ['response'], between);
  }
  return false;
}
