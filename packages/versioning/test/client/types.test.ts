import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { compileStrict } from '../compile-strict.js';

const fixture = fileURLToPath(new URL('./types.fixture.ts', import.meta.url));

test('versionedFetch and placeVersion take the scheme’s versions only (tsc --strict)', () => {
  expect(compileStrict([fixture])).toBe('');
}, 120_000);

test('without its @ts-expect-error, version "v3" of a URLPathVersioning<"v1" | "v2"> is a compile error', () => {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  const bare = join(dir, 'types-bare.fixture.ts');
  writeFileSync(bare, readFileSync(fixture, 'utf8').replaceAll('// @ts-expect-error', '//'));
  try {
    const output = compileStrict([bare]);
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
