import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import type { AdapterHarness } from './contract.js';
import { fetchReply, type Served } from './support.js';

/**
 * Runs the `describe.ui` contract against one framework: the reference page at its path (HTML naming its files and
 * the versions' documents under the mount's prefix, and where each version goes in a request), Swagger UI's files from
 * the installed peer, and each version's document beside them with the version's parameter filled in for "Try it out".
 */
export function docsUiContract(harness: AdapterHarness): void {
  describe('describe.ui: the reference page', () => {
    let served: Served;
    const prefix = harness.prefixes === 'none' ? '' : '/api';

    beforeAll(async () => {
      served = await harness.serve(
        new UrlConf([harness.path('/users/', harness.echo, { name: 'users' })]),
        {
          scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }),
          allowedHosts: ['127.0.0.1'],
          describe: { path: '/openapi.json', info: { title: 'Users <API>' }, ui: '/docs/' },
        },
        [],
        prefix === '' ? {} : { prefix },
      );
    });
    afterAll(() => served.close());

    test('the page: HTML with the switcher over every version, files and documents under the prefix', async () => {
      const reply = await fetchReply(`${served.origin}${prefix}/docs/`);
      expect(reply.status).toBe(200);
      expect(reply.header('content-type')).toMatch(/^text\/html; ?charset=utf-8$/);
      expect(reply.body).toContain('<title>Users &#60;API&#62; — API reference</title>');
      expect(reply.body).toContain(`<script src="${prefix}/docs/swagger-ui-bundle.js"`);
      const config = /<script type="application\/json" id="restdash-docs">(.*?)<\/script>/s.exec(
        reply.body,
      )?.[1];
      expect(JSON.parse(config ?? '')).toEqual({
        urls: [
          { name: 'v1', url: `${prefix}/docs/openapi-v1.json` },
          { name: 'v2', url: `${prefix}/docs/openapi-v2.json` },
        ],
        primaryName: 'v2',
        places: {
          v1: { query: [], headers: [['api-version', 'v1']] },
          v2: { query: [], headers: [['api-version', 'v2']] },
        },
      });
    });

    test.each([
      ['swagger-ui-bundle.js', /^text\/javascript/],
      ['swagger-ui-standalone-preset.js', /^text\/javascript/],
      ['swagger-ui.css', /^text\/css/],
      ['init.js', /^text\/javascript/],
    ])("Swagger UI's %s, from the installed swagger-ui-dist", async (file, type) => {
      const reply = await fetchReply(`${served.origin}${prefix}/docs/${file}`);
      expect(reply.status).toBe(200);
      expect(reply.header('content-type')).toMatch(type);
      expect(reply.body.length).toBeGreaterThan(100);
    });

    test("each version's document beside the page, its version's header filled in", async () => {
      const reply = await fetchReply(`${served.origin}${prefix}/docs/openapi-v1.json`);
      expect(reply.header('content-type')).toMatch(/^application\/json/);
      const document = JSON.parse(reply.body) as {
        info: { version: string };
        servers: { url: string }[];
        paths: Record<string, { get: { parameters: unknown[] } }>;
      };
      expect(document.info.version).toBe('v1');
      expect(document.servers).toEqual([{ url: `${served.origin}${prefix}` }]);
      expect(document.paths['/users/']?.get.parameters).toContainEqual(
        expect.objectContaining({
          name: 'Api-Version',
          in: 'header',
          schema: { const: 'v1', default: 'v1', type: 'string' },
        }),
      );
    });
  });
}
