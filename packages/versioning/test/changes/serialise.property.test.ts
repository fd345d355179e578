// The compiled serialiser of a route's responses (changes/serialise.ts) against the general path it stands for: for
// generated schemas holding a named schema with a history of renames, retypes, added, removed and defaulted fields
// and enum members, and generated values of them as handlers send them (key orders, extra keys, toJSON(), class
// instances, Dates, boxed primitives, undefined members, numbers that are not finite), in every version, the text
// it writes is JSON.stringify of what the general path sends, byte for byte — or it gives up and the general path
// sends.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { change, enumOf, field, VersionHistory } from '../../src/changes/index.js';
import { planRouteSchemas, type ResponsePlan } from '../../src/changes/route-schemas.js';

const Role = z.enum(['admin', 'member', 'guest']).meta({ id: 'SerialRole' });
const Place = z.object({ city: z.string(), lines: z.array(z.string()) }).meta({ id: 'SerialPlace' });
const Member = z
  .object({
    id: z.number(),
    fullName: z.string(),
    email: z.string(),
    tags: z.array(z.string()),
    place: Place.nullable(),
    role: Role,
    nick: z.string().optional(),
    score: z.number(),
  })
  .meta({ id: 'SerialMember' });
const versions = ['v1', 'v2', 'v3', 'v4'] as const;
const history = new VersionHistory(versions, {
  v2: [
    change('Names, ids', [
      field(Member, 'fullName').renamedFrom('name'),
      field(Member, 'id').retyped({
        schema: z.string(),
        up: (id: string) => Number(id.slice(3)),
        down: (id: number) => `id-${id}`,
      }),
      field(Member, 'legacy').removed({ schema: z.string(), value: 'old' }),
      enumOf(Role).renamedMembers({ admin: 'owner' }),
    ]),
  ],
  v3: [
    change('Mail, towns, scores', [
      field(Member, 'email').renamedFrom('mail'),
      field(Place, 'city').renamedFrom('town'),
      field(Member, 'score').added({ default: 0 }),
      enumOf(Role).addedMembers(['guest'], { down: () => 'member' }),
    ]),
  ],
  v4: [change('Nicknames are optional', [field(Member, 'nick').madeOptional({ value: 'none' })])],
});

/** A schema and the values handlers send of it. */
interface Generated {
  readonly schema: z.ZodType;
  readonly value: fc.Arbitrary<unknown>;
  readonly label: string;
}

const extraKey = fc.constantFrom('secret', 'toJSON', '__proto__', '1', '07', 'constructor', 'x y', 'p_a');
/** Members of an object in any order, some extra, some undefined. */
function objectValue(members: Record<string, fc.Arbitrary<unknown>>, optional: readonly string[] = []) {
  return fc
    .tuple(
      fc.record(members, { requiredKeys: Object.keys(members).filter((key) => !optional.includes(key)) }),
      fc.dictionary(extraKey, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
      fc.boolean(),
      fc.nat(),
    )
    .map(([own, extra, shuffle, seed]) => {
      const entries = Object.entries({ ...own, ...(seed % 3 === 0 ? extra : {}) });
      if (shuffle) entries.sort((a, b) => ((a[0].length * 7 + seed) % 5) - ((b[0].length * 7 + seed) % 5));
      const out: Record<string, unknown> = {};
      for (const [key, item] of entries)
        Object.defineProperty(out, key, {
          value: item,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return out;
    });
}

const text = fc.oneof(fc.string({ maxLength: 5 }), fc.constantFrom('é"\\\n', '\ud800', 'a'.repeat(50)));
const number = fc.oneof(
  { weight: 8, arbitrary: fc.integer() },
  fc.constantFrom(-0, 1.5, Number.NaN, Infinity),
);
const member = objectValue(
  {
    id: number,
    fullName: text,
    email: text,
    tags: fc.array(text, { maxLength: 3 }),
    place: fc.option(objectValue({ city: text, lines: fc.array(text, { maxLength: 2 }) }), { nil: null }),
    role: fc.constantFrom('admin', 'member', 'guest'),
    nick: fc.option(text, { nil: undefined }),
    score: number,
  },
  ['nick'],
);

/** What else a handler may hand over in a place: what JSON.stringify reads differently, or another type. */
function disguise(value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 12, arbitrary: value },
    value.map((inner) => ({ toJSON: () => inner })),
    value.map((inner) => (typeof inner === 'string' ? new String(inner) : inner)),
    fc.constantFrom(new Date(0), undefined, null, 7, 'x', [1], { a: 1 }),
    value.map((inner) => Object.assign(Object.create({ inherited: 1 }) as object, inner)),
  );
}

const generated: fc.Arbitrary<Generated> = fc.letrec<{ node: Generated }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant({ schema: z.string(), value: text, label: 'string' }),
    fc.constant({ schema: z.number(), value: number, label: 'number' }),
    fc.constant({ schema: Member, value: disguise(member), label: 'Member' }),
    fc.constant({ schema: Role, value: fc.constantFrom('admin', 'member', 'guest', 'owner'), label: 'Role' }),
    tie('node').map((inner) => ({
      schema: z.array(inner.schema),
      value: fc.array(disguise(inner.value), { maxLength: 3 }),
      label: `${inner.label}[]`,
    })),
    tie('node').map((inner) => ({
      schema: inner.schema.nullable(),
      value: fc.option(inner.value, { nil: null }),
      label: `${inner.label}?`,
    })),
    fc.tuple(tie('node'), tie('node'), fc.boolean()).map(([a, b, closed]) => ({
      schema: closed
        ? z.object({ p_a: a.schema, p_b: b.schema })
        : z.looseObject({ p_a: a.schema, p_b: b.schema }),
      value: disguise(objectValue({ p_a: a.value, p_b: b.value })),
      label: `{${a.label},${b.label}${closed ? '' : ',…'}}`,
    })),
    tie('node').map((inner) => ({
      schema: z.record(z.string(), inner.schema),
      value: fc.dictionary(fc.string({ maxLength: 2 }), inner.value, { maxKeys: 2 }),
      label: `record<${inner.label}>`,
    })),
  ),
})).node;

const plans = new Map<string, ResponsePlan>();
function planOf(node: Generated): ResponsePlan {
  let plan = plans.get(node.label);
  if (plan === undefined) {
    const schema = z.object({ data: node.schema, next: z.string().nullable() });
    plan = planRouteSchemas(
      'serialise',
      { label: '/gen/', name: 'gen', response: schema },
      history,
    ).response!;
    plans.set(node.label, plan);
  }
  return plan;
}

/** JSON.stringify of what the general path sends, or the error it throws. */
function general(plan: ResponsePlan, value: unknown, version: string): string | undefined {
  return JSON.stringify(plan.down(value, version, undefined));
}

describe('the compiled serialiser of responses', () => {
  test('writes what the general path sends, byte for byte, in every version, or leaves it to it', () => {
    let written = 0;
    let given = 0;
    fc.assert(
      fc.property(generated, fc.gen(), (node, draw) => {
        const plan = planOf(node);
        for (let run = 0; run < 6; run += 1) {
          const body = { data: draw(() => node.value), next: draw(() => fc.option(text, { nil: null })) };
          for (const version of versions) {
            const serialise = plan.serialiser(version);
            const out = serialise?.(body);
            given += 1;
            if (out === undefined) continue;
            written += 1;
            expect(out).toBe(general(plan, body, version));
          }
        }
      }),
      { numRuns: 300 },
    );
    // Most bodies are written by the compiled serialiser, not handed back.
    expect(written / given).toBeGreaterThan(0.3);
  }, 60_000);

  test('the README-style list: every version compiled, and the same text as the general path', () => {
    const plan = planOf({ schema: z.array(Member), value: fc.constant(null), label: 'Member[] list' });
    const body = {
      data: [
        {
          id: 1,
          fullName: 'Ada',
          email: 'a@x',
          tags: ['a'],
          place: { city: 'L', lines: [] },
          role: 'admin',
          score: 2,
        },
        { id: 2, fullName: 'Bo', email: 'b@x', tags: [], place: null, role: 'guest', nick: 'b', score: 1 },
      ],
      next: null,
    };
    for (const version of versions) {
      expect(plan.serialiser(version)).not.toBeNull();
      expect(plan.serialiser(version)!(body)).toBe(general(plan, body, version));
    }
  });
});
