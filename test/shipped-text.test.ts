// What the packages ship speaks to their users: the READMEs, the documentation site's pages, the sources the
// source maps point at, and the built JavaScript and declarations (whose comments come from the sources) name no
// document a user cannot read, such as the planning notes the code was written from. They say what the code
// does and why instead.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { docsPages } from './support/readme-blocks.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const packages = ['packages/versioning', 'packages/pagination'];

/** References to documents outside the package, and the phrases that point at them. */
const internalReferences: readonly RegExp[] = [
  /\bseed\b/i,
  /\bSPEC\b/,
  /\bthe spec\b/i,
  /§ ?[A-Za-z]/, // a section named by its title (`SPEC § More schemes`), where RFC sections are numbered
  /\bissue #?\d+/i,
  /\bthe issue\b/i,
  /\bstop \d+/i,
  /\bthe brief\b/i,
  /\bthe contract\b|\bcontract's\b/i,
  /\bplanning\b/i,
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(js|d\.ts|ts|tsx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

test('the READMEs, documentation pages, sources and builds of both packages name no internal planning document', () => {
  const pages = docsPages(root).map((page) => join(root, page));
  const files = [
    ...packages.flatMap((pkg) => [
      join(root, pkg, 'README.md'),
      ...filesUnder(join(root, pkg, 'src')),
      ...filesUnder(join(root, pkg, 'dist')),
    ]),
    ...pages,
  ];
  expect(files.filter((file) => file.includes('/dist/')).length).toBeGreaterThan(0);
  expect(pages.length).toBeGreaterThan(0);
  const found = files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        internalReferences.some((pattern) => pattern.test(line))
          ? [`${relative(root, file)}:${index + 1}: ${line.trim()}`]
          : [],
      ),
  );
  expect(found).toEqual([]);
});
