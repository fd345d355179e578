// What the compiled serialiser's tests send (changes/serialise.property.test.ts and the serialised contract of every
// adapter): a named schema with a history of renames, a retype, added, removed and defaulted fields and enum members,
// and values of it as handlers send them — key orders, extra keys, toJSON(), class instances, Dates, boxed primitives,
// undefined members, numbers that are not finite.
import fc from 'fast-check';
import { z } from 'zod';
import { change, enumOf, field, VersionHistory } from '../../src/changes/index.js';

export const Role = z.enum(['admin', 'member', 'guest']).meta({ id: 'SerialRole' });
export const Place = z.object({ city: z.string(), lines: z.array(z.string()) }).meta({ id: 'SerialPlace' });
export const Member = z
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
export const versions = ['v1', 'v2', 'v3', 'v4'] as const;
export const history = new VersionHistory(versions, {
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

export const extraKey = fc.constantFrom(
  'secret',
  'toJSON',
  '__proto__',
  '1',
  '07',
  'constructor',
  'x y',
  'p_a',
);
/** Members of an object in any order, some extra, some undefined. */
export function objectValue(
  members: Record<string, fc.Arbitrary<unknown>>,
  optional: readonly string[] = [],
) {
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

export const text = fc.oneof(
  fc.string({ maxLength: 5 }),
  fc.constantFrom(
    'é"\\\n',
    '\ud800',
    'a'.repeat(50),
    `${'a'.repeat(50)}"\u001f`,
    `${'a'.repeat(50)}\ud83d\ude00`,
  ),
);
export const number = fc.oneof(
  { weight: 8, arbitrary: fc.integer() },
  fc.constantFrom(-0, 1.5, Number.NaN, Infinity),
);
export const member = objectValue(
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
export function disguise(value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 12, arbitrary: value },
    value.map((inner) => ({ toJSON: () => inner })),
    value.map((inner) => (typeof inner === 'string' ? new String(inner) : inner)),
    fc.constantFrom(new Date(0), undefined, null, 7, 'x', [1], { a: 1 }),
    value.map((inner) => Object.assign(Object.create({ inherited: 1 }) as object, inner)),
  );
}
