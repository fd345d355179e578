// The changelog of the demo API under every scheme: the history takes each scheme's labels, and the page shows its
// changelog as text (nothing in it read as HTML).
import { describe, expect, test } from 'vitest';
import { apiHistory } from '../src/server/api-history.js';
import { renderChangelogPage } from '../src/server/changelog-page.js';
import { schemeCases } from './schemes.cases.js';

describe.each(schemeCases)('the changelog under the $scheme scheme', ({ versions }) => {
  const [v1, v2, v3] = versions as [string, string, string];
  const changelog = apiHistory([v1, v2, v3]).changelog();

  test('lists the versions after the first, newest first, with their changes in the order written', () => {
    expect(changelog.map((entry) => entry.version)).toEqual([v3, v2]);
    expect(changelog[1]?.changes.map((change) => change.instructions.length)).toEqual([3, 1, 1]);
  });

  test('the page links each version to its reference and names the first one', () => {
    const html = renderChangelogPage({
      entries: changelog,
      oldest: v1,
      referenceOf: (version) => `/api/docs/?urls.primaryName=${version}`,
      scheme: 'x',
    });
    for (const version of [v2, v3]) expect(html).toContain(`>API reference of ${version}</a>`);
    expect(html).toContain(`${v1} is the first version.`);
  });
});

test('the page escapes what it shows', () => {
  const html = renderChangelogPage({
    entries: [
      { version: '<b>2</b>', changes: [{ description: 'a & "b"', instructions: ["<script>'x'</script>"] }] },
    ],
    oldest: '1',
    referenceOf: () => '/docs?a=1&b=2',
    scheme: 'url-path',
  });
  expect(html).not.toContain('<script>');
  expect(html).toContain('&lt;b&gt;2&lt;/b&gt;');
  expect(html).toContain('a &amp; &quot;b&quot;');
  expect(html).toContain('href="/docs?a=1&amp;b=2"');
});
