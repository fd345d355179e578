import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRequest } from '../../src/http/request.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { startIncomingServer, type IncomingServer } from './incoming.js';

let server: IncomingServer;
beforeAll(async () => {
  server = await startIncomingServer();
});
afterAll(async () => {
  await server.close();
});

const scheme = new QueryParameterVersioning({ defaultVersion: '1.0' });

describe('a query string that starts with "?" keeps it (Django reads the key "?version")', () => {
  test('fetch Request: GET /items/??version=3.0', () => {
    const request = createRequest(new Request('http://localhost/items/??version=3.0'));
    expect(request.queryParams.get('version')).toBeNull();
    expect(request.queryParams.get('?version')).toBe('3.0');
    expect(scheme.determineVersion(request)).toBe('1.0');
  });

  test('IncomingMessage: GET /items/??version=3.0', async () => {
    const read = await server.capture('/items/??version=3.0', {}, (message) => {
      const request = createRequest(message);
      return [
        request.queryParams.get('version'),
        request.queryParams.get('?version'),
        scheme.determineVersion(request),
      ];
    });
    expect(read).toEqual([null, '3.0', '1.0']);
  });

  test('a single "?" is still the separator, and "???" leaves "??" on the first key', () => {
    expect(createRequest(new Request('http://localhost/?version=2.0')).queryParams.get('version')).toBe(
      '2.0',
    );
    expect(createRequest(new Request('http://localhost/???a=1')).queryParams.get('??a')).toBe('1');
  });
});
