// The table of instructions, row by row: what each does to an older request migrated up, to a newer response
// migrated down, and to the schema in the older version. The subject is `Thing { a: string; b?: number }` (HEAD),
// changed in version `v2` of the history `['v1', 'v2']`.
import { field, type Instruction, migrateRequest, migrateResponse } from '../../src/changes/index.js';
import type { Schemas } from './schemas.js';

export interface InstructionCase {
  /** The row, as the table writes it. */
  readonly name: string;
  readonly instruction: (schemas: Schemas) => Instruction;
  /** An object as a `v1` client sends it, and what the handler (HEAD) reads after migrating it up. */
  readonly up: readonly (readonly [older: Record<string, unknown>, head: Record<string, unknown>])[];
  /** An object as the handler (HEAD) returns it, and what a `v1` client receives after migrating it down. */
  readonly down: readonly (readonly [head: Record<string, unknown>, older: Record<string, unknown>])[];
  /** `Thing` in `v1`: its properties' names in order, their types, and `required`. */
  readonly older: {
    readonly properties: readonly string[];
    readonly types: Readonly<Record<string, string>>;
    readonly required: readonly string[];
  };
}

const asHead = { properties: ['a', 'b'], types: { a: 'string', b: 'number' }, required: ['a'] } as const;

export const instructionCases: readonly InstructionCase[] = [
  {
    name: 'field(S, f).renamedFrom(old)',
    instruction: ({ Thing }) => field(Thing, 'a').renamedFrom('title'),
    up: [
      [
        { title: 'x', b: 1 },
        { a: 'x', b: 1 },
      ],
      [{ b: 1 }, { b: 1 }],
    ],
    down: [
      [
        { a: 'x', b: 1 },
        { title: 'x', b: 1 },
      ],
      [{ b: 1 }, { b: 1 }],
    ],
    older: { properties: ['title', 'b'], types: { title: 'string', b: 'number' }, required: ['title'] },
  },
  {
    name: 'field(S, f).added({ default })',
    instruction: ({ Thing }) => field(Thing, 'b').added({ default: 0 }),
    up: [
      [{ a: 'x' }, { a: 'x', b: 0 }],
      [
        { a: 'x', b: 5 },
        { a: 'x', b: 5 },
      ],
    ],
    down: [
      [{ a: 'x', b: 1 }, { a: 'x' }],
      [{ a: 'x' }, { a: 'x' }],
    ],
    older: { properties: ['a'], types: { a: 'string' }, required: ['a'] },
  },
  {
    name: 'field(S, f).added() — no default: left absent',
    instruction: ({ Thing }) => field(Thing, 'b').added(),
    up: [[{ a: 'x' }, { a: 'x' }]],
    down: [[{ a: 'x', b: 1 }, { a: 'x' }]],
    older: { properties: ['a'], types: { a: 'string' }, required: ['a'] },
  },
  {
    name: 'field(S, f).removed({ schema, value })',
    instruction: ({ Thing, string }) => field(Thing, 'c').removed({ schema: string, value: 'gone' }),
    up: [
      [{ a: 'x', c: 'old' }, { a: 'x' }],
      [{ a: 'x' }, { a: 'x' }],
    ],
    down: [[{ a: 'x' }, { a: 'x', c: 'gone' }]],
    older: { properties: ['a', 'b', 'c'], types: { a: 'string', b: 'number', c: 'string' }, required: ['a'] },
  },
  {
    name: 'field(S, f).removed({ schema, value: (object) => value, required: true })',
    instruction: ({ Thing, string }) =>
      field(Thing, 'c').removed({
        schema: string,
        value: (object: { a: string }) => object.a.toUpperCase(),
        required: true,
      }),
    up: [[{ a: 'x', c: 'X' }, { a: 'x' }]],
    down: [
      [
        { a: 'x', b: 2 },
        { a: 'x', b: 2, c: 'X' },
      ],
    ],
    older: {
      properties: ['a', 'b', 'c'],
      types: { a: 'string', b: 'number', c: 'string' },
      required: ['a', 'c'],
    },
  },
  {
    name: 'field(S, f).removed({ schema }) — no value: left absent',
    instruction: ({ Thing, number }) => field(Thing, 'c').removed({ schema: number }),
    up: [[{ a: 'x', c: 3 }, { a: 'x' }]],
    down: [[{ a: 'x' }, { a: 'x' }]],
    older: { properties: ['a', 'b', 'c'], types: { a: 'string', b: 'number', c: 'number' }, required: ['a'] },
  },
  {
    name: 'field(S, f).retyped({ schema, up, down })',
    instruction: ({ Thing, string }) =>
      field(Thing, 'b').retyped({ schema: string, up: (value: string) => Number(value), down: String }),
    up: [
      [
        { a: 'x', b: '2' },
        { a: 'x', b: 2 },
      ],
      [{ a: 'x' }, { a: 'x' }],
    ],
    down: [
      [
        { a: 'x', b: 2 },
        { a: 'x', b: '2' },
      ],
      [{ a: 'x' }, { a: 'x' }],
    ],
    older: { properties: ['a', 'b'], types: { a: 'string', b: 'string' }, required: ['a'] },
  },
  {
    name: 'field(S, f).madeRequired({ default })',
    instruction: ({ Thing }) => field(Thing, 'a').madeRequired({ default: 'anonymous' }),
    up: [
      [{ b: 1 }, { a: 'anonymous', b: 1 }],
      [{ a: 'x' }, { a: 'x' }],
    ],
    down: [
      [
        { a: 'x', b: 1 },
        { a: 'x', b: 1 },
      ],
    ],
    older: { ...asHead, required: [] },
  },
  {
    name: 'field(S, f).madeOptional({ value })',
    instruction: ({ Thing }) => field(Thing, 'b').madeOptional({ value: 0 }),
    up: [[{ a: 'x' }, { a: 'x' }]],
    down: [
      [{ a: 'x' }, { a: 'x', b: 0 }],
      [
        { a: 'x', b: 4 },
        { a: 'x', b: 4 },
      ],
    ],
    older: { ...asHead, required: ['a', 'b'] },
  },
  {
    name: 'migrateRequest(S, fn)',
    instruction: ({ Thing }) =>
      migrateRequest(Thing, (object: { a: string; words: string[] }) => ({
        a: object.words.join(' '),
      })),
    up: [[{ words: ['x', 'y'] }, { a: 'x y' }]],
    down: [
      [
        { a: 'x', b: 1 },
        { a: 'x', b: 1 },
      ],
    ],
    older: asHead,
  },
  {
    name: 'migrateResponse(S, fn)',
    instruction: ({ Thing }) =>
      migrateResponse(Thing, (object: { a: string }) => ({ ...object, words: object.a.split(' ') })),
    up: [[{ a: 'x y' }, { a: 'x y' }]],
    down: [[{ a: 'x y' }, { a: 'x y', words: ['x', 'y'] }]],
    older: asHead,
  },
];
