import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const fixture = fileURLToPath(new URL('./types.fixture.ts', import.meta.url));
const bodiesFixture = fileURLToPath(new URL('../bodies/types.fixture.ts', import.meta.url));

/** `tsc --strict --noEmit` on `files` with the repository's compiler options; its output, '' when it passes. */
function compile(files: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'restdash-types-'));
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

test('inline handlers compile under tsc --strict with params typed from the route, and mistakes do not', () => {
  // Every `@ts-expect-error` in the fixture must meet its error, or tsc reports the directive as unused.
  expect(compile([fixture, bodiesFixture])).toBe('');
}, 120_000);

test('the fixture really is checked: a wrong parameter type is reported', () => {
  const dir = mkdtempSync(join(tmpdir(), 'restdash-types-wrong-'));
  try {
    const wrong = join(dir, 'wrong.ts');
    const adapter = fileURLToPath(new URL('../../src/adapters/express/index.js', import.meta.url));
    writeFileSync(
      wrong,
      `import { path } from ${JSON.stringify(adapter)};\n` +
        `path('/users/:pk/', (req) => { const n: number = req.params.pk; return n; });\n`,
    );
    expect(compile([wrong])).toMatch(/error TS2322: Type 'string' is not assignable to type 'number'/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
