// Builds every workspace that has a `build` script, in dependency order, skipping the ones whose
// inputs have not changed since their last build (content hash stored beside the output).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const order = ['packages/versioning', 'packages/pagination', 'apps/demo'];
const skipped = new Set(['node_modules', 'dist', 'test', 'test-artifacts', '.test-results']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (skipped.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

function inputHash(dir) {
  const hash = createHash('sha256');
  // Upstream workspaces count as inputs: the demo must rebuild when a package changes.
  const upstream = order.slice(0, order.indexOf(dir) + 1);
  for (const ws of upstream) {
    for (const file of files(join(root, ws))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  hash.update(readFileSync(join(root, 'tsconfig.base.json')));
  return hash.digest('hex');
}

export function buildAll({ force = false, quiet = false } = {}) {
  for (const ws of order) {
    const dir = join(root, ws);
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest) || !JSON.parse(readFileSync(manifest, 'utf8')).scripts?.build) continue;
    const stamp = join(dir, 'dist', '.build-hash');
    const hash = inputHash(ws);
    if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
      if (!quiet) console.log(`build: ${ws} is up to date`);
      continue;
    }
    console.log(`build: ${ws}`);
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: dir, stdio: 'inherit' });
    mkdirSync(join(dir, 'dist'), { recursive: true });
    writeFileSync(stamp, hash);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildAll({ force: process.argv.includes('--force') });
}
