/*
 * The JSON Schema keywords whose values are subschemas (draft 2020-12, with draft 7's `additionalItems` and
 * `dependencies`): one list of each kind, for every module that walks a schema.
 */

/** Keywords whose value is one subschema. */
export const singleSubschemaKeywords: readonly string[] = [
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
];

/** Keywords whose value is an array of subschemas. */
export const subschemaListKeywords: readonly string[] = ['prefixItems', 'anyOf', 'oneOf', 'allOf'];

/**
 * Keywords whose value maps names to subschemas. (Draft 7's `dependencies` maps names to a subschema or to an
 * array of names: it is in {@link conditionalKeywords}, not here.)
 */
export const subschemaMapKeywords: readonly string[] = [
  'properties',
  'patternProperties',
  'dependentSchemas',
];

/**
 * Keywords under which the subschema that applies, or whether it applies, depends on the value: a schema that uses
 * none of them says what a value holds without looking at it.
 */
export const conditionalKeywords: readonly string[] = [
  'not',
  'if',
  'then',
  'else',
  'contains',
  'dependentSchemas',
  'dependencies',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
];
