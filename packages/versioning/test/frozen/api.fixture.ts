// Small APIs to freeze: users read and replaced in three versions, the newest schemas written by the test.
/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures are JSON documents edited in place by path */
import { change, field, type Change, VersionHistory } from '../../src/changes/index.js';
import type { FrozenApi } from '../../src/frozen/index.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

export const versions = ['v1', 'v2', 'v3'] as const;

/** The newest `User`, as JSON Schema: `fullName` (renamed from `name` in v2), `role`, `age`. */
export function userSchema(edit: (schema: any) => void = () => {}): Record<string, unknown> {
  const schema = {
    $id: 'User',
    type: 'object',
    properties: {
      fullName: { type: 'string' },
      role: { type: 'string', enum: ['admin', 'member'] },
      age: { type: 'integer' },
    },
    required: ['fullName', 'role'],
    additionalProperties: false,
  };
  edit(schema);
  return schema;
}

/**
 * The API: `User` as `userSchema(edit)` gives it, the history's v2 renaming `name` to `fullName`, and `changes` (made
 * from the schema) added to a version.
 */
export function usersApi(
  edit?: (schema: any) => void,
  more: (User: Record<string, unknown>) => Partial<Record<'v2' | 'v3', Change[]>> = () => ({}),
): FrozenApi {
  const User = userSchema(edit);
  const extra = more(User);
  const history = new VersionHistory(versions, {
    v2: [
      change('A user\'s name is "fullName"', [field(User, 'fullName').renamedFrom('name')]),
      ...(extra.v2 ?? []),
    ],
    ...(extra.v3 && { v3: extra.v3 }),
  });
  const scheme = new URLPathVersioning({ allowedVersions: [...versions] });
  const urlconf = new UrlConf([
    path('/:version/users/:pk/', 'user', {
      name: 'user',
      methods: ['GET', 'PUT'],
      request: User,
      response: User,
    }),
    path('/:version/users/', 'users', { name: 'users', methods: ['POST'], request: User, response: User }),
  ]);
  return { urlconf, scheme, changes: history };
}

export { change, field };
