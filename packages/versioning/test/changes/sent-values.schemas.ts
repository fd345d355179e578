// What handlers send in the tests of what is sent (test/changes/sent-values*.test.ts and the body contract of every
// adapter): ORM-style records with toJSON(), a discriminated union with another branch's secret and a nested one, a
// cached object that a migration changes, and a migration that throws.
import { z } from 'zod';
import { change, field, migrateResponse, VersionHistory } from '../../src/changes/index.js';

/** A user as clients see it, `fullName` called `name` before v2. */
export const SentUser = z.object({ id: z.number(), fullName: z.string() }).meta({ id: 'SentUser' });

/** An ORM-style record: its fields on the instance, `toJSON()` choosing what leaves. */
export class UserRecord {
  readonly id = 1;
  readonly fullName = 'Ada';
  readonly passwordHash = '$argon2id$v=19$m=65536$secret';
  toJSON(): { id: number; fullName: string } {
    return { id: this.id, fullName: this.fullName };
  }
}

/**
 * A Sequelize-style model: its data in `dataValues` (none of it an own property of the model), `toJSON()` giving
 * it without the password hash.
 */
export class Model {
  readonly dataValues: Record<string, unknown>;
  constructor(values: Record<string, unknown>) {
    this.dataValues = values;
  }
  get id(): unknown {
    return this.dataValues['id'];
  }
  toJSON(): Record<string, unknown> {
    const { passwordHash: _hidden, ...sent } = this.dataValues;
    return sent;
  }
}

/**
 * A user whose schema lets other properties through but closes its address. Named: an unnamed copy of SentUser's
 * fields would be refused at mount, as the history renames SentUser's `fullName`.
 */
export const OpenUser = z
  .looseObject({
    id: z.number(),
    fullName: z.string(),
    address: z.object({ city: z.string() }),
  })
  .meta({ id: 'OpenUser' });

/** A record of {@link OpenUser}: the password hash its own property, which its `toJSON()` leaves out. */
export class OpenUserRecord {
  readonly id = 1;
  readonly fullName = 'Ada';
  readonly passwordHash = '$argon2id$v=19$m=65536$secret';
  readonly address = { city: 'London', secret: 'door code 1234' };
  toJSON(): Record<string, unknown> {
    return { id: this.id, fullName: this.fullName, address: this.address };
  }
}

/** A discriminated union: an admin has an API key, a member a profile. */
export const Member = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('admin'), name: z.string(), apiKey: z.string() }),
  z.object({ kind: z.literal('member'), name: z.string(), profile: z.object({ bio: z.string() }) }),
]);

/** A member as a handler may hand it over: another branch's key, and more in its profile than the schema has. */
export const reportedMember = Object.freeze({
  kind: 'member',
  name: 'Ada',
  apiKey: 'sk_live_51HxQpL',
  profile: Object.freeze({ bio: 'x', ssn: '078-05-1120' }),
});

/** What the schema lets through of {@link reportedMember}. */
export const memberAsSent = { kind: 'member', name: 'Ada', profile: { bio: 'x' } };

/** Accounts whose owners have profiles, nested in an array. */
export const Accounts = z.object({
  accounts: z.array(
    z.object({ owner: z.object({ name: z.string(), profile: z.object({ bio: z.string() }) }) }),
  ),
});

/** A person with an address and tags, which a migration to v1 changes in place. */
export const Person = z
  .object({
    id: z.number(),
    address: z.object({ city: z.string() }),
    tags: z.array(z.string()),
  })
  .meta({ id: 'SentPerson' });

/** A cached person, as a handler keeps one between requests (not frozen: a migration could change it). */
export function cachedPerson(): { id: number; address: { city: string }; tags: string[] } {
  return { id: 7, address: { city: 'Leeds' }, tags: ['a'] };
}

/** The person as v1 clients receive it. */
export const personInV1 = { id: 7, address: { city: 'LEEDS' }, tags: ['a', 'old'] };

/** A schema whose migration to v1 throws. */
export const Fragile = z.object({ a: z.string() }).meta({ id: 'SentFragile' });

/** The error the migration of {@link Fragile} throws. */
export const migrationError = new Error('migration failed: internals');

export const sentVersions = ['v1', 'v2'] as const;

/** v2 renamed a user's `name`; v1 clients get people in capitals with a tag, written into what the migration gets. */
export const sentHistory = new VersionHistory(sentVersions, {
  v2: [
    change('"name" is "fullName"', [field(SentUser, 'fullName').renamedFrom('name')]),
    change('v1 clients read cities in capitals and an "old" tag', [
      migrateResponse(Person, (person: { address: { city: string }; tags: string[] }) => {
        person.address.city = person.address.city.toUpperCase();
        person.tags.push('old');
        return person;
      }),
      migrateResponse(Fragile, () => {
        throw migrationError;
      }),
    ]),
  ],
});
