// The documentation site as a reader gets it: built the way `npm run docs` builds it (TypeDoc, then VitePress),
// served on 127.0.0.1 the way the demo serves it, and opened in real Chromium. Pages are enumerated from the build,
// never listed here.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveDocsSite } from '../apps/demo/src/server/docs-site.js';
import { createServer } from '../apps/demo/src/server/server.js';
import { ensureClientBuild } from '../apps/demo/test/support/build.js';
import { apiEntries } from '../docs/.vitepress/typedoc.mjs';
import { buildDocs, siteBase, siteDist } from '../scripts/docs.mjs';
import { launchChromium } from './support/chromium.js';
import {
  exportedNames,
  hasAnchor,
  linksOf,
  memberHeadings,
  readPage,
  sitePages,
} from './support/docs-site.js';
import type { SitePage } from './support/docs-site.js';

const screenshots = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const widths = [375, 1280] as const;
/** Loading every page takes a while on a busy machine: each page waits until its network is idle. */
const everyPageTimeout = 300_000;

let browser: Browser;
let close: () => Promise<void>;
let origin = '';
let pages: SitePage[] = [];
/** The home page, or the first page while docs/index.md is not written. */
const home = (): string => (pages.some((page) => page.path === siteBase) ? siteBase : pages[0]!.path);

beforeAll(async () => {
  await buildDocs();
  // Served the way the demo and `npm run docs` serve it.
  const app = Fastify();
  serveDocsSite(app, siteDist);
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = () => app.close();
  pages = sitePages(siteDist, siteBase);
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await close?.();
});

/** What went wrong while a page loaded: console errors, script errors, failed or refused requests. */
interface Trouble {
  readonly problems: string[];
}

/** A browser context of one width whose requests may reach only the site's server. */
async function siteContext(width: number, trouble: Trouble): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin === origin) return route.continue();
    trouble.problems.push(`a request left 127.0.0.1: ${url.href}`);
    return route.abort();
  });
  return context;
}

function watch(page: Page, trouble: Trouble, label: string): void {
  page.on('console', (message) => {
    if (message.type() === 'error')
      trouble.problems.push(`${label}: console error: ${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => trouble.problems.push(`${label}: ${error.message}`));
  page.on('requestfailed', (request) =>
    trouble.problems.push(`${label}: ${request.url()} failed: ${request.failure()?.errorText ?? ''}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400)
      trouble.problems.push(`${label}: ${response.url()} answered ${response.status()}`);
  });
}

/** Runs `task` over `items`, `parallel` at a time. */
async function eachLimited<T>(
  items: readonly T[],
  parallel: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  const worker = async (): Promise<void> => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

function screenshotPath(name: string): string {
  mkdirSync(screenshots, { recursive: true });
  return join(screenshots, name);
}

test('the build has the pages written so far and the API reference', () => {
  const paths = pages.map((page) => page.path);
  expect(paths).toContain(`${siteBase}api/`);
  for (const entry of apiEntries()) {
    expect(paths).toContain(`${siteBase}api/${entry.specifier.replace(/^@restdash\//, '')}`);
  }
});

test('every name an entry point exports (values and types) has its heading in the API reference', () => {
  const entries = apiEntries();
  const names = exportedNames(entries.map((entry) => entry.declarations));
  const missing = entries.flatMap((entry) => {
    const page = join(siteDist, 'api', `${entry.specifier.replace(/^@restdash\//, '')}.html`);
    const headings = memberHeadings(readPage({ file: page, path: '' }));
    const exported = names.get(entry.declarations) ?? [];
    expect(exported.length, entry.specifier).toBeGreaterThan(0);
    return exported.filter((name) => !headings.has(name)).map((name) => `${entry.specifier}: ${name}`);
  });
  expect(missing).toEqual([]);
});

test('every internal link of every page resolves, and every #anchor exists on its page', async () => {
  const checked = new Map<string, string | null>();
  const fetchPage = async (path: string): Promise<string | null> => {
    if (!checked.has(path)) {
      const response = await fetch(`${origin}${path}`);
      checked.set(path, response.status === 200 ? await response.text() : null);
    }
    return checked.get(path) ?? null;
  };
  const broken: string[] = [];
  for (const page of pages) {
    for (const href of new Set(linksOf(readPage(page)))) {
      if (/^(mailto:|https?:\/\/(?!127\.0\.0\.1))/.test(href)) continue;
      const target = new URL(href, `${origin}${page.path}`);
      if (target.origin !== origin || !target.pathname.startsWith(siteBase)) {
        broken.push(`${page.path}: ${href} leaves the site`);
        continue;
      }
      const html = await fetchPage(target.pathname);
      const anchor = decodeURIComponent(target.hash.slice(1));
      if (html === null) broken.push(`${page.path}: ${href} is not found`);
      else if (anchor !== '' && !hasAnchor(html, anchor))
        broken.push(`${page.path}: ${href} has no #${anchor}`);
    }
  }
  expect(checked.size).toBeGreaterThan(pages.length / 2);
  expect(broken).toEqual([]);
});

describe.each(widths)('every page at %i px', (width) => {
  test(
    'renders with no console error, no failed request, nothing wider than the window, nothing off 127.0.0.1',
    async () => {
      const trouble: Trouble = { problems: [] };
      const context = await siteContext(width, trouble);
      const overflowing: string[] = [];
      await eachLimited(pages, 3, async (sitePage) => {
        const page = await context.newPage();
        watch(page, trouble, `${sitePage.path} at ${width} px`);
        await page.goto(`${origin}${sitePage.path}`, { waitUntil: 'networkidle' });
        await expect.poll(() => page.locator('.VPContent').count()).toBe(1);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        if (wide) overflowing.push(sitePage.path);
        await page.close();
      });
      await context.close();
      expect(trouble.problems).toEqual([]);
      expect(overflowing).toEqual([]);
    },
    everyPageTimeout,
  );
});

describe.each(widths)('at %i px', (width) => {
  test('the local search finds the names readers look up', async () => {
    const trouble: Trouble = { problems: [] };
    const context = await siteContext(width, trouble);
    const page = await context.newPage();
    watch(page, trouble, `search at ${width} px`);
    await page.goto(`${origin}${home()}`, { waitUntil: 'networkidle' });
    await page.locator('.DocSearch-Button').click();
    const input = page.locator('#localsearch-input');
    await input.waitFor();
    for (const term of ['renamedFrom', 'pinVersion', 'Deprecation', 'max_value']) {
      await input.fill(term);
      // Each result shows its text (the site's detailed view), the term found marked. Results of the previous term
      // stay until the new ones come: wait for one that shows this term.
      const results = page.locator('#localsearch-list .result');
      const found = async (): Promise<boolean> =>
        (await results.allTextContents()).some((text) => text.toLowerCase().includes(term.toLowerCase()));
      await expect.poll(found, { message: term, timeout: 15_000 }).toBe(true);
      if (term === 'pinVersion') {
        await page.locator('#localsearch-list .excerpt').first().waitFor();
        await page.screenshot({ path: screenshotPath(`search-${width}.png`) });
      }
    }
    await context.close();
    expect(trouble.problems).toEqual([]);
  });

  test('screenshots of the home page, a guide page and the API reference', async () => {
    const trouble: Trouble = { problems: [] };
    const context = await siteContext(width, trouble);
    const page = await context.newPage();
    watch(page, trouble, `screenshots at ${width} px`);
    const guide = pages.find((candidate) => candidate.path.startsWith(`${siteBase}guide/`)) ?? pages[0]!;
    const shots = [
      ['home', home()],
      ['guide', guide.path],
      ['api', `${siteBase}api/versioning`],
    ] as const;
    for (const [name, path] of shots) {
      await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
      await page.screenshot({ path: screenshotPath(`${name}-${width}.png`) });
    }
    await context.close();
    expect(trouble.problems).toEqual([]);
  });
});

test("the demo page's Documentation link opens the site the demo serves", async () => {
  ensureClientBuild();
  const demo = await createServer({ port: 0, brownouts: false, docsSiteDir: siteDist });
  const base = await demo.listen();
  try {
    const trouble: Trouble = { problems: [] };
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(base, { waitUntil: 'networkidle' });
    watch(page, trouble, 'the demo, then the site');
    await page.getByTestId('docs-site-link').click();
    await page.waitForURL(`${base.replace(/\/$/, '')}${siteBase}`);
    await expect.poll(() => page.locator('.VPContent').count()).toBe(1);
    // The site's own navigation works from the demo's server too: its pages, scripts and search index.
    await page.locator('.VPNavBar').getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(`${base.replace(/\/$/, '')}${siteBase}api/`);
    await expect.poll(() => page.locator('.VPDoc h1').textContent()).toContain('API reference');
    await context.close();
    expect(trouble.problems).toEqual([]);
  } finally {
    await demo.close();
  }
});
