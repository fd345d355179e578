// The code blocks of a README or a documentation page: every fenced block (indented ones inside list items
// too), with its language, its first line number and whether the page marks it as not run; the pages the
// runner reads; and the headings of a page with the anchors GitHub and VitePress give them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The languages whose blocks the README runner executes; any other fence (sh, http, json, text) is prose. */
export const runnableLanguages = ['ts', 'tsx', 'js'] as const;

export interface ReadmeBlock {
  /** The page's path as given. */
  readonly file: string;
  /** 1-based line of the block's first code line. */
  readonly line: number;
  readonly language: string;
  /** The tab label of a block inside a `::: code-group` (```ts [Express]), else null. */
  readonly label: string | null;
  readonly code: string;
  /** The reason of a `<!-- not run: <reason> -->` comment right before the fence, else null. */
  readonly notRun: string | null;
}

const notRunComment = /^<!-- not run: (.+?) -->$/;
// A fence: its language, then optionally VitePress's line highlights (`{1,3}`) and a code-group label.
const fence = /^( *)```([\w-]*)(?:\{[\d,-]*\})?(?: +\[([^\]]*)\])?\s*$/;

/** Every fenced code block of a Markdown file. */
export function readmeBlocks(file: string): ReadmeBlock[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: ReadmeBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const open = fence.exec(lines[index] ?? '');
    if (open === null) continue;
    const indent = open[1] ?? '';
    const start = index + 1;
    let end = start;
    while (end < lines.length && (lines[end] ?? '').trimEnd() !== `${indent}\`\`\``) end += 1;
    if (end === lines.length) throw new Error(`${file}:${index + 1}: unclosed code fence`);
    const code = lines
      .slice(start, end)
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()))
      .join('\n');
    let before = index - 1;
    while (before >= 0 && (lines[before] ?? '').trim() === '') before -= 1;
    const marker = notRunComment.exec((lines[before] ?? '').trim());
    blocks.push({
      file,
      line: start + 1,
      language: open[2] ?? '',
      label: open[3] ?? null,
      code,
      notRun: marker?.[1] ?? null,
    });
    index = end;
  }
  return blocks;
}

/** The READMEs whose blocks run, relative to the repository's root. */
export const readmes = ['README.md', 'packages/versioning/README.md', 'packages/pagination/README.md'];

/**
 * The documentation site's hand-written pages, relative to the repository's root: docs/**\/*.md but the
 * generated API reference (docs/api) and VitePress's own folder (docs/.vitepress).
 */
export function docsPages(root: string): string[] {
  const dir = join(root, 'docs');
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries
    .map((entry) => entry.split('\\').join('/'))
    .filter((entry) => entry.endsWith('.md'))
    .filter((entry) => !entry.startsWith('api/') && !entry.startsWith('.vitepress/'))
    .filter((entry) => !entry.split('/').includes('node_modules'))
    .sort()
    .map((entry) => `docs/${entry}`);
}

export interface Heading {
  readonly level: number;
  readonly text: string;
  /** The anchor it gets, with `-1`, `-2` for repeats. */
  readonly anchor: string;
}

/** GitHub's anchor: lower-cased, punctuation dropped, spaces as `-`. */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replaceAll(' ', '-');
}

/** VitePress's anchor (its default `slugify`, of the heading's text without Markdown code marks). */
export function vitepressSlug(text: string): string {
  return (
    text
      .replaceAll('`', '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036F]/g, '')
      // eslint-disable-next-line no-control-regex -- VitePress drops control characters from anchors, so do we
      .replace(/[\u0000-\u001F]/g, '')
      .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '')
      .replace(/^(\d)/, '_$1')
      .toLowerCase()
  );
}

/** The headings of a Markdown file from `minLevel` to `###`, outside code fences. */
export function headingsOf(
  markdown: string,
  slug: (text: string) => string = githubSlug,
  minLevel = 2,
): Heading[] {
  const seen = new Map<string, number>();
  const headings: Heading[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^ *```/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^(#{1,3}) (.+)$/.exec(line);
    if (match === null || (match[1]?.length ?? 0) < minLevel) continue;
    const text = match[2] ?? '';
    const base = slug(text);
    const repeat = seen.get(base) ?? 0;
    seen.set(base, repeat + 1);
    headings.push({ level: match[1]?.length ?? 2, text, anchor: repeat === 0 ? base : `${base}-${repeat}` });
  }
  return headings;
}
