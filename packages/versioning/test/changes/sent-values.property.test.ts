// The promises about what a response plan sends, over generated schemas (objects open and closed, arrays, records,
// nullable places, unions with and without a discriminator, a named schema with a history) and generated values, in
// every version: (a) it is what filtering the value's JSON would send — toJSON() honoured at any depth; (b) nothing
// the version's schema rules out appears at any depth; (c) migrating never changes its input, however the migration
// functions change what they get, and the same value always gets the same answer.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { change, field, migrateRequest, migrateResponse, VersionHistory } from '../../src/changes/index.js';
import { planRouteSchemas, type RouteSchemas } from '../../src/changes/route-schemas.js';
import { deepFreeze } from './schemas.js';

/** A schema's shape, from which both its zod schema and its values are made. */
type Shape =
  | { readonly kind: 'string' | 'number' | 'boolean' | 'person' }
  | { readonly kind: 'object'; readonly closed: boolean; readonly props: Readonly<Record<string, Shape>> }
  | { readonly kind: 'array'; readonly item: Shape }
  | { readonly kind: 'nullable'; readonly inner: Shape }
  | { readonly kind: 'record'; readonly value: Shape }
  | { readonly kind: 'tagged'; readonly branches: readonly Readonly<Record<string, Shape>>[] }
  | { readonly kind: 'union'; readonly branches: readonly Readonly<Record<string, Shape>>[] };

/** The named schema with a history: renamed and retyped fields, and a migration that changes what it reads. */
const Address = z.object({ city: z.string(), lines: z.array(z.string()) });
const Person = z
  .object({ id: z.number(), fullName: z.string(), tags: z.array(z.string()), address: Address.nullable() })
  .meta({ id: 'PropPerson' });
const versions = ['v1', 'v2', 'v3'] as const;
const history = new VersionHistory(versions, {
  v2: [
    change('A person\'s name is "fullName"; ids were strings', [
      field(Person, 'fullName').renamedFrom('name'),
      field(Person, 'id').retyped({
        schema: z.string(),
        up: (id: string) => Number(id.slice('id-'.length)),
        down: (id: number) => `id-${id}`,
      }),
    ]),
  ],
  v3: [
    change('Older clients see their tags marked', [
      migrateResponse(
        Person,
        (person: Record<string, unknown> & { tags: string[]; address: { lines: string[] } | null }) => {
          person.tags.push('old');
          person.tags.reverse();
          person.address?.lines.splice(0, 1, 'moved');
          person['legacy'] = true; // not in v2's schema: never sent
          return person;
        },
      ),
      migrateRequest(Person, (person: { tags: string[]; address: { lines: string[] } | null }) => {
        person.tags.pop();
        person.address?.lines.push('from-v2');
        return person;
      }),
    ]),
  ],
});

/** Property names of the schemas start with `p_`; the extra properties a handler adds never do. */
const names = fc.constantFrom('p_a', 'p_b', 'p_c');
const reserved = new Set(['id', 'name', 'fullName', 'tags', 'address', 'city', 'lines', 'legacy', 'kind']);
const extraName = fc
  .oneof(
    fc.string({ maxLength: 6 }),
    fc.constantFrom('secret', 'apiKey', '__proto__', 'constructor', 'toString'),
  )
  .filter((name) => !name.startsWith('p_') && !reserved.has(name));

const shape: fc.Arbitrary<Shape> = fc
  .letrec<{ shape: Shape; plain: Shape; props: Record<string, Shape> }>((tie) => ({
    shape: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      tie('plain'),
      fc.constant({ kind: 'person' } as const),
      fc.record({ kind: fc.constant('object' as const), closed: fc.boolean(), props: tie('props') }),
      fc.record({ kind: fc.constant('array' as const), item: tie('shape') }),
      fc.record({ kind: fc.constant('nullable' as const), inner: tie('shape') }),
      fc.record({ kind: fc.constant('record' as const), value: tie('shape') }),
    ),
    // Union branches hold no named schema with changes (a route with one there is refused at mount).
    plain: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom({ kind: 'string' } as const, { kind: 'number' } as const, { kind: 'boolean' } as const),
      fc.record({ kind: fc.constant('object' as const), closed: fc.boolean(), props: tie('props') }),
      fc.record({
        kind: fc.constant('tagged' as const),
        branches: fc.array(tie('props'), { minLength: 2, maxLength: 3 }),
      }),
      fc.record({
        kind: fc.constant('union' as const),
        branches: fc.array(tie('props'), { minLength: 2, maxLength: 3 }),
      }),
    ),
    props: fc.dictionary<string, Shape>(names, tie('plain'), { maxKeys: 3 }),
  }))
  .shape.map((root) => ({ kind: 'object', closed: true, props: { p_root: root } }) as const);

/** The zod schema of a shape. */
function zodOf(node: Shape): z.ZodType {
  const props = (entries: Readonly<Record<string, Shape>>) =>
    Object.fromEntries(Object.entries(entries).map(([name, sub]) => [name, zodOf(sub)]));
  switch (node.kind) {
    case 'string':
      return z.string();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'person':
      return Person;
    case 'object':
      return node.closed ? z.object(props(node.props)) : z.looseObject(props(node.props));
    case 'array':
      return z.array(zodOf(node.item));
    case 'nullable':
      return zodOf(node.inner).nullable();
    case 'record':
      return z.record(z.string(), zodOf(node.value));
    case 'tagged':
      return z.discriminatedUnion(
        'kind',
        node.branches.map((branch, index) =>
          z.object({ ...props(branch), kind: z.literal(`t${index}`) }),
        ) as never,
      );
    case 'union':
      // Each branch requires a property of its own: a value of branch i fits no branch before it.
      return z.union(
        node.branches.map((branch, index) => z.object({ ...props(branch), [`p_only${index}`]: z.number() })),
      );
  }
}

/** Extra properties of any JSON value, as a handler may leave on what it returns. */
const extras = fc.dictionary(extraName, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });

/** A value of HEAD's shape (valid against the schema), with extra properties on every object. */
function valueOf(node: Shape): fc.Arbitrary<unknown> {
  const object = (props: Readonly<Record<string, Shape>>, fixed: Record<string, unknown> = {}) =>
    fc
      .tuple(
        extras,
        fc.record(Object.fromEntries(Object.entries(props).map(([name, sub]) => [name, valueOf(sub)]))),
      )
      .map(([extra, own]) => Object.assign(Object.create(null) as object, extra, own, fixed));
  switch (node.kind) {
    case 'string':
      return fc.string({ maxLength: 4 });
    case 'number':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case 'person':
      return object({}).chain((extra) =>
        fc
          .record({
            id: fc.integer(),
            fullName: fc.string({ maxLength: 4 }),
            tags: fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
            address: fc.option(
              fc.record({
                city: fc.string({ maxLength: 3 }),
                lines: fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
              }),
              { nil: null },
            ),
          })
          .map((person) => ({ ...extra, ...person })),
      );
    case 'object':
      return object(node.props).map((value) => ({ ...value }));
    case 'array':
      return fc.array(valueOf(node.item), { maxLength: 3 });
    case 'nullable':
      return fc.option(valueOf(node.inner), { nil: null });
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 3 }), valueOf(node.value), { maxKeys: 3 });
    case 'tagged':
      return fc
        .nat(node.branches.length - 1)
        .chain((index) =>
          object(node.branches[index]!, { kind: `t${index}` }).map((value) => ({ ...value })),
        );
    case 'union':
      return fc
        .nat(node.branches.length - 1)
        .chain((index) =>
          fc
            .integer()
            .chain((only) =>
              object(node.branches[index]!, { [`p_only${index}`]: only }).map((value) => ({ ...value })),
            ),
        );
  }
}

/**
 * `value` disguised as a handler's objects may be, `key` being its place: some of its parts behind a `toJSON(key)`
 * that answers only for the key `JSON.stringify` asks with in that place (an ORM record, with other fields of its
 * own and another `toJSON` on its prototype), strings and numbers as `String` and `Number` objects.
 */
function disguised(value: unknown, key: string): fc.Arbitrary<unknown> {
  const inner: fc.Arbitrary<unknown> = Array.isArray(value)
    ? fc.tuple(...value.map((item, index) => disguised(item, String(index))))
    : typeof value === 'object' && value !== null
      ? fc
          .tuple(
            ...Object.entries(value).map(([name, item]) =>
              disguised(item, name).map((next) => [name, next] as const),
            ),
          )
          .map((entries) => {
            const out: Record<string, unknown> = {};
            for (const [name, item] of entries)
              Object.defineProperty(out, name, {
                value: item,
                enumerable: true,
                writable: true,
                configurable: true,
              });
            return out;
          })
      : fc.constant(value);
  return inner.chain((part) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(part) },
      fc.constant(
        typeof part === 'number' ? new Number(part) : typeof part === 'string' ? new String(part) : part,
      ),
      fc.tuple(extras, fc.string({ maxLength: 3 })).map(([own, secret]) => {
        const prototype = {
          toJSON(asked: string) {
            return { prototypeToJSON: asked };
          },
        };
        const record = Object.assign(Object.create(prototype) as object, own, { secret });
        return Object.defineProperty(record, 'toJSON', {
          value: (asked: string) => (asked === key ? part : { wrongKey: asked }),
          enumerable: false,
        });
      }),
    ),
  );
}

const json = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));
const info = () => ({ status: 200, headers: new Headers() });
const ajv = new Ajv2020({ strict: false, allErrors: true });

/** A generated schema, planned, with a validator per version. */
const plans = new Map<string, Planned>();

interface Planned {
  readonly schemas: RouteSchemas;
  /** Whether a value is valid in a version's schema (compiled on first use); throws, saying why, when not. */
  readonly validIn: (index: number, value: unknown) => boolean;
}

/** A generated schema, planned (once per shape, as shrinking meets it again). */
function planned(root: Shape): Planned {
  const key = JSON.stringify(root);
  const known = plans.get(key);
  if (known !== undefined) return known;
  // Shrinking meets many shapes: what is kept of them stays small.
  if (plans.size === 16) {
    plans.clear();
    ajv.removeSchema();
  }
  const response = zodOf(root);
  const schemas = planRouteSchemas(
    'property',
    { label: '/gen/', name: 'gen', request: response, response },
    history,
  );
  const validators = new Map<number, ValidateFunction>();
  const validIn = (index: number, value: unknown): boolean => {
    let validate = validators.get(index);
    if (validate === undefined) {
      validate = ajv.compile(history.schemaFor(response, versions[index]!, 'response'));
      validators.set(index, validate);
    }
    if (validate(value)) return true;
    throw new Error(
      `${versions[index]!} rules out ${JSON.stringify(value)}: ${JSON.stringify(validate.errors)}`,
    );
  };
  const made = { schemas, validIn };
  plans.set(key, made);
  return made;
}

/** How many values each generated schema is tried with. */
const valuesPerSchema = 8;
/** Shrinking a failure over generated schemas can take long: it stops after this, with what it found. */
const shrinking = { interruptAfterTimeLimit: 20_000, markInterruptAsFailure: false };
const settings = { numRuns: 60, ...shrinking };
/** Each schema of (b) compiles a validator per version, which costs more than the rest. */
const validating = { numRuns: 40, ...shrinking };

describe('what a response plan sends, over generated schemas and values', () => {
  test('(a) it is what filtering the JSON of the value gives: toJSON() at any depth, with its key', () => {
    fc.assert(
      fc.property(shape, fc.gen(), (root, draw) => {
        const down = planned(root).schemas.response!;
        for (let run = 0; run < valuesPerSchema; run += 1) {
          const value = draw(() => valueOf(root));
          const handed = draw(() => disguised(value, ''));
          expect(json(handed)).toEqual(json(value));
          for (const version of versions) {
            expect(json(down.down(handed, version, info()))).toEqual(
              json(down.down(json(handed), version, info())),
            );
          }
        }
      }),
      settings,
    );
  }, 60_000);

  test("(b) nothing the version's schema rules out appears at any depth, in arrays, records and union branches", () => {
    fc.assert(
      fc.property(shape, fc.gen(), (root, draw) => {
        const { schemas, validIn } = planned(root);
        for (let run = 0; run < valuesPerSchema; run += 1) {
          const value = draw(() => valueOf(root));
          versions.forEach((version, index) => {
            const sent = json(schemas.response!.down(value, version, info()));
            expect(validIn(index, sent)).toBe(true);
          });
        }
      }),
      validating,
    );
  }, 60_000);

  test('(c) migrating never changes its input; the same cached value always gets the same answer', () => {
    fc.assert(
      fc.property(shape, fc.gen(), (root, draw) => {
        const { schemas } = planned(root);
        for (let run = 0; run < valuesPerSchema; run += 1) {
          const cached = deepFreeze(json(draw(() => valueOf(root))));
          const before = structuredClone(cached);
          const first = new Map<string, unknown>();
          for (const version of draw(() =>
            fc.array(fc.constantFrom(...versions), { minLength: 2, maxLength: 6 }),
          )) {
            const answer = json(schemas.response!.down(cached, version, info()));
            if (!first.has(version)) first.set(version, answer);
            expect(answer).toEqual(first.get(version));
            expect(cached).toEqual(before);
          }
          // A request of each version, frozen as the parsed body a framework keeps, migrated up twice.
          for (const version of versions) {
            const body = deepFreeze(json(schemas.response!.down(cached, version, info())));
            const parsed = structuredClone(body);
            const once = schemas.request!.up(body, version, undefined);
            expect(schemas.request!.up(body, version, undefined)).toEqual(once);
            expect(body).toEqual(parsed);
          }
        }
      }),
      settings,
    );
  }, 60_000);
});
