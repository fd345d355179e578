// The named schemas of the enum tests, written three ways: zod (`z.enum`), TypeBox (a union of literals, which it
// writes as an `anyOf` of `const`s, and `Type.Enum`, an `enum`) and plain JSON Schema.
import Type from 'typebox';
import { z } from 'zod';
import type { Schema } from '../../src/changes/index.js';

export interface EnumSchemas {
  /** `Role`: `'owner' | 'member' | 'guest'`, a named enum of its own. */
  readonly Role: Schema;
  /**
   * `Member { id: string; role: Role; status: 'active' | 'closed'; roles: Role[]; backup: Role | null;
   * tags: Record<string, Role> }`: an unnamed enum at `/properties/status`.
   */
  readonly Member: Schema;
  /** `Team { lead: Role; teams: Team[] }`: recursive. */
  readonly Team: Schema;
  /** `{ data: Member[] }`, unnamed. */
  readonly MemberList: Schema;
}

export type EnumFlavour = 'zod' | 'typebox' | 'json';

function zodSchemas(): EnumSchemas {
  const Role = z.enum(['owner', 'member', 'guest']).meta({ id: 'Role' });
  const Member = z
    .object({
      id: z.string(),
      role: Role,
      status: z.enum(['active', 'closed']),
      roles: z.array(Role),
      backup: Role.nullable(),
      tags: z.record(z.string(), Role),
    })
    .meta({ id: 'Member' });
  const Team = z
    .object({
      lead: Role,
      get teams() {
        return z.array(Team);
      },
    })
    .meta({ id: 'Team' });
  return { Role, Member, Team, MemberList: z.object({ data: z.array(Member) }) };
}

function typeboxSchemas(): EnumSchemas {
  const closed = { additionalProperties: false } as const;
  const Role = Type.Union([Type.Literal('owner'), Type.Literal('member'), Type.Literal('guest')], {
    $id: 'Role',
  });
  const Member = Type.Object(
    {
      id: Type.String(),
      role: Role,
      status: Type.Enum(['active', 'closed']),
      roles: Type.Array(Role),
      backup: Type.Union([Role, Type.Null()]),
      tags: Type.Record(Type.String(), Role),
    },
    { $id: 'Member', ...closed },
  );
  const Team = Type.Cyclic(
    { Team: Type.Object({ lead: Role, teams: Type.Array(Type.Ref('Team')) }, closed) },
    'Team',
  );
  return { Role, Member, Team, MemberList: Type.Object({ data: Type.Array(Member) }, closed) };
}

function jsonSchemas(): EnumSchemas {
  const role = { type: 'string', enum: ['owner', 'member', 'guest'] };
  const Member = {
    $id: 'Member',
    type: 'object',
    properties: {
      id: { type: 'string' },
      role: { $ref: '#/$defs/Role' },
      status: { type: 'string', enum: ['active', 'closed'] },
      roles: { type: 'array', items: { $ref: '#/$defs/Role' } },
      backup: { anyOf: [{ $ref: '#/$defs/Role' }, { type: 'null' }] },
      tags: { type: 'object', additionalProperties: { $ref: '#/$defs/Role' } },
    },
    required: ['id', 'role', 'status', 'roles', 'backup', 'tags'],
    additionalProperties: false,
    $defs: { Role: role },
  };
  return {
    Role: { $id: 'Role', ...role },
    Member,
    Team: {
      $id: 'Team',
      type: 'object',
      properties: { lead: { $ref: '#/$defs/Role' }, teams: { type: 'array', items: { $ref: '#' } } },
      required: ['lead', 'teams'],
      additionalProperties: false,
      $defs: { Role: role },
    },
    MemberList: {
      type: 'object',
      properties: { data: { type: 'array', items: Member } },
      required: ['data'],
      additionalProperties: false,
    },
  };
}

/** Fresh schemas of a flavour. */
export const enumFlavours: Readonly<Record<EnumFlavour, () => EnumSchemas>> = {
  zod: zodSchemas,
  typebox: typeboxSchemas,
  json: jsonSchemas,
};

export const enumFlavourNames = Object.keys(enumFlavours) as EnumFlavour[];
