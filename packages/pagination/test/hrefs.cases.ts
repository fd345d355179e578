// URLs a browser runs as script (or as a document of the attacker's) instead of navigating, in the
// spellings its URL parser still reads as `javascript:` or `data:`, and URLs that only look like them.

/** The scheme is case-insensitive; leading C0 controls and spaces are stripped; tabs and newlines anywhere are removed. */
export const scriptUrls: readonly { readonly name: string; readonly url: string }[] = [
  { name: 'javascript:', url: 'javascript:alert(1)' },
  { name: 'mixed case', url: 'JavaScript:alert(1)' },
  { name: 'upper case', url: 'JAVASCRIPT:alert(1)' },
  { name: 'leading spaces', url: '   javascript:alert(1)' },
  { name: 'a leading NUL and controls', url: '\u0000\u0001\u001f javascript:alert(1)' },
  { name: 'an embedded tab', url: 'java\tscript:alert(1)' },
  { name: 'an embedded newline', url: 'java\nscript:alert(1)' },
  { name: 'an embedded carriage return', url: 'javascript\r:alert(1)' },
  {
    name: 'everything at once',
    url: ' \t J\na\tV\rA s c r i p t:alert(1)'.replaceAll(' s c r i p t', 'Script'),
  },
  { name: 'data:', url: 'data:text/html,<script>alert(1)</script>' },
  { name: 'data: in capitals after a space', url: ' DATA:text/html;base64,PHNjcmlwdD4=' },
  { name: 'data: split by a tab', url: 'da\tta:text/html,x' },
];

/** Links that navigate, including ones that merely mention the schemes. */
export const safeUrls: readonly string[] = [
  '/results?page=3',
  '?page=3',
  '#page-3',
  'https://example.com/p/3',
  './javascript:3',
  '/data:3',
  'javascripts/page/3',
  'page?next=javascript:alert(1)',
];
