// A route schema derived from a named one (zod's .omit()/.pick()/.extend()/.partial(), TypeBox's Type.Omit…) has
// no name, so the history's instructions would never reach it: it is refused at mount, with the fix in the message,
// and the fix — naming it and listing it in the instruction — migrates it.
import Type from 'typebox';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { change, field, VersionHistory } from '../../src/changes/index.js';
import { planRouteSchemas } from '../../src/changes/route-schemas.js';

const User = z
  .object({ id: z.number(), fullName: z.string(), email: z.string() })
  .meta({ id: 'DerivedUser' });
const renamed = (...schemas: z.ZodType[]) =>
  new VersionHistory(['v1', 'v2'] as const, {
    v2: [change('A name is "fullName"', [field(schemas, 'fullName').renamedFrom('name')])],
  });

const plan = (history: VersionHistory, route: { request?: unknown; response?: unknown }) =>
  planRouteSchemas('mount', { label: '"/users/" (users)', name: 'users', ...route } as never, history);

describe('a route schema derived from a named schema of the history', () => {
  test.each([
    ['zod .omit()', () => User.omit({ id: true }), 'subset'],
    ['zod .pick()', () => User.pick({ fullName: true }), 'subset'],
    ['zod .partial()', () => User.partial(), 'subset'],
    ['zod .extend()', () => User.extend({ password: z.string() }), 'superset'],
  ])('%s as a request body is refused, naming route, pointer, schema and fix', (_, make, kind) => {
    let error: unknown;
    try {
      plan(renamed(User), { request: make() });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ code: 'ERR_VERSIONING_INVALID_SCHEMA' });
    const { message } = error as Error;
    expect(message).toContain('the request schema of route "/users/" (users)');
    expect(message).toContain('at "/"');
    expect(message).toContain(
      `a ${kind} of DerivedUser's, including "fullName", which the history renames in version "v2"`,
    );
    expect(message).toContain('field([DerivedUser, DerivedUserInput], "fullName")');
  });

  test('nested in a response (a list of picked users) is refused at its pointer', () => {
    const List = z.object({ data: z.array(User.pick({ id: true, fullName: true })) });
    expect(() => plan(renamed(User), { response: List })).toThrow(
      /response schema of route "\/users\/" \(users\) has an unnamed object schema at "\/properties\/data\/items"/,
    );
  });

  test('TypeBox Type.Omit of a named schema is refused too', () => {
    const TUser = Type.Object(
      { id: Type.Number(), fullName: Type.String(), email: Type.String() },
      { $id: 'TUser' },
    );
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [change('A name is "fullName"', [field(TUser, 'fullName').renamedFrom('name')])],
    });
    expect(() => plan(history, { request: Type.Omit(TUser, ['id']) })).toThrow(/looks derived from TUser/);
  });

  test('the fix: named and listed in the instruction, it is migrated in every version', () => {
    const UserInput = User.omit({ id: true }).meta({ id: 'DerivedUserInput' });
    const routes = plan(renamed(User, UserInput), { request: UserInput, response: User });
    expect(routes.request?.up({ name: 'Ada', email: 'a@x' }, 'v1', undefined)).toEqual({
      fullName: 'Ada',
      email: 'a@x',
    });
    expect(routes.request?.jsonSchema('v1')).toMatchObject({
      $defs: { DerivedUserInput: { required: ['name', 'email'] } },
    });
    expect(routes.response?.down({ id: 1, fullName: 'Ada', email: 'a@x' }, 'v1', undefined)).toEqual({
      id: 1,
      name: 'Ada',
      email: 'a@x',
    });
  });

  test('objects that are not copies pass: other fields, the named schema itself, or no history change of theirs', () => {
    const Unrelated = z.object({ fullName: z.string(), nickname: z.string(), age: z.number() });
    expect(() => plan(renamed(User), { request: Unrelated, response: User })).not.toThrow();
    const NoInstructed = User.pick({ id: true, email: true });
    expect(() => plan(renamed(User), { request: NoInstructed })).not.toThrow();
    // Without a history, nothing is derived from anything.
    expect(() =>
      planRouteSchemas('mount', { label: '/u/', name: null, request: User.omit({ id: true }) }, null),
    ).not.toThrow();
  });
});
