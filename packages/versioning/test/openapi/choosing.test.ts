import { describe, expect, test } from 'vitest';
import { openapi } from '../../src/openapi/index.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { expectValidDocument } from './support.js';

const info = { title: 'Choosing' };
const dates = ['2024-01-01', '2024-06-01'];
const urlconf = new UrlConf([path('/users/', 'handler', { name: 'users', methods: ['GET'] })]);

/** The one operation of a document of `urlconf`. */
function operationOf(scheme: ConstructorParameters<typeof CompositeVersioning>[0][number], version: string) {
  const document = openapi(urlconf, { version, scheme, info });
  return { document, operation: document.paths['/users/']?.get };
}

describe('OpenAPI: a version the scheme chooses', () => {
  test('a required date header: required, no default, format date, naming the document’s version', async () => {
    const { document, operation } = operationOf(
      new HeaderVersioning({ allowedVersions: dates, versionFormat: 'date', versionRequired: true }),
      '2024-06-01',
    );
    expect(operation?.parameters).toEqual([
      {
        name: 'Api-Version',
        in: 'header',
        description: expect.stringContaining('a date'),
        required: true,
        schema: { type: 'string', format: 'date', const: '2024-06-01' },
      },
    ]);
    const bad = operation?.responses['400'];
    expect(Object.keys(bad?.content?.['application/problem+json']?.examples ?? {})).toEqual([
      'version_required',
      'invalid_version',
    ]);
    expect(JSON.stringify(bad)).toContain('A version is required.');
    expect(JSON.stringify(bad)).toContain('expected a date like 2024-01-31.');
    await expectValidDocument(document);
  });

  test('a semantic-version query parameter with a default: optional, with a pattern, 400 invalid_version only', async () => {
    const { document, operation } = operationOf(
      new QueryParameterVersioning({
        allowedVersions: ['1.0', '2.0'],
        defaultVersion: '2.0',
        versionFormat: 'semver',
      }),
      '1.0',
    );
    const [parameter] = operation?.parameters ?? [];
    expect(parameter).toMatchObject({ name: 'version', in: 'query', required: false });
    expect(parameter?.schema).toEqual({ type: 'string', pattern: expect.any(String), const: '1.0' });
    const pattern = new RegExp((parameter?.schema as { pattern: string }).pattern);
    expect(['1', '1.0', 'v1.0.0'].every((value) => pattern.test(value))).toBe(true);
    expect(['1.0-rc1', '01', 'latest'].some((value) => pattern.test(value))).toBe(false);
    const examples = operation?.responses['400']?.content?.['application/problem+json']?.examples ?? {};
    expect(Object.keys(examples)).toEqual(['invalid_version']);
    await expectValidDocument(document);
  });

  test('a scheme without either option documents no 400 of its own', () => {
    const { operation } = operationOf(new HeaderVersioning({ allowedVersions: ['1', '2'] }), '1');
    expect(operation?.responses['400']).toBeUndefined();
  });

  test('a required version in an optional path segment: only the path with it is documented', async () => {
    const routes = new UrlConf([path('/users{/:version}/', 'handler', { name: 'users', methods: ['GET'] })]);
    const scheme = new URLPathVersioning({
      allowedVersions: dates,
      versionFormat: 'date',
      versionRequired: true,
    });
    const document = openapi(routes, { version: '2024-01-01', scheme, info });
    expect(Object.keys(document.paths)).toEqual(['/users/2024-01-01/']);
    await expectValidDocument(document);
  });

  test('the Accept parameter and a composite document the date the same way', async () => {
    for (const scheme of [
      new AcceptHeaderVersioning({ allowedVersions: dates, versionFormat: 'date', versionRequired: true }),
      new CompositeVersioning([new HeaderVersioning(), new QueryParameterVersioning()], {
        allowedVersions: dates,
        versionFormat: 'date',
        versionRequired: true,
      }),
    ]) {
      const { document, operation } = operationOf(scheme, '2024-01-01');
      expect(
        Object.keys(operation?.responses['400']?.content?.['application/problem+json']?.examples ?? {}),
      ).toEqual(['version_required', 'invalid_version']);
      await expectValidDocument(document);
    }
  });
});
