// describe.ui under HostNameVersioning in real Chromium (which sends every *.localhost name to loopback): read on
// api.localhost, each version's document names its version's host (v1.api.localhost) and "Try it out" is answered
// there in that version; read on 127.0.0.1, which carries no version, the page shows every version's document all
// the same, its server the page's own origin, described as carrying none. Every request to anything but loopback is
// blocked and recorded.
import { createServer } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { artifactPath, launchChromium } from '../../../../test/support/chromium.js';
import { hostlessServer } from '../../src/adapters/documents.js';
import { path, versioned } from '../../src/adapters/node/index.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { blockOffSite, pageErrors, shownDocument, tryFirstOperation } from './docs-ui.page.js';
import { listen, type Served } from './support.js';

let browser: Browser;
let served: Served;

beforeAll(async () => {
  browser = await launchChromium();
  const urlconf = new UrlConf([
    path(
      '/users/',
      (req, res) => {
        // The page is on another origin than the version's host: the API lets it read the answer.
        res.setHeader('access-control-allow-origin', '*');
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ version: req.version, host: req.headers.host }));
      },
      { name: 'users' },
    ),
    path('/reports/', (_req, res) => res.end('[]'), { name: 'reports', since: 'v2' }),
  ]);
  const listener = versioned(urlconf, {
    scheme: new HostNameVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }),
    allowedHosts: ['127.0.0.1', '.localhost'],
    describe: { path: '/openapi.json', info: { title: 'Users API (hostname)' }, ui: '/docs/' },
  });
  served = await listen(createServer(listener));
}, 60_000);

afterAll(async () => {
  await browser.close();
  await served.close();
});

/** Opens the page at `url` in a new context, runs `check` on it, and asserts nothing left loopback or failed. */
async function onPage(url: string, shot: string, check: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const offSite = await blockOffSite(
    context,
    (hostname) => hostname === '127.0.0.1' || hostname.endsWith('.localhost'),
  );
  try {
    const page = await context.newPage();
    const consoleErrors = pageErrors(page);
    await page.goto(url);
    await check(page);
    await page.screenshot({ path: artifactPath(shot), fullPage: true });
    expect(offSite).toEqual([]);
    expect(consoleErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('describe.ui, hostname scheme', () => {
  test(
    'read on api.localhost: each version’s document names its host, and "Try it out" is answered there',
    { timeout: 60_000 },
    async () => {
      const port = new URL(served.origin).port;
      await onPage(`http://api.localhost:${port}/docs/`, 'docs-ui-hostname-1280.png', async (page) => {
        expect(await shownDocument(page, 'v2')).toEqual(['/users/', '/reports/']);
        await page.getByLabel('Select a definition').selectOption({ label: 'v1' });
        expect(await shownDocument(page, 'v1')).toEqual(['/users/']);
        expect(await page.locator('.servers select option').allTextContents()).toEqual([
          `http://v1.api.localhost:${port}`,
        ]);
        expect(await tryFirstOperation(page)).toEqual({
          version: 'v1',
          host: `v1.api.localhost:${port}`,
        });
      });
    },
  );

  test(
    'read on 127.0.0.1: every version’s document is shown, its server the page’s own origin, said to carry no version',
    { timeout: 60_000 },
    async () => {
      await onPage(`${served.origin}/docs/`, 'docs-ui-hostname-ip-1280.png', async (page) => {
        expect(await shownDocument(page, 'v2')).toEqual(['/users/', '/reports/']);
        await page.getByLabel('Select a definition').selectOption({ label: 'v1' });
        expect(await shownDocument(page, 'v1')).toEqual(['/users/']);
        expect(await page.locator('.servers select option').allTextContents()).toEqual([
          `${served.origin} - ${hostlessServer}`,
        ]);
      });
    },
  );
});
