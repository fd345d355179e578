// Every ```ts, ```tsx and ```js block of the READMEs and of the documentation site's pages (docs/**/*.md, but
// the generated API reference) is compiled with `tsc --strict` against the built packages, then runs, and what
// its comments claim is checked (the convention is in test/support/readme-claims.ts). A block that cannot
// compile or run here says so on its page: `<!-- not run: <reason> -->` right before it, and a sentence the
// reader sees. Each block is its own program, as a reader would paste it, in a Node process of its own (they
// set process-wide settings). The packages are used as built (`npm test` builds them first; alone:
// `node scripts/build.mjs`).
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildSync, transformSync } from 'esbuild';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { programOf } from './support/readme-claims.js';
import { docsPages, readmeBlocks, readmes, runnableLanguages } from './support/readme-blocks.js';
import { compilerOptions, keyOf, typecheckBlocks } from './support/readme-typecheck.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const pages = [...readmes, ...docsPages(root)];
// Inside the repository, so that `@restdash/versioning`, `express`, … resolve as they do for the workspace:
// to the packages' dist/ through node_modules.
const out = join(root, 'node_modules', '.cache', 'readme-examples');

const run = promisify(execFile);

/** The error classes the packages export, by name, and the built-in ones: what a claim may say is thrown. */
async function errorNames(): Promise<Set<string>> {
  const names = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError']);
  for (const entry of ['@restdash/versioning', '@restdash/pagination']) {
    const exports = (await import(/* @vite-ignore */ entry)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value === 'function' && value.prototype instanceof Error) names.add(name);
    }
  }
  return names;
}

const blocks = pages.flatMap((page) =>
  readmeBlocks(join(root, page))
    .filter((block) => (runnableLanguages as readonly string[]).includes(block.language))
    .map((block) => ({ ...block, file: page })),
);
const runnable = blocks.filter((block) => block.notRun === null);

let known: Set<string>;
let typeErrors: Map<string, string[]>;
let ran = 0;

beforeAll(async () => {
  known = await errorNames();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  buildSync({
    entryPoints: [join(root, 'test', 'support', 'readme-harness.ts')],
    outfile: join(out, 'readme-harness.mjs'),
    format: 'esm',
    platform: 'node',
    logLevel: 'warning',
  });
  typeErrors = typecheckBlocks(join(out, 'typecheck'), runnable);
});

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  const marked = blocks.length - runnable.length;
  console.info(
    `documentation blocks: ${runnable.length} type-checked with tsc --strict, ${ran} run, ${marked} marked not run`,
  );
});

/** The block's program as JavaScript: esbuild, or TypeScript's own emit where decorators need their metadata. */
function compiled(code: string, language: string): string {
  if (/^\s*@\w+\(/m.test(code)) {
    return ts.transpileModule(code, {
      compilerOptions: {
        ...compilerOptions,
        module: ts.ModuleKind.ES2022,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        noEmit: false,
      },
      fileName: language === 'tsx' ? 'block.tsx' : 'block.ts',
    }).outputText;
  }
  return transformSync(code, {
    loader: language === 'js' ? 'js' : language === 'tsx' ? 'tsx' : 'ts',
    jsx: 'automatic',
    format: 'esm',
    target: 'node20',
  }).code;
}

for (const page of pages) {
  const own = blocks.filter((block) => block.file === page);
  if (own.length === 0) continue;
  describe(page, () => {
    const checked = own.filter((block) => block.notRun === null);
    const marked = own.filter((block) => block.notRun !== null);

    if (checked.length > 0) {
      test.each(checked.map((block) => [`line ${block.line}`, block] as const))(
        'the example at %s compiles under tsc --strict',
        (_, block) => {
          expect(typeErrors.get(keyOf(block))?.join('\n')).toBe('');
        },
      );

      test.concurrent.each(checked.map((block) => [`line ${block.line}`, block] as const))(
        'the example at %s runs and its claims hold',
        async (_, block) => {
          const program = programOf(block.code, {
            file: page,
            firstLine: block.line,
            tsx: block.language === 'tsx',
            errorNames: known,
          });
          const file = join(out, `${page.replace(/\W+/g, '-')}-${block.line}.mjs`);
          writeFileSync(file, compiled(program.code, block.language));
          try {
            await run(process.execPath, [file], { cwd: root, timeout: 30_000 });
            ran += 1;
          } catch (error) {
            const { stderr, stdout } = error as { stderr?: string; stdout?: string };
            expect.fail(`${page}:${block.line} failed:\n${stderr ?? ''}${stdout ?? ''}`);
          }
        },
      );
    }

    if (marked.length > 0) {
      test.each(marked.map((block) => [`line ${block.line}`, block] as const))(
        'the example at %s is marked not run, with a reason',
        (_, block) => {
          expect(block.notRun?.trim().length).toBeGreaterThan(10);
        },
      );
    }
  });
}
