import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { compileStrict } from '../../compile-strict.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

test('the documented examples and the typed decorators compile under tsc --strict with experimentalDecorators, on both platforms', () => {
  const files = ['nest-express.example.ts', 'nest-fastify.example.ts', 'nest-types.fixture.ts'].map(here);
  expect(compileStrict(files, { experimentalDecorators: true, emitDecoratorMetadata: true })).toBe('');
}, 60_000);
