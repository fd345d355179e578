import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { change, enumOf, field, VersionHistory } from '../../src/changes/index.js';
import { route, schema } from '../../src/changes/named-instructions.js';
import { planRouteSchemas } from '../../src/changes/route-schemas.js';
import { compiles, deepFreeze, thrown } from './schemas.js';
import { type EnumFlavour, enumFlavourNames, enumFlavours } from './enums.schemas.js';

const versions = ['v1', 'v2', 'v3'] as const;

/**
 * v1: Role `admin | member`, status `active | closed | suspended`; v2: `admin` is `owner`, no `suspended`;
 * v3 (HEAD): Role has `guest`.
 */
function enumHistory(flavour: EnumFlavour) {
  const schemas = enumFlavours[flavour]();
  const { Role, Member } = schemas;
  const history = new VersionHistory(versions, {
    v2: [
      change('Admins are owners', [enumOf(Role).renamedMembers({ owner: 'admin' })]),
      change('No suspended members', [
        enumOf(Member, '/properties/status').removedMembers(['suspended'], { up: () => 'closed' }),
      ]),
    ],
    v3: [change('Guests', [enumOf(Role).addedMembers(['guest'], { down: () => 'member' })])],
  });
  return { ...schemas, history };
}

const enumIn = (json: Record<string, unknown>, name: string): unknown => {
  const def = (json.$defs as Record<string, Record<string, unknown>>)[name] as Record<string, unknown>;
  return Array.isArray(def.enum)
    ? def.enum
    : (def.anyOf as { const: unknown }[]).map((branch) => branch.const);
};

const headMember = {
  id: '1',
  role: 'guest',
  status: 'active',
  roles: ['owner', 'guest', 'member'],
  backup: 'owner',
  tags: { a: 'owner', b: 'guest' },
};
/** `headMember` in v1: "guest" is "member", "owner" is "admin". */
const v1Member = {
  ...headMember,
  role: 'member',
  roles: ['admin', 'member', 'member'],
  backup: 'admin',
  tags: { a: 'admin', b: 'member' },
};

describe.each(enumFlavourNames)('enums, with %s schemas', (flavour) => {
  test('schemaFor: each version has its own members, in the form the schema wrote them', () => {
    const { history, Member, Role } = enumHistory(flavour);
    for (const direction of ['request', 'response'] as const) {
      const members = versions.map((version) =>
        enumIn(history.schemaFor(Member, version, direction), 'Role'),
      );
      expect(members).toEqual([
        ['admin', 'member'],
        ['owner', 'member'],
        ['owner', 'member', 'guest'],
      ]);
      const statuses = versions.map((version) => {
        const json = history.schemaFor(Member, version, direction);
        const def = (json.$defs as Record<string, { properties: { status: { enum: unknown } } }>).Member;
        return def?.properties.status.enum;
      });
      expect(statuses).toEqual([
        ['active', 'closed', 'suspended'],
        ['active', 'closed'],
        ['active', 'closed'],
      ]);
      expect(enumIn(history.schemaFor(Role, 'v1', direction), 'Role')).toEqual(['admin', 'member']);
    }
    const oldest = compiles(history.schemaFor(Member, 'v1'));
    expect(oldest({ ...v1Member, status: 'suspended' })).toBe(true);
    expect(oldest(headMember)).toBe(false);
    for (const version of versions) compiles(history.schemaFor(Member, version, 'response'));
  });

  test('down: a renamed member gets its old name, an added one goes through down — in lists, records, nullable', () => {
    const { history, Member, MemberList } = enumHistory(flavour);
    const value = deepFreeze(structuredClone(headMember));
    expect(history.migrate(Member, value, { to: 'v1' })).toEqual(v1Member);
    expect(history.migrate(Member, value, { to: 'v2' })).toEqual({
      ...headMember,
      role: 'member',
      roles: ['owner', 'member', 'member'],
      tags: { a: 'owner', b: 'member' },
    });
    expect(history.migrate(MemberList, deepFreeze({ data: [value, value] }), { to: 'v1' })).toEqual({
      data: [v1Member, v1Member],
    });
    expect(history.migrate(Member, { ...headMember, backup: null }, { to: 'v1' })).toEqual({
      ...v1Member,
      backup: null,
    });
  });

  test('up: an old name becomes the new one, a removed member goes through up', () => {
    const { history, Member } = enumHistory(flavour);
    const old = deepFreeze({ ...v1Member, status: 'suspended' });
    expect(history.migrate(Member, old, { from: 'v1', to: 'v3' })).toEqual({
      ...v1Member,
      role: 'member',
      status: 'closed',
      roles: ['owner', 'member', 'member'],
      backup: 'owner',
      tags: { a: 'owner', b: 'member' },
    });
    expect(history.migrate(Member, old, { from: 'v1', to: 'v2' })).toEqual(
      history.migrate(Member, old, { from: 'v1', to: 'v3' }),
    );
  });

  test('a named enum at the top, and in a recursive schema', () => {
    const { history, Role, Team } = enumHistory(flavour);
    expect(history.migrate(Role, 'guest', { to: 'v1' })).toBe('member');
    expect(history.migrate(Role, 'owner', { to: 'v1' })).toBe('admin');
    expect(history.migrate(Role, 'admin', { from: 'v1', to: 'v3' })).toBe('owner');
    const tree = deepFreeze({
      lead: 'owner',
      teams: [{ lead: 'guest', teams: [{ lead: 'owner', teams: [] }] }],
    });
    expect(history.migrate(Team, tree, { to: 'v1' })).toEqual({
      lead: 'admin',
      teams: [{ lead: 'member', teams: [{ lead: 'admin', teams: [] }] }],
    });
    // Without an added member, nothing is lost on the way: down then up gives the tree back.
    const kept = deepFreeze({
      lead: 'owner',
      teams: [{ lead: 'member', teams: [{ lead: 'owner', teams: [] }] }],
    });
    const old = history.migrate(Team, kept, { to: 'v1' });
    expect(history.migrate(Team, old, { from: 'v1', to: 'v3' })).toEqual(kept);
  });

  test('a value of no mapping passes unchanged; one walk equals version by version', () => {
    const { history, Member } = enumHistory(flavour);
    const odd = { ...headMember, role: 'nobody', roles: [1, null, 'member'], backup: { role: 'owner' } };
    expect(history.migrate(Member, odd, { to: 'v1' })).toEqual({
      ...v1Member,
      role: 'nobody',
      roles: [1, null, 'member'],
      backup: { role: 'owner' },
    });
    const stepwise = history.migrate(Member, history.migrate(Member, headMember, { to: 'v2' }), {
      from: 'v2',
      to: 'v1',
    });
    expect(stepwise).toEqual(history.migrate(Member, headMember, { to: 'v1' }));
  });

  test('a route: an older request with a removed member is valid and migrated up; a newer member is refused', () => {
    const { history, Member } = enumHistory(flavour);
    const plan = planRouteSchemas('test', { label: '/members/', name: 'members', request: Member }, history);
    const valid = compiles(plan.request?.jsonSchema('v1') as never);
    const old = { ...v1Member, status: 'suspended' };
    expect(valid(old)).toBe(true);
    expect(valid({ ...v1Member, role: 'guest' })).toBe(false);
    expect(valid({ ...v1Member, role: 'owner' })).toBe(false);
    expect(plan.request?.up(old, 'v1', undefined)).toMatchObject({
      role: 'member',
      status: 'closed',
      backup: 'owner',
    });
  });
});

describe('enums the history checks when it is made', () => {
  const { Role, Member } = enumFlavours.zod();
  const make = (instruction: ReturnType<ReturnType<typeof enumOf>['renamedMembers']>) => () =>
    new VersionHistory(['v1', 'v2'], { v2: [change('The change', [instruction])] });
  const cases = [
    {
      name: 'a pointer to no enum',
      make: make(enumOf(Member, '/properties/id').renamedMembers({ a: 'b' })),
      message: [
        '"The change"',
        '"v2"',
        'enumOf(Member, "/properties/id")',
        'Member',
        'no enum at "/properties/id"',
      ],
    },
    {
      name: 'a pointer to a named enum',
      make: make(enumOf(Member, '/properties/role').renamedMembers({ owner: 'admin' })),
      message: ['no enum at "/properties/role"', 'it refers to Role', 'enumOf(Role)'],
    },
    {
      name: 'a pointer through a keyword the walker does not follow',
      make: make(enumOf(Member, '/allOf/0').renamedMembers({ a: 'b' })),
      message: ['"/allOf/0"', 'cannot follow'],
    },
    {
      name: 'an added member that is not there',
      make: make(enumOf(Role).addedMembers(['boss'], { down: () => 'member' })),
      message: [
        '"The change"',
        '"v2"',
        'enumOf(Role).addedMembers',
        'no member "boss"',
        '"owner", "member", "guest"',
      ],
    },
    {
      name: 'a removed member still there',
      make: make(enumOf(Role).removedMembers(['member'], { up: () => 'owner' })),
      message: ['enumOf(Role).removedMembers', 'still has member "member"'],
    },
    {
      name: 'a renamed-to member that is not there',
      make: make(enumOf(Member, '/properties/status').renamedMembers({ done: 'closed' })),
      message: ['enumOf(Member, "/properties/status").renamedMembers', 'no member "done"', 'to rename'],
    },
    {
      name: 'a rename onto a member that is there',
      make: make(enumOf(Role).renamedMembers({ owner: 'member' })),
      message: ['already has a member "member"', 'rename "owner" back to'],
    },
  ];
  test.each(cases)('$name', ({ make: run, message }) => {
    const error = thrown(run);
    expect(error).toBeInstanceOf(TypeError);
    expect(error.code).toBe('ERR_VERSIONING_INVALID_HISTORY');
    for (const part of message) expect(error.message).toContain(part);
  });

  test('checked against the enum as it is in that version: a later rename moves what an earlier change sees', () => {
    // In v2 the member is "owner" (v3 renamed it "lead"): v2's instruction names the member of its own version.
    const Rank = { $id: 'Rank', type: 'string', enum: ['lead', 'member'] };
    const ok = new VersionHistory(['v1', 'v2', 'v3'], {
      v2: [change('owners', [enumOf(Rank).addedMembers(['owner'], { down: () => 'member' })])],
      v3: [change('leads', [enumOf(Rank).renamedMembers({ lead: 'owner' })])],
    });
    expect(ok.migrate(Rank, 'lead', { to: 'v1' })).toBe('member');
    expect(ok.migrate(Rank, 'lead', { to: 'v2' })).toBe('owner');
    const error = thrown(
      () =>
        new VersionHistory(['v1', 'v2', 'v3'], {
          v2: [change('leads early', [enumOf(Rank).addedMembers(['lead'], { down: () => 'member' })])],
          v3: [change('leads', [enumOf(Rank).renamedMembers({ lead: 'owner' })])],
        }),
    );
    expect(error.message).toContain('"v2"');
    expect(error.message).toContain('no member "lead"');
  });
});

describe('enums of other kinds', () => {
  test('numbers, and a zod enum property migrated through a route response', () => {
    const Level = { $id: 'Level', type: 'integer', enum: [1, 2, 3] };
    const history = new VersionHistory(['v1', 'v2'], {
      v2: [change('Level 3', [enumOf(Level).addedMembers([3], { down: (level: number) => level - 1 })])],
    });
    expect(history.migrate(Level, 3, { to: 'v1' })).toBe(2);
    expect(history.migrate(Level, 1, { to: 'v1' })).toBe(1);
    expect(history.schemaFor(Level, 'v1')).toMatchObject({ $defs: { Level: { enum: [1, 2] } } });
    const Account = z.object({ plan: z.enum(['free', 'pro', 'team']) }).meta({ id: 'Account' });
    const accounts = new VersionHistory(['v1', 'v2'], {
      v2: [
        change('Team plan', [
          enumOf(Account, '/properties/plan').addedMembers(['team'], { down: () => 'pro' }),
        ]),
      ],
    });
    const plan = planRouteSchemas('test', { label: '/a/', name: 'a', response: z.array(Account) }, accounts);
    const info = { status: 200, headers: new Headers() };
    expect(plan.response?.down([{ plan: 'team' }, { plan: 'free' }], 'v1', info)).toEqual([
      { plan: 'pro' },
      { plan: 'free' },
    ]);
  });
});

test('property: down then up gives back HEAD’s data through any renames', () => {
  const name = fc.stringMatching(/^[a-z]{1,6}$/);
  fc.assert(
    fc.property(
      fc.uniqueArray(name, { minLength: 2, maxLength: 6 }),
      fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
      fc.array(fc.nat(20), { maxLength: 8 }),
      (members, renamed, picks) => {
        const Kind = { $id: 'Kind', type: 'string', enum: members };
        const renames = Object.fromEntries(
          members.filter((_, index) => renamed[index]).map((member) => [member, `old-${member}`]),
        );
        const later = Object.fromEntries(
          members.filter((_, index) => !renamed[index]).map((member) => [member, `was-${member}`]),
        );
        const list = { type: 'array', items: Kind };
        const changes: Record<string, ReturnType<typeof change>[]> = {};
        if (Object.keys(later).length > 0)
          changes.v2 = [change('first', [enumOf(Kind).renamedMembers(later)])];
        if (Object.keys(renames).length > 0)
          changes.v3 = [change('second', [enumOf(Kind).renamedMembers(renames)])];
        const history = new VersionHistory(versions, changes);
        const data = deepFreeze(picks.map((pick) => members[pick % members.length] as string));
        const old = history.migrate(list, data, { to: 'v1' }) as string[];
        const oldEnum = (history.schemaFor(Kind, 'v1').$defs as { Kind: { enum: string[] } }).Kind.enum;
        expect(old.every((member) => oldEnum.includes(member))).toBe(true);
        expect(history.migrate(list, old, { from: 'v1', to: 'v3' })).toEqual(data);
      },
    ),
  );
});

test('changelog: enum sentences name the members; retypes name both types; renamed schemas and moved routes', () => {
  const { Member } = enumFlavours.zod();
  const Role = z.enum(['owner', 'member', 'guest']).meta({ id: 'Role' });
  const Account = z
    .object({ id: z.string(), owner: Role.nullable(), tags: z.array(z.string()) })
    .meta({ id: 'Account' });
  const history = new VersionHistory(['v1', 'v2'], {
    v2: [
      change('Enums', [
        enumOf(Role).addedMembers(['guest'], { down: () => 'member' }),
        enumOf(Member, '/properties/status').addedMembers(['active', 'closed'], { down: () => 'x' }),
        enumOf(Role).renamedMembers({ owner: 'admin' }),
        enumOf(Member, '/properties/status').removedMembers(['suspended'], { up: () => 'closed' }),
      ]),
      change('Types', [
        field(Account, 'id').retyped({ schema: z.number().int(), up: String, down: Number }),
        field(Account, 'owner').retyped({ schema: z.enum(['a', 'b']), up: String, down: String }),
        field(Account, 'tags').retyped({ schema: z.string().nullable(), up: String, down: String }),
      ]),
      change('Names', [
        schema(Account).renamedFrom('Customer'),
        route('users-detail').movedFrom('/people/:pk/'),
        route('users').movedFrom('/people/', { methods: ['get', 'post'] }),
      ]),
    ],
  });
  expect(history.changelog()[0]?.changes.map((entry) => entry.instructions)).toEqual([
    [
      'Role: member "guest" was added.',
      'Member.status: members "active" and "closed" were added.',
      'Role: member "owner" was renamed from "admin".',
      'Member.status: member "suspended" was removed.',
    ],
    [
      'Account.id changed its type from integer to string.',
      'Account.owner changed its type from "a" | "b" to Role or null.',
      'Account.tags changed its type from string or null to array of string.',
    ],
    [
      'Account was renamed from "Customer".',
      'Route "users-detail" moved from /people/:pk/.',
      'Route "users" moved from /people/ for GET and POST.',
    ],
  ]);
});
