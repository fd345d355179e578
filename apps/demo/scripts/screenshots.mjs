// Regenerates the README's screenshots (docs/*.png) in real Chromium from the built demo:
//   npm run build -w @restdash/demo && node apps/demo/scripts/screenshots.mjs
// Viewport-sized shots (not full pages) keep the PNGs small.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from '../dist/server/server.js';

const docs = fileURLToPath(new URL('../docs/', import.meta.url));

/**
 * What to shoot: file name, scheme, page URL (path and query), viewport, the browser's language and (optional) what
 * shows the page is ready.
 */
const shots = [
  {
    file: 'page-1280.png',
    scheme: 'url-path',
    path: '/?version=v2&page=3',
    width: 1280,
    height: 760,
    locale: 'en-US',
  },
  { file: 'page-375.png', scheme: 'url-path', path: '/?page=5000', width: 375, height: 812, locale: 'en-US' },
  {
    file: 'problem-406-de.png',
    scheme: 'accept-header',
    path: '/?version=3',
    width: 1280,
    height: 520,
    locale: 'de-DE',
  },
  {
    file: 'deprecation-banner.png',
    scheme: 'url-path',
    path: '/',
    width: 1280,
    height: 560,
    locale: 'en-US',
    ready: '[data-testid=deprecation-banner]',
  },
  {
    file: 'api-reference.png',
    scheme: 'url-path',
    path: '/api/docs/?urls.primaryName=v2',
    width: 1280,
    height: 720,
    locale: 'en-US',
    // Swagger UI has drawn the version's operations.
    ready: '.swagger-ui .opblock',
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--force-prefers-reduced-motion',
  ],
});
try {
  for (const shot of shots) {
    const server = await createServer({ scheme: shot.scheme, port: 0 });
    const base = await server.listen();
    try {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        locale: shot.locale,
      });
      const page = await context.newPage();
      await page.goto(new URL(shot.path, base).href);
      // Loaded: a table of cities or the API's problem (or what the shot names).
      await page
        .locator(shot.ready ?? '[data-testid=cities], [data-testid=api-error]')
        .first()
        .waitFor();
      await page.screenshot({ path: `${docs}${shot.file}` });
      await context.close();
      console.log(`screenshots: docs/${shot.file}`);
    } finally {
      await server.close();
    }
  }
} finally {
  await browser.close();
}
