import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { compileStrict } from '../compile-strict.js';

const fixture = fileURLToPath(new URL('./types.fixture.ts', import.meta.url));
const bodiesFixture = fileURLToPath(new URL('../bodies/types.fixture.ts', import.meta.url));

test('inline handlers compile under tsc --strict with params typed from the route, and mistakes do not', () => {
  // Every `@ts-expect-error` in the fixture must meet its error, or tsc reports the directive as unused.
  expect(compileStrict([fixture, bodiesFixture])).toBe('');
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
    expect(compileStrict([wrong])).toMatch(/error TS2322: Type 'string' is not assignable to type 'number'/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
