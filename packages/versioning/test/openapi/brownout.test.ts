import { describe, expect, test } from 'vitest';
import { openapi } from '../../src/openapi/index.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { expectValidDocument } from './support.js';

const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
const urlconf = new UrlConf([path('/:version/users/', 'handler', { name: 'users' })]);
const policies = {
  v1: {
    sunset: '2026-01-01',
    brownouts: [{ start: '2025-06-02T14:00:00Z', end: '2025-06-02T14:15:00Z' }],
  },
};
const documentOf = (version: string, enforceSunset = false) =>
  openapi(urlconf, { version, scheme, info: { title: 'Test API' }, policies, enforceSunset });

describe('openapi(): brownouts', () => {
  test('a version with brownout windows documents the 410 version_brownout with Retry-After, and validates', async () => {
    const document = documentOf('v1');
    const gone = document.paths['/v1/users/']?.get?.responses?.['410'];
    expect(gone).toMatchObject({
      description:
        'Gone: version v1 is inside one of its scheduled brownout windows; `Retry-After` gives the seconds until the window ends.',
      headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
      content: {
        'application/problem+json': {
          examples: {
            version_brownout: {
              value: {
                status: 410,
                code: 'version_brownout',
                detail: 'Version "v1" is unavailable during a scheduled brownout before its sunset.',
              },
            },
          },
        },
      },
    });
    await expectValidDocument(document);
  });

  test('with enforceSunset, the one 410 names both reasons', () => {
    const gone = documentOf('v1', true).paths['/v1/users/']?.get?.responses?.['410'] as {
      content: Record<string, { examples: Record<string, unknown> }>;
    };
    expect(Object.keys(gone.content['application/problem+json']?.examples ?? {})).toEqual([
      'version_sunset',
      'version_brownout',
    ]);
  });

  test('a version without windows documents no 410', () => {
    expect(documentOf('v2').paths['/v2/users/']?.get?.responses?.['410']).toBeUndefined();
  });
});
