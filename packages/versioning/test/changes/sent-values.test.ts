// What a route's response plan sends, one example per promise: the handler's value is read as JSON.stringify reads
// it (toJSON first), what the version's schema rules out never gets out (nested objects, the branch of a union), a
// migration function never changes what it was handed, and one that throws throws.
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  change,
  field,
  migrateProblem,
  migrateRequest,
  migrateResponse,
  VersionHistory,
} from '../../src/changes/index.js';
import { planRouteSchemas } from '../../src/changes/route-schemas.js';
import { deepFreeze } from './schemas.js';
import {
  Member,
  memberAsSent,
  Model,
  OpenUser,
  OpenUserRecord,
  reportedMember,
  SentUser,
  UserRecord,
} from './sent-values.schemas.js';

const info = () => ({ status: 200, headers: new Headers() });
/** What a client receives: the plan's answer as the adapters write it. */
const sent = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

const renamed = new VersionHistory(['v1', 'v2'] as const, {
  v2: [change('"name" is "fullName"', [field(SentUser, 'fullName').renamedFrom('name')])],
});

describe('toJSON: the value is read as JSON.stringify reads it', () => {
  test('what toJSON hides is never sent, to new clients or old; an ORM model reaches old clients whole', () => {
    const plan = planRouteSchemas('test', { label: '/u/', name: 'u', response: SentUser }, renamed).response!;
    const user = new UserRecord();
    expect(sent(plan.down(user, 'v2', info()))).toEqual({ id: 1, fullName: 'Ada' });
    expect(sent(plan.down(user, 'v1', info()))).toEqual({ id: 1, name: 'Ada' });
    const model = new Model({ id: 1, fullName: 'Ada', passwordHash: 'x' });
    expect(sent(plan.down(model, 'v1', info()))).toEqual({ id: 1, name: 'Ada' });
    expect(sent(plan.down(model, 'v2', info()))).toEqual({ id: 1, fullName: 'Ada' });
  });

  test('an open schema with a place inside: the record is not copied past its toJSON', () => {
    const Open = { type: 'object', properties: { id: { type: 'number' } } };
    // An open schema that does not describe the address sends it as toJSON() gives it; a closed one leaves out more.
    for (const [response, address] of [
      [z.object({ user: OpenUser }), { city: 'London' }],
      [
        { type: 'object', properties: { user: Open }, additionalProperties: false },
        { city: 'London', secret: 'door code 1234' },
      ],
    ] as const) {
      const plan = planRouteSchemas('test', { label: '/p/', name: null, response }, null).response!;
      const body = sent(plan.down({ user: new OpenUserRecord() }, null, info()));
      expect(body).toEqual({ user: { id: 1, fullName: 'Ada', address } });
      expect(JSON.stringify(body)).not.toContain('argon2');
    }
  });

  test('toJSON is called at every depth with its key; Dates reach migrations as strings', () => {
    const Event = z.object({ at: z.string(), tags: z.array(z.string()) }).meta({ id: 'SentEvent' });
    const seen: unknown[] = [];
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [
        change('"at" was Unix seconds', [
          field(Event, 'at').retyped({
            schema: z.number(),
            up: (seconds: number) => new Date(seconds * 1000).toISOString(),
            down: (iso: unknown) => {
              seen.push(iso);
              return Date.parse(iso as string) / 1000;
            },
          }),
        ]),
      ],
    });
    const plan = planRouteSchemas(
      'test',
      { label: '/e/', name: null, response: z.object({ events: z.array(Event) }) },
      history,
    ).response!;
    const keys: string[] = [];
    const tag = (name: string) => ({
      toJSON(key: string) {
        keys.push(key);
        return name;
      },
    });
    const at = new Date(86_400_000);
    const body = { events: [{ at, tags: [tag('a'), tag('b')], secret: 1 }] };
    expect(sent(plan.down(body, 'v1', info()))).toEqual({ events: [{ at: 86_400, tags: ['a', 'b'] }] });
    expect(seen).toEqual(['1970-01-02T00:00:00.000Z']);
    expect(keys).toEqual(['0', '1']);
    expect(sent(plan.down(body, 'v2', info()))).toEqual({
      events: [{ at: '1970-01-02T00:00:00.000Z', tags: ['a', 'b'] }],
    });
  });
});

describe('leaks: what the schema rules out is left out at every depth and in the branch a value belongs to', () => {
  const reported = reportedMember;

  test("a discriminated union: the other branch's apiKey and a nested profile's ssn are not sent", () => {
    const plan = planRouteSchemas('test', { label: '/m/', name: null, response: Member }, null).response!;
    const body = sent(plan.down(deepFreeze(structuredClone(reported)), null, info()));
    expect(body).toEqual(memberAsSent);
    expect(JSON.stringify(body)).not.toMatch(/sk_live|078-05/);
    // The same inside arrays, records and nullable places.
    const around = z.object({
      list: z.array(Member),
      byId: z.record(z.string(), Member),
      maybe: Member.nullable(),
    });
    const deep = planRouteSchemas('test', { label: '/d/', name: null, response: around }, null).response!;
    const text = JSON.stringify(
      deep.down({ list: [reported], byId: { a: reported }, maybe: reported }, null, info()),
    );
    expect(text).not.toMatch(/sk_live|078-05/);
    expect(JSON.parse(text)).toEqual({
      list: [{ kind: 'member', name: 'Ada', profile: { bio: 'x' } }],
      byId: { a: { kind: 'member', name: 'Ada', profile: { bio: 'x' } } },
      maybe: { kind: 'member', name: 'Ada', profile: { bio: 'x' } },
    });
  });

  test('the branch named is the one that filters, even when the value would fit another', () => {
    const plan = planRouteSchemas('test', { label: '/m/', name: null, response: Member }, null).response!;
    expect(
      sent(plan.down({ kind: 'admin', name: 'A', apiKey: 'k', profile: { bio: 'b' } }, null, info())),
    ).toEqual({ kind: 'admin', name: 'A', apiKey: 'k' });
  });

  test('a union without a discriminator: the first branch the value matches', () => {
    const Contact = z.union([
      z.object({ email: z.string(), verified: z.boolean() }),
      z.object({ phone: z.string(), country: z.object({ code: z.string() }) }),
    ]);
    const plan = planRouteSchemas('test', { label: '/c/', name: null, response: Contact }, null).response!;
    expect(
      sent(
        plan.down({ phone: '1', country: { code: 'GB', secret: 1 }, verified: true, pin: 9 }, null, info()),
      ),
    ).toEqual({ phone: '1', country: { code: 'GB' } });
    expect(sent(plan.down({ email: 'a@b', verified: false, phone: '1' }, null, info()))).toEqual({
      email: 'a@b',
      verified: false,
    });
  });

  test('a value no branch accepts keeps only what every branch lets through', () => {
    const plan = planRouteSchemas('test', { label: '/m/', name: null, response: Member }, null).response!;
    expect(sent(plan.down({ ...reported, kind: 'ghost' }, null, info()))).toEqual({
      kind: 'ghost',
      name: 'Ada',
    });
  });

  test('only additionalProperties: false rules a property out; a closed object with no properties sends none', () => {
    const open = { type: 'object', properties: { a: { type: 'string' } } };
    const closedEmpty = { type: 'object', additionalProperties: false };
    const response = {
      type: 'object',
      properties: { open, closedEmpty },
      additionalProperties: false,
    };
    const plan = planRouteSchemas('test', { label: '/o/', name: null, response }, null).response!;
    expect(
      sent(plan.down({ open: { a: 'x', b: 1 }, closedEmpty: { c: 1 }, other: 1 }, null, info())),
    ).toEqual({ open: { a: 'x', b: 1 }, closedEmpty: {} });
  });

  test('patternProperties values are walked too', () => {
    const response = {
      type: 'object',
      properties: {},
      patternProperties: {
        '^x-': { type: 'object', properties: { v: { type: 'string' } }, additionalProperties: false },
      },
      additionalProperties: false,
    };
    const plan = planRouteSchemas('test', { label: '/p/', name: null, response }, null).response!;
    expect(sent(plan.down({ 'x-a': { v: '1', secret: 2 }, y: 1 }, null, info()))).toEqual({
      'x-a': { v: '1' },
    });
  });
});

describe("each version's schema decides, however the walk is planned", () => {
  test('a field removed without a value: its older clients get it when the handler has it, one walk or several', () => {
    const Item = z.object({ id: z.string() }).meta({ id: 'SentItem' });
    const Other = z.object({ n: z.number() }).meta({ id: 'SentOther' });
    const removed = change('"legacy" is gone', [field(Item, 'legacy').removed({ schema: z.string() })]);
    const fused = new VersionHistory(['v1', 'v2'] as const, { v2: [removed] });
    // A migration function anywhere in the version makes the plan walk it version by version.
    const stepwise = new VersionHistory(['v1', 'v2'] as const, {
      v2: [removed, change('c', [migrateResponse(Other, (other: unknown) => other)])],
    });
    const response = z.object({ item: Item, other: Other.optional() });
    const body = deepFreeze({ item: { id: '1', legacy: 'x', secret: 2 } });
    for (const history of [fused, stepwise]) {
      const plan = planRouteSchemas('test', { label: '/i/', name: null, response }, history).response!;
      expect(plan.down(body, 'v1', info())).toEqual({ item: { id: '1', legacy: 'x' } });
      expect(plan.down(body, 'v2', info())).toEqual({ item: { id: '1' } });
    }
  });
});

describe('nothing written back: a migration function gets a value it may change at any depth', () => {
  const Address = z.object({ city: z.string(), lines: z.array(z.string()) }).meta({ id: 'WbAddress' });
  const Person = z
    .object({ id: z.number(), address: Address, tags: z.array(z.string()) })
    .meta({ id: 'WbPerson' });
  const history = new VersionHistory(['v1', 'v2', 'v3'] as const, {
    v2: [
      change('Tags were a string', [
        field(Person, 'tags').retyped({
          schema: z.string(),
          up: (tags: string) => tags.split(','),
          down: (tags: string[]) => tags.splice(0).join(','),
        }),
      ]),
    ],
    v3: [
      change('Old clients read capitals', [
        migrateResponse(Person, (person: { address: { city: string; lines: string[] }; tags: string[] }) => {
          person.address.city = person.address.city.toUpperCase();
          person.address.lines.push('(v2)');
          person.tags.push('old');
          return person;
        }),
        migrateRequest(Person, (person: { address: { lines: string[] }; tags: string[] }) => {
          person.address.lines.pop();
          person.tags.length = 0;
          return person;
        }),
      ]),
    ],
  });
  const cached = deepFreeze({ id: 1, address: { city: 'Leeds', lines: ['1 Road'] }, tags: ['a', 'b'] });

  test('the cached value is never changed, every answer the same however often it is asked', () => {
    const plan = planRouteSchemas('test', { label: '/p/', name: 'p', response: Person }, history).response!;
    const before = structuredClone(cached);
    const answers = ['v1', 'v3', 'v2', 'v1', 'v3', 'v1'].map((version) =>
      sent(plan.down(cached, version, info())),
    );
    expect(cached).toEqual(before);
    expect(answers[0]).toEqual({
      id: 1,
      address: { city: 'LEEDS', lines: ['1 Road', '(v2)'] },
      tags: 'a,b,old',
    });
    expect(answers[1]).toEqual(before);
    expect(answers[2]).toEqual({
      id: 1,
      address: { city: 'LEEDS', lines: ['1 Road', '(v2)'] },
      tags: ['a', 'b', 'old'],
    });
    expect(answers.slice(3)).toEqual(answers.slice(0, 2).concat([answers[0]]));
  });

  test('a request body is never changed by the migrations up', () => {
    const plan = planRouteSchemas('test', { label: '/p/', name: 'p', request: Person }, history).request!;
    const body = deepFreeze({ id: 1, address: { city: 'Leeds', lines: ['1 Road', '2 Lane'] }, tags: 'a,b' });
    const before = structuredClone(body);
    expect(plan.up(body, 'v1', undefined)).toEqual({
      id: 1,
      address: { city: 'Leeds', lines: ['1 Road'] },
      tags: [],
    });
    expect(plan.up(body, 'v1', undefined)).toEqual(plan.up(body, 'v1', undefined));
    expect(body).toEqual(before);
  });

  test('history.migrate() and a { route } migration read copies too', () => {
    expect(history.migrate(Person, cached, { to: 'v1' })).toMatchObject({ tags: 'a,b,old' });
    const routed = new VersionHistory(['v1', 'v2'] as const, {
      v2: [
        change('Old clients got a wrapper', [
          migrateResponse({ route: 'people' }, (body: { data: { tags: string[] }[] }) => {
            body.data[0]!.tags.push('wrapped');
            return body;
          }),
        ]),
      ],
    });
    const plan = planRouteSchemas(
      'test',
      { label: '/p/', name: 'people', response: z.object({ data: z.array(Person) }) },
      routed,
    ).response!;
    const list = deepFreeze({ data: [cached] });
    expect(sent(plan.down(list, 'v1', info()))).toMatchObject({ data: [{ tags: ['a', 'b', 'wrapped'] }] });
    expect(sent(plan.down(list, 'v1', info()))).toMatchObject({ data: [{ tags: ['a', 'b', 'wrapped'] }] });
  });

  test('a problem migration reads a copy; one without errors works, or throws as it likes', () => {
    const problems = new VersionHistory(['v1', 'v2'] as const, {
      v2: [
        change('Problems had a "message"', [
          migrateProblem((problem) => {
            const errors = problem['errors'] as { detail: string }[] | undefined;
            errors?.forEach((error) => (error.detail = error.detail.toUpperCase()));
            return { ...problem, message: problem['detail'] };
          }),
        ]),
      ],
    });
    const migrate = planRouteSchemas('test', { label: '/p/', name: null }, problems).problem!;
    const invalid = deepFreeze({
      status: 400,
      detail: 'Invalid.',
      errors: [{ pointer: '/a', detail: 'bad' }],
    });
    expect(migrate(invalid, 'v1')).toEqual({
      ...invalid,
      errors: [{ pointer: '/a', detail: 'BAD' }],
      message: 'Invalid.',
    });
    expect(invalid.errors[0]!.detail).toBe('bad');
    for (const status of [404, 413, 415]) {
      expect(migrate({ status, detail: 'x' }, 'v1')).toEqual({ status, detail: 'x', message: 'x' });
    }
    const careless = new VersionHistory(['v1', 'v2'] as const, {
      v2: [
        change('c', [
          migrateProblem((problem) => ({ ...problem, n: (problem['errors'] as unknown[]).length })),
        ]),
      ],
    });
    const fails = planRouteSchemas('test', { label: '/p/', name: null }, careless).problem!;
    expect(() => fails({ status: 404, detail: 'x' }, 'v1')).toThrow(TypeError);
  });
});

describe('errors: a migration function that throws throws, as it is', () => {
  test('migrateResponse, migrateRequest, retyped and migrateProblem', () => {
    const boom = new Error('boom');
    const Thing = z.object({ a: z.string() }).meta({ id: 'ThrowThing' });
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [
        change('throws', [
          migrateResponse(Thing, () => {
            throw boom;
          }),
          migrateRequest(Thing, () => {
            throw boom;
          }),
          migrateProblem(() => {
            throw boom;
          }),
        ]),
      ],
    });
    const plan = planRouteSchemas(
      'test',
      { label: '/t/', name: 't', request: Thing, response: Thing },
      history,
    );
    expect(() => plan.response!.down({ a: 'x' }, 'v1', info())).toThrow(boom);
    expect(() => plan.request!.up({ a: 'x' }, 'v1', undefined)).toThrow(boom);
    expect(() => plan.problem!({ status: 404 }, 'v1')).toThrow(boom);
    const retyped = new VersionHistory(['v1', 'v2'] as const, {
      v2: [
        change('retyped', [
          field(Thing, 'a').retyped({
            schema: z.number(),
            up: () => {
              throw boom;
            },
            down: () => {
              throw boom;
            },
          }),
        ]),
      ],
    });
    const fused = planRouteSchemas(
      'test',
      { label: '/t/', name: 't', request: Thing, response: Thing },
      retyped,
    );
    expect(() => fused.response!.down({ a: 'x' }, 'v1', info())).toThrow(boom);
    expect(() => fused.request!.up({ a: 1 }, 'v1', undefined)).toThrow(boom);
  });

  test('a problem migration that returns no object is a TypeError that names it', () => {
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [change('forgets to return', [migrateProblem((() => undefined) as never)])],
    });
    const migrate = planRouteSchemas('test', { label: '/p/', name: null }, history).problem!;
    expect(() => migrate({ status: 404 }, 'v1')).toThrow(
      /migrateProblem\(fn\): fn must return the problem as an object, got undefined/,
    );
  });

  test('a value JSON.stringify refuses is refused the same way where a migration function reads it', () => {
    const Thing = z.object({ a: z.string() }).meta({ id: 'CycleThing' });
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [change('c', [migrateResponse(Thing, (thing: unknown) => thing)])],
    });
    const plan = planRouteSchemas('test', { label: '/t/', name: null, response: Thing }, history).response!;
    const cyclic: Record<string, unknown> = { a: 'x' };
    cyclic['self'] = cyclic;
    expect(() => plan.down(cyclic, 'v1', info())).toThrow(/circular/);
  });
});
