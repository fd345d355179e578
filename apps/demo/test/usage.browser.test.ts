// The demo page's live version usage and v1's brownout note, in real Chromium, with a clock inside a window.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type DemoServer } from '../src/server/server.js';
import { demoBrowser } from './support/browser.js';

const browser = demoBrowser();
let server: DemoServer;
let base = '';
// Second 53 of a minute before v1's sunset: inside that minute's brownout window.
const now = Date.parse('2026-06-01T12:00:53Z');

beforeAll(async () => {
  server = await createServer({ scheme: 'url-path', port: 0, clock: () => now });
  base = await server.listen();
});
afterAll(() => server.close());

test.each([
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
])('at $width px: the page counts the requests per version and says v1 is browned out', async (viewport) => {
  const page = await browser().newPage({ viewport });
  try {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${base}?version=v2`);
    const panel = page.getByTestId('usage-panel');
    await panel.waitFor();
    await expect.poll(() => panel.getByTestId('brownout').getAttribute('data-active')).toBe('true');
    expect(await panel.getByTestId('brownout').textContent()).toContain('API v1 is browned out now');
    // The page's own request of v2 is counted.
    await expect
      .poll(async () =>
        Number(await panel.getByTestId('usage-v2').getByTestId('usage-requests').textContent()),
      )
      .toBeGreaterThan(0);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({
      path: new URL(`../docs/usage-${viewport.width}.png`, import.meta.url).pathname,
    });
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});
