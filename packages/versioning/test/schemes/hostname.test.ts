import { describe, expect, test } from 'vitest';
import { NotFound } from '../../src/errors.js';
import { createRequest } from '../../src/http/request.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';

const at = (host: string) =>
  createRequest(new Request('http://ignored.invalid/', { headers: { host } }), {
    allowedHosts: ['.example.com'],
  });

describe('HostNameVersioning: host names are case-insensitive and may end with a dot', () => {
  const scheme = new HostNameVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] });

  test.each([
    'v2.example.com',
    'V2.example.com',
    'V2.EXAMPLE.COM',
    'v2.example.com.',
    'V2.Example.Com.:8000',
  ])('Host: %s → v2', (host) => {
    expect(scheme.determineVersion(at(host))).toBe('v2');
  });

  test('only one trailing dot is dropped', () => {
    // `v2.example.com..` is not a valid host name at all (empty label): Django refuses it, so does getHost().
    expect(() => at('v2.example.com..').getHost()).toThrow('Invalid HTTP_HOST header');
  });

  test('a version in upper case is the lower-case version: V3 is v3, not allowed', () => {
    expect(() => scheme.determineVersion(at('V3.example.com'))).toThrow(NotFound);
  });

  test('a custom hostnameRegex sees the host lower-cased, without its trailing dot', () => {
    class PrefixVersioning extends HostNameVersioning {
      // Case-sensitive and anchored at "com": it matches only the normalized host.
      override hostnameRegex = /^api-([a-z0-9]+)\.example\.com$/;
    }
    expect(new PrefixVersioning().determineVersion(at('API-V2.Example.COM.'))).toBe('v2');
  });
});
