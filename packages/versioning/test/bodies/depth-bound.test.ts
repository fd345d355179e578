// Which schemas bound the depth of what validating and migrating by them walks, and of what they let through: a
// body for such a route is not refused for its depth (deep data can reach neither a recursive walk nor the handler).
import Type from 'typebox';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { type Schema, toJsonSchema } from '../../src/changes/schema.js';
import { boundsDepth } from '../../src/pipeline/depth-bound.js';

interface Tree {
  readonly name: string;
  readonly children: readonly Tree[];
}
const Tree: z.ZodType<Tree> = z.object({
  name: z.string(),
  get children() {
    return z.array(Tree);
  },
});
const NamedTree: z.ZodType<Tree> = z
  .object({
    name: z.string(),
    get children() {
      return z.array(NamedTree);
    },
  })
  .meta({ id: 'NamedTree' });

// [name, schema, walks no deeper than written (input), lets nothing deeper through (output)]
const cases: [string, Schema, boolean, boolean][] = [
  [
    'zod object of scalars and a list of strings',
    z.object({ a: z.string(), b: z.array(z.number()) }),
    true,
    true,
  ],
  ['zod record of numbers', z.object({ r: z.record(z.string(), z.number()) }), true, true],
  ['zod nullable nested object', z.object({ n: z.object({ x: z.string() }).nullable() }), true, true],
  ['zod enum and literal', z.object({ e: z.enum(['a', 'b']), l: z.literal(3) }), true, true],
  ['zod looseObject (keeps what it does not know)', z.looseObject({ a: z.string() }), true, false],
  ['zod unknown', z.object({ u: z.unknown() }), true, false],
  ['zod any', z.object({ u: z.any() }), true, false],
  ['zod array of unknown', z.object({ u: z.array(z.unknown()) }), true, false],
  ['zod recursion at the root', Tree, false, false],
  ['zod recursion, named', NamedTree, false, false],
  ['TypeBox object (open to other properties)', Type.Object({ a: Type.String() }), true, false],
  [
    'TypeBox object, additionalProperties false',
    Type.Object({ a: Type.String() }, { additionalProperties: false }),
    true,
    true,
  ],
  [
    'uniqueItems (items compared as deep as they go)',
    { type: 'array', items: {}, uniqueItems: true },
    false,
    false,
  ],
  ['an array without items', { type: 'array' }, true, false],
  ['true', { type: 'object', properties: { a: true }, additionalProperties: false }, true, false],
  ['a branch the data chooses', { if: { type: 'string' }, then: { maxLength: 3 } }, true, false],
  ['a reference out of the document', { $ref: 'https://example.com/schema.json' }, false, false],
];

describe('boundsDepth', () => {
  test.each(cases)('%s: input %s, output %s', (_name, schema, input, output) => {
    expect(boundsDepth(toJsonSchema(schema, 'request'), false)).toBe(input);
    expect(boundsDepth(toJsonSchema(schema, 'response'), true)).toBe(output);
  });
});
