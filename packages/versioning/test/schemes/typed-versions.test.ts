import { describe, expect, expectTypeOf, test } from 'vitest';
import { createRequest } from '../../src/http/request.js';
import type { BaseVersioning, VersionOf } from '../../src/schemes/base.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { path } from '../../src/urls/route-builders.js';

// These assertions are checked by `tsc` (npm test runs it over the tests); the runtime checks beside them show the
// types describe what the schemes really return.
describe('schemes typed by their allow list', () => {
  test("allowedVersions as const makes URLPathVersioning<'v1' | 'v2'>, and determineVersion() returns those", () => {
    const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] as const });
    expectTypeOf(scheme).toEqualTypeOf<URLPathVersioning<'v1' | 'v2'>>();
    const request = createRequest(new Request('http://localhost/v2/'));
    const version = scheme.determineVersion(request, [], { version: 'v2' });
    expectTypeOf(version).toEqualTypeOf<'v1' | 'v2' | null>();
    expect(version).toBe('v2');
  });

  test('every scheme takes the type parameter, the default version joins the union', () => {
    expectTypeOf(
      new QueryParameterVersioning({ defaultVersion: '1.0', allowedVersions: ['2.0'] as const }),
    ).toEqualTypeOf<QueryParameterVersioning<'1.0' | '2.0'>>();
    expectTypeOf(new AcceptHeaderVersioning({ allowedVersions: ['1', '2'] as const })).toEqualTypeOf<
      AcceptHeaderVersioning<'1' | '2'>
    >();
    expectTypeOf(new NamespaceVersioning({ allowedVersions: ['v1'] as const })).toEqualTypeOf<
      NamespaceVersioning<'v1'>
    >();
    expectTypeOf(new HostNameVersioning({ allowedVersions: ['v1', null] as const })).toEqualTypeOf<
      HostNameVersioning<'v1'>
    >();
  });

  test('the header, media type and composite schemes are typed the same way', () => {
    const header = new HeaderVersioning({ header: 'X-Version', allowedVersions: ['1', '2'] as const });
    expectTypeOf(header).toEqualTypeOf<HeaderVersioning<'1' | '2'>>();
    const vendor = new MediaTypeVersioning({
      template: 'application/vnd.acme.{version}+json',
      allowedVersions: ['v1', 'v2'] as const,
    });
    expectTypeOf(vendor).toEqualTypeOf<MediaTypeVersioning<'v1' | 'v2'>>();
    const composite = new CompositeVersioning([header, new QueryParameterVersioning()], {
      defaultVersion: '1',
      allowedVersions: ['1', '2'] as const,
    });
    expectTypeOf(composite).toEqualTypeOf<CompositeVersioning<'1' | '2'>>();
    expectTypeOf(new HeaderVersioning()).toEqualTypeOf<HeaderVersioning>();
    expectTypeOf(
      new MediaTypeVersioning({ template: 'application/vnd.acme.{version}+json', defaultVersion: 'v1' }),
    ).toEqualTypeOf<MediaTypeVersioning>();
    expectTypeOf(new CompositeVersioning([header])).toEqualTypeOf<CompositeVersioning>();
    const request = createRequest(
      new Request('http://localhost/?version=2', { headers: { 'x-version': '2' } }),
    );
    const version = composite.determineVersion(request);
    expectTypeOf(version).toEqualTypeOf<'1' | '2' | null>();
    expect(version).toBe('2');
    expectTypeOf(header.determineVersion(request)).toEqualTypeOf<'1' | '2' | null>();
    expect(header.determineVersion(request)).toBe('2');
  });

  test('without an allow list in the options the versions are string (the settings may allow any)', () => {
    expectTypeOf(new URLPathVersioning()).toEqualTypeOf<URLPathVersioning>();
    expectTypeOf(new URLPathVersioning({ defaultVersion: 'v1' })).toEqualTypeOf<URLPathVersioning>();
    expectTypeOf(new URLPathVersioning({ allowedVersions: null })).toEqualTypeOf<URLPathVersioning>();
    const list: string[] = ['v1'];
    expectTypeOf(new URLPathVersioning({ allowedVersions: list })).toEqualTypeOf<URLPathVersioning>();
  });

  test('a typed scheme is still a BaseVersioning, and VersionOf reads its versions back', () => {
    const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] as const });
    expectTypeOf(scheme).toExtend<BaseVersioning>();
    expectTypeOf<VersionOf<typeof scheme>>().toEqualTypeOf<'v1' | 'v2'>();
    expectTypeOf<VersionOf<URLPathVersioning>>().toEqualTypeOf<string>();
  });

  test("path()'s since and until must be versions of the route's typed scheme", () => {
    const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'] as const });
    expect(path('/:version/a/', null, { versioning: scheme, since: 'v2', until: 'v3' }).since).toBe('v2');
    // @ts-expect-error -- 'v4' is not a version of the scheme
    expect(() => path('/:version/a/', null, { versioning: scheme, since: 'v4' })).toThrow(TypeError);
  });
});
