// The API reference page in real Chromium at 1280 and 375 px: the library's `describe.ui` (Swagger UI from the
// installed swagger-ui-dist, served by the adapter), reached from the demo page's header, its definition list switching
// between the versions' documents, and "Try it out" under every scheme sending the version where the scheme reads it
// and showing the answer. No console error; no request leaves 127.0.0.1 (every other one is blocked and recorded, and
// every answer's server address is checked: the hostname scheme's *.localhost hosts are loopback names). Screenshots
// go to test-artifacts/; the url-path run at each width also to apps/demo/docs/ (the README's).
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { artifactPath } from '../../../test/support/chromium.js';
import { serveDemo } from './support/demo-server.js';
import { schemeCases } from './schemes.cases.js';
import { demoBrowser } from './support/browser.js';

const browser = demoBrowser();
const docsDir = fileURLToPath(new URL('../docs/', import.meta.url));
const viewports = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

/**
 * Runs `steps` on a new page whose requests may reach loopback names only (the others are aborted and recorded, as is
 * any answer that came from another address than 127.0.0.1), then asserts it sent nothing off 127.0.0.1 and met no
 * console error.
 */
async function onWatchedPage(
  viewport: { width: number; height: number },
  steps: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser().newContext({ viewport, locale: 'en-US' });
  const offSite: string[] = [];
  const consoleErrors: string[] = [];
  const addresses: Promise<void>[] = [];
  try {
    await context.route('**/*', async (route) => {
      const { hostname, protocol } = new URL(route.request().url());
      const loopback =
        hostname === '127.0.0.1' || hostname === 'localhost' || hostname.endsWith('.localhost');
      if ((protocol === 'http:' && loopback) || protocol === 'data:') return route.continue();
      offSite.push(route.request().url());
      return route.abort('blockedbyclient');
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('response', (response) => {
      addresses.push(
        response.serverAddr().then((address) => {
          if (address !== null && address.ipAddress !== '127.0.0.1')
            offSite.push(`${response.url()} (${address.ipAddress})`);
        }),
      );
    });
    await steps(page);
    await Promise.all(addresses);
    expect(offSite).toEqual([]);
    expect(consoleErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

const definitions = (page: Page) => page.getByLabel('Select a definition');
/** The operation Swagger UI shows for `path` (it marks each summary with `data-path`). */
const operation = (page: Page, path: string) =>
  page.locator('.opblock').filter({ has: page.locator(`[data-path="${path}"]`) });

/** Waits until Swagger UI shows the document of `version` (its title badge); returns its city operations' paths. */
async function shownDocument(page: Page, version: string): Promise<string[]> {
  await page
    .locator('.info .title pre.version')
    .filter({ hasText: new RegExp(`^\\s*${version}\\s*$`) })
    .waitFor();
  await page.locator('.opblock').first().waitFor();
  const paths = await page
    .locator('.opblock [data-path]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path') ?? ''));
  return paths.filter((path) => path.includes('/cities/'));
}

/**
 * Opens the operation of `path`, runs "Try it out" and returns the request Chromium sent, the answer it got and the
 * answer Swagger UI shows (its status and body).
 */
async function tryItOut(page: Page, path: string) {
  const shown = operation(page, path);
  await shown.locator('.opblock-summary').first().click();
  await shown.getByRole('button', { name: 'Try it out' }).click();
  const [request] = await Promise.all([
    page.waitForRequest((candidate) => new URL(candidate.url()).pathname === path),
    shown.getByRole('button', { name: 'Execute' }).click(),
  ]);
  const response = await request.response();
  const live = shown.locator('.live-responses-table');
  const body = live.locator('.response-col_description pre').first();
  await body.waitFor();
  // The request as Swagger UI shows it (curl, URL), then the answer: at the top of the screen.
  await shown.locator('.curl-command').evaluate((node) => node.scrollIntoView({ block: 'start' }));
  return {
    request,
    status: response?.status(),
    sent: (await response?.json()) as unknown,
    shownStatus: (await live.locator('tbody .response-col_status').first().textContent())?.trim(),
    shownBody: JSON.parse((await body.textContent()) ?? '') as unknown,
  };
}

describe('the API reference page (url-path scheme)', () => {
  const demo = serveDemo({ scheme: 'url-path', port: 0 });

  test.each(viewports)(
    'at $width px: from the header, switched between versions, "Try it out" answered, nothing off 127.0.0.1',
    (viewport) =>
      onWatchedPage(viewport, async (page) => {
        // The demo page's header leads to the reference of the version it shows.
        await page.goto(`${demo.base}?version=v2`);
        await page
          .getByRole('navigation', { name: 'API documents' })
          .getByRole('link', { name: 'API reference' })
          .click();
        await page.waitForURL(`${demo.base}api/docs/?urls.primaryName=v2`);
        expect(await page.title()).toBe('restdash demo: cities of the world — API reference');
        // v2 has a city's detail (since v2); v1 has not.
        expect(await shownDocument(page, 'v2')).toEqual(['/api/v2/cities/', '/api/v2/cities/{id}/']);
        expect(await definitions(page).locator('option').allTextContents()).toEqual(['v1', 'v2', 'v3']);
        expect(await definitions(page).locator('option:checked').textContent()).toBe('v2');
        expect(await page.locator('.opblock-deprecated').count()).toBe(0);

        // The switch changes the document: v1's own operation, deprecated; then v3's.
        await definitions(page).selectOption({ label: 'v1' });
        expect(await shownDocument(page, 'v1')).toEqual(['/api/v1/cities/']);
        expect(await page.locator('.opblock-deprecated [data-path]').getAttribute('data-path')).toBe(
          '/api/v1/cities/',
        );
        await definitions(page).selectOption({ label: 'v3' });
        expect(await shownDocument(page, 'v3')).toEqual(['/api/v3/cities/', '/api/v3/cities/{id}/']);
        await definitions(page).selectOption({ label: 'v1' });
        expect(await shownDocument(page, 'v1')).toEqual(['/api/v1/cities/']);

        // "Try it out" on v1's list: the version in the path, v1's DRF envelope shown as the API sent it.
        const tried = await tryItOut(page, '/api/v1/cities/');
        expect(new URL(tried.request.url()).origin).toBe(new URL(demo.base).origin);
        expect(tried.status).toBe(200);
        expect(tried.shownStatus).toBe('200');
        expect(tried.shownBody).toEqual(tried.sent);
        expect(Object.keys(tried.shownBody as object)).toEqual(['count', 'next', 'previous', 'results']);
        await page.screenshot({
          path: artifactPath(`demo-api-docs-v1-${viewport.width}.png`),
          fullPage: true,
        });
        await page.screenshot({ path: `${docsDir}api-reference-${viewport.width}.png` });
      }),
  );
});

describe.each(schemeCases)('the API reference page under the $scheme scheme', (scheme) => {
  const demo = serveDemo({ scheme: scheme.scheme, port: 0 });
  const [v1, v2, v3] = scheme.versions;

  test.each(viewports)(
    `at $width px: switching from ${v3} to ${v2} changes the document; "Try it out" sends ${v2} the scheme's way and shows the answer`,
    (viewport) =>
      onWatchedPage(viewport, async (page) => {
        await page.goto(`${demo.base}api/docs/`);
        // Host-name versioning: the page is read on the version hosts' parent domain, which names them.
        const expectedHost = scheme.scheme === 'hostname' ? 'demo.localhost' : '127.0.0.1';
        expect(new URL(page.url()).hostname).toBe(expectedHost);
        const asked = new URL(scheme.ask(new URL(demo.base), v2).url);
        const listPath = asked.pathname;
        // The newest version first; v1 has no city detail, so its document is another.
        expect(await shownDocument(page, v3)).toEqual([
          listPath.replace(v2, v3),
          `${listPath.replace(v2, v3)}{id}/`,
        ]);
        await definitions(page).selectOption({ label: v1 });
        expect(await shownDocument(page, v1)).toEqual([listPath.replace(v2, v1)]);
        await definitions(page).selectOption({ label: v2 });
        expect(await shownDocument(page, v2)).toEqual([listPath, `${listPath}{id}/`]);

        const tried = await tryItOut(page, listPath);
        // The version where the scheme reads it: the host and path, the query, a header.
        const sent = new URL(tried.request.url());
        expect(`${sent.origin}${sent.pathname}`).toBe(`${asked.origin}${listPath}`);
        expect(sent.searchParams.get('version')).toBe(asked.searchParams.get('version'));
        const headers = tried.request.headers();
        for (const [name, value] of Object.entries(scheme.ask(new URL(demo.base), v2).headers)) {
          expect(headers[name.toLowerCase()]?.replace(/;\s*/g, '; ')).toBe(value);
        }
        // v2's body (ids are numbers until v3), shown as the API sent it.
        expect(tried.status).toBe(200);
        expect(tried.shownStatus).toBe('200');
        expect(tried.shownBody).toEqual(tried.sent);
        const { data } = tried.shownBody as { data: { id: unknown }[] };
        expect(typeof data[0]?.id).toBe('number');
        await page.screenshot({
          path: artifactPath(`demo-api-docs-${scheme.scheme}-${viewport.width}.png`),
          fullPage: true,
        });
      }),
  );
});
