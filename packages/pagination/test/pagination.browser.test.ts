// The React component in real Chromium with Bootstrap's CSS: clicks, keyboard (right to left too), focus,
// ARIA, a screenshot; and StaticPagination's server HTML, the same as Pagination's, working without JavaScript.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { artifactPath, launchChromium } from '../../../test/support/chromium.js';
import { StaticPagination } from '../src/static/index.js';
import { linkedProps } from './fixtures/linked-props.js';

const bootstrapCss = fileURLToPath(
  new URL('../../../node_modules/bootstrap/dist/css/bootstrap.min.css', import.meta.url),
);
const entry = fileURLToPath(new URL('./fixtures/browser-app.tsx', import.meta.url));

let server: Server;
let origin: string;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

/** The server's page of StaticPagination alone: HTML and Bootstrap's CSS, not one script. */
function staticPage(url: URL): string {
  const pagination = renderToString(
    createElement(StaticPagination, linkedProps(Number(url.searchParams.get('page') ?? 1))),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Static</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/bootstrap.min.css"></head><body><main id="static">${pagination}</main></body></html>`;
}

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  const files: Record<string, { type: string; body: string | Uint8Array }> = {
    '/': {
      type: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pagination</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/bootstrap.min.css"></head><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>',
    },
    '/app.js': { type: 'text/javascript; charset=utf-8', body: bundle.outputFiles[0]?.contents ?? '' },
    '/bootstrap.min.css': { type: 'text/css; charset=utf-8', body: readFileSync(bootstrapCss) },
  };
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/static') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(staticPage(url));
      return;
    }
    const file = files[url.pathname];
    response.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain' });
    response.end(file?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 900, height: 520 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') pageErrors.push(message.text());
  });
  await page.goto(`${origin}/`);
  await page.locator('#controlled').waitFor();
});

afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
});

const controlled = () => page.locator('#controlled');
const items = () => controlled().locator('li').allTextContents();
const current = () => controlled().locator('[aria-current="page"]').textContent();
const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? null);

const clicksIgnored =
  'Pagination: `active_page` is given without `setProps` or `onChange`, so choosing a page changes nothing. ' +
  'Pass `onChange` (or `setProps`) and give the chosen page back as `active_page`, or leave `active_page` out ' +
  'and the pagination keeps its own page.';

describe('Pagination in Chromium', () => {
  test('loads with Bootstrap’s styles, without errors, with one warning for the pagination nobody can change', async () => {
    // #large gets active_page without setProps or onChange: the development build says so, once.
    expect(pageErrors).toEqual([clicksIgnored]);
    const active = controlled().locator('li.active .page-link');
    expect(await active.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(13, 110, 253)',
    );
    const disabledCount = await page.locator('li.disabled .page-link').count();
    expect(disabledCount).toBeGreaterThan(0);
    expect(
      await page
        .locator('li.disabled .page-link')
        .first()
        .evaluate((element) => getComputedStyle(element).pointerEvents),
    ).toBe('none');
    const hidden = controlled().locator('.visually-hidden').first();
    expect(await hidden.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    expect(
      await page
        .locator('#small .page-link')
        .first()
        .evaluate((element) => getComputedStyle(element).fontSize),
    ).toBe('14px');
    expect(
      await page
        .locator('#large .page-link')
        .first()
        .evaluate((element) => getComputedStyle(element).fontSize),
    ).toBe('20px');
  });

  test('the accessibility tree names every item', async () => {
    expect(await page.getByRole('navigation').count()).toBe(7);
    expect(await controlled().ariaSnapshot()).toBe(
      [
        '- list:',
        '  - listitem:',
        '    - link "First":',
        '      - /url: "#"',
        '  - listitem:',
        '    - link "Previous":',
        '      - /url: "#"',
        '  - listitem:',
        '    - link "1":',
        '      - /url: "#"',
        '  - listitem: More',
        '  - listitem:',
        '    - link "5":',
        '      - /url: "#"',
        '  - listitem:',
        '    - link "6":',
        '      - /url: "#"',
        '  - listitem:',
        '    - link "7":',
        '      - /url: "#"',
        '  - listitem: More',
        '  - listitem:',
        '    - link "20":',
        '      - /url: "#"',
        '  - listitem:',
        '    - link "Next":',
        '      - /url: "#"',
        '  - listitem:',
        '    - link "Last":',
        '      - /url: "#"',
      ].join('\n'),
    );
    expect(await page.getByRole('navigation', { name: 'Small pages' }).count()).toBe(1);
  });

  test('clicking pages moves the active page through setProps', async () => {
    await controlled().getByRole('link', { name: '7', exact: true }).click();
    expect(await page.locator('#page').textContent()).toBe('7');
    expect(await current()).toBe('7');
    await controlled().getByRole('link', { name: 'Next' }).click();
    await controlled().getByRole('link', { name: 'Next' }).click();
    expect(await current()).toBe('9');
    expect(await items()).toEqual([
      '«First',
      '‹Previous',
      '1',
      '…More',
      '8',
      '9',
      '10',
      '…More',
      '20',
      '›Next',
      '»Last',
    ]);
    await controlled().getByRole('link', { name: 'Last' }).click();
    expect(await current()).toBe('20');
    expect(await controlled().locator('li.disabled').allTextContents()).toEqual(['…More', '›Next', '»Last']);
    expect(await controlled().getByRole('link', { name: 'Next' }).count()).toBe(0);
  });

  test('the keyboard moves focus between enabled items and chooses pages', async () => {
    await controlled().getByRole('link', { name: 'First' }).click();
    expect(await current()).toBe('1');
    await controlled().getByRole('link', { name: '1', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await focusedText()).toBe('2');
    await page.keyboard.press('End');
    expect(await focusedText()).toBe('»Last');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedText()).toBe('20');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedText()).toBe('5');
    await page.keyboard.press('Enter');
    expect(await current()).toBe('5');
    expect(await focusedText()).toBe('5');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    expect(await page.locator('#page').textContent()).toBe('6');
    expect(await focusedText()).toBe('6');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.keyboard.press('Home');
    expect(await focusedText()).toBe('«First');
    await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('‹Previous');
  });

  test('a focused control that becomes disabled hands focus to the active page', async () => {
    const next = controlled().getByRole('link', { name: 'Next' });
    await next.focus();
    for (let presses = 0; presses < 20 && (await next.count()) > 0; presses++) {
      await page.keyboard.press('Enter');
    }
    expect(await current()).toBe('20');
    expect(await controlled().locator('li.disabled').allTextContents()).toEqual(['…More', '›Next', '»Last']);
    const focusedItem = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return [element?.tagName, element?.textContent, element?.getAttribute('aria-current')];
      });
    expect(await focusedItem()).toEqual(['A', '20', 'page']);
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    expect(await current()).toBe('1');
    expect(await focusedItem()).toEqual(['A', '1', 'page']);
  });

  test('the rendered layout is interactive on its own', async () => {
    const layout = page.locator('#layout');
    await layout.getByRole('link', { name: '6', exact: true }).click();
    expect(await layout.locator('[aria-current="page"]').textContent()).toBe('6');
    expect(await layout.locator('li').allTextContents()).toEqual([
      '1',
      '…More',
      '5',
      '6',
      '7',
      '…More',
      '10',
    ]);
    expect(new URL(page.url()).hash).toBe('');
  });

  test('fractional pages and a screenshot', async () => {
    const large = page.locator('#large');
    expect(await large.locator('li').allTextContents()).toEqual([
      '‹Previous',
      '1',
      '1.25',
      '1.5',
      '1.75',
      '2',
      '›Next',
    ]);
    await large.getByRole('link', { name: 'Next' }).click();
    // active_page is given without setProps: controlled by a parent that never changes it.
    expect(await large.locator('[aria-current="page"]').textContent()).toBe('1.5');
    await page.screenshot({ path: artifactPath('pagination.png'), fullPage: true });
    expect(pageErrors).toEqual([clicksIgnored]);
  });

  test('under dir="rtl" on an ancestor the list runs right to left and the arrow keys follow it', async () => {
    const rtl = page.locator('#rtl');
    const x = (name: string) =>
      rtl
        .getByRole('link', { name, exact: true })
        .evaluate((element) => Math.round(element.getBoundingClientRect().x));
    // Bootstrap's flex list puts the first item on the right, Next on the far left.
    expect(await x('1')).toBeGreaterThan(await x('2'));
    expect(await x('7')).toBeGreaterThan(await x('Next'));
    await rtl.getByRole('link', { name: '3', exact: true }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await focusedText()).toBe('4');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedText()).toBe('5');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focusedText()).toBe('2');
    await page.keyboard.press('Enter');
    expect(await rtl.locator('[aria-current="page"]').textContent()).toBe('2');
    // End is the end of the reading order: Next, at the far left.
    await page.keyboard.press('End');
    expect(await focusedText()).toBe('›Next');
  });

  test('dir="auto" resolves from the text: Hebrew makes it right to left', async () => {
    const auto = page.locator('#auto');
    await auto.getByRole('link', { name: '3', exact: true }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await focusedText()).toBe('4');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focusedText()).toBe('2');
  });
});

describe('StaticPagination in Chromium', () => {
  test('the server’s HTML is what Pagination renders in the browser with the same href', async () => {
    const client = await page.locator('#linked').innerHTML();
    expect(client).toBe(renderToString(createElement(StaticPagination, linkedProps(3))));
    expect(client).toContain('href="/static?page=4"');
  });

  test('works without JavaScript: its links are the navigation', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const noScript = await context.newPage();
      await noScript.goto(`${origin}/static?page=3`);
      expect(await noScript.locator('script').count()).toBe(0);
      const pages = noScript.getByRole('navigation', { name: 'Linked pages' });
      await pages.getByRole('link', { name: 'Next' }).click();
      await noScript.waitForURL(`${origin}/static?page=4`);
      expect(await pages.locator('[aria-current="page"]').textContent()).toBe('4');
      await pages.getByRole('link', { name: 'Last' }).click();
      await noScript.waitForURL(`${origin}/static?page=13524`);
      expect(await pages.locator('[aria-current="page"]').textContent()).toBe('13,524');
      expect(await pages.locator('li.disabled').allTextContents()).toEqual(['…More', '›Next', '»Last']);
      expect(
        await pages
          .locator('li.active .page-link')
          .evaluate((element) => getComputedStyle(element).backgroundColor),
      ).toBe('rgb(13, 110, 253)');
    } finally {
      await context.close();
    }
  });
});
