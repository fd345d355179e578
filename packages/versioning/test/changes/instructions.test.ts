import { describe, expect, test } from 'vitest';
import {
  change,
  field,
  migrateProblem,
  migrateRequest,
  migrateResponse,
  type RequestInfo,
  type ResponseInfo,
  VersionHistory,
} from '../../src/changes/index.js';
import { planRouteSchemas } from '../../src/changes/route-schemas.js';
import { instructionCases } from './instructions.cases.js';
import { compiles, deepFreeze, flavourNames, flavours } from './schemas.js';

/** The JSON Schema type a property schema names (`{ type }`, or a `$ref`'s target's). */
function typeOf(schema: { readonly [key: string]: unknown }, property: unknown): unknown {
  const node = property as { type?: unknown; $ref?: string };
  if (typeof node.$ref === 'string') {
    const defs = schema.$defs as Record<string, { type?: unknown }>;
    return defs[node.$ref.slice('#/$defs/'.length)]?.type;
  }
  return node.type;
}

describe.each(flavourNames)('the instruction table, with %s schemas', (flavour) => {
  describe.each(instructionCases)('$name', (row) => {
    const make = () => {
      const schemas = flavours[flavour]();
      const history = new VersionHistory(['v1', 'v2'] as const, {
        v2: [change(`the change under test: ${row.name}`, [row.instruction(schemas)])],
      });
      return { history, Thing: schemas.Thing };
    };

    test.each(row.up)('an older request %j migrated up is %j', (older, head) => {
      const { history, Thing } = make();
      expect(history.migrate(Thing, deepFreeze(structuredClone(older)), { from: 'v1', to: 'v2' })).toEqual(
        head,
      );
    });

    test.each(row.down)('a newer response %j migrated down is %j', (head, older) => {
      const { history, Thing } = make();
      expect(history.migrate(Thing, deepFreeze(structuredClone(head)), { to: 'v1' })).toEqual(older);
    });

    test('the same through a route planned at mount (request up; response down)', () => {
      const { history, Thing } = make();
      const plan = planRouteSchemas(
        'test',
        { label: '/things/', name: 'things', request: Thing, response: Thing },
        history,
      );
      const request = { headers: new Headers(), query: new URLSearchParams() };
      for (const [older, head] of row.up) {
        expect(plan.request?.up(deepFreeze(structuredClone(older)), 'v1', request)).toEqual(head);
      }
      for (const [head, older] of row.down) {
        const sent = plan.response?.down(deepFreeze(structuredClone(head)), 'v1', {
          status: 200,
          headers: new Headers(),
        }) as Record<string, unknown>;
        // The response is also stripped of what Thing in v1 does not list.
        const listed = Object.fromEntries(
          Object.entries(older).filter(([key]) => row.older.properties.includes(key)),
        );
        expect(sent).toEqual(listed);
      }
    });

    test(`Thing in v1 has the properties ${JSON.stringify(row.older.properties)}, required ${JSON.stringify(row.older.required)}`, () => {
      const { history, Thing } = make();
      const schema = history.schemaFor(Thing, 'v1', 'response');
      expect(schema.$ref).toBe('#/$defs/Thing');
      const thing = (schema.$defs as Record<string, Record<string, unknown>>).Thing as Record<
        string,
        unknown
      >;
      const properties = thing.properties as Record<string, unknown>;
      expect(Object.keys(properties)).toEqual(row.older.properties);
      expect(
        Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, typeOf(schema, value)])),
      ).toEqual(row.older.types);
      expect([...((thing.required as string[] | undefined) ?? [])].sort()).toEqual(
        [...row.older.required].sort(),
      );
      compiles(schema);
      compiles(history.schemaFor(Thing, 'v1', 'request'));
    });
  });
});

describe('order of application', () => {
  const { Thing } = flavours.zod();
  /** A history whose every instruction writes its name to `log`, and renames `a` along the way. */
  function logging() {
    const log: string[] = [];
    const pair = (name: string) => [
      migrateRequest(Thing, (object: Record<string, unknown>) => {
        log.push(`up ${name}`);
        return { ...object, trail: [...((object.trail as string[] | undefined) ?? []), name] };
      }),
      migrateResponse(Thing, (object: Record<string, unknown>) => {
        log.push(`down ${name}`);
        return { ...object, trail: [...((object.trail as string[] | undefined) ?? []), name] };
      }),
    ];
    const v2a = change('v2 first', [
      ...pair('v2 a.1'),
      field(Thing, 'a').renamedFrom('a1'),
      ...pair('v2 a.2'),
    ]);
    const v2b = change('v2 second', pair('v2 b.1'));
    const v3a = change('v3 only', [...pair('v3 a.1'), ...pair('v3 a.2')]);
    const history = new VersionHistory(['v1', 'v2', 'v3'] as const, { v2: [v2a, v2b], v3: [v3a] });
    return { log, history };
  }

  test('up: oldest version first, change by change, instruction by instruction as written', () => {
    const { log, history } = logging();
    const out = history.migrate(Thing, deepFreeze({ a1: 'x' }), { from: 'v1', to: 'v3' }) as Record<
      string,
      unknown
    >;
    expect(log).toEqual(['up v2 a.1', 'up v2 a.2', 'up v2 b.1', 'up v3 a.1', 'up v3 a.2']);
    expect(out).toEqual({ a: 'x', trail: ['v2 a.1', 'v2 a.2', 'v2 b.1', 'v3 a.1', 'v3 a.2'] });
  });

  test('down: the exact reverse', () => {
    const { log, history } = logging();
    history.migrate(Thing, deepFreeze({ a: 'x' }), { to: 'v1' });
    expect(log).toEqual(['down v3 a.2', 'down v3 a.1', 'down v2 b.1', 'down v2 a.2', 'down v2 a.1']);
  });

  test('an instruction sees the object as the instructions before it (that way) left it', () => {
    const seen: unknown[] = [];
    const { Thing: T } = flavours.zod();
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [
        change('rename, then look', [
          migrateRequest(T, (object) => (seen.push({ up: 'before', ...object }), object)),
          field(T, 'a').renamedFrom('old'),
          migrateRequest(T, (object) => (seen.push({ up: 'after', ...object }), object)),
          migrateResponse(T, (object) => (seen.push({ down: 'after', ...object }), object)),
        ]),
      ],
    });
    history.migrate(T, { old: 'x' }, { from: 'v1', to: 'v2' });
    history.migrate(T, { a: 'x' }, { to: 'v1' });
    expect(seen).toEqual([
      { up: 'before', old: 'x' },
      { up: 'after', a: 'x' },
      { down: 'after', a: 'x' },
    ]);
  });

  test('migrating between two older versions runs only the steps between them', () => {
    const { log, history } = logging();
    history.migrate(Thing, { a1: 'x' }, { from: 'v1', to: 'v2' });
    history.migrate(Thing, { a: 'x' }, { from: 'v3', to: 'v2' });
    history.migrate(Thing, { a: 'x' }, { from: 'v2', to: 'v2' });
    expect(log).toEqual(['up v2 a.1', 'up v2 a.2', 'up v2 b.1', 'down v3 a.2', 'down v3 a.1']);
  });

  test('a nested named object is migrated before the object holding it', () => {
    const { User, Address, UserList } = flavours.zod();
    const seen: unknown[] = [];
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [
        change('city renamed', [field(Address, 'city').renamedFrom('town')]),
        change('user looks at its address', [
          migrateResponse(User, (user) => (seen.push(user.address), user)),
        ]),
      ],
    });
    history.migrate(
      UserList,
      { data: [{ id: '1', fullName: 'A', address: { city: 'C', street: 'S' } }], next: null },
      { to: 'v1' },
    );
    expect(seen).toEqual([{ town: 'C', street: 'S' }]);
  });
});

describe('the escape hatches’ second argument', () => {
  test('history.migrate passes undefined, both ways', () => {
    const { Thing } = flavours.json();
    const seen: unknown[] = [];
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [
        change('look', [
          migrateRequest(Thing, (object, request) => (seen.push(request), object)),
          migrateResponse(Thing, (object, response) => (seen.push(response), object)),
        ]),
      ],
    });
    history.migrate(Thing, { a: 'x' }, { from: 'v1', to: 'v2' });
    history.migrate(Thing, { a: 'x' }, { from: 'v2', to: 'v1' });
    expect(seen).toEqual([undefined, undefined]);
    expect(seen).toHaveLength(2);
  });

  test('a route passes the request’s headers and query, and the response’s status and headers, to change', () => {
    const { Thing } = flavours.typebox();
    const history = new VersionHistory(['v1', 'v2'] as const, {
      v2: [
        change('the limit moved from the query to a header; the status became 201', [
          migrateRequest(Thing, (object, request?: RequestInfo) => {
            const limit = request?.query.get('limit');
            if (limit != null) request?.headers.set('x-limit', limit);
            request?.query.delete('limit');
            return object;
          }),
          migrateResponse(Thing, (object, response?: ResponseInfo) => {
            if (response !== undefined && response.status === 201) response.status = 200;
            response?.headers.set('x-old', 'yes');
            return object;
          }),
        ]),
      ],
    });
    const plan = planRouteSchemas(
      'test',
      { label: '/t/', name: 't', request: Thing, response: Thing },
      history,
    );
    const request = { headers: new Headers(), query: new URLSearchParams('limit=5&x=1') };
    expect(plan.request?.migrates('v1')).toBe(true);
    expect(plan.request?.migrates('v2')).toBe(false);
    plan.request?.up({ a: 'x' }, 'v1', request);
    expect([request.headers.get('x-limit'), request.query.toString()]).toEqual(['5', 'x=1']);
    const response = { status: 201, headers: new Headers() };
    plan.response?.down({ a: 'x' }, 'v1', response);
    expect([response.status, response.headers.get('x-old')]).toEqual([200, 'yes']);
    // HEAD clients: nothing runs.
    const head = { status: 201, headers: new Headers() };
    plan.response?.down({ a: 'x' }, 'v2', head);
    expect(head.status).toBe(201);
  });
});

describe('{ route } targets: one route’s whole body, whatever its schemas', () => {
  const { Thing } = flavours.zod();
  const history = new VersionHistory(['v1', 'v2', 'v3'] as const, {
    v2: [
      change('users’ body is wrapped', [
        migrateRequest({ route: 'users' }, (body: unknown) => ({ wrapped: body })),
        migrateResponse({ route: 'users' }, (body: { wrapped?: unknown }) => body.wrapped),
      ]),
    ],
    v3: [
      change('users’ body gets a version stamp', [
        migrateRequest({ route: 'users' }, (body: Record<string, unknown>) => ({ ...body, v: 3 })),
        migrateResponse({ route: 'users' }, (body: Record<string, unknown> | undefined) =>
          body === undefined ? body : { ...body, v: 2 },
        ),
      ]),
    ],
  });

  test('applies to the named route only, up and down in order', () => {
    const plan = planRouteSchemas('test', { label: '/users/', name: 'users' }, history);
    const info = { headers: new Headers(), query: new URLSearchParams() };
    expect(plan.request?.up(deepFreeze({ x: 1 }), 'v1', info)).toEqual({ wrapped: { x: 1 }, v: 3 });
    expect(plan.request?.up(deepFreeze({ x: 1 }), 'v2', info)).toEqual({ x: 1, v: 3 });
    expect(plan.request?.up({ x: 1 }, 'v3', info)).toEqual({ x: 1 });
    expect(plan.request?.jsonSchema('v1')).toBeNull();
    const response = { status: 200, headers: new Headers() };
    expect(plan.response?.down(deepFreeze({ wrapped: { y: 1 } }), 'v1', response)).toEqual({ y: 1 });
    expect(plan.response?.down(deepFreeze({ a: 1 }), 'v2', response)).toEqual({ a: 1, v: 2 });
    const other = planRouteSchemas('test', { label: '/other/', name: 'other' }, history);
    expect([other.request, other.response]).toEqual([null, null]);
  });

  test('a route without a body gives the function undefined', () => {
    const plan = planRouteSchemas('test', { label: '/users/', name: 'users' }, history);
    const info = { headers: new Headers(), query: new URLSearchParams() };
    expect(plan.request?.up(undefined, 'v2', info)).toEqual({ v: 3 });
    expect(plan.response?.down(undefined, 'v2', { status: 200, headers: new Headers() })).toBeUndefined();
  });

  test('runs with the route’s schemas’ own migrations, route functions around them', () => {
    const seen: string[] = [];
    const h = new VersionHistory(['v1', 'v2'] as const, {
      v2: [
        change('both', [
          migrateRequest({ route: 'things' }, (body: Record<string, unknown>) => (seen.push('route'), body)),
          migrateRequest(Thing, (object) => (seen.push('schema'), object)),
        ]),
      ],
    });
    const plan = planRouteSchemas('test', { label: '/t/', name: 'things', request: Thing }, h);
    plan.request?.up({ a: 'x' }, 'v1', { headers: new Headers(), query: new URLSearchParams() });
    expect(seen).toEqual(['route', 'schema']);
  });
});

describe('migrateProblem', () => {
  const history = new VersionHistory(['v1', 'v2', 'v3'] as const, {
    v2: [
      change('problems had "message"', [
        migrateProblem((problem) => ({ ...problem, message: problem.detail })),
      ]),
    ],
    v3: [
      change('problems had no "errors" member', [
        migrateProblem(({ errors: _errors, ...problem }) => problem),
      ]),
    ],
  });

  test('every problem body sent to an older version goes through the newer versions’ functions, newest first', () => {
    const { problem } = planRouteSchemas('test', { label: '/x/', name: null }, history);
    const body = deepFreeze({ status: 400, detail: 'Bad.', errors: [] });
    expect(problem?.(body, 'v1')).toEqual({ status: 400, detail: 'Bad.', message: 'Bad.' });
    expect(problem?.(body, 'v2')).toEqual({ status: 400, detail: 'Bad.' });
    expect(problem?.(body, 'v3')).toBe(body);
    expect(problem?.(body, null)).toBe(body);
  });

  test('a history without one plans no problem step', () => {
    const plain = new VersionHistory(['v1', 'v2'] as const, {});
    expect(planRouteSchemas('test', { label: '/x/', name: null }, plain).problem).toBeNull();
  });
});
