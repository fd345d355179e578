// Whether a difference inside a JSON Schema can break a client, by the rules of oasdiff's breaking-change checks
// (https://www.oasdiff.com/docs/breaking-changes; ERR and WARN levels both count, as `oasdiff breaking` reports both).
// A request schema may widen but not narrow (the client's old requests must still be accepted); a response schema
// may narrow but not widen (the client must still understand every answer).
import type { DifferenceKind, JsonValue } from './frozen.types.js';
import { isObject, type Path } from './structural-diff.js';

/** Which way a schema is read: what a client sends, or what it receives. */
export type Side = 'request' | 'response';

/** One difference inside a schema: `rel` the path from the schema's root; the values at it and at its parent schema. */
export interface SchemaDifference {
  readonly rel: Path;
  readonly kind: DifferenceKind;
  readonly before: JsonValue | undefined;
  readonly after: JsonValue | undefined;
  /** The value `up` steps above the difference in the file (`before`) or the current contract (`after`). */
  holder(which: 'before' | 'after', up: number): JsonValue | undefined;
}

/** Keywords followed by a name of the author's, then a schema. */
const namedSchemas = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
/** Keywords followed by a schema. */
const subschemas = new Set([
  'items',
  'additionalProperties',
  'not',
  'contains',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
]);
/** Keywords followed by a list of schemas. */
const schemaLists = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords that describe and change no value a client sends or receives. */
const annotations = new Set([
  'title',
  'description',
  'examples',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'discriminator',
  'externalDocs',
  'xml',
]);
/** Upper bounds: a request may not get a lower (or a new) one, a response not a higher one (or lose it). */
const upperBounds = new Set(['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties']);
/** Lower bounds: a request may not get a higher (or a new) one, a response not a lower one (or lose it). */
const lowerBounds = new Set(['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties']);
/** Keywords whose every value narrows: a request may not gain or change one, a response not change or lose one. */
const narrowing = new Set([
  'format',
  'pattern',
  'const',
  'multipleOf',
  'contentMediaType',
  'contentEncoding',
]);

/** Where a path inside a schema ends: at a schema (reached how), or at a keyword's value. */
type End =
  | { readonly at: 'schema'; readonly via: string | null; readonly name: string | null }
  | { readonly at: 'keyword'; readonly keyword: string; readonly inside: boolean };

function endOf(rel: Path): End {
  let via: string | null = null;
  let name: string | null = null;
  for (let index = 0; index < rel.length;) {
    const key = String(rel[index]);
    const last = index === rel.length - 1;
    if ((namedSchemas.has(key) || schemaLists.has(key)) && !last) {
      via = key;
      name = String(rel[index + 1]);
      index += 2;
    } else if (subschemas.has(key)) {
      via = key;
      name = null;
      index += 1;
    } else return { at: 'keyword', keyword: key, inside: !last };
  }
  return { at: 'schema', via, name };
}

const asSet = (value: JsonValue | undefined): Set<string> | null =>
  Array.isArray(value) ? new Set(value.map((member) => JSON.stringify(member))) : null;

/** The members of `a` that `b` lacks. */
const lacking = (a: Set<string> | null, b: Set<string> | null): string[] =>
  a === null ? [] : [...a].filter((member) => b === null || !b.has(member));

/** The JSON types a `type` keyword allows; `null`: any (no `type`). */
function typesOf(value: JsonValue | undefined): Set<string> | null {
  if (value === undefined) return null;
  return new Set((Array.isArray(value) ? value : [value]).map((type) => JSON.stringify(type)));
}

/** Whether the types `after` allow every value the types `before` allow (`integer` is a `number`). */
function widens(before: Set<string> | null, after: Set<string> | null): boolean {
  if (after === null) return true;
  if (before === null) return false;
  return [...before].every((type) => after.has(type) || (type === '"integer"' && after.has('"number"')));
}

const asNumber = (value: JsonValue | undefined): number | undefined =>
  typeof value === 'number' ? value : undefined;

/** Whether a bound moved the way that narrows what it allows (`upper`: down, else up) or appeared. */
function narrowed(upper: boolean, before: number | undefined, after: number | undefined): boolean {
  if (after === undefined) return false;
  if (before === undefined) return true;
  return upper ? after < before : after > before;
}

/**
 * Whether `member`, newly in a `required` list, is a property the schema did not have that has a `default`
 * (new-required-request-property-with-default: a client that leaves it out gets the default).
 */
function isNewWithDefault(member: JsonValue, difference: SchemaDifference): boolean {
  if (typeof member !== 'string') return false;
  const propertiesOf = (which: 'before' | 'after'): JsonValue | undefined => {
    const holder = difference.holder(which, 1);
    return isObject(holder) ? holder['properties'] : undefined;
  };
  const [old, now] = [propertiesOf('before'), propertiesOf('after')];
  const property = isObject(now) ? now[member] : undefined;
  return (
    !(isObject(old) && Object.hasOwn(old, member)) && isObject(property) && Object.hasOwn(property, 'default')
  );
}

/** Whether the changed keyword `keyword` breaks a client on `side`. */
function keywordBreaks(keyword: string, side: Side, difference: SchemaDifference): boolean {
  const { kind, before, after } = difference;
  const request = side === 'request';
  if (annotations.has(keyword) || keyword.startsWith('x-')) return false;
  switch (keyword) {
    case 'enum': {
      const [old, now] = [asSet(before), asSet(after)];
      // A request enum that lost a member, or a new one (request-property-enum-value-removed, …-became-enum); a
      // response enum that gained a member or was dropped (response-property-enum-value-added).
      return request
        ? now !== null && (old === null || lacking(old, now).length > 0)
        : old !== null && (now === null || lacking(now, old).length > 0);
    }
    case 'required': {
      const [old, now] = [asSet(before), asSet(after)];
      // request-property-became-required, new-required-request-property; response-property-became-optional.
      if (!request) return lacking(old, now).length > 0;
      return lacking(now, old).some(
        (member) => !isNewWithDefault(JSON.parse(member) as JsonValue, difference),
      );
    }
    case 'type': {
      const [old, now] = [typesOf(before), typesOf(after)];
      // request-property-type-changed (a generalized type is fine); response-property-type-changed.
      return request ? !widens(old, now) : kind !== 'added';
    }
    case 'uniqueItems':
      return request ? after === true && before !== true : before === true && after !== true;
    case 'additionalProperties':
      return request ? after === false && before !== false : before === false && after !== false;
    case '$ref':
      return true;
    case 'properties':
      // The whole map: one that appeared adds optional properties (`required` says otherwise, on its own).
      return kind !== 'added';
  }
  if (upperBounds.has(keyword) || lowerBounds.has(keyword)) {
    const upper = upperBounds.has(keyword);
    const [old, now] = [asNumber(before), asNumber(after)];
    return request ? narrowed(upper, old, now) : narrowed(upper, now, old);
  }
  if (narrowing.has(keyword)) return request ? kind !== 'removed' : kind !== 'added';
  // A keyword these rules do not know: any change to it might break a client.
  return true;
}

/** Whether a difference inside a schema read on `side` breaks a client of that side. */
export function schemaBreaks(side: Side, difference: SchemaDifference): boolean {
  const { rel, kind } = difference;
  const request = side === 'request';
  const end = endOf(rel);
  if (end.at === 'keyword') {
    // Inside a keyword's value (a member of `examples`, of `default`): the keyword changed.
    return end.inside
      ? !annotations.has(end.keyword) && !end.keyword.startsWith('x-')
      : keywordBreaks(end.keyword, side, difference);
  }
  if (kind === 'changed') {
    // A schema replaced by a boolean schema or the other way round; `additionalProperties: false` and the like.
    return end.via === null ? true : keywordBreaks(end.via, side, difference);
  }
  if (end.via === 'properties') {
    if (!request) return kind === 'removed'; // response-required-property-removed, response-optional-property-removed
    if (kind === 'removed') return true; // request-property-removed
    // new-required-request-property (one with a default is not: new-required-request-property-with-default).
    const holder = difference.holder('after', 2);
    const required = isObject(holder) ? holder['required'] : undefined;
    const hasDefault = isObject(difference.after) && Object.hasOwn(difference.after, 'default');
    return Array.isArray(required) && required.includes(end.name) && !hasDefault;
  }
  if (end.via === 'anyOf' || end.via === 'oneOf') {
    // A response union that gained a branch, a request union that lost one.
    return request ? kind === 'removed' : kind === 'added';
  }
  // A schema that appeared narrows what it describes (from anything); one that went widens it.
  return request ? kind === 'added' : kind === 'removed';
}
