// The documentation site: hand-written pages in the order below, then the API reference TypeDoc generates into
// docs/api (scripts/docs.mjs runs TypeDoc first). A page not written yet is left out of the navigation, so the
// site builds while it grows, and named in the build's output.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type DefaultTheme } from 'vitepress';

const docs = fileURLToPath(new URL('../', import.meta.url));

/** The pages of the site, by section, in reading order: a path under docs/ without `.md`, and a fallback title. */
const sections: readonly {
  readonly text: string;
  readonly pages: readonly (readonly [string, string])[];
}[] = [
  {
    text: 'Introduction',
    pages: [
      ['index', 'Home'],
      ['getting-started', 'Getting started'],
    ],
  },
  {
    text: 'Guide',
    pages: [
      ['guide/schemes', 'The five schemes'],
      ['guide/choosing', 'Which version does a request get?'],
      ['guide/errors', 'Errors'],
      ['guide/reversal', 'Named routes and reversal'],
      ['guide/route-schemas', 'Request and response schemas'],
      ['guide/version-changes', 'Version changes'],
      ['guide/lifecycle', 'Retiring a version'],
      ['guide/documents', 'OpenAPI'],
      ['guide/frozen', 'Freezing released versions'],
      ['guide/production', 'Running versions in production'],
      ['guide/client', 'Calling a versioned API'],
    ],
  },
  {
    text: 'Framework adapters',
    pages: [
      ['adapters/index', 'Framework adapters'],
      ['adapters/express', 'Express'],
      ['adapters/fastify', 'Fastify'],
      ['adapters/hono', 'Hono'],
      ['adapters/node', 'node:http'],
      ['adapters/nest', 'NestJS'],
    ],
  },
  {
    text: 'Pagination',
    pages: [
      ['pagination/index', '@restdash/pagination'],
      ['pagination/dash', 'The Dash component'],
    ],
  },
  {
    text: 'About',
    pages: [
      ['demo', 'The demo app'],
      ['decisions', 'Decisions'],
      ['comparison', 'Comparison'],
    ],
  },
];

/** The page's URL path: `guide/schemes` → `/guide/schemes`, `adapters/index` → `/adapters/`. */
const link = (page: string): string => `/${page.replace(/(^|\/)index$/, '$1')}`;

/** The page's own title (its first `# ` heading) when it is written, else null. */
function titleOf(page: string): string | null {
  const file = `${docs}${page}.md`;
  if (!existsSync(file)) return null;
  const heading = /^# (.+)$/m.exec(readFileSync(file, 'utf8'))?.[1];
  return heading?.replace(/`/g, '').trim() ?? page;
}

function guideSidebar(): DefaultTheme.SidebarItem[] {
  const missing = sections.flatMap((section) => section.pages.filter(([page]) => titleOf(page) === null));
  if (missing.length > 0)
    console.warn(`docs: not written yet: ${missing.map(([page]) => `${page}.md`).join(', ')}`);
  return sections.flatMap((section) => {
    const items = section.pages.flatMap(([page, fallback]) => {
      const title = titleOf(page);
      return title === null ? [] : [{ text: page === 'index' ? fallback : title, link: link(page) }];
    });
    return items.length === 0 ? [] : [{ text: section.text, items }];
  });
}

/** The API reference's entries, from the sidebar typedoc-vitepress-theme writes next to the pages. */
function apiSidebar(): DefaultTheme.SidebarItem[] {
  const file = `${docs}api/typedoc-sidebar.json`;
  if (!existsSync(file)) return [];
  const strip = (items: DefaultTheme.SidebarItem[]): DefaultTheme.SidebarItem[] =>
    items.map((item) => ({
      ...item,
      ...(item.link === undefined ? {} : { link: item.link.replace(/\.md$/, '') }),
      ...(item.items === undefined ? {} : { items: strip(item.items) }),
    }));
  const generated = JSON.parse(readFileSync(file, 'utf8')) as DefaultTheme.SidebarItem[];
  return [{ text: 'API reference', link: '/api/', items: strip(generated) }];
}

const icon =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#3451b2"/>' +
  '<text x="16" y="23" font-family="sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="#fff">r</text></svg>';

const nav: DefaultTheme.NavItem[] = [
  ['Guide', 'getting-started'],
  ['Adapters', 'adapters/index'],
  ['Pagination', 'pagination/index'],
  ['API reference', 'api/index'],
  ['Decisions', 'decisions'],
].flatMap(([text, page]) =>
  page !== undefined && text !== undefined && existsSync(`${docs}${page}.md`)
    ? [{ text, link: link(page), activeMatch: `^${link(page).replace(/\/$/, '')}` }]
    : [],
);

export default defineConfig({
  title: 'restdash',
  description:
    'HTTP API versioning for Node.js (Express, Fastify, Hono, node:http, NestJS) and an accessible pagination component.',
  // The demo server (npm start) serves the built site under /docs/; `npm run docs` serves it there too.
  base: '/docs/',
  cleanUrls: true,
  // An icon of its own, inline: without one the browser asks the server for /favicon.ico, outside the site.
  head: [['link', { rel: 'icon', href: `data:image/svg+xml,${encodeURIComponent(icon)}` }]],
  ignoreDeadLinks: false,
  lastUpdated: false,
  srcExclude: ['screenshots/**', 'README.md'],
  markdown: { theme: { light: 'github-light', dark: 'github-dark' } },
  // The API reference of the root entry point is one long page (one chunk of about 700 kB), loaded only there.
  vite: { build: { chunkSizeWarningLimit: 1000 } },
  themeConfig: {
    nav,
    sidebar: [...guideSidebar(), ...apiSidebar()],
    // The detailed view shows each result's text: the API reference has many sections of the same title.
    search: { provider: 'local', options: { detailedView: true } },
    outline: { level: [2, 3] },
    footer: { message: 'MIT licensed' },
  },
});
