import Type from 'typebox';
import { z } from 'zod';
import {
  change,
  field,
  migrateProblem,
  migrateRequest,
  migrateResponse,
  VersionHistory,
} from '../../src/changes/index.js';

/** A zod body whose output differs from its input (a default): the handler must read the output. */
export const ZodMember = z.object({ name: z.string().min(1), tags: z.array(z.string()).default([]) });

/** A zod schema that recurses: validating it walks a body as deep as the body goes. */
interface Tree {
  readonly name: string;
  readonly children: readonly Tree[];
}
export const ZodTree: z.ZodType<Tree> = z.object({
  name: z.string(),
  get children() {
    return z.array(ZodTree);
  },
});

/** The same through TypeBox: a plain JSON Schema, whose output is the body as sent. */
export const TypeBoxMember = Type.Object({
  name: Type.String({ minLength: 1 }),
  age: Type.Optional(Type.Integer()),
});

/** The history of the version changes example: `name` became `fullName`, then users got an address. */
export const Address = z.object({ city: z.string(), street: z.string() }).meta({ id: 'Address' });
export const User = z
  .object({ id: z.string(), fullName: z.string(), address: Address.nullable() })
  .meta({ id: 'User' });

export const versions = ['2024-01-01', '2024-06-01', '2025-01-01'] as const;

export const history = new VersionHistory(versions, {
  '2024-06-01': [
    change('A user\'s name is "fullName"', [field(User, 'fullName').renamedFrom('name')]),
    change('Old clients are told apart', [
      migrateRequest(User, (body, request) => {
        request?.headers.set('x-flag', 'from-2024-01-01');
        request?.query.set('from', 'old');
        return body;
      }),
      migrateResponse(User, (body, response) => {
        response?.headers.set('x-legacy', '1');
        return body;
      }),
      migrateProblem((problem) => ({ ...problem, legacy: true })),
    ]),
  ],
  '2025-01-01': [change('Users have an address', [field(User, 'address').added({ default: null })])],
});
