// What the browser suites of describe.ui do with a page: wait for the document of a version, keep the page on this
// machine, and collect what it reports as errors.
import type { BrowserContext, Page } from 'playwright-core';

/** Waits until Swagger UI shows the document of `version` (its title badge) and returns its operations' paths. */
export async function shownDocument(page: Page, version: string): Promise<string[]> {
  await page
    .locator('.info .title pre.version')
    .filter({ hasText: new RegExp(`^\\s*${version}\\s*$`) })
    .waitFor();
  await page.locator('.opblock').first().waitFor();
  return page.locator('.opblock .opblock-summary-path').allTextContents();
}

/**
 * Lets `context` load `http:` URLs whose host `local` accepts, and `data:` URLs; blocks every other request and
 * records its URL in the list returned.
 */
export async function blockOffSite(
  context: BrowserContext,
  local: (hostname: string) => boolean,
): Promise<string[]> {
  const offSite: string[] = [];
  await context.route('**/*', async (route) => {
    const { hostname, protocol } = new URL(route.request().url());
    if ((protocol === 'http:' && local(hostname)) || protocol === 'data:') return route.continue();
    offSite.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  return offSite;
}

/** The errors `page` throws or logs to its console from now on. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Runs "Try it out" on the page's first operation and returns the JSON answer Swagger UI shows. */
export async function tryFirstOperation(page: Page): Promise<Record<string, unknown>> {
  const operation = page.locator('.opblock').first();
  await operation.locator('.opblock-summary').first().click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  const body = operation.locator('.live-responses-table .response-col_description pre').first();
  await body.waitFor();
  return JSON.parse((await body.textContent()) ?? '') as Record<string, unknown>;
}
