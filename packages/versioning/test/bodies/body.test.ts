import fc from 'fast-check';
import Type from 'typebox';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { isAPIException } from '../../src/errors.js';
import { acceptBody } from '../../src/pipeline/accept-body.js';
import { maxBodyDepth, mediaTypeProblem, parseBody } from '../../src/pipeline/read-json.js';
import { bodyValidators, compileRouteBodies, type RequestBodies } from '../../src/pipeline/route-bodies.js';
import { path } from '../../src/urls/route-builders.js';
import type { Schema } from '../../src/changes/schema.js';
import { UrlConf } from '../../src/urls/urlconf.js';

function requestBodies(request: Schema): RequestBodies {
  const [route] = new UrlConf([path('/x/', () => undefined, { request })]).routes();
  const ajv = bodyValidators();
  const compiled = compileRouteBodies('test', route as never, null, () => ajv);
  if (compiled?.request == null) throw new Error('no request side');
  return compiled.request;
}

const noInfo = { info: () => ({ headers: new Headers(), query: new URLSearchParams() }) };
const bytes = (text: string) => ({ kind: 'bytes' as const, bytes: new TextEncoder().encode(text) });

describe('parseBody: never throws, whatever the bytes', () => {
  test('any bytes are a value or a 400 parse_error', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (data) => {
        const parsed = parseBody({ kind: 'bytes', bytes: data }, 1024);
        if (isAPIException(parsed)) expect([parsed.statusCode, parsed.code]).toEqual([400, 'parse_error']);
      }),
    );
  });

  test('any JSON text parses to what JSON.parse makes', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'small' }), (text) => {
        const parsed = parseBody(bytes(text), 1 << 20);
        // A `__proto__` key is refused (invalid_body, pointing at it); anything else is what JSON.parse makes.
        const value: unknown = JSON.parse(text);
        if (JSON.stringify(value).includes('"__proto__":')) {
          expect(isAPIException(parsed) && parsed.code).toBe('invalid_body');
        } else if (!isAPIException(parsed)) expect(parsed).toEqual({ value });
        else expect(parsed.code).toBe('invalid_body'); // a "constructor" holding a "prototype"
      }),
    );
  });

  test.each([
    [maxBodyDepth, true],
    [maxBodyDepth + 1, false],
  ])('nested %i deep: accepted %s', (depth, accepted) => {
    const parsed = parseBody(bytes('['.repeat(depth) + ']'.repeat(depth)), 1 << 20);
    expect(isAPIException(parsed)).toBe(!accepted);
  });

  test('too large and broken streams are problems, not throws', () => {
    expect(parseBody({ kind: 'too-large' }, 10)).toMatchObject({
      statusCode: 413,
      code: 'payload_too_large',
    });
    expect(parseBody({ kind: 'broken' }, 10)).toMatchObject({ statusCode: 400, code: 'parse_error' });
  });
});

describe('mediaTypeProblem', () => {
  test.each([
    'application/json',
    'Application/JSON; charset=UTF-8',
    'application/json;charset=utf8',
    'application/merge-patch+json',
    'application/vnd.acme.v2+json; version=2',
  ])('%s is JSON', (type) => {
    expect(mediaTypeProblem(type)).toBeNull();
  });

  test.each([
    undefined,
    '',
    'text/plain',
    'application/jsonx',
    'application/json; charset=latin1',
    'json',
    '+json',
  ])('%s is a 415', (type) => {
    expect(mediaTypeProblem(type)).toMatchObject({ statusCode: 415, code: 'unsupported_media_type' });
  });

  test('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const problem = mediaTypeProblem(text);
        expect(problem === null || problem.statusCode === 415).toBe(true);
      }),
    );
  });
});

describe('acceptBody', () => {
  test('pointers escape "~" and "/" (RFC 6901)', async () => {
    const schema = Type.Object({ 'a/b~c': Type.String() });
    const result = await acceptBody(requestBodies(schema), null, {}, noInfo);
    expect(result).toMatchObject({ kind: 'refuse', error: { errors: [{ pointer: '/a~1b~0c' }] } });
  });

  test("a Standard Schema's asynchronous validation is awaited; its issues become pointers", async () => {
    const schema = z.object({
      name: z.string().refine(async (name) => Promise.resolve(name !== 'root'), 'reserved'),
    });
    const bodies = requestBodies(schema);
    expect(await acceptBody(bodies, null, { name: 'ada' }, noInfo)).toEqual({
      kind: 'accept',
      hasBody: true,
      body: { name: 'ada' },
      info: null,
    });
    expect(await acceptBody(bodies, null, { name: 'root' }, noInfo)).toMatchObject({
      kind: 'refuse',
      error: { code: 'invalid_body', errors: [{ pointer: '/name', detail: 'reserved' }] },
    });
  });

  test('the handler gets a new object: the parsed body is not the one it reads for a transforming schema', async () => {
    const body = { name: 'ada' };
    const result = await acceptBody(
      requestBodies(z.object({ name: z.string().toUpperCase() })),
      null,
      body,
      noInfo,
    );
    expect(result).toMatchObject({ kind: 'accept', body: { name: 'ADA' } });
    expect(body).toEqual({ name: 'ada' });
  });
});

describe('path() options request and response', () => {
  test.each([42, 'schema', [], null, () => undefined])('%s is refused', (schema) => {
    expect(() => path('/x/', () => undefined, { request: schema as never })).toThrow(
      expect.objectContaining({
        code: 'ERR_VERSIONING_INVALID_ARGUMENT',
        message: expect.stringMatching(/options\.request/),
      }),
    );
    expect(() => path('/x/', () => undefined, { response: schema as never })).toThrow(/options\.response/);
  });

  test('zod and TypeBox schemas are taken as they are', () => {
    const request = z.object({ a: z.string() });
    const response = Type.Object({ b: Type.Number() });
    const [route] = new UrlConf([path('/x/', () => undefined, { request, response })]).routes();
    expect(route).toMatchObject({ request, response });
  });
});
