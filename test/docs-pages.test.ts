// The documentation's pages hold together: every link between the READMEs and the site's pages (docs/**/*.md)
// reaches a file and a heading, each page has one title and headings of its own, the versioning README stays a
// front page that links every guide and adapter page, and the options the adapters page shows are the type's.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import {
  docsPages,
  githubSlug,
  headingsOf,
  readmeBlocks,
  readmes,
  vitepressSlug,
} from './support/readme-blocks.js';
import { compilerOptions } from './support/readme-typecheck.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const pages = docsPages(root);
const isDocs = (file: string) => file.startsWith('docs/');

/** The anchors of a page as it is shown: on the site (VitePress's, the title's too) or on GitHub (READMEs). */
function anchorsOf(file: string): Set<string> {
  const markdown = readFileSync(join(root, file), 'utf8');
  const headings = isDocs(file) ? headingsOf(markdown, vitepressSlug, 1) : headingsOf(markdown, githubSlug);
  return new Set(headings.map((heading) => heading.anchor));
}

interface Link {
  readonly target: string;
  /** An image (`![…](…)`): a file the build takes in, wherever it is. */
  readonly image: boolean;
}

/** The Markdown links of a page, outside code fences and code spans, but those to other sites. */
function linksOf(markdown: string): Link[] {
  let fenced = false;
  const links: Link[] = [];
  for (const line of markdown.split('\n')) {
    if (/^ *```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const [, bang, target = ''] of line
      .replaceAll(/`[^`]*`/g, '')
      .matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)\)/g)) {
      if (!/^[a-z]+:/i.test(target)) links.push({ target, image: bang === '!' });
    }
  }
  return links;
}

/**
 * The file a link of `file` reaches, relative to the root, or null. A site page may also link as VitePress
 * reads it: from the site's root (`/guide/schemes`), without `.md`, a folder for its `index.md`.
 */
function resolveLink(file: string, path: string): string | null {
  if (path === '') return file;
  const base =
    path.startsWith('/') && isDocs(file) ? join(root, 'docs', path) : join(root, dirname(file), path);
  const candidates = isDocs(file) ? [base, `${base}.md`, join(base, 'index.md')] : [base];
  const found = candidates.find((candidate) => existsSync(candidate) && !candidate.endsWith('/'));
  return found === undefined ? null : relative(root, found);
}

describe.each([...readmes, ...pages])('%s', (file) => {
  const markdown = readFileSync(join(root, file), 'utf8');

  test('every link reaches a file of the repository, and a heading of it where it names one', () => {
    const broken = linksOf(markdown).filter(({ target: link, image }) => {
      const [path = '', anchor] = link.split('#');
      const target = resolveLink(file, path);
      if (target === null || /\/$|^\.?$/.test(target)) return true;
      if (image) return false;
      // The site serves only its own pages: a page's links stay under docs/ and name Markdown pages.
      if (isDocs(file) && (!isDocs(target) || !target.endsWith('.md'))) return true;
      return anchor !== undefined && !anchorsOf(target).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  test('the Contents list, where there is one, lists every section in order', () => {
    const contents = /^## Contents\n\n((?:\s*- .+\n)+)/m.exec(markdown)?.[1];
    if (contents === undefined) return;
    const listed = [...contents.matchAll(/^( *)- \[(.+)\]\(#(.+)\)$/gm)].map(
      ([, indent = '', text, anchor]) => `${indent.length === 0 ? '##' : '###'} ${text} #${anchor}`,
    );
    const sections = headingsOf(markdown)
      .filter((heading) => heading.text !== 'Contents')
      .map((heading) => `${'#'.repeat(heading.level)} ${heading.text} #${heading.anchor}`);
    expect(listed).toEqual(sections);
  });
});

/** A page's text without its frontmatter (`---` … `---`), which VitePress reads as settings. */
function withoutFrontmatter(markdown: string): string {
  return markdown.replace(/^---\n[\s\S]*?\n---\n+/, '');
}

// VitePress's home layout draws its title from the frontmatter (`hero`); every other page has its own.
const titled = pages.filter(
  (page) =>
    !/^---\n[\s\S]*?^layout: home$/m.test(readFileSync(join(root, page), 'utf8').split(/\n---\n/)[0] ?? ''),
);

describe.each(titled)('%s', (file) => {
  const markdown = withoutFrontmatter(readFileSync(join(root, file), 'utf8'));

  test('starts with its one `# Title`, then a paragraph that says what the page is about', () => {
    expect(markdown.split('\n').slice(0, 3).join('\n')).toMatch(/^# \S.*\n\n(?!#|```|\||<|- |\d+\. |:::)\S/);
    expect(headingsOf(markdown, vitepressSlug, 1).filter((heading) => heading.level === 1)).toHaveLength(1);
  });

  test('names each of its sections differently, so that each has an anchor of its own', () => {
    const anchors = headingsOf(markdown, vitepressSlug).map((heading) => heading.anchor);
    expect(
      anchors.filter((anchor) => /-\d+$/.test(anchor) && anchors.includes(anchor.replace(/-\d+$/, ''))),
    ).toEqual([]);
  });
});

describe('the versioning README, a front page', () => {
  const file = 'packages/versioning/README.md';
  const markdown = readFileSync(join(root, file), 'utf8');

  test('is at most 300 lines', () => {
    expect(markdown.split('\n').length).toBeLessThanOrEqual(300);
  });

  test('links every guide and adapter page of the site', () => {
    const linked = new Set(
      linksOf(markdown).map(({ target }) => resolveLink(file, target.split('#')[0] ?? '')),
    );
    const wanted = pages.filter(
      (page) => /^docs\/(guide|adapters)\//.test(page) || page === 'docs/decisions.md',
    );
    expect(wanted.filter((page) => !linked.has(page))).toEqual([]);
  });

  test('shows an example for each framework', () => {
    const imports = readmeBlocks(join(root, file)).map(
      (block) => /from '@restdash\/versioning\/(\w+)'/.exec(block.code)?.[1],
    );
    expect(imports).toEqual(expect.arrayContaining(['express', 'fastify', 'hono', 'node', 'nest']));
  });
});

/** Option types a page writes out in full, and where the package exports them. */
const writtenOut = [
  { page: 'docs/adapters/index.md', name: 'AdapterOptions', from: '@restdash/versioning/express' },
  { page: 'docs/guide/documents.md', name: 'OpenAPIOptions', from: '@restdash/versioning/openapi' },
] as const;

/** The names of the properties of the exported type `name` of `from`, as a user's compiler sees them. */
function propertiesOf(name: string, from: string): string[] {
  const dir = join(root, 'node_modules', '.cache', 'docs-pages');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  const probe = join(dir, `${name}.ts`);
  writeFileSync(probe, `import type { ${name} } from '${from}';\nexport type Probe = ${name};\n`);
  try {
    const program = ts.createProgram([probe], compilerOptions);
    const checker = program.getTypeChecker();
    const alias = program.getSourceFile(probe)?.statements.find(ts.isTypeAliasDeclaration);
    if (alias === undefined) throw new Error(`${probe} declares no type`);
    return checker.getPropertiesOfType(checker.getTypeAtLocation(alias.name)).map((symbol) => symbol.name);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test.each(writtenOut)('$page shows every option of `$name`, and no other', ({ page, name, from }) => {
  const block = readmeBlocks(join(root, page)).find((one) => one.code.includes(`interface ${name}`));
  const body = new RegExp(`interface ${name}(?:<\\w+>)? \\{\\n([\\s\\S]*?)\\n\\}`).exec(
    block?.code ?? '',
  )?.[1];
  expect(body, `an interface ${name} in a code block of ${page}`).toBeDefined();
  const shown = [...(body ?? '').matchAll(/^ {2}(\w+)\??:/gm)].map((match) => match[1]);
  expect(shown.sort()).toEqual(propertiesOf(name, from).sort());
});
