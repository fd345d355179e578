import Type from 'typebox';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { VersionHistory } from '../../src/changes/history.js';
import { change, field, VersionHistory as History } from '../../src/changes/index.js';
import type { Schema } from '../../src/changes/schema.js';
import { InvalidResponse } from '../../src/errors.js';
import { checkResponsesDefault, type ResponseCheck } from '../../src/pipeline/check-responses.js';
import { checkedSend, type Outgoing, outgoingJson } from '../../src/pipeline/outgoing.js';
import { problemOutcome } from '../../src/pipeline/problem.js';
import { bodyValidators, compileRouteBodies } from '../../src/pipeline/route-bodies.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

const User = z
  .object({ id: z.string(), fullName: z.string(), tags: z.array(z.string()).optional() })
  .meta({ id: 'CheckUser' });
const history = new History(['v1', 'v2'], {
  v2: [change('Renamed', [field(User, 'fullName').renamedFrom('name')])],
});

function bodiesOf(
  response: Schema | undefined,
  checkResponses: boolean,
  changes: VersionHistory | null = null,
) {
  const options = response === undefined ? { name: 'user' } : { name: 'user', response };
  const [route] = new UrlConf([path('/users/:pk/', () => undefined, options)]).routes();
  const ajv = bodyValidators();
  return compileRouteBodies('test', route as never, changes, () => ajv, checkResponses);
}

/** The route's check, given the handler's value: it checks what `outgoingJson` makes of it for the version. */
function checkOf(response: Schema, changes: VersionHistory | null = null): ResponseCheck {
  const bodies = bodiesOf(response, true, changes);
  const check = bodies?.check;
  if (bodies == null || check == null) throw new Error('no check');
  return (version, value) =>
    check(version, outgoingJson(bodies, version, value, 200, 'application/json', () => new Headers()).body);
}

describe('compiled at mount only where it runs', () => {
  test('off: nothing is compiled; on, without a response schema: nothing either', () => {
    expect(bodiesOf(User, false)?.check).toBeNull();
    expect(bodiesOf(undefined, true)).toBeNull();
    expect(bodiesOf(User, true)?.check).not.toBeNull();
  });

  test.each([
    [undefined, true],
    ['development', true],
    ['test', true],
    ['production', false],
  ])('NODE_ENV %s: on %s', (value, on) => {
    const before = process.env.NODE_ENV;
    if (value === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = value;
    try {
      expect(checkResponsesDefault()).toBe(on);
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});

describe('the newest schema: what the handler sends, as it is sent', () => {
  const check = checkOf(User);

  test.each<[string, unknown, readonly { pointer: string; detail: string }[] | null]>([
    ['a value that fits', { id: '1', fullName: 'Ada' }, null],
    [
      'a property the schema does not know: left out, no mismatch',
      { id: '1', fullName: 'Ada', secret: 1 },
      null,
    ],
    [
      'a missing property',
      { id: '1' },
      [{ pointer: '/fullName', detail: "must have required property 'fullName'" }],
    ],
    [
      'a wrong type, in an array item',
      { id: '1', fullName: 'Ada', tags: ['a', 2] },
      [{ pointer: '/tags/1', detail: 'must be string' }],
    ],
    ['not an object', [1], [{ pointer: '', detail: 'must be object' }]],
    ['read as JSON: toJSON() called', { toJSON: () => ({ id: '1', fullName: 'Ada' }) }, null],
    [
      'read as JSON: an infinite number is null',
      { id: '1', fullName: 'Ada', tags: [Infinity] },
      [{ pointer: '/tags/0', detail: 'must be string' }],
    ],
  ])('%s', (_name, value, errors) => {
    const found = check(null, value);
    if (errors === null) expect(found).toBeNull();
    else {
      expect(found).toBeInstanceOf(InvalidResponse);
      expect(found?.toJSON()).toMatchObject({
        status: 500,
        code: 'invalid_response',
        route: 'user',
        version: null,
        errors,
      });
    }
  });

  test('open objects (TypeBox): extra properties fit, wrong ones do not', () => {
    const open = checkOf(Type.Object({ n: Type.Integer() }));
    expect(open('v9', { n: 1, more: true })).toBeNull();
    expect(open('v9', { n: 1.5 })?.toJSON()).toMatchObject({
      version: 'v9',
      errors: [{ pointer: '/n' }],
    });
  });

  test('the handler’s value is never changed', () => {
    const value = Object.freeze({ id: '1', fullName: 'Ada', secret: Object.freeze({ a: 1 }) });
    expect(check(null, value)).toBeNull();
  });
});

describe('with a history: the value as the client of its version receives it, in that version’s names', () => {
  const check = checkOf(User, history);

  test('an older version against its own schema; the newest, or none, against the newest, named by it', () => {
    expect(check('v1', { id: '1', fullName: 'Ada' })).toBeNull();
    expect(check('v1', { id: '1', name: 'Ada' })?.toJSON()).toMatchObject({
      version: 'v1',
      errors: [{ pointer: '/name', detail: "must have required property 'name'" }],
    });
    expect(check('v2', { id: '1', fullName: 'Ada' })).toBeNull();
    expect(check('v2', { id: '1' })?.version).toBe('v2');
    expect(check(null, { id: '1' })?.version).toBe('v2');
  });
});

describe('checkedSend: the way out with the check in front', () => {
  const check = bodiesOf(User, true, history)?.check as ResponseCheck;
  const sent: unknown[] = [];
  const send = (value: unknown): Outgoing => {
    sent.push(value);
    return { body: value, info: null };
  };
  const problem = (error: InvalidResponse) => problemOutcome(error, 'fr', ['Api-Version']);
  const headers = () => new Headers({ vary: 'Origin', deprecation: '@1' });

  test('a 2xx mismatch goes out as a 500 problem on the response’s headers, instead of what was sent', () => {
    sent.length = 0;
    const out = checkedSend(send, check, 'v2', problem)({ id: 1 }, 200, undefined, headers);
    expect(sent).toEqual([{ id: 1 }]);
    expect(out.info?.status).toBe(500);
    expect(Object.fromEntries(out.info?.headers ?? [])).toEqual({
      'content-type': 'application/problem+json',
      'content-language': 'fr',
      'x-content-type-options': 'nosniff',
      deprecation: '@1',
      vary: 'Origin, Api-Version, Accept-Language',
    });
    expect(out.body).toMatchObject({ code: 'invalid_response', route: 'user', version: 'v2' });
  });

  test.each([
    [302, 'application/json'],
    [409, 'application/json'],
    [200, 'application/problem+json'],
  ])('status %i, %s: not checked', (status, type) => {
    const out = checkedSend(send, check, 'v2', problem)({ id: 1 }, status, type, headers);
    expect(out).toEqual({ body: { id: 1 }, info: null });
  });
});
