import { describe, expect, test } from 'vitest';
import { createRequest } from '../../src/http/request.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';

// The attributes stay public and mutable (DRF parity); what the per-request checks need is compiled from them
// when they change, not checked again on every request.
describe('scheme attributes are compiled when they change', () => {
  test('an assignment takes effect on the next use', () => {
    const scheme = new QueryParameterVersioning<string>({ allowedVersions: ['1.0'] });
    expect(scheme.isAllowedVersion('2.0')).toBe(false);
    scheme.allowedVersions = ['1.0', '2.0'];
    expect(scheme.isAllowedVersion('2.0')).toBe(true);
    scheme.defaultVersion = '3.0';
    expect(scheme.isAllowedVersion('3.0')).toBe(true);
    scheme.allowedVersions = null;
    expect(scheme.isAllowedVersion('anything')).toBe(true);
  });

  test.each([2, 8, 9, 40])(
    'an allow list of %i versions (short ones are searched, long ones hashed) admits exactly its versions',
    (size) => {
      const versions = Array.from({ length: size }, (_, index) => `${index + 1}.0`);
      const scheme = new QueryParameterVersioning<string>({ allowedVersions: [...versions, null] });
      // Made at run time, as a request's version is, not taken from the list.
      for (const version of versions) expect(scheme.isAllowedVersion(['', version].join(''))).toBe(true);
      expect(scheme.isAllowedVersion(null)).toBe(true);
      for (const other of [`${size + 1}.0`, '0.0', '1', '']) {
        expect(scheme.isAllowedVersion(other)).toBe(false);
      }
    },
  );

  test('an assigned array is copied and frozen: the versions change only by assignment', () => {
    const scheme = new QueryParameterVersioning();
    const versions = ['1.0'];
    scheme.allowedVersions = versions;
    versions.push('2.0');
    expect(scheme.isAllowedVersion('2.0')).toBe(false);
    expect(scheme.allowedVersions).toEqual(['1.0']);
    expect(() => (scheme.allowedVersions as string[]).push('2.0')).toThrow(TypeError);
  });

  test('a bad value is accepted by the assignment, refused on every use until it is fixed', () => {
    const scheme = new QueryParameterVersioning<string>({ allowedVersions: ['1.0'] });
    (scheme as { versionParam: unknown }).versionParam = 7;
    const message = 'QueryParameterVersioning: versionParam must be a non-empty string, got 7';
    expect(() => scheme.isAllowedVersion('1.0')).toThrow(message);
    expect(() => scheme.isAllowedVersion('1.0')).toThrow(message);
    scheme.versionParam = 'v';
    const request = createRequest(new Request('http://localhost/?v=1.0'));
    expect(scheme.determineVersion(request)).toBe('1.0');
  });

  test('a value a subclass sets with a field initializer is compiled, and can be assigned later', () => {
    class Pinned extends QueryParameterVersioning {
      override allowedVersions = ['9.0'];
    }
    const scheme = new Pinned({ allowedVersions: ['1.0'] });
    expect(scheme.isAllowedVersion('9.0')).toBe(true);
    expect(scheme.isAllowedVersion('1.0')).toBe(false);
    scheme.allowedVersions = ['1.0'];
    expect(scheme.isAllowedVersion('1.0')).toBe(true);
    expect(Object.isFrozen(scheme.allowedVersions)).toBe(true);
  });

  test("a subclass's own compiled attribute (hostnameRegex) is compiled again when assigned", () => {
    const scheme = new HostNameVersioning();
    const request = createRequest(new Request('http://api-v2.example.com/'), {
      allowedHosts: ['.example.com'],
    });
    expect(scheme.determineVersion(request)).toBeNull();
    scheme.hostnameRegex = /^api-([a-z0-9]+)\./;
    expect(scheme.determineVersion(request)).toBe('v2');
    scheme.hostnameRegex = /^(api)-/;
    expect(scheme.determineVersion(request)).toBe('api');
  });
});
