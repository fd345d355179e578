import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { APIException } from '../../src/errors.js';
import { requestChannelName } from '../../src/pipeline/request-channel.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import type { RequestMessage } from '../../src/types.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import type { AdapterHarness } from './contract.js';
import { fetchReply, type Served } from './support.js';

const sunset = '2030-01-01T00:00:00Z';

/** Waits until `count` messages came (each is published once its response is done, after the client read it). */
async function messages(received: RequestMessage[], count: number): Promise<RequestMessage[]> {
  for (let tries = 0; received.length < count && tries < 200; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return received;
}

/**
 * Runs the contract of the `restdash:versioning:request` channel against one framework: a message per answered
 * request of a versioned route — a sent version, the default, a pinned one, a date served by an older one (the
 * waterfall), refused versions and a handler's error — with its status, the route's pattern and the version's policy.
 */
export function requestChannelContract(harness: AdapterHarness): void {
  describe('the request channel (restdash:versioning:request)', () => {
    let served: Served;
    const received: RequestMessage[] = [];
    const listener = (message: unknown) => {
      received.push(message as RequestMessage);
    };
    const scheme = new QueryParameterVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] });
    const dated = new QueryParameterVersioning({
      allowedVersions: ['2024-01-01', '2024-06-01'],
      versionFormat: 'date',
      versionRequired: true,
    });

    beforeAll(async () => {
      const { path } = harness;
      const urlconf = new UrlConf([
        path('/users/', harness.echo, { name: 'users' }),
        path('/dated/', harness.echo, { name: 'dated', versioning: dated }),
        path('/teapot/', harness.failing(new APIException('I am a teapot.', 'teapot', 418)), {
          name: 'teapot',
        }),
        path('/health/', harness.echo, { name: 'health', versioning: null }),
      ]);
      served = await harness.serve(
        urlconf,
        {
          scheme,
          allowedHosts: ['127.0.0.1'],
          policies: { v1: { deprecation: '2025-01-01', sunset } },
          pinVersion: (request: unknown) => {
            const headers = (request as { headers?: unknown }).headers;
            // Express, Fastify, node:http: the request's headers; Hono: the context's request.
            const pin =
              headers === undefined
                ? (request as { req: { header(name: string): string | undefined } }).req.header('x-pin')
                : (headers as Record<string, string | undefined>)['x-pin'];
            return pin ?? null;
          },
        },
        [],
      );
      subscribe(requestChannelName, listener);
    });
    afterAll(async () => {
      unsubscribe(requestChannelName, listener);
      await served.close();
    });
    beforeEach(() => {
      received.length = 0;
    });

    const get = (target: string, headers: Record<string, string> = {}) =>
      fetchReply(served.origin + target, { headers });

    test.each([
      {
        target: '/users/?version=v2',
        message: {
          version: 'v2',
          route: '/users/',
          how: 'sent',
          status: 200,
          deprecated: false,
          sunset: null,
        },
      },
      {
        target: '/users/',
        message: {
          version: 'v1',
          route: '/users/',
          how: 'default',
          status: 200,
          deprecated: true,
          sunset: new Date(sunset),
        },
      },
      {
        target: '/users/',
        headers: { 'x-pin': 'v2' },
        message: {
          version: 'v2',
          route: '/users/',
          how: 'pinned',
          status: 200,
          deprecated: false,
          sunset: null,
        },
      },
      {
        target: '/users/?version=v2',
        headers: { 'x-pin': 'v1' },
        message: {
          version: 'v2',
          route: '/users/',
          how: 'sent',
          status: 200,
          deprecated: false,
          sunset: null,
        },
      },
      {
        target: '/dated/?version=2024-03-15',
        message: {
          version: '2024-01-01',
          route: '/dated/',
          how: 'waterfall',
          status: 200,
          deprecated: false,
          sunset: null,
        },
      },
      {
        target: '/dated/?version=2024-06-01',
        message: {
          version: '2024-06-01',
          route: '/dated/',
          how: 'sent',
          status: 200,
          deprecated: false,
          sunset: null,
        },
      },
      {
        target: '/users/?version=v9',
        message: {
          version: null,
          route: '/users/',
          how: 'sent',
          status: 404,
          deprecated: false,
          sunset: null,
        },
      },
      {
        target: '/users/',
        headers: { 'x-pin': 'v9' },
        message: {
          version: null,
          route: '/users/',
          how: 'pinned',
          status: 404,
          deprecated: false,
          sunset: null,
        },
      },
      {
        target: '/dated/?version=2023-12-31',
        message: {
          version: null,
          route: '/dated/',
          how: 'sent',
          status: 404,
          deprecated: false,
          sunset: null,
        },
      },
      {
        target: '/teapot/?version=v2',
        message: {
          version: 'v2',
          route: '/teapot/',
          how: 'sent',
          status: 418,
          deprecated: false,
          sunset: null,
        },
      },
    ])('$target $headers: one message, $message.how', async ({ target, headers, message }) => {
      const reply = await get(target, headers);
      expect(reply.status).toBe(message.status);
      expect(await messages(received, 1)).toEqual([message]);
    });

    test('a version-neutral route publishes nothing; each request of a versioned route publishes once', async () => {
      await get('/health/');
      await get('/users/?version=v1');
      await get('/users/?version=v2');
      const seen = await messages(received, 2);
      // Give a stray third message the time to come.
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(seen.map(({ version, route }) => `${route} ${String(version)}`)).toEqual([
        '/users/ v1',
        '/users/ v2',
      ]);
    });
  });
}
