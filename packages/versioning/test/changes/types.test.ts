import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const fixture = fileURLToPath(new URL('./types.fixture.ts', import.meta.url));

/** `tsc --strict --noEmit` on `files` with the repository's compiler options; its output, '' when it passes. */
function compile(files: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'restdash-changes-types-'));
  try {
    const config = join(dir, 'tsconfig.json');
    writeFileSync(
      config,
      JSON.stringify({
        extends: join(root, 'tsconfig.base.json'),
        compilerOptions: { strict: true, noEmit: true, typeRoots: [join(root, 'node_modules/@types')] },
        files,
      }),
    );
    try {
      execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', config], { encoding: 'utf8' });
      return '';
    } catch (error) {
      return String((error as { stdout?: unknown }).stdout);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a history types its versions and migrate’s result, and its mistakes do not compile', () => {
  // Every `@ts-expect-error` in the fixture must meet its error, or tsc reports the directive as unused.
  expect(compile([fixture])).toBe('');
}, 120_000);
