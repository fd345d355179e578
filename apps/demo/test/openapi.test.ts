// The OpenAPI documents the demo serves, once per scheme: valid OpenAPI 3.1 (a real validator), one per version,
// and true: a request built from a document alone gets the answer its schema describes.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import type {
  OpenAPIDocument,
  OperationObject,
  ParameterObject,
  SchemaObject,
} from '@restdash/versioning/openapi';
import { serveDemo } from './support/demo-server.js';
import type { ApiMeta, SchemeName } from '../src/shared/api.js';
import type { Ask } from './schemes.cases.js';
import { schemeCases } from './schemes.cases.js';
import { get } from './support/http.js';

const validator = new Validator();
// The formats the documents' schemas use (`uri`), checked rather than ignored with a warning each. ajv-formats is
// CommonJS: its plugin is the `default` member of what an ES module imports.
const { default: addFormats } = formats;
const ajv = addFormats(new Ajv2020({ strict: false }));

async function expectValidOpenAPI(document: OpenAPIDocument): Promise<void> {
  const result = await validator.validate(structuredClone(document) as never);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
}

/** The operations of `document` whose operation id names `route` (`cities_list`, `city_detail`), with their paths. */
function operationsOf(
  document: OpenAPIDocument,
  route: string,
): { template: string; operation: OperationObject }[] {
  return Object.entries(document.paths).flatMap(([template, item]) =>
    Object.values(item)
      .filter((operation) => new RegExp(`(^|_)${route}$`).test(operation.operationId ?? ''))
      .map((operation) => ({ template, operation })),
  );
}

/** The one operation of the document that serves the city list, and its path. */
function cityList(document: OpenAPIDocument): { template: string; operation: OperationObject } {
  const found = operationsOf(document, 'cities_list');
  expect(found).toHaveLength(1);
  return found[0]!;
}

/**
 * The request a client reading only `found` of `document` sends (the city list, or a city's detail with `id`): the
 * server (or the document's own origin) and the path, the version's query or header parameter (`const`), and the
 * response media type as `Accept` when it is not plain JSON.
 */
function requestFrom(
  document: OpenAPIDocument,
  origin: URL,
  { template, operation } = cityList(document),
  id = '1796236',
): Ask & { schema: SchemaObject } {
  const server = document.servers?.[0]?.url ?? origin.href;
  const url = new URL(template.replace(/^\//, '').replace('{id}', id), server);
  const headers: Record<string, string> = {};
  for (const parameter of (operation.parameters ?? []) as ParameterObject[]) {
    const value = (parameter.schema as { const?: string } | undefined)?.const;
    if (value === undefined) continue;
    if (parameter.in === 'query') url.searchParams.set(parameter.name, value);
    if (parameter.in === 'header') headers[parameter.name] = value;
  }
  const [mediaType, media] = Object.entries(operation.responses['200']?.content ?? {})[0] ?? [];
  if (mediaType !== undefined && mediaType !== 'application/json') headers['Accept'] = mediaType;
  // Named bodies are `$ref`s into the document's components (each version's, from the API's history).
  const schema: SchemaObject =
    media?.schema === undefined
      ? false
      : ({ ...(media.schema as object), components: document.components } as unknown as SchemaObject);
  return { url: url.href, headers, schema };
}

describe.each(schemeCases)('OpenAPI documents under the $scheme scheme', (scheme) => {
  const demo = serveDemo({ scheme: scheme.scheme, port: 0 });

  test.each(scheme.versions.map((version, index) => ({ version, shape: index === 0 ? 1 : 2 })))(
    'version $version: its document is valid OpenAPI 3.1, and its request gets the documented body',
    async ({ version, shape }) => {
      const response = await get(new URL(`/api/openapi/${version}.json`, demo.url).href);
      expect(response.status).toBe(200);
      expect(response.contentType).toMatch(/^application\/json/);
      const document = response.json() as OpenAPIDocument;
      await expectValidOpenAPI(document);
      expect(document.info).toMatchObject({ title: 'restdash demo: cities of the world', version });
      // The API only: /api/meta (version-neutral), the list, and from v2 on a city's detail; not the page or the
      // documents themselves.
      const { template } = cityList(document);
      const details = operationsOf(document, 'city_detail');
      expect(Object.keys(document.paths)).toEqual([
        '/api/meta',
        template,
        ...details.map((detail) => detail.template),
      ]);
      expect(details).toHaveLength(shape === 1 ? 0 : 1);

      const request = requestFrom(document, demo.url);
      expect({ url: request.url, headers: request.headers }).toEqual(scheme.ask(demo.url, version));
      const answer = await get(request.url, request.headers);
      expect(answer.status).toBe(200);
      const body = answer.json();
      expect(Object.keys(body as object)[0]).toBe(shape === 1 ? 'count' : 'data');
      const validate = ajv.compile(request.schema as object);
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
      // The other body's schema does not fit: each document describes its own.
      const otherVersion = scheme.versions[shape === 1 ? 1 : 0];
      const other = (await get(new URL(`/api/openapi/${otherVersion}.json`, demo.url).href)).json();
      expect(ajv.validate(requestFrom(other as OpenAPIDocument, demo.url).schema as object, body)).toBe(
        false,
      );
    },
  );

  test('a city’s detail is in the v2 and v3 documents, each with its own body; v1’s operations are deprecated', async () => {
    const [first, second, third] = await Promise.all(
      scheme.versions.map(
        async (version) =>
          (await get(new URL(`/api/openapi/${version}.json`, demo.url).href)).json() as OpenAPIDocument,
      ),
    );
    const bodies = [];
    for (const document of [second!, third!]) {
      const [detail] = operationsOf(document, 'city_detail');
      const request = requestFrom(document, demo.url, detail);
      const answer = await get(request.url, request.headers);
      expect(answer.status).toBe(200);
      const validate = ajv.compile(request.schema as object);
      expect(validate(answer.json()), JSON.stringify(validate.errors)).toBe(true);
      bodies.push({ body: answer.json(), schema: request.schema });
    }
    // v3 adds featureCode and adminCode: v2's schema refuses v3's body, v3's requires them.
    expect(ajv.validate(bodies[0]!.schema as object, bodies[1]!.body)).toBe(false);
    expect(ajv.validate(bodies[1]!.schema as object, bodies[0]!.body)).toBe(false);
    // v1 is deprecated: its versioned operations say so; the others, and /api/meta, do not.
    expect(cityList(first!).operation.deprecated).toBe(true);
    for (const document of [second!, third!]) expect(cityList(document).operation.deprecated).toBeUndefined();
    expect(first!.paths['/api/meta']?.get?.deprecated).toBeUndefined();
    expect(JSON.stringify(cityList(first!).operation.responses['200']?.headers)).toContain('Deprecation');
  });

  test('the documents are deterministic, and GET /api/meta links each', async () => {
    const meta = (await get(new URL('/api/meta', demo.url).href)).json() as ApiMeta;
    for (const entry of meta.versions) {
      expect(entry.openapi).toBe(new URL(`/api/openapi/${entry.version}.json`, demo.url).href);
      const [first, second] = await Promise.all([get(entry.openapi), get(entry.openapi)]);
      expect(first.text).toBe(second.text);
    }
  });

  test('the demo’s own errors are documented next to the version problems', async () => {
    const document = (await get(new URL(`/api/openapi/${scheme.versions[0]}.json`, demo.url).href)).json();
    const { operation } = cityList(document as OpenAPIDocument);
    const notFound = JSON.stringify(operation.responses['404']);
    expect(notFound).toContain('"detail":"Invalid page."');
    // The scheme's refusal of a version (namespace versioning has none: its paths name the version).
    const { status, detail, supportedVersions } = scheme.badVersion;
    if (supportedVersions !== null) {
      expect(JSON.stringify(operation.responses[String(status)])).toContain(JSON.stringify(detail));
    }
    expect(JSON.stringify(operation.responses['400'])).toContain('"code":"invalid"');
  });

  test('a version the scheme does not serve has no document: the library’s translated 404', async () => {
    for (const name of [`${scheme.badVersion.version}.json`, `${scheme.versions[0]}.yaml`]) {
      const response = await get(new URL(`/api/openapi/${name}`, demo.url).href, { 'Accept-Language': 'de' });
      expect(response.status).toBe(404);
      expect(response.contentType).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status: 404, detail: 'Nicht gefunden.' });
    }
  });
});

/** The reference page's origin: the demo's, or under host-name versioning the version hosts' parent domain. */
function docsOrigin(scheme: SchemeName, demo: URL): URL {
  return scheme === 'hostname' ? new URL(`http://demo.localhost:${demo.port}/`) : demo;
}

describe.each(schemeCases)('the reference page, /api/docs/, under the $scheme scheme', (scheme) => {
  const demo = serveDemo({ scheme: scheme.scheme, port: 0 });

  test('is the library’s describe.ui: Swagger UI over one document per version, every file from this server', async () => {
    const origin = docsOrigin(scheme.scheme, demo.url);
    if (scheme.scheme === 'hostname') {
      // Its documents name the version hosts after the page's own host: on 127.0.0.1 there is none to name.
      const moved = await get(new URL('/api/docs/?urls.primaryName=v2', demo.url).href);
      expect(moved.status).toBe(307);
      expect(moved.headers['location']).toBe(new URL('/api/docs/?urls.primaryName=v2', origin).href);
    }
    const page = await get(new URL('/api/docs/', origin).href);
    expect(page.status).toBe(200);
    expect(page.contentType).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('<title>restdash demo: cities of the world — API reference</title>');
    const config = /<script type="application\/json" id="restdash-docs">(.*?)<\/script>/s.exec(page.text);
    expect(JSON.parse(config?.[1] ?? 'null')).toMatchObject({
      urls: scheme.versions.map((version) => ({ name: version, url: `/api/docs/openapi-${version}.json` })),
      primaryName: scheme.versions[2],
    });
    // No other site: every script, style, icon and link is on this server.
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]*)"/g)].map((match) => match[1]!);
    const files = sources.filter((source) => !source.startsWith('data:'));
    expect(files.length).toBeGreaterThan(3);
    expect(files.filter((source) => new URL(source, origin).origin !== origin.origin)).toEqual([]);
    for (const source of files) {
      const asset = await get(new URL(source, origin).href);
      expect(asset.status, source).toBe(200);
      expect(asset.contentType).toMatch(/^text\/(css|javascript)/);
    }
    for (const name of ['index.html', 'swagger-initializer.js', 'package.json', '..%2Fpackage.json']) {
      expect((await get(new URL(`/api/docs/${name}`, origin).href)).status, name).toBe(404);
    }
  });

  test.each(scheme.versions)(
    'version %s: the page’s document is valid OpenAPI 3.1, its city list asked the way the scheme reads it',
    async (version) => {
      const origin = docsOrigin(scheme.scheme, demo.url);
      const response = await get(new URL(`/api/docs/openapi-${version}.json`, origin).href);
      expect(response.status).toBe(200);
      const document = response.json() as OpenAPIDocument;
      await expectValidOpenAPI(document);
      expect(document.info).toMatchObject({ title: 'restdash demo: cities of the world', version });
      const request = requestFrom(document, origin);
      expect({ url: request.url, headers: request.headers }).toEqual(scheme.ask(demo.url, version));
      expect((await get(request.url, request.headers)).status).toBe(200);
    },
  );

  /** Whether the reference page's document of `version` describes the body its city list request gets. */
  async function expectDescribedBody(version: string): Promise<void> {
    const origin = docsOrigin(scheme.scheme, demo.url);
    const document = (await get(new URL(`/api/docs/openapi-${version}.json`, origin).href)).json();
    const request = requestFrom(document as OpenAPIDocument, origin);
    const body = (await get(request.url, request.headers)).json();
    const validate = ajv.compile(request.schema as object);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  }

  test.each(scheme.versions.slice(1))(
    'version %s: the page’s document describes the body the API sends',
    expectDescribedBody,
  );

  // v1's body is what the history's `migrateResponse()` function returns (DRF's envelope), given with its schema.
  test('version 1’s document describes the body the API sends', () =>
    expectDescribedBody(scheme.versions[0]));
});
