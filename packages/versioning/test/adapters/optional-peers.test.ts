import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

/** The packages an entry point loads at run time (type-only imports are erased, as at run time). */
async function runtimePackages(entry: string): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [src + entry],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const imported = Object.values(metafile.inputs).flatMap((input) =>
    input.imports
      .filter((record) => record.external && !record.path.startsWith('node:'))
      .map((record) => record.path),
  );
  return [...new Set(imported)].sort();
}

const validation = ['ajv-formats', 'ajv/dist/2020.js'];

// Express, Fastify and Hono are optional peers: each entry point may load only what it cannot do without.
describe('what each entry point loads', () => {
  test.each([
    ['index.ts', ['path-to-regexp']],
    // The adapters validate request bodies (routes with a `request` schema) with Ajv.
    ['adapters/node/index.ts', [...validation, 'path-to-regexp']],
    ['adapters/fastify/index.ts', [...validation, 'path-to-regexp']],
    ['adapters/express/index.ts', [...validation, 'express', 'path-to-regexp']],
    ['adapters/hono/index.ts', [...validation, 'hono', 'hono/route', 'path-to-regexp']],
    // Nest's own router, pipes and DI; Express and Fastify, which Nest brings, only as types.
    [
      'adapters/nest/index.ts',
      [
        '@nestjs/common',
        '@nestjs/common/constants.js',
        '@nestjs/core',
        '@nestjs/core/router/paths-explorer.js',
        '@nestjs/core/router/route-path-factory.js',
        ...validation,
        'path-to-regexp',
        'rxjs',
      ],
    ],
    // It reads the routes a UrlConf hands out, already parsed, and recognises a UrlConf by its methods.
    ['openapi/index.ts', []],
  ])('%s → %j', async (entry, expected) => {
    expect(await runtimePackages(entry)).toEqual(expected);
  });
});
