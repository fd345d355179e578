// @restdash/versioning/client in real Chromium: the entry and the schemes bundled by esbuild for the browser
// platform from the built package (a Node-only import would fail the bundle), fetching from a real local server.
import { execFileSync } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '../../../../test/support/chromium.js';
import { include, path, versioned } from '../../src/adapters/node/index.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { listen, type Served } from '../adapters/support.js';

const entry = fileURLToPath(new URL('./fixtures/browser-client.ts', import.meta.url));
const root = fileURLToPath(new URL('../../../../', import.meta.url));

let browser: Browser | undefined;
let served: Served | undefined;
let bundleInputs: string[];

beforeAll(async () => {
  // The bundle takes the package as built (incremental: only what changed).
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'ignore' });
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    metafile: true,
    logLevel: 'silent',
  });
  bundleInputs = Object.keys(bundle.metafile.inputs);
  const script = bundle.outputFiles[0]?.contents ?? new Uint8Array();
  const answer = (res: ServerResponse, version: string | null) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ version }));
  };
  const api = versioned(
    new UrlConf([
      include('/api', [path('/:version/users/', (req, res) => answer(res, req.version))]),
      include('/header', [
        path('/users/', (req, res) => answer(res, req.version), {
          versioning: new HeaderVersioning({ allowedVersions: ['1', '2'] }),
        }),
      ]),
    ]),
    {
      scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
      reportVersions: true,
      policies: { v1: { deprecation: '2025-01-01', sunset: '2025-07-01', link: '/docs/retiring-v1' } },
    },
  );
  served = await listen(
    createServer((request, response) => {
      if (request.url === '/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<!doctype html><title>client</title><script type="module" src="/client.js"></script>');
      } else if (request.url === '/client.js') {
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
        response.end(script);
      } else {
        api(request, response);
      }
    }),
  );
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

test('the client entry and the schemes bundle for the browser, with the browser’s stand-in for the request language', () => {
  const ours = bundleInputs.filter((input) => input.includes('versioning/dist/'));
  expect(ours).toContain('packages/versioning/dist/client/index.js');
  expect(ours).toContain('packages/versioning/dist/i18n/request-language.browser.js');
  expect(ours).not.toContain('packages/versioning/dist/i18n/request-language.js');
});

test('versionedFetch in Chromium: versions placed, onDeprecation told once, lifecycle headers read', async () => {
  if (browser === undefined || served === undefined) throw new Error('not started');
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(served.origin);
  const result = await page.evaluate(
    () => (window as unknown as { clientResult: Promise<unknown> }).clientResult,
  );
  await page.close();
  expect(errors).toEqual([]);
  expect(result).toEqual({
    bodies: [{ version: 'v1' }, { version: 'v1' }, { version: 'v2' }, { version: '2' }],
    notices: [
      {
        version: 'v1',
        url: `${served.origin}/api/v1/users/`,
        deprecation: '2025-01-01T00:00:00.000Z',
        sunset: '2025-07-01T00:00:00.000Z',
        links: [
          { href: `${served.origin}/docs/retiring-v1`, rel: 'deprecation' },
          { href: `${served.origin}/docs/retiring-v1`, rel: 'sunset' },
        ],
      },
    ],
    lifecycle: ['v2'],
    placed: `${served.origin}/api/v2/users/`,
    translated: 'Nicht gefunden.',
    afterwards: 'Not found.',
  });
});
