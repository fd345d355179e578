// Makes a fresh clone runnable: installs dependencies when they are missing or older than the
// lockfile (`npm ci`), then builds the workspaces whose sources changed since their last build.
// With `--docs` (`npm start`, whose demo links to it) also the documentation site, when it is older than its inputs.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const installed = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');

if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  console.log('ensure: installing dependencies (npm ci)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
}
buildAll({ quiet: true });
if (process.argv.includes('--docs')) {
  const { buildDocs, docsStale } = await import('./docs.mjs');
  if (docsStale()) {
    console.log('ensure: building the documentation site (npm run docs)…');
    // The demo runs without it (its Documentation link then says how to build it), so a failed build only warns.
    await buildDocs().catch((error) =>
      console.error(`ensure: the documentation site did not build: ${error.message}`),
    );
  }
}
