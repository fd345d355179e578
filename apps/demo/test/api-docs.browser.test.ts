// The API reference page in real Chromium: Swagger UI from this server only (every off-site request is blocked and
// must not even be attempted), reached from the page header, its definition list switching between the versions'
// OpenAPI documents. Screenshots at 1280 and 375 px go to test-artifacts/.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { artifactPath } from '../../../test/support/chromium.js';
import { serveDemo } from './support/demo-server.js';
import { schemeCases } from './schemes.cases.js';
import { demoBrowser } from './support/browser.js';

const browser = demoBrowser();

/** A browser context that lets requests reach this machine only, and records every other one it refused. */
async function localOnlyContext(viewport: { width: number; height: number }) {
  const context = await browser().newContext({ viewport, locale: 'en-US' });
  const offSite: string[] = [];
  await context.route('**/*', async (route) => {
    const { hostname, protocol } = new URL(route.request().url());
    const local = hostname === '127.0.0.1' || hostname === 'localhost' || hostname.endsWith('.localhost');
    if ((protocol === 'http:' && local) || protocol === 'data:') return route.continue();
    offSite.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  return { context, offSite };
}

/** Swagger UI's path of an operation (a deprecated one's has a class of its own). */
const summaryPath = '.opblock-summary-path, .opblock-summary-path__deprecated';
const operationPaths = (page: Page) => page.locator('.opblock').locator(summaryPath).allTextContents();
/** The operation Swagger UI shows for `path` (it marks each summary with `data-path`). */
const operation = (page: Page, path: string) =>
  page.locator('.opblock').filter({ has: page.locator(`[data-path="${path}"]`) });
const definitions = (page: Page) => page.getByLabel('Select a definition');

/** Waits until Swagger UI shows the document of `version` (its title badge) and returns its operations' paths. */
async function shownDocument(page: Page, version: string): Promise<string[]> {
  await page
    .locator('.info .title pre.version')
    .filter({ hasText: new RegExp(`^\\s*${version}\\s*$`) })
    .waitFor();
  await page.locator('.opblock').first().waitFor();
  return operationPaths(page);
}

describe('the API reference page (url-path scheme)', () => {
  const demo = serveDemo({ scheme: 'url-path', port: 0 });
  let context: BrowserContext;
  let offSite: string[];

  test.each([
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ])(
    'at $width px: from the header, per version, switched in its definition list, nothing off-site',
    async (viewport) => {
      ({ context, offSite } = await localOnlyContext(viewport));
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));

        // The demo page's header leads to the reference of the version it shows.
        await page.goto(`${demo.base}?version=v2`);
        const nav = page.getByRole('navigation', { name: 'API documents' });
        expect(await nav.getByRole('link', { name: 'OpenAPI v2 (JSON)' }).getAttribute('href')).toBe(
          `${demo.base}api/openapi/v2.json`,
        );
        await nav.getByRole('link', { name: 'API reference' }).click();
        await page.waitForURL(`${demo.base}api/docs/?urls.primaryName=v2`);
        // v2 has a city's detail (since v2); v1 has not.
        expect(await shownDocument(page, 'v2')).toEqual([
          '/api/meta',
          '/api/v2/cities/',
          '/api/v2/cities/{id}/',
        ]);
        expect(await page.locator('.opblock-deprecated').count()).toBe(0);
        expect(await definitions(page).locator('option:checked').textContent()).toBe('v2');
        expect(await definitions(page).locator('option').allTextContents()).toEqual(['v1', 'v2', 'v3']);
        await page.screenshot({
          path: artifactPath(`demo-api-docs-v2-${viewport.width}.png`),
          fullPage: true,
        });

        // The switch: v1's document, its own operation; the address keeps the choice for a reload.
        await definitions(page).selectOption({ label: 'v1' });
        expect(await shownDocument(page, 'v1')).toEqual(['/api/meta', '/api/v1/cities/']);
        expect(new URL(page.url()).searchParams.get('urls.primaryName')).toBe('v1');
        // v1 is deprecated: its versioned operation is shown so.
        expect(await page.locator('.opblock-deprecated').locator(summaryPath).allTextContents()).toEqual([
          '/api/v1/cities/',
        ]);
        await page.reload();
        expect(await shownDocument(page, 'v1')).toEqual(['/api/meta', '/api/v1/cities/']);

        // An operation opens with the parameters its route documents, and says it is deprecated.
        const list = operation(page, '/api/v1/cities/');
        await list.locator('[data-path]').click();
        const parameters = list.locator('table.parameters .parameter__name');
        await parameters.first().waitFor();
        expect(await list.getByText('Warning: Deprecated').count()).toBe(1);
        expect((await parameters.allTextContents()).map((name) => name.replace(/\s*\*?$/, ''))).toEqual([
          'page',
          'page_size',
          'ordering',
          'search',
        ]);
        await page.screenshot({
          path: artifactPath(`demo-api-docs-v1-${viewport.width}.png`),
          fullPage: true,
        });

        expect(offSite).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe.each(schemeCases)('the API reference page under the $scheme scheme', (scheme) => {
  const demo = serveDemo({ scheme: scheme.scheme, port: 0 });
  const [, v2] = scheme.versions;

  test(`"Try it out" on version ${v2}'s document sends the request the scheme needs and gets the ${v2} body`, async () => {
    const { context, offSite } = await localOnlyContext({ width: 1280, height: 900 });
    try {
      const page = await context.newPage();
      await page.goto(`${demo.base}api/docs/`);
      await definitions(page).selectOption({ label: v2 });
      const paths = await shownDocument(page, v2);
      const asked = scheme.ask(new URL(demo.base), v2);
      const listPath = new URL(asked.url).pathname;
      expect(paths).toEqual(['/api/meta', listPath, `${listPath}{id}/`]);

      await operation(page, listPath).locator('[data-path]').click();
      await page.getByRole('button', { name: 'Try it out' }).click();
      const [request] = await Promise.all([
        page.waitForRequest((candidate) => new URL(candidate.url()).pathname === listPath),
        page.getByRole('button', { name: 'Execute' }).click(),
      ]);
      // The version where the scheme reads it: the host and path, the query, a header.
      const sent = new URL(request.url());
      expect(`${sent.origin}${sent.pathname}`).toBe(`${new URL(asked.url).origin}${listPath}`);
      expect(sent.searchParams.get('version')).toBe(new URL(asked.url).searchParams.get('version'));
      for (const [name, value] of Object.entries(asked.headers)) {
        expect(request.headers()[name.toLowerCase()]).toBe(value);
      }
      const response = await request.response();
      expect(response?.status()).toBe(200);
      expect(Object.keys((await response?.json()) as object)[0]).toBe('data');
      await page.locator('.live-responses-table .response-col_status').filter({ hasText: '200' }).waitFor();
      await page.screenshot({
        path: artifactPath(`demo-api-docs-${scheme.scheme}-1280.png`),
        fullPage: true,
      });
      expect(offSite).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
