// The API reference page: Swagger UI (swagger-ui-dist, from node_modules; no CDN) over the OpenAPI document of
// each version, its "Select a definition" list as the version switch.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { apiDocsPath } from '../shared/api.js';
import { scriptSafeJson } from './client-files.js';
import type { ClientAsset } from './client-files.js';

/** Where the reference page is served; its files are under it. */
export const docsPath = apiDocsPath;

/** The files of swagger-ui-dist the page loads, and their types; nothing else of the package is served. */
const distFiles: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

/**
 * Starts Swagger UI with the configuration the page embeds (`#swagger-config`). The definition named by
 * `?urls.primaryName=` (which Swagger UI's switch writes into the address) is shown first, when it is one of the
 * documents; Swagger UI's own reading of the query string (`queryConfigEnabled`) stays off, so no URL can point the
 * page at another document.
 */
const initScript = `(() => {
  const config = JSON.parse(document.getElementById('swagger-config').textContent);
  const asked = new URLSearchParams(window.location.search).get('urls.primaryName');
  const primary = config.urls.some((entry) => entry.name === asked) ? asked : config.primaryName;
  window.ui = SwaggerUIBundle({
    dom_id: '#swagger-ui',
    urls: config.urls,
    'urls.primaryName': primary,
    validatorUrl: null,
    queryConfigEnabled: false,
    deepLinking: false,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
})();
`;

/** The reference page's files, read once from swagger-ui-dist, plus its start script. */
export function loadDocsAssets(): ReadonlyMap<string, ClientAsset> {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const assets = new Map<string, ClientAsset>();
  for (const [name, contentType] of Object.entries(distFiles)) {
    assets.set(name, { body: readFileSync(join(dist, name)), contentType });
  }
  assets.set('init.js', { body: Buffer.from(initScript), contentType: 'text/javascript; charset=utf-8' });
  return assets;
}

/** One entry of Swagger UI's definition list. */
export interface DocsEntry {
  /** The document's URL, `/api/openapi/v1.json`. */
  readonly url: string;
  /** Its name in the list: the version. */
  readonly name: string;
}

/** The reference page's HTML: a bar back to the demo, then Swagger UI with `urls` (`primaryName` shown unless asked). */
export function renderDocsPage(options: {
  readonly urls: readonly DocsEntry[];
  readonly primaryName: string;
  readonly scheme: string;
}): string {
  const config = scriptSafeJson({ urls: options.urls, primaryName: options.primaryName });
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>restdash demo — API reference</title>
    <link rel="stylesheet" href="${docsPath}swagger-ui.css" />
    <link rel="icon" type="image/png" href="${docsPath}favicon-32x32.png" sizes="32x32" />
    <link rel="icon" type="image/png" href="${docsPath}favicon-16x16.png" sizes="16x16" />
    <style>
      body { margin: 0; background: #fafafa; }
      .demo-bar { font: 14px/1.5 sans-serif; padding: 8px 20px; background: #1b1b1b; color: #ddd; }
      .demo-bar a { color: #8ec5ff; }
    </style>
  </head>
  <body>
    <nav class="demo-bar" aria-label="restdash demo">
      <a href="/">← restdash demo</a> · <a href="/api/changelog/">Changelog</a> · OpenAPI 3.1, one document per
      version (scheme: ${options.scheme}) ·
      ${options.urls.map((entry) => `<a href="${entry.url}">${entry.name}.json</a>`).join(' ')}
    </nav>
    <div id="swagger-ui"></div>
    <script type="application/json" id="swagger-config">${config}</script>
    <script src="${docsPath}swagger-ui-bundle.js" charset="utf-8"></script>
    <script src="${docsPath}swagger-ui-standalone-preset.js" charset="utf-8"></script>
    <script src="${docsPath}init.js" charset="utf-8"></script>
  </body>
</html>
`;
}
