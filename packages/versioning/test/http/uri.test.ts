import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRequest } from '../../src/http/request.js';
import { startIncomingServer, type IncomingServer } from './incoming.js';

let server: IncomingServer;
beforeAll(async () => {
  server = await startIncomingServer();
});
afterAll(async () => {
  await server.close();
});

/** A stand-in IncomingMessage with this raw request target. */
const incoming = (url: string) =>
  createRequest({ url, headers: { host: 'localhost' } } as unknown as IncomingMessage);

// Django's build_absolute_uri() runs the path and the query through iri_to_uri(): what a URI cannot hold is
// percent-encoded as UTF-8, escapes already there are kept.
describe('buildAbsoluteUri() without a location encodes the request’s own path and query like Django', () => {
  test.each([
    [
      'quotes, angle brackets and backticks',
      '/a"<>`b/?q="<>`',
      'http://localhost/a%22%3C%3E%60b/?q=%22%3C%3E%60',
    ],
    [
      'braces, pipe, caret, backslash',
      '/{|}^\\/?{|}^\\',
      'http://localhost/%7B%7C%7D%5E%5C/?%7B%7C%7D%5E%5C',
    ],
    ['a space and non-ASCII', '/caf\u00e9 x/?q=\u00e9 t', 'http://localhost/caf%C3%A9%20x/?q=%C3%A9%20t'],
    ['escapes already there are kept', '/caf%C3%A9/?q=%25&r=a+b', 'http://localhost/caf%C3%A9/?q=%25&r=a+b'],
    [
      'what a URI may hold is kept',
      "/a-._~!$&'()*+,;=:@[]/?x=/?:@",
      "http://localhost/a-._~!$&'()*+,;=:@[]/?x=/?:@",
    ],
  ])('IncomingMessage: %s', (_title, target, expected) => {
    expect(incoming(target).buildAbsoluteUri()).toBe(expected);
  });

  test('a real IncomingMessage', async () => {
    const uri = await server.capture('/a"<>`b/?q="<>`', {}, (message) =>
      createRequest(message).buildAbsoluteUri(),
    );
    expect(uri).toBe(`http://127.0.0.1:${server.port}/a%22%3C%3E%60b/?q=%22%3C%3E%60`);
  });

  // The WHATWG URL parser encodes `"<>` in the query but leaves the backtick, `{`, `}`, `|` and `^`.
  test('fetch Request: the query is encoded too', () => {
    const request = createRequest(new Request('http://localhost/a"<>`b/?q="<>`{|}^'));
    expect(request.buildAbsoluteUri()).toBe('http://localhost/a%22%3C%3E%60b/?q=%22%3C%3E%60%7B%7C%7D%5E');
  });
});
