import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../../../../test/support/chromium.js';
import { ensureClientBuild } from './build.js';

/**
 * Real Chromium for a browser suite of the demo, with its page built: launched before the file's tests, closed
 * after them. Returns the running browser.
 */
export function demoBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    ensureClientBuild();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (browser === undefined) throw new Error('the browser is launched before the tests run');
    return browser;
  };
}
