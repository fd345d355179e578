// The code blocks of a README: every fenced block (indented ones inside list items too), with its language,
// its first line number and whether the README marks it as not run.
import { readFileSync } from 'node:fs';

/** The languages whose blocks the README runner executes; any other fence (sh, http, json, text) is prose. */
export const runnableLanguages = ['ts', 'tsx', 'js'] as const;

export interface ReadmeBlock {
  /** The README's path as given. */
  readonly file: string;
  /** 1-based line of the block's first code line. */
  readonly line: number;
  readonly language: string;
  readonly code: string;
  /** The reason of a `<!-- not run: <reason> -->` comment right before the fence, else null. */
  readonly notRun: string | null;
}

const notRunComment = /^<!-- not run: (.+?) -->$/;

/** Every fenced code block of a Markdown file. */
export function readmeBlocks(file: string): ReadmeBlock[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: ReadmeBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^( *)```(\S*)\s*$/.exec(lines[index] ?? '');
    if (open === null) continue;
    const indent = open[1] ?? '';
    const language = open[2] ?? '';
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
    blocks.push({ file, line: start + 1, language, code, notRun: marker?.[1] ?? null });
    index = end;
  }
  return blocks;
}

export interface Heading {
  readonly level: number;
  readonly text: string;
  /** The anchor GitHub gives it: lower-cased, punctuation dropped, spaces as `-`, `-1`, `-2` for repeats. */
  readonly anchor: string;
}

/** The `##` and `###` headings of a Markdown file, outside code fences. */
export function headingsOf(markdown: string): Heading[] {
  const seen = new Map<string, number>();
  const headings: Heading[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^ *```/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^(#{2,3}) (.+)$/.exec(line);
    if (match === null) continue;
    const text = match[2] ?? '';
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_\- ]/gu, '')
      .replaceAll(' ', '-');
    const repeat = seen.get(base) ?? 0;
    seen.set(base, repeat + 1);
    headings.push({ level: match[1]?.length ?? 2, text, anchor: repeat === 0 ? base : `${base}-${repeat}` });
  }
  return headings;
}
