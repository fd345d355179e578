// The `describe.ui` reference page: Swagger UI (the optional peer `swagger-ui-dist`, read from its installed files at
// mount, never a CDN) over the documents of every version, its "Select a definition" list the version switcher, and
// a request interceptor that sends the version where the scheme reads it when "Try it out" runs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { placeVersion } from '../client/place-version.js';
import { argumentError } from '../internal/arguments.js';
import type { BaseVersioning } from '../schemes/base.js';
import type { VersioningRequest } from '../types.js';

/** A file the `describe` routes answer: its media type and bytes. */
export interface DescribedFile {
  readonly type: string;
  readonly body: string | Uint8Array;
}

/** Sends `file` through a framework's response that has `type()` and `send()` (Express's `res`, Fastify's `reply`). */
export function sendFile<T>(
  response: { type(type: string): { send(body: unknown): T } },
  file: DescribedFile,
): T {
  return response.type(file.type).send(file.body);
}

/** A `describe` route's answer to a request. */
export type FileOf = (request: VersioningRequest) => DescribedFile;

/** One route of the reference page: its path (under the mount) and what it answers. */
export interface UiRoute {
  readonly path: string;
  readonly file: FileOf;
}

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const rendererFiles: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
};

/** The peer the page is built on, and how to install it. */
export const uiPeer = 'swagger-ui-dist';

/**
 * Starts Swagger UI with the configuration the page embeds: the versions' documents (the one `?urls.primaryName=`
 * names first, else the newest), and, per version, the query parameters and headers that carry it (for the schemes
 * that read it there; a version in the path or host is in its document's paths and servers already). Swagger UI's
 * own reading of the query string stays off, so no URL can point the page at another document.
 */
const initScript = `(() => {
  const config = JSON.parse(document.getElementById('restdash-docs').textContent);
  const asked = new URLSearchParams(window.location.search).get('urls.primaryName');
  const primary = config.urls.some((entry) => entry.name === asked) ? asked : config.primaryName;
  const absolute = (url) => new URL(url, window.location.href).href;
  const versionOf = (url) => config.urls.find((entry) => absolute(entry.url) === absolute(url || ''));
  window.ui = SwaggerUIBundle({
    dom_id: '#swagger-ui',
    urls: config.urls,
    'urls.primaryName': primary,
    validatorUrl: null,
    queryConfigEnabled: false,
    deepLinking: false,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
    requestInterceptor: (request) => {
      if (request.loadSpec) return request;
      const entry = versionOf(window.ui.specSelectors.url());
      const place = entry && config.places[entry.name];
      if (!place) return request;
      const url = new URL(request.url, window.location.href);
      for (const [name, value] of place.query) url.searchParams.set(name, value);
      request.url = url.href;
      const headers = Object.assign({}, request.headers);
      for (const [name, value] of place.headers) {
        for (const key of Object.keys(headers)) if (key.toLowerCase() === name) delete headers[key];
        headers[name] = value;
      }
      request.headers = headers;
      return request;
    },
  });
})();
`;

/** Reads the renderer's files from the installed peer; a `TypeError` naming it and the install command when absent. */
function rendererAssets(where: string): ReadonlyMap<string, DescribedFile> {
  let dir: string;
  try {
    dir = dirname(createRequire(import.meta.url).resolve(`${uiPeer}/package.json`));
  } catch (error) {
    throw argumentError(
      `${where}: options.describe.ui serves Swagger UI from the optional peer dependency "${uiPeer}", which is not installed: npm install ${uiPeer}`,
      undefined,
      { cause: error },
    );
  }
  const files = new Map<string, DescribedFile>();
  for (const [name, type] of Object.entries(rendererFiles)) {
    files.set(name, { type, body: readFileSync(join(dir, name)) });
  }
  files.set('init.js', { type: 'text/javascript; charset=utf-8', body: initScript });
  return files;
}

/** JSON safe inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where `version` goes in a request (query parameters, headers), or `null` when its document's URLs carry it. */
function placeOf(scheme: BaseVersioning | null, version: string) {
  if (scheme === null) return null;
  try {
    const placed = placeVersion(scheme, version, { url: 'http://restdash.invalid/' });
    return { query: [...placed.url.searchParams], headers: [...placed.headers] };
  } catch {
    // A version in the path or the host: the document's paths or servers carry it.
    return null;
  }
}

/** A document with each parameter whose schema is a `const` (the version's) filled in by default, for "Try it out". */
function withConstDefaults(text: string): string {
  const document = JSON.parse(text) as { paths?: Record<string, Record<string, unknown>> };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const parameters = (operation as { parameters?: unknown } | null)?.parameters;
      if (!Array.isArray(parameters)) continue;
      for (const parameter of parameters as { schema?: Record<string, unknown> }[]) {
        const schema = parameter.schema;
        if (schema !== undefined && 'const' in schema && !('default' in schema))
          schema['default'] = schema['const'];
      }
    }
  }
  return JSON.stringify(document);
}

/**
 * The routes of the reference page at `ui` (a path under the mount): the page, the renderer's files and each
 * version's document beside it (`<ui>openapi-<version>.json`, the describe route's document of that version, so
 * that the page reads them from its own origin whatever the scheme). `documentIn(version, request)` is the describe
 * route's document of `version` for a request; `title` names the API.
 */
export function uiRoutes(
  where: string,
  ui: string,
  options: {
    readonly title: string;
    readonly scheme: BaseVersioning | null;
    readonly versions: readonly string[];
    readonly documentIn: (version: string, request: VersioningRequest) => string;
  },
): UiRoute[] {
  const assets = rendererAssets(where);
  const dir = ui.endsWith('/') ? ui : `${ui}/`;
  const { title, scheme, versions, documentIn } = options;
  const documentPath = (version: string) => `openapi-${encodeURIComponent(version)}.json`;
  const places = Object.fromEntries(versions.map((version) => [version, placeOf(scheme, version)]));
  const page: FileOf = (request) => {
    const base = `${request.scriptPrefix ?? ''}${dir}`;
    const config = {
      urls: versions.map((version) => ({ name: version, url: `${base}${documentPath(version)}` })),
      primaryName: versions.at(-1),
      places,
    };
    return {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)} — API reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${base}swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script type="application/json" id="restdash-docs">${scriptJson(config)}</script>
    <script src="${base}swagger-ui-bundle.js" charset="utf-8"></script>
    <script src="${base}swagger-ui-standalone-preset.js" charset="utf-8"></script>
    <script src="${base}init.js" charset="utf-8"></script>
  </body>
</html>
`,
    };
  };
  return [
    { path: ui, file: page },
    ...[...assets].map(([name, file]) => ({ path: `${dir}${name}`, file: () => file })),
    ...versions.map((version) => ({
      path: `${dir}${documentPath(version)}`,
      file: (request: VersioningRequest) => ({
        type: 'application/json',
        body: withConstDefaults(documentIn(version, request)),
      }),
    })),
  ];
}
