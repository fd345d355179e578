// Suites that run the built demo (the entry point, the Vite page) rebuild what is older than its sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const demo = fileURLToPath(new URL('../../', import.meta.url));
const root = join(demo, '..', '..');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

function ensureBuilt(
  output: string,
  inputs: readonly string[],
  command: string,
  args: readonly string[],
): void {
  if (existsSync(output) && statSync(output).mtimeMs >= Math.max(...inputs.map(newestMtime))) return;
  execFileSync(join(root, 'node_modules', '.bin', command), args, { cwd: demo, stdio: 'inherit' });
}

/** Runs `tsc -b tsconfig.build.json` unless dist/server/main.js is newer than the server's sources. */
export function ensureServerBuild(): string {
  const main = join(demo, 'dist', 'server', 'main.js');
  ensureBuilt(main, [join(demo, 'src', 'server'), join(demo, 'src', 'shared')], 'tsc', [
    '-b',
    'tsconfig.build.json',
  ]);
  return main;
}

/** Runs `vite build` for the demo page unless dist/client is newer than every input of it. */
export function ensureClientBuild(): void {
  ensureBuilt(
    join(demo, 'dist', 'client', 'index.html'),
    [
      join(demo, 'src', 'client'),
      join(demo, 'src', 'shared'),
      join(demo, 'vite.config.ts'),
      join(root, 'packages', 'pagination', 'dist'),
    ],
    'vite',
    ['build'],
  );
}
