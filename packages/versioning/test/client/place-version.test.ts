import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { placeVersion } from '../../src/client/place-version.js';
import { createRequest } from '../../src/http/request.js';
import { BaseVersioning } from '../../src/schemes/base.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { schemeCases } from './client.cases.js';
import { placeCases } from './place-version.cases.js';

test.each(placeCases)('$title', ({ scheme, version, url, headers, href, sent }) => {
  const placed = placeVersion(scheme, version, { url, ...(headers === undefined ? {} : { headers }) });
  expect(placed.url.href).toBe(href);
  expect(Object.fromEntries(placed.headers)).toEqual(sent);
});

test('the caller’s URL and headers are never changed', () => {
  const url = new URL('https://api.example.com/{version}/users/');
  const headers = new Headers({ accept: 'text/html' });
  placeVersion(new URLPathVersioning(), 'v1', { url, headers });
  placeVersion(new AcceptHeaderVersioning(), 'v1', { url: 'https://api.example.com/', headers });
  expect(url.href).toBe('https://api.example.com/%7Bversion%7D/users/');
  expect(headers.get('accept')).toBe('text/html');
});

/** The error `run` throws, as `{ name, code, message }`. */
function thrown(run: () => unknown): { name: string; code: unknown; message: string } {
  try {
    run();
  } catch (error) {
    const { name, message } = error as Error;
    return { name, code: (error as { code?: unknown }).code, message };
  }
  throw new Error('nothing was thrown');
}

const path = new URLPathVersioning();
const refusals = [
  {
    title: 'a scheme that is none of the eight',
    run: () => placeVersion(new BaseVersioning(), 'v1', { url: 'https://api.example.com/' }),
    code: 'ERR_VERSIONING_UNKNOWN_SCHEME',
    message: 'scheme must be one of AcceptHeaderVersioning, URLPathVersioning',
  },
  {
    title: 'an object that is no scheme',
    run: () => placeVersion({} as never, 'v1' as never, { url: 'https://api.example.com/' }),
    code: 'ERR_VERSIONING_UNKNOWN_SCHEME',
    message: 'got an object',
  },
  {
    title: 'a URL without {version} for URLPathVersioning',
    run: () => placeVersion(path, 'v1', { url: 'https://api.example.com/v1/users/' }),
    code: 'ERR_VERSIONING_CANNOT_PLACE',
    message: 'url must be a URL with "{version}" in its path',
  },
  {
    title: 'a URL without {version} for NamespaceVersioning',
    run: () => placeVersion(new NamespaceVersioning(), 'v1', { url: 'https://api.example.com/users/' }),
    code: 'ERR_VERSIONING_CANNOT_PLACE',
    message: 'in its path',
  },
  {
    title: '{version} only in the query for URLPathVersioning',
    run: () => placeVersion(path, 'v1', { url: 'https://api.example.com/users/?v={version}' }),
    code: 'ERR_VERSIONING_CANNOT_PLACE',
    message: 'in its path',
  },
  {
    title: 'a URL without {version} in the host for HostNameVersioning',
    run: () => placeVersion(new HostNameVersioning(), 'v1', { url: 'https://api.example.com/{version}/' }),
    code: 'ERR_VERSIONING_CANNOT_PLACE',
    message: 'url must be a URL with "{version}" in its host name',
  },
  {
    title: 'a host-name version the regex would not read back (upper case)',
    run: () => placeVersion(new HostNameVersioning(), 'V2', { url: 'https://{version}.example.com/' }),
    code: 'ERR_VERSIONING_CANNOT_PLACE',
    message: 'reads "v2" there',
  },
  {
    title: 'a host-name version with a dot (four labels)',
    run: () => placeVersion(new HostNameVersioning(), 'v2.1', { url: 'https://{version}.example.com/' }),
    code: 'ERR_VERSIONING_CANNOT_PLACE',
    message: 'reads no version there',
  },
  {
    title: '".." in a path',
    run: () => placeVersion(path, '..', { url: 'https://api.example.com/{version}/' }),
    code: 'ERR_VERSIONING_CANNOT_PLACE',
    message: 'cannot be empty, "." or ".."',
  },
  {
    title: 'a comma in a header',
    run: () => placeVersion(new HeaderVersioning(), '1,2', { url: 'https://api.example.com/' }),
    code: 'ERR_VERSIONING_CANNOT_PLACE',
    message: 'the Api-Version header',
  },
  {
    title: 'an empty header version',
    run: () => placeVersion(new HeaderVersioning(), '', { url: 'https://api.example.com/' }),
    code: 'ERR_VERSIONING_CANNOT_PLACE',
    message: 'version "" cannot be sent in the Api-Version header',
  },
  {
    title: 'a line break in an Accept parameter',
    run: () => placeVersion(new AcceptHeaderVersioning(), '1\r\n2', { url: 'https://api.example.com/' }),
    code: 'ERR_VERSIONING_CANNOT_PLACE',
    message: 'an Accept parameter',
  },
  {
    title: 'a version no media type can carry',
    run: () =>
      placeVersion(new MediaTypeVersioning({ template: 'application/vnd.a.{version}+json' }), 'v 2', {
        url: 'https://api.example.com/',
      }),
    code: 'ERR_VERSIONING_CANNOT_PLACE',
    message: 'only letters, digits',
  },
  {
    title: 'a lone surrogate',
    run: () => placeVersion(path, 'v\uD800', { url: 'https://api.example.com/{version}/' }),
    code: 'ERR_VERSIONING_CANNOT_PLACE',
    message: 'lone surrogate',
  },
  {
    title: 'a version that is not a string',
    run: () => placeVersion(path, 2 as never, { url: 'https://api.example.com/{version}/' }),
    code: 'ERR_VERSIONING_INVALID_ARGUMENT',
    message: 'version must be a string, got 2',
  },
  {
    title: 'a relative URL outside a browser',
    run: () => placeVersion(path, 'v1', { url: '/{version}/users/' }),
    code: 'ERR_VERSIONING_INVALID_ARGUMENT',
    message: 'url must be an absolute URL',
  },
  {
    title: 'an unknown option',
    run: () => placeVersion(path, 'v1', { url: 'https://a.example/{version}/', header: {} } as never),
    code: 'ERR_VERSIONING_UNKNOWN_OPTION',
    message: 'unknown option "header"',
  },
  {
    title: 'headers new Headers() refuses',
    run: () => placeVersion(path, 'v1', { url: 'https://a.example/{version}/', headers: [['a']] as never }),
    code: 'ERR_VERSIONING_INVALID_ARGUMENT',
    message: 'headers must be what new Headers() takes',
  },
  {
    title: 'an Accept that cannot be read',
    run: () =>
      placeVersion(new AcceptHeaderVersioning(), '1', {
        url: 'https://a.example/',
        headers: { accept: 'application/json; version=1:0' },
      }),
    code: 'ERR_VERSIONING_INVALID_ARGUMENT',
    message: 'headers.Accept must be a list of media ranges',
  },
];

test.each(refusals)('a TypeError with a stable code: $title', ({ run, code, message }) => {
  const error = thrown(run);
  expect(error).toMatchObject({ name: 'TypeError', code });
  expect(error.message).toContain(message);
  expect(error.message).toMatch(/^placeVersion\(scheme, version, \{ url, headers \}\): /);
});

test('a version the scheme does not allow is placed all the same (the server decides)', () => {
  const scheme = new URLPathVersioning({ allowedVersions: ['v1'] as const });
  expect(placeVersion(scheme, 'v9' as 'v1', { url: 'https://a.example/{version}/' }).url.pathname).toBe(
    '/v9/',
  );
});

describe('place → determine gives the version back (fast-check)', () => {
  // What the schemes take as versions: what a header can carry.
  const versions = fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .map((code) => String.fromCharCode(code === 0x7f ? 0x09 : code)),
    maxLength: 12,
  });

  /** The version the scheme determines for the placed request, as a server would. */
  function determined(
    schemeCase: (typeof schemeCases)[number],
    scheme: BaseVersioning,
    version: string,
  ): string | null {
    const origin = 'http://127.0.0.1:8000';
    const url =
      schemeCase.host === undefined
        ? `${origin}${schemeCase.url}`
        : `http://${schemeCase.host}${schemeCase.url}`;
    const urlconf = new UrlConf(schemeCase.routes([version], 'handler'));
    const placed = placeVersion(scheme, version, { url });
    const request = createRequest(new Request(placed.url, { headers: placed.headers }), {
      urlconf,
      allowedHosts: ['127.0.0.1', '.example.com'],
    });
    const match = urlconf.resolve(request.path);
    request.resolverMatch = match;
    return scheme.determineVersion(request, match?.args ?? [], match?.kwargs ?? {});
  }

  test.each(schemeCases)('$name: placed, or refused with ERR_VERSIONING_CANNOT_PLACE', (schemeCase) => {
    fc.assert(
      fc.property(versions, (version) => {
        let scheme: BaseVersioning;
        try {
          scheme = schemeCase.scheme([version]);
          new UrlConf(schemeCase.routes([version], 'handler'));
        } catch {
          // A version the server cannot have: one MediaTypeVersioning refuses to allow, a namespace no route can take.
          return;
        }
        let result: string | null;
        try {
          result = determined(schemeCase, scheme, version);
        } catch (error) {
          expect((error as { code?: unknown }).code).toBe('ERR_VERSIONING_CANNOT_PLACE');
          return;
        }
        expect(result).toBe(version);
      }),
      { numRuns: 300 },
    );
  });

  test.each(schemeCases)(
    '$name: a version of lower-case letters and digits is always placed',
    (schemeCase) => {
      fc.assert(
        fc.property(fc.stringMatching(/^[a-z0-9]{1,10}$/), (version) => {
          expect(determined(schemeCase, schemeCase.scheme([version]), version)).toBe(version);
        }),
        { numRuns: 100 },
      );
    },
  );
});
