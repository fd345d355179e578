// `npm run docs`: builds the documentation site (TypeDoc writes the API reference into docs/api, then VitePress
// builds docs/ into docs/.vitepress/dist) when one of its inputs is newer than the last build, and serves it on
// 127.0.0.1 (PORT, default 5174). `--force` rebuilds; `--build` only builds; `--dev` runs VitePress's dev server,
// which reloads pages as they are edited.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const docs = join(root, 'docs');
const site = join(docs, '.vitepress');
export const siteDist = join(site, 'dist');
const stamp = join(site, 'cache', 'built-at');
/** The path the site is built for (docs/.vitepress/config.mts): the demo serves it there, and so does `npm run docs`. */
export const siteBase = '/docs/';

/** Generated or written by the build: never an input. */
const outputs = new Set([siteDist, join(site, 'cache'), join(docs, 'api'), join(docs, 'screenshots')]);

/** The newest modification time of the site's inputs: its pages and config, the packages' sources, the toolchain. */
function newestInput() {
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
      const full = join(dir, entry.name);
      if (outputs.has(full)) return newest;
      return Math.max(newest, entry.isDirectory() ? walk(full) : statSync(full).mtimeMs);
    }, statSync(dir).mtimeMs);
  return Math.max(
    walk(docs),
    ...['packages/versioning', 'packages/pagination'].flatMap((pkg) => [
      newestMtime(join(root, pkg, 'src')),
      newestMtime(join(root, pkg, 'package.json')),
    ]),
    newestMtime(join(root, 'package-lock.json')),
    newestMtime(fileURLToPath(import.meta.url)),
  );
}

/** Whether the built site is missing or older than one of its inputs. */
export function docsStale() {
  return (
    !existsSync(join(siteDist, '404.html')) || !existsSync(stamp) || statSync(stamp).mtimeMs < newestInput()
  );
}

/** Runs TypeDoc: the API reference of every entry point, into docs/api. Fails on any warning (a broken link). */
async function generateApiReference() {
  const { Application } = await import('typedoc');
  const { apiDir, nameModulesBySpecifier, typedocOptions, validateAllPackages } = await import(
    join(site, 'typedoc.mjs')
  );
  rmSync(join(root, apiDir), { recursive: true, force: true });
  const app = await Application.bootstrapWithPlugins(typedocOptions());
  nameModulesBySpecifier(app);
  const project = await app.convert();
  if (project === undefined) throw new Error('docs: TypeDoc could not convert the entry points');
  validateAllPackages(app, project);
  if (app.logger.hasErrors() || app.logger.hasWarnings()) {
    throw new Error('docs: TypeDoc reported the problems above in the TSDoc comments or the exports');
  }
  await app.generateOutputs(project);
}

/** Builds the site when it is stale (always with `force`); returns whether it built. */
export async function buildDocs({ force = false } = {}) {
  if (!force && !docsStale()) return false;
  const started = Date.now();
  await generateApiReference();
  // VitePress in a child process: its Vite instance and workers end with it.
  await run(process.execPath, [
    join(root, 'node_modules', 'vitepress', 'bin', 'vitepress.js'),
    'build',
    docs,
  ]);
  mkdirSync(join(site, 'cache'), { recursive: true });
  writeFileSync(stamp, new Date().toISOString());
  console.log(`docs: built ${siteDist} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`docs: ${args.slice(1, 2).join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * Serves the built site on 127.0.0.1 under its base, the way the demo serves it (apps/demo/src/server/docs-site.ts,
 * from the demo's build, which `npm run docs` makes first); resolves with its URL once listening.
 */
export async function serveDocs(port = Number(process.env.PORT ?? 5174)) {
  const { default: Fastify } = await import('fastify');
  const { serveDocsSite } = await import(join(root, 'apps', 'demo', 'dist', 'server', 'docs-site.js'));
  const app = Fastify();
  app.get('/', async (_request, reply) => reply.redirect(siteBase));
  serveDocsSite(app, siteDist);
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${app.server.address().port}${siteBase}` };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.includes('--dev')) {
    await generateApiReference();
    const port = process.env.PORT ?? '5174';
    await run(process.execPath, [
      join(root, 'node_modules', 'vitepress', 'bin', 'vitepress.js'),
      'dev',
      docs,
      '--host',
      '127.0.0.1',
      '--port',
      port,
    ]);
  } else {
    if (!(await buildDocs({ force: args.includes('--force') }))) console.log('docs: the site is up to date');
    if (!args.includes('--build')) {
      const { url } = await serveDocs();
      console.log(`docs: serving ${url}`);
    }
  }
}
