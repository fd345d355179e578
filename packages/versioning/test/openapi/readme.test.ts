import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { openapi } from '../../src/openapi/index.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { expectValidDocument } from './support.js';

const page = readFileSync(new URL('../../../../docs/guide/documents.md', import.meta.url), 'utf8');

test('the OpenAPI guide’s excerpt is what its example generates', async () => {
  // The guide's example, as written there.
  const getUser = () => undefined;
  const health = () => undefined;
  const scheme = new QueryParameterVersioning({ defaultVersion: '1.0', allowedVersions: ['1.0', '2.0'] });
  const urlconf = new UrlConf([
    path('/users/:pk/', getUser, {
      name: 'users-detail',
      methods: ['GET'],
      openapi: {
        summary: 'One user',
        parameters: [{ name: 'pk', in: 'path', schema: { type: 'integer' } }],
        responses: {
          200: { description: 'The user', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    }),
    path('/health', health, { name: 'health', versioning: null }),
  ]);
  const document = openapi(urlconf, {
    version: '2.0',
    scheme,
    info: { title: 'Users' },
    policies: { '2.0': { deprecation: '2026-01-01' } },
  });
  await expectValidDocument(document);

  const excerpt = /<!-- openapi-excerpt -->\s*```json\n([\s\S]*?)\n```/.exec(page)?.[1];
  expect(excerpt).toBeDefined();
  expect(JSON.parse(excerpt ?? '')).toEqual({ '/users/{pk}/': document.paths['/users/{pk}/'] });
  expect(Object.keys(document.paths)).toEqual(['/users/{pk}/', '/health']);
});
