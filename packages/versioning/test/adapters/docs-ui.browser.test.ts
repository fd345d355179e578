// describe.ui in real Chromium: Swagger UI from the package's installed peer only (every request to anything but
// 127.0.0.1 is blocked and recorded), its definition list switching between the versions' documents, and "Try it out"
// sending the version where each scheme reads it — path, header, query parameter, Accept — and showing the answer.
// Screenshots at 375 and 1280 px go to test-artifacts/ (packages/versioning/docs/docs-ui-*.png are the header
// scheme's, copied from there).
import { createServer } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { artifactPath, launchChromium } from '../../../../test/support/chromium.js';
import { path, versioned } from '../../src/adapters/node/index.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import type { BaseVersioning } from '../../src/schemes/base.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { blockOffSite, pageErrors, shownDocument, tryFirstOperation } from './docs-ui.page.js';
import { listen, type Served } from './support.js';

const allowedVersions = ['v1', 'v2'];

/** What the users route answers: the version it was served in, and where the request carried it. */
function echoRoute(prefix: string) {
  return path(
    `${prefix}users/`,
    (req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          version: req.version,
          url: req.url,
          apiVersion: req.headers['api-version'] ?? null,
          accept: req.headers.accept ?? null,
        }),
      );
    },
    { name: 'users' },
  );
}

interface SchemeCase {
  readonly name: string;
  readonly scheme: BaseVersioning;
  /** The route prefix of the mount (`/:version/` where the path carries the version). */
  readonly prefix: string;
  /** The users operation's path as the v1 document shows it. */
  readonly v1Path: string;
  /** What the v1 answer says about where the version came. */
  readonly carried: Record<string, unknown>;
}

const cases: readonly SchemeCase[] = [
  {
    name: 'url-path',
    scheme: new URLPathVersioning({ allowedVersions }),
    prefix: '/:version/',
    v1Path: '/v1/users/',
    carried: { url: '/v1/users/' },
  },
  {
    name: 'header',
    scheme: new HeaderVersioning({ allowedVersions }),
    prefix: '/',
    v1Path: '/users/',
    carried: { apiVersion: 'v1' },
  },
  {
    name: 'query',
    scheme: new QueryParameterVersioning({ allowedVersions }),
    prefix: '/',
    v1Path: '/users/',
    carried: { url: '/users/?version=v1' },
  },
  {
    name: 'accept-header',
    scheme: new AcceptHeaderVersioning({ allowedVersions }),
    prefix: '/',
    v1Path: '/users/',
    carried: { accept: expect.stringMatching(/^application\/json; ?version=v1$/) as unknown },
  },
];

let browser: Browser;
const servers = new Map<string, Served>();

beforeAll(async () => {
  browser = await launchChromium();
  for (const { name, scheme, prefix } of cases) {
    const urlconf = new UrlConf([
      echoRoute(prefix),
      // Only in v2: the documents of the two versions differ by it.
      path(`${prefix}reports/`, (_req, res) => res.end('[]'), { name: 'reports', since: 'v2' }),
    ]);
    const describePath = prefix === '/' ? '/openapi.json' : `${prefix}openapi.json`;
    const listener = versioned(urlconf, {
      scheme,
      allowedHosts: ['127.0.0.1'],
      describe: { path: describePath, info: { title: `Users API (${name})` }, ui: '/docs/' },
    });
    servers.set(name, await listen(createServer(listener)));
  }
}, 60_000);

afterAll(async () => {
  await browser.close();
  for (const served of servers.values()) await served.close();
});

describe.each(cases)('describe.ui, $name scheme', ({ name, v1Path, carried }) => {
  test.each([
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ])(
    'at $width px: switching versions changes the document; "Try it out" sends v1 where the scheme reads it',
    { timeout: 60_000 },
    async (viewport) => {
      const { origin } = servers.get(name) as Served;
      const context = await browser.newContext({ viewport, locale: 'en-US' });
      const offSite = await blockOffSite(context, (hostname) => hostname === '127.0.0.1');
      try {
        const page = await context.newPage();
        const consoleErrors = pageErrors(page);
        await page.goto(`${origin}/docs/`);
        // The newest version first, with its route of its own.
        const v2Path = v1Path.replace('v1', 'v2');
        expect(await shownDocument(page, 'v2')).toEqual([v2Path, v2Path.replace('users', 'reports')]);
        const definitions = page.getByLabel('Select a definition');
        expect(await definitions.locator('option').allTextContents()).toEqual(['v1', 'v2']);

        await definitions.selectOption({ label: 'v1' });
        expect(await shownDocument(page, 'v1')).toEqual([v1Path]);

        expect(await tryFirstOperation(page)).toMatchObject({ version: 'v1', ...carried });
        await page.locator('.opblock').first().locator('.live-responses-table').scrollIntoViewIfNeeded();
        const shot = artifactPath(`docs-ui-${name}-${viewport.width}.png`);
        await page.screenshot({ path: shot, fullPage: true });
        expect(offSite).toEqual([]);
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
