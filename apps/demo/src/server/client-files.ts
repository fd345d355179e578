import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { stateElementId, stateMarker } from '../shared/page-state.js';

/** A file of the built client, ready to send. */
export interface ClientAsset {
  readonly body: Buffer;
  readonly contentType: string;
}

/** The Vite build of the web page: its HTML template and its (hashed, immutable) assets by file name. */
export interface ClientFiles {
  readonly template: string;
  readonly assets: ReadonlyMap<string, ClientAsset>;
}

const contentTypes: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/**
 * Reads the built client from `dir` (`index.html` and `assets/`), or returns null when it is not built.
 * Files are read once: the asset route serves from memory and only names listed here, so no request
 * path ever reaches the file system.
 */
export function loadClientFiles(dir: string): ClientFiles | null {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return null;
  const template = readFileSync(index, 'utf8');
  if (!template.includes(stateMarker)) {
    throw new Error(
      `The built page ${index} lacks the state marker ${stateMarker}: rebuild the demo client.`,
    );
  }
  const assets = new Map<string, ClientAsset>();
  const assetDir = join(dir, 'assets');
  if (existsSync(assetDir)) {
    for (const name of readdirSync(assetDir)) {
      assets.set(name, {
        body: readFileSync(join(assetDir, name)),
        contentType: contentTypes[extname(name)] ?? 'application/octet-stream',
      });
    }
  }
  return { template, assets };
}

/** `value` as JSON that cannot end or escape the `<script>` element it is embedded in. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The page's HTML with `state` embedded as `<script type="application/json" id="demo-state">`. */
export function renderPage(files: ClientFiles, state: unknown): string {
  const script = `<script type="application/json" id="${stateElementId}">${scriptSafeJson(state)}</script>`;
  return files.template.replace(stateMarker, () => script);
}
