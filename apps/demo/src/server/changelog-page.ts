// The changelog page: `history.changelog()` of the demo API as HTML, newest version first, each version linking to
// its API reference. Server-rendered and self-contained (no script, its styles inline), readable on a phone.
import type { ChangelogEntry } from '@restdash/versioning/changes';

/** Where the changelog page is served. */
export const changelogPath = '/api/changelog/';

/** `text` with the five characters HTML gives a meaning escaped. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );
}

/** What the page shows. */
export interface ChangelogPage {
  /** `history.changelog()`: newest version first. */
  readonly entries: readonly ChangelogEntry[];
  /** The oldest version, which has no entry (there is nothing older to change from). */
  readonly oldest: string;
  /** The URL of a version's API reference. */
  readonly referenceOf: (version: string) => string;
  /** The running scheme's name. */
  readonly scheme: string;
}

function entryHtml(entry: ChangelogEntry, referenceOf: (version: string) => string): string {
  const changes = entry.changes
    .map(
      (item) => `        <li>
          <p class="description">${escapeHtml(item.description)}</p>
          <ul class="instructions">
${item.instructions.map((sentence) => `            <li>${escapeHtml(sentence)}</li>`).join('\n')}
          </ul>
        </li>`,
    )
    .join('\n');
  const version = escapeHtml(entry.version);
  return `    <section aria-labelledby="version-${version}">
      <h2 id="version-${version}">${version}</h2>
      <p class="reference"><a href="${escapeHtml(referenceOf(entry.version))}">API reference of ${version}</a></p>
      <ol class="changes">
${changes}
      </ol>
    </section>`;
}

/** The changelog page's HTML. */
export function renderChangelogPage(page: ChangelogPage): string {
  const oldest = escapeHtml(page.oldest);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>restdash demo — API changelog</title>
    <style>
      body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1b1b1b; background: #fafafa; }
      .demo-bar { font-size: 14px; padding: 8px 16px; background: #1b1b1b; color: #ddd; }
      .demo-bar a { color: #8ec5ff; }
      main { max-width: 52rem; margin: 0 auto; padding: 16px; }
      h1 { font-size: 1.6rem; margin: 0.5rem 0; }
      h2 { font-size: 1.3rem; margin: 0; font-family: ui-monospace, monospace; }
      section { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 12px 16px; margin: 16px 0; }
      .reference { margin: 4px 0 8px; font-size: 14px; }
      .changes { padding-left: 1.25rem; margin: 0; }
      .changes > li { margin: 8px 0; }
      .description { margin: 0; font-weight: 600; }
      .instructions { margin: 4px 0 0; padding-left: 1.25rem; color: #444; font-size: 15px; }
      p, li { overflow-wrap: anywhere; }
    </style>
  </head>
  <body>
    <nav class="demo-bar" aria-label="restdash demo">
      <a href="/">← restdash demo</a> · <a href="/api/docs/">API reference</a> · scheme: ${escapeHtml(page.scheme)}
    </nav>
    <main>
      <h1>API changelog</h1>
      <p>What changed in each version, newest first: <code>history.changelog()</code> of the API's history of version
        changes, each change's description and one sentence per instruction. ${oldest} is the first version.</p>
${page.entries.map((entry) => entryHtml(entry, page.referenceOf)).join('\n')}
    </main>
  </body>
</html>
`;
}
