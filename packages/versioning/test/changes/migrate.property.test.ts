// Migrating never changes its input; down then up gives back HEAD's data where the instructions keep information;
// hostile data (prototype keys, values of the wrong type) passes unharmed.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { change, field, migrateRequest, VersionHistory } from '../../src/changes/index.js';
import { planRouteSchemas } from '../../src/changes/route-schemas.js';
import { deepFreeze, flavourNames, flavours } from './schemas.js';

/** A history of instructions that keep information: renames and a retype with inverse functions. */
function lossless(flavour: (typeof flavourNames)[number]) {
  const schemas = flavours[flavour]();
  const { User, Address, string } = schemas;
  const history = new VersionHistory(['v1', 'v2', 'v3'] as const, {
    v2: [change('fullName', [field(User, 'fullName').renamedFrom('name')])],
    v3: [
      change('city and id', [
        field(Address, 'city').renamedFrom('town'),
        field(User, 'id').retyped({
          schema: string,
          up: (id: string) => id.slice('user_'.length),
          down: (id: string) => `user_${id}`,
        }),
      ]),
    ],
  });
  return { ...schemas, history };
}

const json: fc.Arbitrary<unknown> = fc.jsonValue();
const address = fc.record({ city: fc.string(), street: fc.string() });
const user = fc.record({
  id: fc.string(),
  fullName: fc.string(),
  address: fc.option(address, { nil: null }),
});
/** A property name no version of User uses (an extra property the older names cannot collide with). */
const extraKey = fc
  .string()
  .filter((key) => !['id', 'name', 'fullName', 'address', '__proto__'].includes(key));
/** HEAD data with extra properties of any JSON value, as a handler may return. */
const userList = fc.record({
  data: fc.array(fc.tuple(user, fc.dictionary(extraKey, json)).map(([u, extra]) => ({ ...extra, ...u }))),
  next: fc.option(fc.string(), { nil: null }),
});

describe.each(flavourNames)('with %s schemas', (flavour) => {
  test('down then up gives back HEAD’s data, and neither way changes its (frozen) input', () => {
    const { history, UserList } = lossless(flavour);
    fc.assert(
      fc.property(userList, (head) => {
        const frozen = deepFreeze(structuredClone(head));
        const down = history.migrate(UserList, frozen, { to: 'v1' });
        expect(frozen).toEqual(head);
        const up = history.migrate(UserList, deepFreeze(down), { from: 'v1', to: 'v3' });
        expect(up).toEqual(head);
      }),
      { numRuns: 150 },
    );
  });

  test('any JSON value where the schema says otherwise passes through unharmed, never throwing', () => {
    const { history, UserList, User } = lossless(flavour);
    const plan = planRouteSchemas(
      'test',
      { label: '/u/', name: 'u', request: UserList, response: UserList },
      history,
    );
    const shaped = fc.oneof(
      json,
      fc.record({ data: json, next: json }),
      fc.record({
        data: fc.array(fc.oneof(json, fc.record({ address: json, fullName: json, id: fc.string() }))),
      }),
    );
    fc.assert(
      fc.property(shaped, (value) => {
        const frozen = deepFreeze(structuredClone(value));
        for (const to of ['v1', 'v2'] as const) {
          history.migrate(UserList, frozen, { to });
          history.migrate(User, frozen, { to });
          history.migrate(UserList, frozen, { from: to, to: 'v3' });
        }
        plan.response?.down(frozen, 'v1', { status: 200, headers: new Headers() });
        plan.request?.up(frozen, 'v1', { headers: new Headers(), query: new URLSearchParams() });
        expect(frozen).toEqual(value);
      }),
      { numRuns: 200 },
    );
  });

  test('__proto__ and constructor keys of parsed JSON stay data, never a prototype', () => {
    const { history, UserList, User } = lossless(flavour);
    const body = JSON.parse(
      '{"data":[{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"id":"user_1","name":"A",' +
        '"address":{"__proto__":{"polluted":true},"town":"C","street":"S"}}],"next":null,"__proto__":{"polluted":true}}',
    ) as unknown;
    const up = history.migrate(UserList, deepFreeze(body), { from: 'v1', to: 'v3' }) as {
      data: Record<string, unknown>[];
    };
    const [first] = up.data;
    expect(Object.getPrototypeOf(up)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(first?.address)).toBe(Object.prototype);
    expect(Object.hasOwn(first as object, '__proto__')).toBe(true);
    expect(first).toMatchObject({ id: '1', fullName: 'A', address: { city: 'C', street: 'S' } });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    const down = history.migrate(
      User,
      deepFreeze(JSON.parse('{"__proto__":{"x":1},"id":"1","fullName":"A"}')),
      {
        to: 'v1',
      },
    );
    expect(Object.getPrototypeOf(down)).toBe(Object.prototype);
    expect(down).toEqual(JSON.parse('{"__proto__":{"x":1},"id":"user_1","name":"A"}'));
  });

  test('a field named __proto__ is renamed as data', () => {
    const { Thing } = flavours[flavour]();
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [
        change('a was "__proto__"', [field(Thing, 'a').renamedFrom('__proto__')]),
        change('look at it', [migrateRequest(Thing, (thing) => thing)]),
      ],
    });
    const up = history.migrate(Thing, JSON.parse('{"__proto__":"x","b":1}'), { from: 'v1', to: 'v2' });
    expect(up).toEqual({ a: 'x', b: 1 });
    const down = history.migrate(Thing, { a: 'x', b: 1 }, { to: 'v1' }) as object;
    expect(Object.getPrototypeOf(down)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(down, '__proto__')?.value).toBe('x');
  });
});
