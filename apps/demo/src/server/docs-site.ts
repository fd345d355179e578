// The documentation site (VitePress, built into docs/.vitepress/dist by `npm start` or `npm run docs`), served
// under /docs/, the base it is built for. Its files are read per request, and only from inside that folder.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { docsSitePath } from '../shared/docs-site.js';

/** The built site in the repository (the same four levels up from src/server and dist/server). */
export const defaultDocsSiteDir = fileURLToPath(
  new URL('../../../../docs/.vitepress/dist/', import.meta.url),
);

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The file of the built site in `dir` that `path` (below /docs/) names, or null: VitePress's clean URLs leave out
 * `.html` (`guide/schemes` → `guide/schemes.html`) and a folder serves its `index.html`. Never a file outside `dir`.
 */
export function docsSiteFile(dir: string, path: string): string | null {
  const root = normalize(dir).replace(/[\\/]$/, '');
  const candidates = path === '' || path.endsWith('/') ? [`${path}index.html`] : [path, `${path}.html`];
  for (const candidate of candidates) {
    const file = normalize(join(root, candidate));
    if (!file.startsWith(root + sep)) return null;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** Serves the site built in `dir` under {@link docsSitePath}; until it is built, a 404 says how to build it. */
export function serveDocsSite(app: FastifyInstance, dir: string): void {
  app.get(docsSitePath.slice(0, -1), async (_request, reply) => reply.redirect(docsSitePath));
  app.get(`${docsSitePath}*`, async (request, reply) => {
    const { '*': path } = request.params as { '*': string };
    const file = docsSiteFile(dir, path);
    if (file !== null) {
      // Hashed assets never change; pages are rebuilt in place.
      const cache = path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      return reply
        .type(contentTypes[extname(file)] ?? 'application/octet-stream')
        .header('cache-control', cache)
        .send(readFileSync(file));
    }
    const notFound = join(dir, '404.html');
    if (existsSync(notFound))
      return reply.code(404).type('text/html; charset=utf-8').send(readFileSync(notFound));
    return reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .send('The documentation site is not built: `npm start` or `npm run docs` builds it.\n');
  });
}
