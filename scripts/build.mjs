// Builds the packages and the demo. TypeScript builds through project references (`tsc -b
// tsconfig.build.json`): tsc orders the projects, and its .tsbuildinfo files record every input,
// the dependencies' declarations and the compiler version, so an unchanged tree costs one check and
// a TypeScript upgrade rebuilds everything. Vite, which has no incremental mode, rebuilds the demo
// page only when one of its inputs (the lockfile included) is newer than the page it built.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dashBundles, dashDist } from './build-dash.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const demo = join(root, 'apps', 'demo');

/** The newest modification time under `path` (0 when it does not exist). */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

/** Inputs of the demo page: its sources, the package it renders, its config and the installed toolchain. */
const pageInputs = [
  join(demo, 'src', 'client'),
  join(demo, 'src', 'shared'),
  join(demo, 'vite.config.ts'),
  join(root, 'packages', 'pagination', 'dist'),
  join(root, 'package-lock.json'),
];
const pageOutput = join(demo, 'dist', 'client', 'index.html');

/** Removes outputs whose source file is gone (tsc -b never deletes them, and npm pack would ship them). */
function pruneStaleOutputs(pkg) {
  const dist = join(root, pkg, 'dist');
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      const base = /^(.*)\.(?:js|d\.ts)(?:\.map)?$/.exec(full)?.[1];
      if (base === undefined || entry.isDirectory()) continue;
      // The Dash bundles have no source file of their own: build-dash.mjs writes them.
      if (dir === dashDist && Object.hasOwn(dashBundles, entry.name)) continue;
      const source = join(root, pkg, 'src', base.slice(dist.length));
      if (!existsSync(`${source}.ts`) && !existsSync(`${source}.tsx`)) rmSync(full);
    }
  };
  walk(dist);
}

export function buildAll({ force = false, quiet = false } = {}) {
  for (const pkg of ['packages/versioning', 'packages/pagination']) pruneStaleOutputs(pkg);
  execFileSync(bin('tsc'), ['-b', 'tsconfig.build.json', ...(force ? ['--force'] : [])], {
    cwd: root,
    stdio: 'inherit',
  });
  // After tsc: the Dash metadata reads the compiled prop table. A child process, as esbuild's plugins are async.
  execFileSync(process.execPath, [join(root, 'scripts', 'build-dash.mjs')], { cwd: root, stdio: 'inherit' });
  const stale =
    !existsSync(pageOutput) || statSync(pageOutput).mtimeMs < Math.max(...pageInputs.map(newestMtime));
  if (force || stale) {
    console.log('build: demo page (vite)');
    execFileSync(bin('vite'), ['build'], { cwd: demo, stdio: 'inherit' });
  } else if (!quiet) console.log('build: demo page is up to date');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildAll({ force: process.argv.includes('--force') });
}
