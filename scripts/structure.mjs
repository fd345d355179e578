// The size of each adapter: the lines of code of its own folder, packages/versioning/src/adapters/<framework>/ (the
// shared files directly under adapters/ not counted), at most 150. An adapter is a port that hands the framework's
// request to the core and writes what the core returns; an adapter that grows past that size holds part of the
// exchange. Lines are counted as ESLint's `max-lines` counts them with `skipBlankLines` and `skipComments`: ESLint's
// own rule does the counting. `node scripts/structure.mjs` prints every adapter with its files and fails when one
// is over; `npm test` runs it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('..', import.meta.url));
const adaptersDir = join(root, 'packages', 'versioning', 'src', 'adapters');

/** The most lines of code an adapter's own folder may hold. */
export const adapterLimit = 150;

const linter = new Linter({ cwd: root });
const countingConfig = [
  {
    files: ['**/*.{ts,tsx}'],
    // A directive comment (`eslint-disable max-lines`) changes nothing here: every file is counted.
    linterOptions: { noInlineConfig: true },
    languageOptions: { parser: tseslint.parser },
    // With a maximum of 0, the rule reports the count of every file that has a line of code.
    rules: { 'max-lines': ['error', { max: 0, skipBlankLines: true, skipComments: true }] },
  },
];

/** Lines of code of one TypeScript file, blank lines and lines holding only comments left out. */
export function linesOfCode(file) {
  const messages = linter.verify(readFileSync(file, 'utf8'), countingConfig, file);
  const report = messages.find((message) => message.ruleId === 'max-lines');
  const count = report === undefined ? undefined : /\((\d+)\)/.exec(report.message)?.[1];
  if (count !== undefined) return Number(count);
  // No report: an empty file, or one ESLint could not read (a parse error, a file outside the repository).
  const problem = messages.find(
    (message) => message.fatal === true || /no matching configuration/i.test(message.message),
  );
  if (problem !== undefined || report !== undefined) {
    throw new Error(`${relative(root, file)}: ${(problem ?? report).message}`);
  }
  return 0;
}

function* sourceFiles(dir) {
  const entries = readdirSync(dir, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name)) yield full;
  }
}

/** Every adapter folder with its lines of code, in total and per file (largest first). */
export function adapterSizes() {
  return readdirSync(adaptersDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((framework) => {
      const dir = join(adaptersDir, framework);
      const files = [...sourceFiles(dir)]
        .map((file) => ({ file: relative(dir, file), lines: linesOfCode(file) }))
        .sort((a, b) => b.lines - a.lines);
      return { framework, lines: files.reduce((sum, { lines }) => sum + lines, 0), files };
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = adapterSizes();
  const width = Math.max(...sizes.map(({ framework }) => framework.length));
  console.log(
    `adapter size: lines of code in packages/versioning/src/adapters/<framework>/ (blank and comment lines not counted), at most ${adapterLimit}`,
  );
  for (const { framework, lines, files } of sizes) {
    const verdict = lines > adapterLimit ? `OVER by ${lines - adapterLimit}` : 'ok';
    const detail = files.map(({ file, lines: count }) => `${file} ${count}`).join(', ');
    console.log(
      `  ${framework.padEnd(width)}  ${String(lines).padStart(4)}  ${verdict.padEnd(12)}  ${detail}`,
    );
  }
  const over = sizes.filter(({ lines }) => lines > adapterLimit);
  if (over.length > 0) {
    console.error(
      `${over.length} of ${sizes.length} adapters are over ${adapterLimit} lines of code: ${over.map(({ framework }) => framework).join(', ')}`,
    );
    process.exit(1);
  }
  console.log(`${sizes.length} adapters, each within ${adapterLimit} lines of code`);
}
