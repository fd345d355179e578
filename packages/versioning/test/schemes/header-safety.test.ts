import { afterEach, describe, expect, test } from 'vitest';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { BaseVersioning } from '../../src/schemes/base.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { createRequest } from '../../src/http/request.js';
import { configure, resetSettings } from '../../src/settings.js';

afterEach(() => {
  resetSettings();
});

/** The error `run` throws, as the fields a caller matches on. */
function thrown(run: () => unknown): { name: string; code: unknown; message: string } | 'no error' {
  try {
    run();
  } catch (error) {
    const { name, message } = error as Error;
    return { name, code: (error as { code?: unknown }).code, message };
  }
  return 'no error';
}

/** Characters no HTTP field value may carry (node:http throws on them when the header is set). */
const unsafeValues = [
  ['CR LF', '2.0\r\nSet-Cookie: a=b'],
  ['LF', '2.0\n'],
  ['NUL', '2\u0000'],
  ['DEL', '2\u007f'],
  ['a character above U+00FF', 'v\u20ac'],
  ['an astral character', 'v\u{1F600}'],
] as const;

const template = 'application/vnd.acme.{version}+json';
const unsafeHeader = (value: string) => ({
  name: 'TypeError',
  code: 'ERR_VERSIONING_INVALID_HEADER',
  message: expect.stringContaining(JSON.stringify(value)) as unknown as string,
});

describe.each(unsafeValues)('a version with %s', (_title, value) => {
  test.each<readonly [string, () => BaseVersioning]>([
    ['AcceptHeaderVersioning', () => new AcceptHeaderVersioning({ allowedVersions: ['1.0', value] })],
    ['URLPathVersioning', () => new URLPathVersioning({ allowedVersions: [value] })],
    ['QueryParameterVersioning', () => new QueryParameterVersioning({ defaultVersion: value })],
    ['HeaderVersioning', () => new HeaderVersioning({ defaultVersion: value })],
    ['MediaTypeVersioning', () => new MediaTypeVersioning({ template, defaultVersion: value })],
    [
      'CompositeVersioning',
      () => new CompositeVersioning([new HeaderVersioning()], { allowedVersions: [value] }),
    ],
  ])('is refused by new %s() with a TypeError naming it', (_name, build) => {
    expect(thrown(build)).toEqual(unsafeHeader(value));
  });

  test('names the entry of allowedVersions', () => {
    expect(thrown(() => new URLPathVersioning({ allowedVersions: ['v1', null, value] }))).toMatchObject({
      message: `new URLPathVersioning(options): allowedVersions[2] must be a string an HTTP header can carry (tab, space, visible ASCII and U+0080 to U+00FF; no CR, LF or other control character), got ${JSON.stringify(value)}`,
    });
  });

  test('is refused by configure()', () => {
    expect(thrown(() => configure({ defaultVersion: value }))).toEqual(unsafeHeader(value));
    expect(thrown(() => configure({ allowedVersions: [value] }))).toEqual(unsafeHeader(value));
  });

  test('assigned after construction, is refused the next time the scheme is used', () => {
    const scheme = new URLPathVersioning<string>({ allowedVersions: ['v1'] });
    scheme.allowedVersions = [value];
    const request = createRequest(new Request('http://localhost/v1/'));
    expect(thrown(() => scheme.determineVersion(request, [], { version: 'v1' }))).toEqual(
      unsafeHeader(value),
    );
  });
});

describe('versions an HTTP header can carry', () => {
  test.each(['1.0', 'v2', '', '2024-01-01', 'caf\u00e9', 'beta 2', 'a\tb'])('%j is accepted', (value) => {
    expect(thrown(() => new URLPathVersioning({ defaultVersion: value, allowedVersions: [value] }))).toBe(
      'no error',
    );
  });
});

describe('header names', () => {
  test.each(['Api Version', 'X-Version\r\n', 'X-Version\n', 'Ä', 'x\u20ac', 'Api-Version:'])(
    'HeaderVersioning refuses the header %j with the header code and its usual message',
    (header) => {
      expect(thrown(() => new HeaderVersioning({ header }))).toEqual({
        name: 'TypeError',
        code: 'ERR_VERSIONING_INVALID_HEADER',
        message: `new HeaderVersioning(options): header must be a header name (a token such as "Api-Version"), got ${JSON.stringify(header)}`,
      });
    },
  );

  test('a header that is not a string is a wrong argument, not a bad header', () => {
    expect(thrown(() => new HeaderVersioning({ header: 42 as never }))).toMatchObject({
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
    });
  });
});

describe('MediaTypeVersioning templates', () => {
  test.each([
    'application/vnd.acme.{version}+json\r\n',
    'application/vnd.\u20ac.{version}+json',
    'application/vnd.acme.{version}+json\u0000',
  ])('%j is refused as a bad header value', (value) => {
    expect(thrown(() => new MediaTypeVersioning({ template: value }))).toEqual({
      name: 'TypeError',
      code: 'ERR_VERSIONING_INVALID_HEADER',
      message: `new MediaTypeVersioning(options): template must be a string an HTTP header can carry (tab, space, visible ASCII and U+0080 to U+00FF; no CR, LF or other control character), got ${JSON.stringify(value)}`,
    });
  });
});

describe('varyHeaders of a composite’s members', () => {
  class BadVary extends QueryParameterVersioning {
    override get varyHeaders(): readonly string[] {
      return ['X-Version\r\nX-Injected: 1'];
    }
  }

  test('a member whose varyHeaders holds something that is not a header name is refused', () => {
    expect(thrown(() => new CompositeVersioning([new HeaderVersioning(), new BadVary()]))).toEqual({
      name: 'TypeError',
      code: 'ERR_VERSIONING_INVALID_HEADER',
      message:
        'new CompositeVersioning(schemes, options): schemes[1].varyHeaders[0] must be a header name (a token such as "Api-Version"), got "X-Version\\r\\nX-Injected: 1"',
    });
  });

  test('a member whose varyHeaders is not an array is refused', () => {
    class NotAList extends BaseVersioning {
      override get varyHeaders(): readonly string[] {
        return 'Accept' as unknown as readonly string[];
      }
    }
    expect(thrown(() => new CompositeVersioning([new NotAList()]))).toMatchObject({
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
      message: expect.stringContaining('schemes[0].varyHeaders must be an array of header names') as unknown,
    });
  });
});
