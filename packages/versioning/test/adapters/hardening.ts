import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import type { AdapterHarness, Echo } from './contract.js';
import { rawReply, type Reply, type Served } from './support.js';

/** The hosts the hardening servers accept. */
export const hardeningHosts: readonly string[] = ['127.0.0.1', 'localhost', '.example.com'];

/** A framework's harness, plus what the hardening cases need of it. */
export interface HardeningHarness extends AdapterHarness {
  /**
   * A handler answering 200 with `{ "uri": … }`: `createRequest(<the framework's request>, { allowedHosts:
   * hardeningHosts }).buildAbsoluteUri()`, the request's own absolute URL.
   */
  readonly absoluteUri: unknown;
}

/** A request target sent byte for byte (no URL parser in between), with `headers` and `Host: 127.0.0.1:<port>`. */
function send(
  origin: string,
  target: string,
  headers: Readonly<Record<string, string>> = {},
  method = 'GET',
): Promise<Reply> {
  return rawReply(origin, target, { host: new URL(origin).host, ...headers }, method);
}

function echoOf(reply: Reply): Echo {
  expect(reply.status).toBe(200);
  return JSON.parse(reply.body) as Echo;
}

/** An error of an `APIException`'s shape that is not one: a handler's own error, never answered with its toJSON(). */
function lookalike(): Error {
  return Object.assign(new Error('internal: lookalike'), {
    statusCode: 418,
    code: 'teapot',
    toJSON: () => ({ status: 418, detail: 'leaked internals' }),
  });
}

/**
 * What probing the adapters as an attacker turned up (issue 12), checked on the framework's real server: each
 * case is a request a client can send.
 */
export function hardeningContract(harness: HardeningHarness): void {
  let served: Served;
  let origin: string;
  const frameworkErrors: unknown[] = [];

  beforeAll(async () => {
    const urlconf = new UrlConf([
      // An open version list: any version a URL can carry is served.
      path('/open/:version/items/', harness.echo, { name: 'open-items' }),
      path('/query/items/', harness.echo, {
        name: 'query-items',
        versioning: new QueryParameterVersioning({ defaultVersion: '1.0', allowedVersions: ['1.0', '2.0'] }),
      }),
      path('/host/items/', harness.echo, {
        name: 'host-items',
        versioning: new HostNameVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] }),
      }),
      path('/uri/:any/', harness.absoluteUri, { versioning: null }),
      path('/lookalike/', harness.failing(lookalike()), { versioning: null }),
      // POST only, so that a GET the framework normalized to another path (Hono: /open/../items/ is /items/) finds
      // no route rather than this one.
      path('/*rest', harness.echo, { name: 'anywhere', methods: ['POST'], versioning: null }),
    ]);
    served = await harness.serve(
      urlconf,
      { scheme: new URLPathVersioning(), allowedHosts: hardeningHosts },
      frameworkErrors,
    );
    origin = served.origin;
  });
  afterAll(() => served.close());

  describe('hardening (issue 12)', () => {
    test('1. GET /query/items/??version=2.0 reads the key "?version", so the default version', async () => {
      expect(echoOf(await send(origin, '/query/items/??version=2.0'))).toMatchObject({ version: '1.0' });
      expect(echoOf(await send(origin, '/query/items/?version=2.0'))).toMatchObject({ version: '2.0' });
    });

    test('4. a self link of //evil.com/x stays on this site', async () => {
      const body = echoOf(await send(origin, '//evil.com/x', {}, 'POST'));
      expect(body.kwargs).toEqual({ [harness.wildcardName ?? 'rest']: '/evil.com/x' });
      expect(body.self).toBe(`${origin}/%2Fevil.com/x`);
    });

    test('5. buildAbsoluteUri() percent-encodes what a URI cannot hold, in the path and the query', async () => {
      const reply = await send(origin, '/uri/a"<>`b%20c/?q="<>`{|}^&r=%25');
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.body)).toEqual({
        uri: `${origin}/uri/a%22%3C%3E%60b%20c/?q=%22%3C%3E%60%7B%7C%7D%5E&r=%25`,
      });
    });

    test.each(['/open/%2e%2e/items/', '/open/./items/', '/open/%2E/items/'])(
      '6. %s is not a version a URL can carry back: 404, not a 500',
      async (target) => {
        frameworkErrors.length = 0;
        const reply = await send(origin, target);
        expect(reply.status).toBe(404);
        expect(frameworkErrors).toEqual([]);
      },
    );

    test.each(['/open/v%E0%A4%A/items/', '/open/%ED%A0%80/items/', '/open/%zz/items/'])(
      '7. malformed percent-encoding in %s → 400',
      async (target) => {
        frameworkErrors.length = 0;
        const reply = await send(origin, target);
        expect(reply.status).toBe(400);
        expect(reply.body).not.toContain('internal');
        // Where the adapter answers it (Hono, node), as its other errors: problem+json.
        if (reply.header('content-type') === 'application/problem+json') {
          expect(JSON.parse(reply.body)).toMatchObject({
            status: 400,
            code: 'parse_error',
            detail: 'Malformed request.',
          });
        }
      },
    );

    test.each(['V2.example.com', 'v2.example.com.', 'V2.EXAMPLE.COM.:80'])(
      '8. Host: %s is version v2 (case-insensitive, one trailing dot)',
      async (host) => {
        expect(echoOf(await send(origin, '/host/items/', { host }))).toMatchObject({ version: 'v2' });
      },
    );

    test.each(['localhost:99999999999', 'localhost:65536'])(
      '9. Host: %s (a port outside 0–65535) → 400, and it is never put into a link',
      async (host) => {
        const reply = await send(origin, '/open/v1/items/', { host });
        expect(reply.status).toBe(400);
        expect(reply.body).not.toMatch(/https?:\/\//);
        expect(reply.header('location')).toBeNull();
      },
    );

    test('10. an error shaped like an APIException is the application’s error, not answered with its toJSON()', async () => {
      frameworkErrors.length = 0;
      const reply = await send(origin, '/lookalike/');
      expect(reply.status).toBe(500);
      expect(reply.body).not.toContain('leaked');
      expect(frameworkErrors).toHaveLength(1);
    });
  });
}
