// The date-versions panel in real Chromium: a date sent in Api-Version is served by the newest version released on
// or before it; a date that is not one, or one before the first version, is the API's own problem, shown as such.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { artifactPath } from '../../../test/support/chromium.js';
import { demoBrowser } from './support/browser.js';
import { serveDemo } from './support/demo-server.js';

const browser = demoBrowser();

describe('the date-versions panel', () => {
  const demo = serveDemo({ scheme: 'url-path', port: 0 });
  let page: Page;

  beforeAll(async () => {
    page = await browser().newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    await page.goto(demo.base);
  });
  afterAll(async () => {
    await page.close();
  });

  const send = async (date: string) => {
    const panel = page.getByTestId('dated-panel');
    await panel.getByLabel('Api-Version:').fill(date);
    await panel.getByRole('button', { name: 'Send' }).click();
  };

  test('a date between two versions is served by the one on or before it', async () => {
    await send('2024-03-15');
    await expect.poll(() => page.getByTestId('dated-version-served').textContent()).toBe('2024-01-01');
    expect(await page.getByTestId('dated-answer').textContent()).toContain('Asked for 2024-03-15');
    await page.getByTestId('dated-panel').screenshot({ path: artifactPath('demo-dated-versions.png') });
  });

  test('a version’s own date, and a later one, are served by that version', async () => {
    await send('2024-06-01');
    await expect.poll(() => page.getByTestId('dated-version-served').textContent()).toBe('2024-06-01');
    await send('2024-12-31');
    await expect.poll(() => page.getByTestId('dated-version-served').textContent()).toBe('2024-06-01');
  });

  test('a date that is not in the calendar is the API’s 400 invalid_version', async () => {
    await send('2024-02-30');
    await expect
      .poll(() => page.getByTestId('dated-problem').textContent())
      .toBe('400 invalid_version: Invalid version "2024-02-30": expected a date like 2024-01-31.');
  });

  test('a date before the first version is refused', async () => {
    await send('2023-12-31');
    await expect.poll(() => page.getByTestId('dated-problem').textContent()).toMatch(/^404 not_found: /);
  });
});
