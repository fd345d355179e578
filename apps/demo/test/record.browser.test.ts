// The "same record in every version" panel in real Chromium: one city as v1, v2 and v3 of the API send it — the
// answers of the real server, whose handlers write v3 only and whose history migrates the rest down.
import { describe, expect, test } from 'vitest';
import { artifactPath } from '../../../test/support/chromium.js';
import { demoBrowser } from './support/browser.js';
import { serveDemo } from './support/demo-server.js';

const browser = demoBrowser();

const record = async (page: import('playwright-core').Page, version: string): Promise<unknown> => {
  const box = page.getByTestId(`record-${version}`).locator('pre');
  await expect.poll(() => box.getAttribute('aria-busy')).toBe('false');
  return JSON.parse((await box.textContent()) ?? '') as unknown;
};

describe.each([
  { scheme: 'url-path', versions: ['v1', 'v2', 'v3'], width: 1280 },
  { scheme: 'header', versions: ['1', '2', '3'], width: 375 },
  { scheme: 'media-type', versions: ['v1', 'v2', 'v3'], width: 375 },
] as const)('the record panel under $scheme at $width px', ({ scheme, versions, width }) => {
  const demo = serveDemo({ scheme, port: 0 });

  test('shows the largest city as each version sends it', async () => {
    const page = await browser().newPage({ viewport: { width, height: 900 }, locale: 'en-US' });
    try {
      await page.goto(demo.base);
      const [v1, v2, v3] = versions;
      const first = (await record(page, v1)) as Record<string, unknown>;
      const second = (await record(page, v2)) as Record<string, unknown>;
      const third = (await record(page, v3)) as Record<string, unknown>;
      // v1: no id, location or URL; the country is "country".
      expect(Object.keys(first)).toEqual(['name', 'country', 'population']);
      expect(first).toMatchObject({ name: 'Shanghai', country: 'CN' });
      // v2: "countryCode", and a numeric id; v3: the same city, its id a string.
      expect(second).toMatchObject({ id: 1796236, name: 'Shanghai', countryCode: 'CN' });
      expect(third).toEqual({ ...second, id: '1796236', url: third['url'] });
      expect(third['url']).toContain('1796236');
      // Nothing wider than the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page
        .getByTestId('record-panel')
        .screenshot({ path: artifactPath(`demo-record-${scheme}-${width}.png`) });
    } finally {
      await page.close();
    }
  });
});
