import { describe, expect, test } from 'vitest';
import { DisallowedHost } from '../../src/errors.js';
import { createRequest } from '../../src/http/request.js';

const withHost = (host: string) =>
  createRequest(new Request('http://ignored.invalid/x', { headers: { host } }), {
    allowedHosts: ['localhost', '.example.com'],
  });

describe('a port outside 0–65535 is a disallowed host, never put into a link', () => {
  test.each([
    'localhost:65536',
    'localhost:99999999999',
    'v1.example.com:070000',
    'localhost:1' + '0'.repeat(30),
  ])('Host: %s', (host) => {
    const request = withHost(host);
    expect(() => request.getHost()).toThrow(DisallowedHost);
    expect(() => request.buildAbsoluteUri('/a')).toThrow(`Invalid HTTP_HOST header: '${host}'.`);
  });

  test.each(['localhost:0', 'localhost:65535', 'localhost:00080', 'v1.example.com:8443'])(
    'Host: %s is allowed',
    (host) => {
      expect(withHost(host).getHost()).toBe(host);
    },
  );
});
