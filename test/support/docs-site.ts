// Reading the built documentation site (docs/.vitepress/dist) for its tests: its pages, their links, their headings.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One built page: its file and the URL path it is served at (clean URLs: no `.html`, a folder's index as `/`). */
export interface SitePage {
  readonly file: string;
  readonly path: string;
}

/** Every page of the built site under `dist` (not the 404 page), served under `base`. */
export function sitePages(dist: string, base: string): SitePage[] {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html') && entry.name !== '404.html')
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      const path = relative(dist, file)
        .replace(/(^|\/)index\.html$/, '$1')
        .replace(/\.html$/, '');
      return { file, path: `${base}${path}` };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

const entities: Readonly<Record<string, string>> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
};
const decode = (html: string): string =>
  html.replace(/&(?:lt|gt|amp|quot|#39);/g, (entity) => entities[entity] ?? entity);

/** The `href` of every `<a>` of a page's HTML, entities decoded. */
export function linksOf(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((match) => decode(match[1] ?? ''));
}

/** Whether the page's HTML has an element with this `id` (a heading's, or an anchor TypeDoc put in a table). */
export function hasAnchor(html: string, id: string): boolean {
  return html.includes(`id="${id}"`);
}

/** The names the page's `<h3>` headings title: `versioned()` → `versioned`, `` `abstract` Component `` → `Component`. */
export function memberHeadings(html: string): Set<string> {
  const headings = [...html.matchAll(/<h3 id="[^"]*"[^>]*>(.*?)<a class="header-anchor"/gs)];
  return new Set(
    headings.map(
      (match) =>
        decode((match[1] ?? '').replace(/<[^>]+>/g, ''))
          .trim()
          .replace(/\(\)$/, '')
          .split(/\s+/)
          .at(-1) ?? '',
    ),
  );
}

/**
 * The names an entry point exports, runtime values and types alike, read by the TypeScript compiler from the built
 * declaration files (one program for all of them).
 */
export function exportedNames(declarationFiles: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram([...declarationFiles], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  return new Map(
    declarationFiles.map((file) => {
      const source = program.getSourceFile(file);
      const symbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
      if (symbol === undefined) throw new Error(`${file} is not a module the compiler could read`);
      return [file, checker.getExportsOfModule(symbol).map((exported) => exported.name)];
    }),
  );
}

/** The HTML of a built page. */
export function readPage(page: SitePage): string {
  return readFileSync(page.file, 'utf8');
}
