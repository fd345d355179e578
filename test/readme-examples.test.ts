// Every ```ts, ```tsx and ```js block of the READMEs runs, against the built packages, and what its comments
// claim is checked (the convention is in test/support/readme-claims.ts). A block that cannot run here says so
// in the README: `<!-- not run: <reason> -->` right before it, and a sentence the reader sees. Each block is
// its own program, as a reader would paste it, in a Node process of its own (they set process-wide settings).
// The packages are used as built (`npm test` builds them first; alone: `node scripts/build.mjs`).
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildSync, transformSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { programOf } from './support/readme-claims.js';
import { headingsOf, readmeBlocks, runnableLanguages } from './support/readme-blocks.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const readmes = ['README.md', 'packages/versioning/README.md', 'packages/pagination/README.md'];
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

let known: Set<string>;

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
});

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

const blocks = readmes.flatMap((readme) =>
  readmeBlocks(join(root, readme))
    .filter((block) => (runnableLanguages as readonly string[]).includes(block.language))
    .map((block) => ({ ...block, readme })),
);

for (const readme of readmes) {
  const own = blocks.filter((block) => block.readme === readme);
  if (own.length === 0) continue;
  describe(readme, () => {
    const runnable = own.filter((block) => block.notRun === null);
    const marked = own.filter((block) => block.notRun !== null);

    if (runnable.length > 0) {
      test.concurrent.each(runnable.map((block) => [`line ${block.line}`, block] as const))(
        'the example at %s runs and its claims hold',
        async (_, block) => {
          const program = programOf(block.code, {
            file: readme,
            firstLine: block.line,
            tsx: block.language === 'tsx',
            errorNames: known,
          });
          const { code } = transformSync(program.code, {
            loader: block.language === 'js' ? 'js' : block.language === 'tsx' ? 'tsx' : 'ts',
            jsx: 'automatic',
            format: 'esm',
            target: 'node20',
          });
          const file = join(out, `${readme.replace(/\W+/g, '-')}-${block.line}.mjs`);
          writeFileSync(file, code);
          try {
            await run(process.execPath, [file], { cwd: root, timeout: 30_000 });
          } catch (error) {
            const { stderr, stdout } = error as { stderr?: string; stdout?: string };
            expect.fail(`${readme}:${block.line} failed:\n${stderr ?? ''}${stdout ?? ''}`);
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

describe.each(readmes)('%s links', (readme) => {
  const markdown = readFileSync(join(root, readme), 'utf8');
  const headings = headingsOf(markdown);

  test('every link to a section names a heading of the file', () => {
    const anchors = new Set(headings.map((heading) => heading.anchor));
    const links = [...markdown.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1] ?? '');
    expect(links.filter((anchor) => !anchors.has(anchor))).toEqual([]);
  });

  test('the Contents list, where there is one, lists every section in order', () => {
    const contents = /^## Contents\n\n((?:\s*- .+\n)+)/m.exec(markdown)?.[1];
    if (contents === undefined) return;
    const listed = [...contents.matchAll(/^( *)- \[(.+)\]\(#(.+)\)$/gm)].map(
      ([, indent = '', text, anchor]) => `${indent.length === 0 ? '##' : '###'} ${text} #${anchor}`,
    );
    const sections = headings
      .filter((heading) => heading.text !== 'Contents')
      .map((heading) => `${'#'.repeat(heading.level)} ${heading.text} #${heading.anchor}`);
    expect(listed).toEqual(sections);
  });
});
