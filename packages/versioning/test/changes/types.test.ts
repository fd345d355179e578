import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { compileStrict } from '../compile-strict.js';

const fixture = fileURLToPath(new URL('./types.fixture.ts', import.meta.url));

test('a history types its versions and migrate’s result, and its mistakes do not compile', () => {
  // Every `@ts-expect-error` in the fixture must meet its error, or tsc reports the directive as unused.
  expect(compileStrict([fixture])).toBe('');
}, 120_000);
