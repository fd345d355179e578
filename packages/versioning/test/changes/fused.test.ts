import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { change, field, VersionHistory } from '../../src/changes/index.js';
import { planRouteSchemas } from '../../src/changes/route-schemas.js';

// Every field instruction of several versions is applied in one walk, each named schema's composed into one
// transform. These check that this gives exactly what going version by version gives.
const Address = z.object({ city: z.string(), street: z.string() }).meta({ id: 'FusedAddress' });
const User = z
  .object({
    id: z.number(),
    displayName: z.string(),
    createdAt: z.string(),
    addresses: z.array(Address),
    plan: z.string(),
  })
  .meta({ id: 'FusedUser' });
const Page = z.object({ data: z.array(User), next: z.string().nullable() });

const history = new VersionHistory(['v1', 'v2', 'v3', 'v4'] as const, {
  v2: [
    change('name → fullName', [field(User, 'fullName').renamedFrom('name')]),
    change('addresses', [field(User, 'addresses').added({ default: [] })]),
  ],
  v3: [
    change('fullName → displayName', [field(User, 'displayName').renamedFrom('fullName')]),
    change('createdAt is ISO', [
      field(User, 'createdAt').retyped({
        schema: z.number(),
        up: (seconds: number) => new Date(seconds * 1000).toISOString(),
        down: (iso: string) => Date.parse(iso) / 1000,
      }),
    ]),
    change('line1 → street', [field(Address, 'street').renamedFrom('line1')]),
  ],
  v4: [
    change('plan', [field(User, 'plan').added({ default: 'free' })]),
    change('no phone', [field(User, 'phone').removed({ schema: z.string().nullable(), value: null })]),
  ],
});

const address = fc.record({ city: fc.string(), street: fc.string() });
const user = fc.record({
  id: fc.integer(),
  displayName: fc.string(),
  createdAt: fc.integer({ min: 0, max: 2_000_000_000 }).map((s) => new Date(s * 1000).toISOString()),
  addresses: fc.array(address, { maxLength: 3 }),
  plan: fc.constantFrom('free', 'pro'),
});
const versions = ['v4', 'v3', 'v2', 'v1'] as const;

describe('one walk through several versions', () => {
  it('migrating down at once equals migrating down one version at a time', () => {
    fc.assert(
      fc.property(user, (value) => {
        let stepwise: unknown = value;
        for (let index = 1; index < versions.length; index += 1) {
          const from = versions[index - 1] as (typeof versions)[number];
          const to = versions[index] as (typeof versions)[number];
          stepwise = history.migrate(User, stepwise, { from, to });
          expect(history.migrate(User, value, { to })).toEqual(stepwise);
        }
      }),
    );
  });

  it('migrating up at once equals migrating up one version at a time', () => {
    fc.assert(
      fc.property(user, (value) => {
        const old = history.migrate(User, value, { to: 'v1' });
        let stepwise: unknown = old;
        for (const [from, to] of [
          ['v1', 'v2'],
          ['v2', 'v3'],
          ['v3', 'v4'],
        ] as const) {
          stepwise = history.migrate(User, stepwise, { from, to });
          expect(history.migrate(User, old, { from: 'v1', to })).toEqual(stepwise);
        }
      }),
    );
  });

  it("a route's response is the migrated list with only what each version's schema lets through", () => {
    const route = planRouteSchemas('test', { label: '"/users/"', name: 'users', response: Page }, history);
    fc.assert(
      fc.property(fc.array(user, { maxLength: 4 }), (data) => {
        // Extra data the handler hands over (never sent) at every level.
        const page = { data: data.map((u) => ({ ...u, _internal: 1 })), next: null, _cursor: 'x' };
        for (const version of versions) {
          const expected = {
            data: data.map((u) => history.migrate(User, u, { to: version })),
            next: null,
          };
          expect(route.response?.down(page, version, { status: 200, headers: new Headers() })).toEqual(
            expected,
          );
        }
      }),
    );
  });

  it('gives v1 clients the first shape, nested lists included', () => {
    const ada = {
      id: 7,
      displayName: 'Ada',
      createdAt: '2024-03-01T00:00:00.000Z',
      addresses: [{ city: 'London', street: '12 St James Sq' }],
      plan: 'pro',
    };
    expect(history.migrate(User, ada, { to: 'v2' })).toEqual({
      id: 7,
      fullName: 'Ada',
      createdAt: 1709251200,
      addresses: [{ city: 'London', line1: '12 St James Sq' }],
      phone: null,
    });
    expect(history.migrate(User, ada, { to: 'v1' })).toEqual({
      id: 7,
      name: 'Ada',
      createdAt: 1709251200,
      phone: null,
    });
  });
});
