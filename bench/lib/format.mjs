// Number formatting and Markdown tables: the console shows the same Markdown that RESULTS.md stores.

export const int = (n) => Math.round(n).toLocaleString('en-US');
export const ratio = (n) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : '—');
export const percent = (n) => (Number.isFinite(n) ? `${(n * 100).toFixed(1)} %` : '—');
export const ms = (n) => `${n.toFixed(1)} ms`;
export const kb = (bytes) => `${(bytes / 1024).toFixed(2)}`;
export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Renders `rows` (objects) as a Markdown table with the given `[key, heading]` columns. */
export function markdownTable(columns, rows) {
  const cells = [
    columns.map(([, heading]) => heading),
    ...rows.map((row) => columns.map(([key]) => String(row[key] ?? ''))),
  ];
  const widths = columns.map((_, c) => Math.max(3, ...cells.map((line) => line[c].length)));
  const line = (values) => `| ${values.map((v, c) => v.padEnd(widths[c])).join(' | ')} |`;
  return [line(cells[0]), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n');
}

/** A part's section: heading, run line, settings, table, notes. */
export function renderSection(section) {
  const notes = section.notes.map((note) => `- ${note}`).join('\n');
  return [
    `## ${section.title}`,
    '',
    section.run,
    '',
    ...section.tables.flatMap((t) => [
      ...(t.caption ? [`**${t.caption}**`, ''] : []),
      // A table kept as recorded (a measurement of an older version), or one rendered from this run's rows.
      t.markdown ?? markdownTable(t.columns, t.rows),
      '',
    ]),
    notes,
  ].join('\n');
}
