// migrateResponse({ route }, fn, { schema }): the shape a route's reshaping function returns, which no document can
// read from a function, given with it: the older versions' documents and checkResponses describe the body with it
// (its named schemas as that version has them); without it, as before.
import { createServer } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { path, versioned } from '../../src/adapters/node/index.js';
import { change, field, migrateResponse, VersionHistory } from '../../src/changes/index.js';
import { openapi, type OpenAPIDocument } from '../../src/openapi/index.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { fetchReply, listen, type Served } from '../adapters/support.js';
import { expectValidDocument } from '../openapi/support.js';

const Item = z.object({ id: z.string(), title: z.string() }).meta({ id: 'ReshapedItem' });
/** The newest list body. */
const Page = z.object({ data: z.array(Item), total: z.number().int() });
/** The body v1 sends: DRF's envelope of v1's items (`title` was `name`). */
const V1Page = z.object({ count: z.number().int(), results: z.array(Item) });

const toV1 = (body: { data: unknown[]; total: number }) => ({ count: body.total, results: body.data });
const historyWith = (options?: { schema?: unknown }) =>
  new VersionHistory(['v1', 'v2', 'v3'], {
    v2: [
      change('An item’s name is "title"', [field(Item, 'title').renamedFrom('name')]),
      change('A list is { data, total }', [migrateResponse({ route: 'items' }, toV1, options as never)]),
    ],
    v3: [],
  });
const scheme = new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v3' });

function okSchema(document: OpenAPIDocument): unknown {
  return document.paths['/items/']?.get?.responses?.['200']?.content?.['application/json']?.schema;
}

describe('migrateResponse({ route }, fn, { schema })', () => {
  const urlconf = (items: unknown) =>
    new UrlConf([
      path('/items/', (_req, res) => res.json(items), { name: 'items', methods: ['GET'], response: Page }),
    ]);

  test('the documents of the versions it reshapes describe the body with it, its named schemas in that version', async () => {
    const changes = historyWith({ schema: V1Page });
    const documentOf = (version: string) =>
      openapi(urlconf(null), { version, scheme, changes, info: { title: 'Items' } });
    const v1 = documentOf('v1');
    await expectValidDocument(v1);
    expect(okSchema(v1)).toMatchObject({
      properties: {
        count: { type: 'integer' },
        results: { items: { $ref: '#/components/schemas/ReshapedItem' } },
      },
      required: ['count', 'results'],
    });
    expect(v1.components?.schemas?.['ReshapedItem']).toMatchObject({
      properties: { name: { type: 'string' } },
    });
    for (const version of ['v2', 'v3']) {
      const document = documentOf(version);
      expect(okSchema(document)).toMatchObject({ properties: { data: {}, total: {} } });
      expect(document.components?.schemas?.['ReshapedItem']).toMatchObject({ properties: { title: {} } });
    }
  });

  test('without it, the documents are as before: the route’s schema through the history', () => {
    const before = openapi(urlconf(null), {
      version: 'v1',
      scheme,
      changes: historyWith(),
      info: { title: 'Items' },
    });
    expect(okSchema(before)).toMatchObject({ properties: { data: {}, total: {} } });
  });

  let served: Served | null = null;
  afterEach(async () => {
    await served?.close();
    served = null;
  });

  test('checkResponses checks what the older version is sent against it', async () => {
    const serve = async (items: unknown) => {
      await served?.close();
      served = await listen(
        createServer(
          versioned(urlconf(items), {
            scheme,
            changes: historyWith({ schema: V1Page }),
            checkResponses: true,
          }),
        ),
      );
      return (version: string) =>
        fetchReply(`${served?.origin}/items/`, { headers: { 'api-version': version } });
    };
    const right = await serve({ data: [{ id: '1', title: 'A' }], total: 1 });
    expect(JSON.parse((await right('v1')).body)).toEqual({ count: 1, results: [{ id: '1', name: 'A' }] });
    expect((await right('v3')).status).toBe(200);
    // `total` not a whole number: `count` in v1 is none either; v1's answer is refused as v1's schema says.
    const wrong = await serve({ data: [], total: 1.5 });
    const refused = await wrong('v1');
    expect(refused.status).toBe(500);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'invalid_response' });
    expect(refused.body).toContain('/count');
  });

  test.each([
    [
      'options not an object',
      'schema',
      'migrateResponse(target, fn, options): options must be an object { schema? }, got "schema"',
    ],
    ['an unknown option', { shape: V1Page }, 'migrateResponse(target, fn, options): unknown option "shape"'],
    [
      'a schema that is none',
      { schema: 42 },
      'migrateResponse(target, fn, options): options.schema must be a Standard JSON Schema',
    ],
  ])('%s is a TypeError naming it', (_name, options, message) => {
    expect(() => migrateResponse({ route: 'items' }, toV1, options as never)).toThrow(
      expect.objectContaining({ name: 'TypeError', message: expect.stringContaining(message) as unknown }),
    );
  });

  test('a schema for a named schema’s target is a TypeError: field() instructions give its older shapes', () => {
    expect(() => migrateResponse(Item, (body) => body, { schema: V1Page })).toThrow(
      'migrateResponse(target, fn, options): options.schema is the shape of a { route } target',
    );
  });
});
