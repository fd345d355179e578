// The demo page in real Chromium: paging with the mouse and the keyboard, bookmarks, history, version
// switching, the API's own (translated) problems, the phone-sized layout, then one round per versioning scheme.
// Screenshots at 1280 and 375 px go to test-artifacts/.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { artifactPath } from '../../../test/support/chromium.js';
import { serveDemo } from './support/demo-server.js';
import { demoBrowser } from './support/browser.js';
import type { Ask } from './schemes.cases.js';
import { schemeCases } from './schemes.cases.js';

const browser = demoBrowser();

const desktop = { width: 1280, height: 1000 } as const;
const phone = { width: 375, height: 812 } as const;

const pager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const rows = (page: Page) => page.locator('[data-testid=cities] tbody tr');

/** A number as the page writes it for a reader whose browser speaks `locale` (pages are `en-US` unless said). */
const written = (value: number, locale = 'en-US') => value.toLocaleString(locale);

/**
 * Waits until the page shows `pageNumber` (summary, active item and first rank agree, every number written as the
 * browser's `locale` writes it: `13,524`) and returns the row names.
 */
async function shownPage(page: Page, pageNumber: number, pageSize = 10, locale = 'en-US'): Promise<string[]> {
  const formatted = written(pageNumber, locale);
  await page
    .getByTestId('summary')
    .filter({ hasText: ` page ${formatted} of ` })
    .waitFor();
  await pager(page)
    .locator('li.page-item.active')
    .filter({ hasText: new RegExp(`^${formatted.replace(/[.]/g, '\\.')}$`) })
    .waitFor();
  expect(await rows(page).first().locator('td').first().textContent()).toBe(
    written((pageNumber - 1) * pageSize + 1, locale),
  );
  return rows(page).locator('td.city-name').allTextContents();
}

function searchOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

describe('the demo page (url-path scheme)', () => {
  const demo = serveDemo({ scheme: 'url-path', port: 0 });
  let page: Page;

  beforeAll(async () => {
    page = await browser().newPage({ viewport: desktop, locale: 'en-US' });
  });
  afterAll(async () => {
    await page.close();
  });

  test('pages with clicks and the keyboard, in place, and the URL follows', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(demo.base);
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
    await page.screenshot({ path: artifactPath('demo-page-1280.png'), fullPage: true });
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
      .getByRole('link', { name: written(lastPage), exact: true })
      .focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(written(lastPage - 1));
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
    await page.goto(`${demo.base}?page=7&version=v2`);
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
    expect(await page.getByTestId('api-request').textContent()).toBe(`GET ${demo.base}api/v2/cities/?page=7`);
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
    expect(await page.getByTestId('api-request').textContent()).toBe(`GET ${demo.base}api/v1/cities/?page=7`);
  });

  test('search and ordering go to the API and into the URL, and paging keeps them', async () => {
    await page.goto(demo.base);
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

  test('API errors are the API’s own problem response: status, detail, Content-Language, the document', async () => {
    await page.goto(`${demo.base}?page=999999`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.getByTestId('api-error-status').textContent()).toBe('404 Not Found');
    expect(await alert.getByTestId('api-error-detail').textContent()).toBe('Invalid page.');
    expect(await alert.getByTestId('api-error-language').textContent()).toBe('Content-Language: en');
    expect(JSON.parse((await alert.getByTestId('problem-document').textContent()) ?? '')).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Invalid page.',
      code: 'not_found',
    });
    // The browser's language went with the request.
    expect(await page.getByTestId('api-request-header').allTextContents()).toEqual([
      'Accept-Language: en-US',
    ]);
    expect(await rows(page).count()).toBe(0);
    // Nothing is active, and the pager still leads back into the list.
    expect(await pager(page).locator('li.page-item.active').count()).toBe(0);
    await page.screenshot({ path: artifactPath('demo-error.png'), fullPage: true });
    await pager(page).getByRole('link', { name: 'First' }).click();
    await shownPage(page, 1);
    expect(await page.getByRole('alert').count()).toBe(0);

    // Both ends of page_size alike: a 400 naming the range.
    await page.goto(`${demo.base}?page_size=1000`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByTestId('api-error-status').textContent()).toBe('400 Bad Request');
    expect(await page.getByTestId('api-error-detail').textContent()).toBe(
      'Invalid page_size "1000": expected a whole number from 1 to 100.',
    );
  });

  test('a rows-per-page select keeps the first row shown; the response’s links are links the page follows', async () => {
    await page.goto(`${demo.base}?page=7`);
    await shownPage(page, 7);
    const firstName = await rows(page).locator('td.city-name').first().textContent();
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25');
    // Row 61 is on page 3 of 25 rows.
    await shownPage(page, 3, 25);
    expect(Object.fromEntries(searchOf(page))).toEqual({ page: '3', page_size: '25' });
    expect(await rows(page).count()).toBe(25);
    expect(await rows(page).locator('td.city-name').nth(10).textContent()).toBe(firstName);
    expect(await page.getByTestId('api-request').textContent()).toBe(
      `GET ${demo.base}api/v1/cities/?page=3&page_size=25`,
    );

    const links = page.getByTestId('api-links');
    const next = links.getByRole('link').first();
    expect(await next.getAttribute('href')).toBe(`${demo.base}api/v1/cities/?page=4&page_size=25`);
    await next.click();
    await shownPage(page, 4, 25);
    // The page asked the API for exactly the link's URL.
    expect(await page.getByTestId('api-request').textContent()).toBe(
      `GET ${demo.base}api/v1/cities/?page=4&page_size=25`,
    );
    await links.getByRole('link', { name: `${demo.base}api/v1/cities/?page=3&page_size=25` }).click();
    await shownPage(page, 3, 25);
    await page.screenshot({ path: artifactPath('demo-page-size-1280.png'), fullPage: true });
  });
});

describe('the demo page in the browser’s language', () => {
  const demo = serveDemo({ scheme: 'url-path', port: 0 });

  test.each([
    { locale: 'fr-FR', detail: 'Page non valide.', language: 'fr' },
    { locale: 'ja-JP', detail: '不正なページです。', language: 'ja' },
    { locale: 'ko-KR', detail: 'Invalid page.', language: 'en' },
  ])('$locale: the API answers $language', async ({ locale, detail, language }) => {
    const context = await browser().newContext({ viewport: desktop, locale });
    try {
      const page = await context.newPage();
      await page.goto(`${demo.base}?page=999999`);
      await page.getByRole('alert').waitFor();
      expect(await page.getByTestId('api-request-header').allTextContents()).toEqual([
        `Accept-Language: ${locale}`,
      ]);
      expect(await page.getByTestId('api-error-detail').textContent()).toBe(detail);
      expect(await page.getByTestId('api-error-detail').getAttribute('lang')).toBe(language);
      expect(await page.getByTestId('api-error-language').textContent()).toBe(
        `Content-Language: ${language}`,
      );
      await page.screenshot({ path: artifactPath(`demo-error-${locale}-1280.png`), fullPage: true });
    } finally {
      await context.close();
    }
  });

  test.each([
    { locale: 'de-DE', viewport: desktop },
    { locale: 'de-DE', viewport: phone },
    { locale: 'en-US', viewport: phone },
    { locale: 'fr-FR', viewport: { width: 320, height: 640 } },
  ])(
    '$locale at $viewport.width px: page numbers, ranks and populations are written the reader’s way',
    async ({ locale, viewport }) => {
      const context = await browser().newContext({ viewport, locale });
      try {
        const page = await context.newPage();
        await page.goto(`${demo.base}?page=5000`);
        await shownPage(page, 5000, 10, locale);
        const lastPage = Math.ceil(135233 / 10);
        expect(await page.getByTestId('summary').textContent()).toBe(
          `${written(135233, locale)} cities · page ${written(5000, locale)} of ${written(lastPage, locale)}`,
        );
        // The formatted label is the link's accessible name too.
        const active = pager(page).getByRole('link', { name: written(5000, locale), exact: true });
        expect(await active.getAttribute('aria-current')).toBe('page');
        expect(await active.getAttribute('href')).toBe('/?page=5000');
        await pager(page)
          .getByRole('link', { name: written(lastPage, locale), exact: true })
          .click();
        await shownPage(page, lastPage, 10, locale);
        const separator = { 'de-DE': '\\.', 'en-US': ',', 'fr-FR': '\u202f' }[locale];
        const grouping = new RegExp(`^\\d{1,3}(${separator}\\d{3})*$`);
        for (const population of await rows(page).locator('td.text-end').allTextContents()) {
          expect(population).toMatch(grouping);
        }
        // Still one row of items, inside the page's margins; nothing wider than the screen.
        const items = await pager(page)
          .locator('li')
          .evaluateAll((list) => list.map((item) => item.getBoundingClientRect()));
        expect(new Set(items.map((item) => Math.round(item.top))).size).toBe(1);
        const contentRight = await page
          .locator('main')
          .evaluate(
            (main) => main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight),
          );
        expect(items.at(-1)!.right).toBeLessThanOrEqual(contentRight);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
        await page.screenshot({
          path: artifactPath(`demo-numbers-${locale}-${viewport.width}.png`),
          fullPage: true,
        });
      } finally {
        await context.close();
      }
    },
  );
});

describe('v1’s retirement on the page (url-path scheme)', () => {
  const demo = serveDemo({ scheme: 'url-path', port: 0 });

  test.each([
    { viewport: desktop, locale: 'en-US', since: 'January 1, 2026', sunset: 'July 1, 2027' },
    { viewport: phone, locale: 'en-US', since: 'January 1, 2026', sunset: 'July 1, 2027' },
    { viewport: phone, locale: 'de-DE', since: '1. Januar 2026', sunset: '1. Juli 2027' },
  ])(
    '$locale at $viewport.width px: the banner from v1’s headers, the route v1 lacks, v3 and its detail',
    async ({ viewport, locale, since, sunset }) => {
      const context = await browser().newContext({ viewport, locale });
      try {
        const page = await context.newPage();
        await page.goto(demo.base);
        await shownPage(page, 1, 10, locale);
        const banner = page.getByTestId('deprecation-banner');
        expect(await banner.getByTestId('deprecation-text').textContent()).toBe(
          `API v1 is deprecated since ${since} and may stop answering from ${sunset} (its sunset).`,
        );
        // Built from the answer's headers, which it lists.
        await banner.getByText('The response headers this comes from').click();
        expect(await banner.getByTestId('deprecation-headers').locator('li').allTextContents()).toEqual([
          'Deprecation: @1767225600',
          'Sunset: Thu, 01 Jul 2027 00:00:00 GMT',
          `Link: </api/docs/?urls.primaryName=v2>; rel="deprecation"; type="text/html", </api/docs/?urls.primaryName=v2>; rel="sunset"; type="text/html", <${demo.base}api/v1/openapi.json>; rel="service-desc"`,
          'api-supported-versions: v2, v3',
          'api-deprecated-versions: v1',
        ]);
        expect(await banner.getByTestId('deprecation-link').getAttribute('href')).toBe(
          `${demo.base}api/docs/?urls.primaryName=v2`,
        );
        expect(await page.getByRole('button', { name: 'API v1' }).textContent()).toBe('API v1deprecated');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
        await page.screenshot({
          path: artifactPath(`demo-deprecation-${locale}-${viewport.width}.png`),
          fullPage: true,
        });

        // v1 lists no ids and has no detail route: asked anyway, the API's 404 names the versions that have it.
        await page.getByRole('button', { name: 'Ask v1 for Shanghai anyway' }).click();
        const detail = page.getByTestId('city-detail');
        await detail.getByRole('alert').waitFor();
        expect(await detail.getByTestId('api-request').textContent()).toBe(
          `GET ${demo.base}api/v1/cities/1796236/`,
        );
        expect(await detail.getByTestId('api-error-status').textContent()).toBe('404 Not Found');
        expect(JSON.parse((await detail.getByTestId('problem-document').textContent()) ?? '')).toMatchObject({
          code: 'not_found',
          supportedVersions: ['v2', 'v3'],
        });
        expect(await detail.getByTestId('api-error-detail').textContent()).toBe(
          locale === 'de-DE' ? 'In Version "v1" nicht verfügbar.' : 'Not available in version "v1".',
        );
        await page.screenshot({
          path: artifactPath(`demo-no-detail-v1-${locale}-${viewport.width}.png`),
          fullPage: true,
        });

        // v3: no banner, the report instead; a city's detail by v3's view, with GeoNames codes.
        await banner.getByRole('button', { name: 'Switch to v3' }).click();
        await shownPage(page, 1, 10, locale);
        expect(await page.getByTestId('deprecation-banner').count()).toBe(0);
        expect(await page.getByTestId('city-detail').count()).toBe(0);
        expect(await page.getByTestId('version-report').textContent()).toBe(
          'The API reports: supported v2, v3, deprecated v1.',
        );
        await rows(page).locator('td.city-name').getByRole('link', { name: 'Shanghai' }).click();
        await detail.getByTestId('city-detail-body').waitFor();
        expect(JSON.parse((await detail.getByTestId('city-detail-body').textContent()) ?? '')).toEqual({
          // v3's ids are strings (the API's history gives v2 clients numbers).
          id: '1796236',
          name: 'Shanghai',
          countryCode: 'CN',
          population: 22315474,
          location: { lat: 31.22222, lon: 121.45806 },
          url: `${demo.base}api/v3/cities/1796236/`,
          featureCode: 'PPLA',
          adminCode: '23',
        });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
        await page.screenshot({
          path: artifactPath(`demo-detail-v3-${locale}-${viewport.width}.png`),
          fullPage: true,
        });
        await detail.getByRole('button', { name: 'Close the city detail' }).click();
        expect(await page.getByTestId('city-detail').count()).toBe(0);
      } finally {
        await context.close();
      }
    },
  );
});

describe('the demo page at 375 px', () => {
  const demo = serveDemo({ scheme: 'url-path', port: 0 });
  let page: Page;

  beforeAll(async () => {
    page = await browser().newPage({ viewport: phone, locale: 'en-US' });
  });
  afterAll(async () => {
    await page.close();
  });

  /** The tops of the pagination's items: one value when they sit in one row. */
  const itemRows = async () =>
    new Set(
      await pager(page)
        .locator('li')
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top))),
    ).size;

  test('the pagination fits one row: fewer, smaller items; nothing wider than the screen', async () => {
    for (const [pageNumber, items] of [
      [1, ['‹Previous', '1', '2', '3', '…More', '13,524', '›Next']],
      [5000, ['‹Previous', '1', '…More', '5,000', '…More', '13,524', '›Next']],
      [13523, ['‹Previous', '1', '…More', '13,522', '13,523', '13,524', '›Next']],
    ] as const) {
      await page.goto(`${demo.base}?page=${pageNumber}`);
      await shownPage(page, pageNumber);
      expect(await pager(page).locator('li').allTextContents()).toEqual(items);
      expect(await itemRows()).toBe(1);
      expect(await pager(page).locator('ul.pagination-sm').count()).toBe(1);
      const right = await pager(page)
        .locator('li')
        .last()
        .evaluate((li) => li.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(phone.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(phone.width);
    }
    await page.screenshot({ path: artifactPath('demo-page-375.png'), fullPage: true });

    // Wider again, the server's layout comes back: first/last and the siblings of the active page.
    await page.setViewportSize(desktop);
    await pager(page).getByRole('link', { name: 'Last' }).waitFor();
    expect(await pager(page).locator('li').count()).toBe(11);
    await page.setViewportSize(phone);
    await pager(page).getByRole('link', { name: 'Last' }).waitFor({ state: 'detached' });
  });

  test('paging, the rows-per-page select and the response’s links work by touch-sized clicks too', async () => {
    await page.goto(demo.base);
    await shownPage(page, 1);
    await pager(page).getByRole('link', { name: 'Next' }).click();
    await shownPage(page, 2);
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
    await shownPage(page, 1, 50);
    expect(await rows(page).count()).toBe(50);
    await page.getByTestId('api-links').getByRole('link').first().click();
    await shownPage(page, 2, 50);
    expect(Object.fromEntries(searchOf(page))).toEqual({ page: '2', page_size: '50' });
    expect(await itemRows()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(phone.width);
    await page.screenshot({ path: artifactPath('demo-page-size-375.png'), fullPage: true });
  });
});

describe('the demo page on a small phone', () => {
  const demo = serveDemo({ scheme: 'url-path', port: 0 });

  test('a city chosen from the list shows its detail on screen, not below the fold', async () => {
    const context = await browser().newContext({ viewport: { width: 375, height: 667 }, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(`${demo.base}?version=v2`);
      await shownPage(page, 1);
      await rows(page).locator('td.city-name').getByRole('link', { name: 'Shanghai' }).click();
      const detail = page.getByTestId('city-detail');
      await detail.getByTestId('city-detail-body').waitFor();
      // Scrolling may be smooth: wait until it has come to rest with the whole panel in view.
      await expect
        .poll(() =>
          detail.evaluate((panel) => {
            const { top, bottom } = panel.getBoundingClientRect();
            return top >= 0 && bottom <= window.innerHeight;
          }),
        )
        .toBe(true);
      await page.screenshot({ path: artifactPath('demo-detail-375x667.png') });
    } finally {
      await context.close();
    }
  });

  test('at 320 px the version buttons sit on one row, each label on one line, nothing wider than the screen', async () => {
    const context = await browser().newContext({ viewport: { width: 320, height: 640 }, locale: 'en-US' });
    try {
      const page = await context.newPage();
      // v1 carries the "deprecated" badge: its button is the widest.
      await page.goto(demo.base);
      await page.getByTestId('deprecation-banner').waitFor();
      const buttons = await page
        .getByRole('group', { name: 'API version' })
        .getByRole('button')
        .evaluateAll((list) =>
          list.map((button) => {
            const style = getComputedStyle(button);
            const box = button.getBoundingClientRect();
            return {
              label: button.textContent,
              top: (button as HTMLElement).offsetTop,
              height: box.height,
              // A button whose label stays on one line is one line-height tall, plus its padding and border.
              oneLine: ['lineHeight', 'paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth']
                .map((property) => parseFloat(style.getPropertyValue(property.replace(/[A-Z]/g, '-$&'))))
                .reduce((sum, value) => sum + value, 0),
              right: box.right,
            };
          }),
        );
      expect(buttons.map((button) => button.label)).toEqual(['API v1deprecated', 'API v2', 'API v3']);
      expect(new Set(buttons.map((button) => button.top)).size).toBe(1);
      for (const button of buttons) expect(button.height).toBeLessThanOrEqual(button.oneLine + 0.5);
      const contentRight = await page
        .locator('main')
        .evaluate(
          (main) => main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight),
        );
      expect(buttons.at(-1)!.right).toBeLessThanOrEqual(contentRight);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await page.screenshot({ path: artifactPath('demo-version-buttons-320.png') });
    } finally {
      await context.close();
    }
  });
});

describe.each(schemeCases)('the demo page under the $scheme scheme', (scheme) => {
  const demo = serveDemo({ scheme: scheme.scheme, port: 0 });
  let page: Page;
  const [v1, v2, v3] = scheme.versions;

  beforeAll(async () => {
    page = await browser().newPage({ viewport: desktop, locale: 'en-US' });
  });
  afterAll(async () => {
    await page.close();
  });

  test(`shows version ${v2} from the API and pages through it`, async () => {
    await page.goto(`${demo.base}?version=${v2}&page=2`);
    await shownPage(page, 2);
    expect(await page.getByTestId('scheme').textContent()).toContain(`scheme: ${scheme.scheme}`);
    expect(await page.locator('[data-testid=cities] thead th').nth(1).textContent()).toBe('id');
    const { url } = scheme.ask(new URL(demo.base), v2);
    // The page's own parameters first: the client puts the version where the scheme reads it (a query parameter
    // after them).
    const expected = new URL(url);
    const versionParams = [...expected.searchParams];
    expected.search = '';
    expected.searchParams.set('page', '2');
    for (const [name, value] of versionParams) expected.searchParams.append(name, value);
    expect(await page.getByTestId('api-request').textContent()).toBe(`GET ${expected.href}`);
    const { headers } = scheme.ask(new URL(demo.base), v2);
    const headerLines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    expect(await page.getByTestId('api-request-header').allTextContents()).toEqual([
      ...headerLines,
      'Accept-Language: en-US',
    ]);
    // The exact request as curl, and in the footer each version's first page (other ways too).
    const curlOf = (ask: Ask) =>
      [
        'curl',
        ...Object.entries(ask.headers).map(([name, value]) => `-H '${name}: ${value}'`),
        `'${ask.url}'`,
      ].join(' ');
    expect(await page.getByTestId('api-curl').textContent()).toBe(
      curlOf({ url: expected.href, headers: { ...headers, 'Accept-Language': 'en-US' } }),
    );
    expect(await page.getByTestId('version-curl').allTextContents()).toEqual(
      scheme.versions.map((version) =>
        [scheme.ask(new URL(demo.base), version), ...scheme.alternatives(new URL(demo.base), version)]
          .map((ask, index) => (index === 0 ? curlOf(ask) : `or: ${curlOf(ask)}`))
          .join(''),
      ),
    );
    await pager(page).getByRole('link', { name: 'Next' }).click();
    await shownPage(page, 3);
    expect(searchOf(page).get('version')).toBe(v2);
    // The response's own next link, followed in the page, with the headers the version needs.
    await page.getByTestId('api-links').locator('a[data-link-name=next]').click();
    await shownPage(page, 4);
    expect(await page.getByTestId('api-request-header').allTextContents()).toEqual([
      ...headerLines,
      'Accept-Language: en-US',
    ]);
    expect(searchOf(page).get('version')).toBe(v2);
    await page.screenshot({ path: artifactPath(`demo-scheme-${scheme.scheme}.png`), fullPage: true });
  });

  test(`${v1} shows the deprecation banner; a city of ${v2} opens its detail, asked with the version's headers`, async () => {
    await page.goto(`${demo.base}?version=${v1}`);
    const banner = page.getByTestId('deprecation-banner');
    await banner.waitFor();
    expect(await banner.getByTestId('deprecation-link').getAttribute('href')).toBe(
      new URL(`/api/docs/?urls.primaryName=${v2}`, scheme.ask(new URL(demo.base), v1).url).href,
    );
    expect(await banner.getByRole('button').allTextContents()).toEqual([
      `Switch to ${v2}`,
      `Switch to ${v3}`,
    ]);

    await banner.getByRole('button', { name: `Switch to ${v2}` }).click();
    await shownPage(page, 1);
    expect(searchOf(page).get('version')).toBe(v2);
    expect(await page.getByTestId('deprecation-banner').count()).toBe(0);
    await rows(page).locator('td.city-name a').first().click();
    const detail = page.getByTestId('city-detail');
    await detail.getByTestId('city-detail-body').waitFor();
    const shanghai = JSON.parse((await detail.getByTestId('city-detail-body').textContent()) ?? '') as {
      url: string;
      id: number;
    };
    expect(shanghai).toMatchObject({ id: 1796236, name: 'Shanghai' });
    expect(await detail.getByTestId('api-request').textContent()).toBe(`GET ${shanghai.url}`);
    expect(await detail.getByTestId('api-request-header').allTextContents()).toEqual([
      ...Object.entries(scheme.ask(new URL(demo.base), v2).headers).map(
        ([name, value]) => `${name}: ${value}`,
      ),
      'Accept-Language: en-US',
    ]);
  });

  test.each([
    { viewport: desktop, locale: 'de-DE' },
    { viewport: phone, locale: 'de-DE' },
  ])(
    `?version=${scheme.badVersion.version} at $viewport.width px: the API’s ${scheme.badVersion.status}, in German`,
    async ({ viewport, locale }) => {
      const { version, status, german, supportedVersions } = scheme.badVersion;
      const context = await browser().newContext({ viewport, locale });
      try {
        const tab = await context.newPage();
        await tab.goto(`${demo.base}?version=${version}`);
        const alert = tab.getByRole('alert');
        await alert.waitFor();
        const title = status === 406 ? 'Not Acceptable' : 'Not Found';
        expect(await alert.getByTestId('api-error-status').textContent()).toBe(`${status} ${title}`);
        expect(await alert.getByTestId('api-error-detail').textContent()).toBe(german);
        expect(await alert.getByTestId('api-error-language').textContent()).toBe('Content-Language: de');
        expect(JSON.parse((await alert.getByTestId('problem-document').textContent()) ?? '')).toEqual({
          type: 'about:blank',
          title,
          status,
          detail: german,
          code: status === 406 ? 'not_acceptable' : 'not_found',
          ...(supportedVersions === null ? {} : { supportedVersions }),
        });
        // The request is the one the curl examples of docs/demo.md make, plus the browser's language.
        const asked = scheme.ask(new URL(demo.base), version);
        expect(await tab.getByTestId('api-request').textContent()).toBe(`GET ${asked.url}`);
        expect(await tab.getByTestId('api-request-header').allTextContents()).toEqual([
          ...Object.entries(asked.headers).map(([name, value]) => `${name}: ${value}`),
          `Accept-Language: ${locale}`,
        ]);
        // Not shown as if it were served: a refused badge, no version pressed, nothing to page through.
        expect(await tab.getByTestId('active-version').textContent()).toBe(
          `version: ${version} (not served)`,
        );
        expect(await tab.getByRole('button', { pressed: true }).count()).toBe(0);
        expect(await pager(tab).count()).toBe(0);
        expect(await tab.getByTestId('cities').count()).toBe(0);
        await tab.screenshot({
          path: artifactPath(`demo-unknown-version-${scheme.scheme}-${viewport.width}.png`),
          fullPage: true,
        });

        // A label no request of the scheme can carry: the page says so and asks nothing.
        await tab.goto(`${demo.base}?version=${encodeURIComponent(scheme.unaskableLabel)}`);
        await tab.getByTestId('page-note').waitFor();
        expect(await tab.getByRole('alert').count()).toBe(0);
        expect(await tab.getByTestId('api-request').count()).toBe(0);
      } finally {
        await context.close();
      }
    },
  );
});
