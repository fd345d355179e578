// The Dash bundle in the real Dash front end: dash-renderer (its development and its production build)
// in Chromium, served by a node:http server that answers like Dash's Python server. It renders Bootstrap
// markup, reports a chosen page to a callback through setProps, marks its root while Dash reports it
// loading, and Dash's development tools report a prop that breaks its propTypes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { artifactPath, launchChromium } from '../../../test/support/chromium.js';
import { Pagination } from '../src/index.js';
import { startDashServer } from './fixtures/dash-app/dash-server.js';
import type {
  DashAppDefinition,
  DashMode,
  DashServer,
  UpdateRequest,
} from './fixtures/dash-app/dash-server.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser.close();
});

/** A callback answer the test lets go of: the callback stays slow until `release()`. */
function gate(): { wait: Promise<void>; release: () => void } {
  let release = () => {};
  const wait = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { wait, release };
}

/** A page of the app at `url`, collecting page errors and console errors and warnings. */
async function openApp(url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 900, height: 600 } });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  await page.goto(url);
  return { page, problems };
}

describe.each<DashMode>(['debug', 'production'])('in dash-renderer, %s mode', (mode) => {
  let server: DashServer;
  let slow = gate();

  // The layout as the description class writes it, the way a Python app's components serialise.
  const main: DashAppDefinition = {
    layout: [
      new Pagination({ id: 'pager', max_value: 10, first_last: true }).toJSON(),
      // Every optional prop `null` (Python's None): the contract allows it, so must the propTypes.
      {
        namespace: 'restdash_pagination',
        type: 'Pagination',
        props: {
          id: 'echo',
          max_value: 10,
          active_page: 1,
          size: 'sm',
          className: null,
          class_name: null,
          first_last: null,
          fully_expanded: null,
          loading_state: null,
          min_value: null,
          previous_next: null,
          step: null,
          style: null,
        },
      },
    ],
    callbacks: [
      {
        output: 'echo.active_page',
        inputs: [{ id: 'pager', property: 'active_page' }],
        state: [],
        prevent_initial_call: true,
      },
    ],
    answer: async (request: UpdateRequest) => {
      await slow.wait;
      return { multi: true, response: { echo: { active_page: request.inputs[0]?.value } } };
    },
  };

  beforeAll(async () => {
    server = await startDashServer(mode, { '/app/': main });
  });

  afterAll(async () => {
    slow.release();
    await server.close();
  });

  test('renders Bootstrap markup; a chosen page reaches a callback through setProps; the output shows loading, then the answer', async () => {
    slow = gate();
    const { page, problems } = await openApp(`${server.origin}/app/`);
    try {
      const pager = page.locator('nav:has(> ul#pager)');
      const echo = page.locator('nav:has(> ul#echo)');
      await pager.waitFor();
      // The suite defines exactly `restdash_pagination.Pagination`, beside the renderer's own API.
      expect(
        await page.evaluate(() => ({
          suite: Object.keys((window as unknown as { restdash_pagination: object }).restdash_pagination),
          dash3: typeof (window as unknown as { dash_component_api?: unknown }).dash_component_api,
        })),
      ).toEqual({ suite: ['Pagination'], dash3: 'object' });

      expect(await pager.getAttribute('aria-label')).toBe('Pagination');
      expect(await page.locator('ul#pager').getAttribute('class')).toBe('pagination');
      expect(await page.locator('ul#echo').getAttribute('class')).toBe('pagination pagination-sm');
      expect(await page.locator('#pager > li').allTextContents()).toEqual([
        '«First',
        ...Array.from({ length: 10 }, (_, index) => String(index + 1)),
        '»Last',
      ]);
      expect(
        await page.locator('#pager > li.page-item.active > a.page-link[aria-current="page"]').textContent(),
      ).toBe('1');
      // Bootstrap's own colours reach the markup: the active page is Bootstrap's blue.
      expect(
        await page
          .locator('#pager li.active .page-link')
          .evaluate((element) => getComputedStyle(element).backgroundColor),
      ).toBe('rgb(13, 110, 253)');
      expect(await echo.getAttribute('data-dash-is-loading')).toBeNull();

      await page.locator('#pager a.page-link', { hasText: /^3$/ }).click();
      // While the callback runs, Dash reports its output loading, and the output's root says so.
      await page.locator('nav[data-dash-is-loading="true"]:has(> ul#echo)').waitFor();
      expect(await page.locator('#pager [aria-current="page"]').textContent()).toBe('3');
      expect(server.updates.get('/app/')).toEqual([
        expect.objectContaining({
          output: 'echo.active_page',
          outputs: { id: 'echo', property: 'active_page' },
          inputs: [{ id: 'pager', property: 'active_page', value: 3 }],
          changedPropIds: ['pager.active_page'],
        }),
      ]);
      expect(await echo.getAttribute('data-dash-is-loading')).toBe('true');
      expect(await pager.getAttribute('data-dash-is-loading')).toBeNull();

      slow.release();
      await page.locator('#echo [aria-current="page"]', { hasText: /^3$/ }).waitFor();
      await page.locator('nav:not([data-dash-is-loading]):has(> ul#echo)').waitFor();
      expect(await page.locator('#echo li.active').allTextContents()).toEqual(['3']);
      // Once Bootstrap's colour transition is over, the new page is its blue.
      await expect
        .poll(() =>
          page
            .locator('#echo li.active .page-link')
            .evaluate((element) => getComputedStyle(element).backgroundColor),
        )
        .toBe('rgb(13, 110, 253)');
      await page.screenshot({ path: artifactPath(`dash-app-${mode}.png`) });
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe("Dash's development tools (debug mode: props_check on)", () => {
  let server: DashServer;
  const invalid: DashAppDefinition = {
    layout: [
      {
        namespace: 'restdash_pagination',
        type: 'Pagination',
        props: { id: 'bad-size', max_value: 10, size: 'xl' },
      },
      { namespace: 'restdash_pagination', type: 'Pagination', props: { id: 'no-max' } },
      { namespace: 'restdash_pagination', type: 'Pagination', props: { id: 'fine', max_value: 3 } },
    ],
    callbacks: [],
  };

  beforeAll(async () => {
    server = await startDashServer('debug', { '/invalid/': invalid });
  });

  afterAll(async () => {
    await server.close();
  });

  test('report each prop that breaks the propTypes, and render the valid component', async () => {
    const { page } = await openApp(`${server.origin}/invalid/`);
    try {
      await page.locator('ul#fine').waitFor();
      await page.locator('.test-devtools-error-count', { hasText: '2' }).waitFor();
      const titles = await page.locator('.dash-fe-error__title').allTextContents();
      expect(titles.toSorted()).toEqual([
        'Invalid argument `size` passed into Pagination with ID "bad-size".\nExpected one of ["sm","lg"].\nValue provided: "xl"',
        'max_value in Pagination with ID "no-max" is required but it was not provided.',
      ]);
      // Debug mode renders nothing for a component whose props fail.
      expect(await page.locator('ul#bad-size, ul#no-max').count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
