// `path(…, { openapi: false })`: a route served like any other and left out of every document openapi() writes.
import { describe, expect, test } from 'vitest';
import { openapi } from '../../src/openapi/index.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { include, path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { expectValidDocument } from './support.js';

const handler = () => undefined;
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'] });

describe('openapi: false', () => {
  test('leaves the route out of each version’s document; the other methods of its path stay', async () => {
    const urlconf = new UrlConf([
      path('/users/', handler, { name: 'users', methods: ['GET'] }),
      path('/users/', handler, { name: 'users-purge', methods: ['DELETE'], openapi: false }),
      path('/', handler, { name: 'home', versioning: null, openapi: false }),
      include('/admin', [path('/stats/', handler, { name: 'stats', openapi: false })]),
    ]);
    for (const version of ['1', '2']) {
      const document = openapi(urlconf, { version, scheme, info: { title: 'Users' } });
      await expectValidDocument(document);
      expect(Object.keys(document.paths)).toEqual(['/users/']);
      expect(Object.keys(document.paths['/users/'] ?? {})).toEqual(['get']);
    }
  });

  test('the route keeps it: reading the UrlConf says so', () => {
    const urlconf = new UrlConf([path('/', handler, { name: 'home', openapi: false })]);
    expect([...urlconf.routes()].map((route) => route.openapi)).toEqual([false]);
  });

  test.each([true, null, 0, 'no', []])(
    'openapi: %j is refused where it is given, naming the value',
    (value) => {
      expect(() => path('/', handler, { openapi: value as never })).toThrow(
        expect.objectContaining({
          name: 'TypeError',
          code: 'ERR_VERSIONING_INVALID_ARGUMENT',
          message: expect.stringMatching(
            /^path\("\/"\): options\.openapi must be an object of OpenAPI Operation members, or false, got /,
          ) as unknown,
        }),
      );
    },
  );
});
