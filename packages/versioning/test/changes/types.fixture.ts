// Compiled, never run, by types.test.ts (`tsc --strict`). Each `@ts-expect-error` is a mistake the types must catch.
import Type from 'typebox';
import { expectTypeOf } from 'vitest';
import { z } from 'zod';
import { change, field, migrateRequest, VersionHistory } from '../../src/changes/index.js';

const User = z.object({ id: z.string(), age: z.number().default(0) }).meta({ id: 'User' });
const renamed = change('A user’s id', [field(User, 'id').renamedFrom('key')]);

const history = new VersionHistory(['a', 'b'] as const, { b: [renamed] });
expectTypeOf(history.versions).toEqualTypeOf<readonly ('a' | 'b')[]>();
expectTypeOf(history.head).toEqualTypeOf<'a' | 'b'>();

// @ts-expect-error: "c" is not one of the versions
new VersionHistory(['a', 'b'] as const, { c: [renamed] });

// history.migrate returns the schema's output type.
expectTypeOf(history.migrate(User, {}, { to: 'a' })).toEqualTypeOf<{ id: string; age: number }>();
// A TypeBox schema is a schema (its static type is TypeBox's own to compute).
const Box = Type.Object({ id: Type.String() }, { $id: 'Box' });
field(Box, 'id');
history.migrate(Box, {}, { to: 'a' });
history.schemaFor(Box, 'b', 'response');

// @ts-expect-error: "c" is not a version of this history
history.migrate(User, {}, { to: 'c' });
// @ts-expect-error: nor as `from`
history.migrate(User, {}, { from: 'c', to: 'a' });
// @ts-expect-error: nor in schemaFor
history.schemaFor(User, 'c');
// @ts-expect-error: nor in isApplied
history.isApplied(renamed, 'c');
// @ts-expect-error: the direction is 'request' or 'response'
history.schemaFor(User, 'a', 'input');
// @ts-expect-error: `to` is required
history.migrate(User, {}, { from: 'a' });

// The escape hatches' second argument is typed.
migrateRequest(User, (body, request) => {
  expectTypeOf(request).toEqualTypeOf<import('../../src/changes/index.js').RequestInfo | undefined>();
  return body;
});
