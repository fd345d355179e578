// The demo page in real Chromium: paging with the mouse and the keyboard, bookmarks, history, version
// switching and API errors, then one round per versioning scheme.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { artifactPath, launchChromium } from '../../../test/support/chromium.js';
import { createServer } from '../src/server/server.js';
import type { DemoServer } from '../src/server/server.js';
import { ensureClientBuild } from './support/build.js';
import { schemeCases } from './schemes.cases.js';

let browser: Browser;

beforeAll(async () => {
  ensureClientBuild();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

const pager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const rows = (page: Page) => page.locator('[data-testid=cities] tbody tr');

/** Waits until the page shows `pageNumber` (summary, active item and first rank agree) and returns the row names. */
async function shownPage(page: Page, pageNumber: number, pageSize = 10): Promise<string[]> {
  const formatted = pageNumber.toLocaleString('en-US');
  await page
    .getByTestId('summary')
    .filter({ hasText: ` page ${formatted} of ` })
    .waitFor();
  await pager(page)
    .locator('li.page-item.active')
    .filter({ hasText: new RegExp(`^${pageNumber}$`) })
    .waitFor();
  expect(await rows(page).first().locator('td').first().textContent()).toBe(
    String((pageNumber - 1) * pageSize + 1),
  );
  return rows(page).locator('td.city-name').allTextContents();
}

function searchOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

describe('the demo page (url-path scheme)', () => {
  let server: DemoServer;
  let base: string;
  let page: Page;

  beforeAll(async () => {
    server = await createServer({ scheme: 'url-path', port: 0 });
    base = await server.listen();
    page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
  });
  afterAll(async () => {
    await page.close();
    await server.close();
  });

  test('pages with clicks and the keyboard, in place, and the URL follows', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(base);
    expect(await shownPage(page, 1)).toContain('Shanghai');
    expect(await page.getByTestId('scheme').textContent()).toBe('scheme: url-path (URLPathVersioning)');
    expect(await page.getByTestId('active-version').textContent()).toBe('version: v1');
    // v1 columns: #, name, country, population.
    expect(await page.locator('[data-testid=cities] thead th').allTextContents()).toEqual([
      '#',
      'name',
      'country',
      'population',
    ]);
    await page.screenshot({ path: artifactPath('demo-page-1.png'), fullPage: true });
    // Marks this document: a full reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const page1 = await rows(page).locator('td.city-name').allTextContents();
    await pager(page).getByRole('link', { name: '3', exact: true }).click();
    const page3 = await shownPage(page, 3);
    expect(searchOf(page).get('page')).toBe('3');
    expect(page3).not.toEqual(page1);
    await page.screenshot({ path: artifactPath('demo-page-3.png'), fullPage: true });

    await pager(page).getByRole('link', { name: 'Next' }).click();
    await shownPage(page, 4);
    expect(searchOf(page).get('page')).toBe('4');

    await pager(page).getByRole('link', { name: 'Last' }).click();
    const lastPage = Math.ceil(135233 / 10);
    await shownPage(page, lastPage);
    expect(searchOf(page).get('page')).toBe(String(lastPage));
    expect(await rows(page).count()).toBe(3);
    expect(await pager(page).getByText('Next').locator('xpath=..').getAttribute('aria-disabled')).toBe(
      'true',
    );

    // Keyboard: from the active item, ArrowLeft moves focus to the page before it, Enter opens it.
    await pager(page)
      .getByRole('link', { name: String(lastPage), exact: true })
      .focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(String(lastPage - 1));
    await page.keyboard.press('Enter');
    await shownPage(page, lastPage - 1);
    expect(searchOf(page).get('page')).toBe(String(lastPage - 1));
    await page.screenshot({ path: artifactPath('demo-keyboard.png'), fullPage: true });

    // Browser history walks back through the pages.
    await page.goBack();
    await shownPage(page, lastPage);
    await page.goBack();
    await shownPage(page, 4);

    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    // Every item is a real link to a bookmarkable page URL.
    expect(await pager(page).getByRole('link', { name: '5', exact: true }).getAttribute('href')).toBe(
      '/?page=5',
    );
    expect(errors).toEqual([]);
  });

  test('a bookmarked URL reloads to the same page and version; the version switch keeps the page', async () => {
    await page.goto(`${base}?page=7&version=v2`);
    await shownPage(page, 7);
    expect(await page.getByTestId('active-version').textContent()).toBe('version: v2');
    expect(await page.locator('[data-testid=cities] thead th').allTextContents()).toEqual([
      '#',
      'id',
      'name',
      'countryCode',
      'population',
      'location (lat, lon)',
    ]);
    expect(await page.getByTestId('api-request').textContent()).toBe(`GET ${base}api/v2/cities/?page=7`);
    await page.screenshot({ path: artifactPath('demo-v2-bookmark.png'), fullPage: true });
    const v2Names = await rows(page).locator('td.city-name').allTextContents();

    await page.reload();
    await shownPage(page, 7);
    expect(await rows(page).locator('td.city-name').allTextContents()).toEqual(v2Names);

    await page.getByRole('button', { name: 'API v1' }).click();
    expect(await shownPage(page, 7)).toEqual(v2Names);
    expect(searchOf(page).get('version')).toBe('v1');
    expect(await page.getByTestId('active-version').textContent()).toBe('version: v1');
    expect(await page.getByRole('button', { name: 'API v1' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-testid=cities] thead th').count()).toBe(4);
    expect(await page.getByTestId('api-request').textContent()).toBe(`GET ${base}api/v1/cities/?page=7`);
  });

  test('search and ordering go to the API and into the URL, and paging keeps them', async () => {
    await page.goto(base);
    await shownPage(page, 1);
    await page.getByRole('searchbox', { name: 'Search city names' }).fill('york');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('summary').filter({ hasText: '34 cities · page 1 of 4' }).waitFor();
    expect(await rows(page).locator('td.city-name').first().textContent()).toBe('New York City');
    expect(searchOf(page).get('search')).toBe('york');

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('name');
    await rows(page).locator('td.city-name').first().filter({ hasText: 'East New York' }).waitFor();
    expect(searchOf(page).get('ordering')).toBe('name');
    const names = await rows(page).locator('td.city-name').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    // Accent-insensitive: Hévízgyörk matches too.
    for (const name of names)
      expect(name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()).toContain('york');

    await pager(page).getByRole('link', { name: '4', exact: true }).click();
    await shownPage(page, 4);
    expect(Object.fromEntries(searchOf(page))).toEqual({ search: 'york', ordering: 'name', page: '4' });
    expect(await rows(page).count()).toBe(4);
  });

  test('API errors are shown: a page past the end, an unknown version', async () => {
    await page.goto(`${base}?page=999999`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('404 Not Found — Invalid page. not_found');
    expect(await rows(page).count()).toBe(0);
    // Nothing is active, and the pager still leads back into the list.
    expect(await pager(page).locator('li.page-item.active').count()).toBe(0);
    await page.screenshot({ path: artifactPath('demo-error.png'), fullPage: true });
    await pager(page).getByRole('link', { name: 'First' }).click();
    await shownPage(page, 1);
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.goto(`${base}?version=v9`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('This page URL asks for version "v9"');
  });
});

describe.each(schemeCases)('the demo page under the $scheme scheme', (scheme) => {
  let server: DemoServer;
  let base: string;
  let page: Page;
  const [, v2] = scheme.versions;

  beforeAll(async () => {
    server = await createServer({ scheme: scheme.scheme, port: 0 });
    base = await server.listen();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  });
  afterAll(async () => {
    await page.close();
    await server.close();
  });

  test(`shows version ${v2} from the API and pages through it`, async () => {
    await page.goto(`${base}?version=${v2}&page=2`);
    await shownPage(page, 2);
    expect(await page.getByTestId('scheme').textContent()).toContain(`scheme: ${scheme.scheme}`);
    expect(await page.locator('[data-testid=cities] thead th').nth(1).textContent()).toBe('id');
    const { url } = scheme.ask(new URL(base), v2);
    const expected = new URL(url);
    expected.searchParams.set('page', '2');
    expect(await page.getByTestId('api-request').textContent()).toBe(`GET ${expected.href}`);
    await pager(page).getByRole('link', { name: 'Next' }).click();
    await shownPage(page, 3);
    expect(searchOf(page).get('version')).toBe(v2);
    await page.screenshot({ path: artifactPath(`demo-scheme-${scheme.scheme}.png`), fullPage: true });
  });
});
