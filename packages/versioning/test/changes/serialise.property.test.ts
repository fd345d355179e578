// The compiled serialiser of a route's responses (changes/serialise.ts) against the general path it stands for: for
// generated schemas holding a named schema with a history of renames, retypes, added, removed and defaulted fields
// and enum members, and generated values of them as handlers send them (key orders, extra keys, toJSON(), class
// instances, Dates, boxed primitives, undefined members, numbers that are not finite), in every version, the text
// it writes is JSON.stringify of what the general path sends, byte for byte — or it gives up and the general path
// sends.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { planRouteSchemas, type ResponsePlan } from '../../src/changes/route-schemas.js';
import {
  disguise,
  history,
  Member,
  member,
  number,
  objectValue,
  Role,
  text,
  versions,
} from './serialise.fixtures.js';

/** A schema and the values handlers send of it. */
interface Generated {
  readonly schema: z.ZodType;
  readonly value: fc.Arbitrary<unknown>;
  readonly label: string;
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
