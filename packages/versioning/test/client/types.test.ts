import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const fixture = fileURLToPath(new URL('./types.fixture.ts', import.meta.url));

/** `tsc --strict --noEmit` on `file` with the repository's compiler options; its output, '' when it passes. */
function compile(file: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'restdash-client-types-'));
  try {
    const config = join(dir, 'tsconfig.json');
    writeFileSync(
      config,
      JSON.stringify({
        extends: join(root, 'tsconfig.base.json'),
        compilerOptions: { strict: true, noEmit: true, typeRoots: [join(root, 'node_modules/@types')] },
        files: [file],
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

test('versionedFetch and placeVersion take the scheme’s versions only (tsc --strict)', () => {
  expect(compile(fixture)).toBe('');
}, 120_000);

test('without its @ts-expect-error, version "v3" of a URLPathVersioning<"v1" | "v2"> is a compile error', () => {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  const bare = join(dir, 'types-bare.fixture.ts');
  writeFileSync(bare, readFileSync(fixture, 'utf8').replaceAll('// @ts-expect-error', '//'));
  try {
    const output = compile(bare);
    const errors = output.split('\n').filter((line) => line.includes('error TS'));
    expect(
      errors.map((line) =>
        /'"(\w+)"' is not assignable to (?:type|parameter of type) '(.+)'/.exec(line)?.slice(1),
      ),
    ).toEqual([
      ['v3', '"v1" | "v2"'],
      ['v3', '"v1" | "v2"'],
      ['3', '"1" | "2"'],
    ]);
    expect(errors.every((line) => line.includes('types-bare.fixture.ts'))).toBe(true);
  } finally {
    rmSync(bare, { force: true });
  }
}, 120_000);
