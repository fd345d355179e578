// The CLI's human-readable report of a check: per version a table of its differences, each with the history entry
// that explains it where the history has one, else a hint what to do.
import type { VersionHistory } from '../changes/history.js';
import { unescapePointerToken } from '../internal/json-pointer.js';
import type { CheckResult, Difference } from './frozen.types.js';
import { fileOf } from './snapshots.js';

const hint = 'add a history entry or a new version';

/** What a report needs besides the result. */
export interface ReportContext {
  readonly dir: string;
  /** The versions checked, oldest first. */
  readonly versions: readonly string[];
  readonly history: VersionHistory | null;
  readonly allowNewest: string;
}

/** The schema and field a pointer into a component names: `User.fullName` for `…/schemas/UserInput/properties/fullName/…`. */
function subjectOf(pointer: string): { schema: string; field: string | null } | null {
  const tokens = pointer.split('/').slice(1).map(unescapePointerToken);
  if (tokens[0] !== 'components' || tokens[1] !== 'schemas' || tokens[2] === undefined) return null;
  // A component is named by the schema's name, `<Name>Input` for its request side, `<Name>.<version>` for another
  // version's shape.
  const schema = tokens[2].replace(/\..*$/, '').replace(/Input$/, '');
  const at = tokens.indexOf('properties', 3);
  return { schema, field: at === -1 ? null : (tokens[at + 1] ?? null) };
}

/** Whether a changelog sentence speaks of `subject`: of the field (by its name now or its old name), or of the schema itself. */
function speaksOf(sentence: string, { schema, field }: { schema: string; field: string | null }): boolean {
  if (field === null) return sentence.startsWith(`${schema} `);
  return (
    [' ', ':', '['].some((next) => sentence.startsWith(`${schema}.${field}${next}`)) ||
    (sentence.startsWith(`${schema}.`) && sentence.includes(`from ${JSON.stringify(field)}`))
  );
}

/**
 * The history's sentence that explains a difference of `version` at `pointer` — one of a change that version has (its
 * own or an older version's) — with the version that made it; `null` when none does.
 */
function explanationOf(
  version: string,
  pointer: string,
  versions: readonly string[],
  history: VersionHistory | null,
): string | null {
  const subject = subjectOf(pointer);
  if (history === null || subject === null) return null;
  const reach = versions.indexOf(version);
  for (const entry of history.changelog()) {
    if (versions.indexOf(entry.version) > reach) continue;
    for (const { description, instructions } of entry.changes) {
      const sentence = instructions.find((text) => speaksOf(text, subject));
      if (sentence !== undefined) return `${entry.version}: ${sentence} (${description})`;
    }
  }
  return null;
}

/** `rows` as a table of left-aligned columns, indented by two spaces. */
function table(rows: readonly (readonly string[])[]): string[] {
  const widths = (rows[0] ?? []).map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  return rows.map((row) =>
    `  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd(),
  );
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The report of `result`: a line per version, a table per version that differs, the missing files, a verdict. */
export function renderReport(result: CheckResult, context: ReportContext): string {
  const { dir, history } = context;
  const failing = new Set(result.failures);
  const newest = context.versions.at(-1);
  const checked = [...context.versions, ...result.differences.map(({ version }) => version)];
  const lines: string[] = [];
  for (const version of [...new Set(checked)]) {
    if (result.missing.includes(version)) continue;
    const own = result.differences.filter((difference) => difference.version === version);
    const fails = own.filter((difference) => failing.has(difference)).length;
    const label = version === newest ? `${version} (newest, allow-newest ${context.allowNewest})` : version;
    if (own.length === 0) {
      lines.push(`${label}: unchanged`);
      continue;
    }
    lines.push(`${label}: ${plural(own.length, 'difference')}, ${fails} failing`);
    const rows = own.map((difference: Difference) => [
      difference.pointer === '' ? '(whole contract)' : difference.pointer,
      difference.kind,
      difference.breaking ? 'breaking' : 'non-breaking',
      failing.has(difference) ? 'FAIL' : 'ok',
      difference.pointer === ''
        ? `the version is gone: delete ${fileOf(dir, version)} if it was retired`
        : (explanationOf(version, difference.pointer, context.versions, history) ?? hint),
    ]);
    lines.push(...table([['pointer', 'kind', 'breaking', 'result', 'explained by'], ...rows]));
  }
  for (const version of result.missing) {
    lines.push(
      `${version}: missing — no ${fileOf(dir, version)} (run \`restdash-versioning snapshot\` to write it)`,
    );
  }
  lines.push(
    result.ok
      ? 'ok: every released version matches its contract'
      : `FAILED: ${plural(result.failures.length, 'failing difference')}, ${plural(result.missing.length, 'missing version')}`,
  );
  return `${lines.join('\n')}\n`;
}
