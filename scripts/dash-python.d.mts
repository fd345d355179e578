// Types of dash-python.mjs, for the tests that import it.

/** The markers around the generated Python block in packages/pagination/README.md. */
export const markers: readonly [start: string, end: string];
/** The README's Python block (a fenced code block) for the content of metadata.json. */
export function pythonSnippet(metadata: unknown): string;
/** `text` with the block between the markers replaced by `snippet`. */
export function withSnippet(text: string, snippet: string): string;
