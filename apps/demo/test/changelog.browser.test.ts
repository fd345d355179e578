// The changelog page in real Chromium: history.changelog() of the demo API, newest version first, each version
// leading to its API reference; readable at 375 px (nothing wider than the screen). Screenshots at 375 and 1280 px go
// to apps/demo/docs/ (the changelog) and test-artifacts/ (the reference it leads to).
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { artifactPath } from '../../../test/support/chromium.js';
import { demoBrowser } from './support/browser.js';
import { serveDemo } from './support/demo-server.js';

const docsDir = fileURLToPath(new URL('../docs/', import.meta.url));

const browser = demoBrowser();

describe('the changelog page (url-path scheme)', () => {
  const demo = serveDemo({ scheme: 'url-path', port: 0 });

  test.each([
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ])(
    'at $width px: every version’s changes, newest first, each leading to its reference',
    async (viewport) => {
      const context = await browser().newContext({ viewport, locale: 'en-US' });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        // Reached from the demo page's header.
        await page.goto(demo.base);
        await page
          .getByRole('navigation', { name: 'API documents' })
          .getByRole('link', { name: 'Changelog' })
          .click();
        await page.waitForURL(`${demo.base}api/changelog/`);

        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('API changelog');
        expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['v3', 'v2']);
        const v2 = page.getByRole('region', { name: 'v2' });
        expect(await v2.locator('.description').allTextContents()).toEqual([
          'Cities have an id, a location and a URL of their own detail',
          'A city’s country is "countryCode", its ISO 3166-1 code',
          'A list is { data, meta, links }: the paging numbers in "meta", every navigation link in "links"',
        ]);
        expect(await v2.locator('.instructions li').allTextContents()).toEqual([
          'City.id was added.',
          'City.location was added.',
          'City.url was added.',
          'City.countryCode was renamed from "country".',
          'Response bodies of route "cities-list" are converted by a migration function.',
        ]);
        expect(
          await page.getByRole('region', { name: 'v3' }).locator('.instructions li').allTextContents(),
        ).toEqual([
          'City.id changed its type from integer to string.',
          'CityDetail.id changed its type from integer to string.',
          'CityDetail.featureCode was added.',
          'CityDetail.adminCode was added.',
        ]);
        // Readable on a phone: nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await page.screenshot({ path: `${docsDir}changelog-${viewport.width}.png`, fullPage: true });

        // Each version leads to its API reference, that version's document shown.
        await v2.getByRole('link', { name: 'API reference of v2' }).click();
        await page.waitForURL(`${demo.base}api/docs/?urls.primaryName=v2`);
        await page
          .locator('.info .title pre.version')
          .filter({ hasText: /^\s*v2\s*$/ })
          .waitFor();
        await page.locator('.opblock').first().waitFor();
        await page.screenshot({
          path: artifactPath(`demo-api-reference-from-changelog-${viewport.width}.png`),
        });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
