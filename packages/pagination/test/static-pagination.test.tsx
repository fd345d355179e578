// StaticPagination in plain server rendering (Node, no DOM): the same HTML as the React Pagination with
// the same href, and no hooks, so it also renders as a React Server Component.
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import type { CSSProperties } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { Pagination } from '../src/react/index.js';
import { StaticPagination } from '../src/static/index.js';
import type { StaticPaginationProps } from '../src/static/index.js';
import { CitiesPage } from './fixtures/server-page.js';
import { scriptUrls } from './hrefs.cases.js';
import { collapsePatterns, pageItemsCases } from './page-items.cases.js';
import { nonPlainStyles } from './styles.cases.js';

const href = (page: number) => `/cities?page=${page}`;

const presentation: readonly { name: string; props: Partial<StaticPaginationProps> }[] = [
  { name: 'plain', props: {} },
  { name: 'every control', props: { first_last: true, previous_next: true } },
  {
    name: 'list attributes',
    props: {
      id: 'pages',
      size: 'sm',
      class_name: 'mb-0',
      style: { marginTop: 4, color: 'red' },
      loading_state: { is_loading: true },
    },
  },
  {
    name: 'labels and formatValue',
    props: {
      previous_next: true,
      labels: { nav: 'Seiten', previous: 'Zurück', next: 'Weiter', more: 'Mehr' },
      formatValue: (value: number) => value.toLocaleString('de-DE'),
    },
  },
];

describe('StaticPagination', () => {
  test.each(
    [...collapsePatterns, ...pageItemsCases].flatMap(({ name, props, options }) =>
      presentation.map((extra) => ({
        name: `${name}, ${extra.name}`,
        props: { ...props, ...options, ...extra.props },
      })),
    ),
  )('renders the HTML of Pagination with the same href: $name', ({ props }) => {
    const html = renderToString(<StaticPagination {...props} href={href} />);
    expect(html).toBe(renderToString(<Pagination {...props} href={href} />));
    expect(html).toContain('href="/cities?page=');
    expect(html).not.toContain('href="#"');
  });

  test('renders from a server module without "use client"', () => {
    const source = readFileSync(new URL('./fixtures/server-page.tsx', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*['"]use client['"]/m);
    expect(renderToStaticMarkup(<CitiesPage page={13_524} pages={13_524} />)).toBe(
      '<main><h1>Cities, page 13524</h1><nav aria-label="Pagination"><ul class="pagination">' +
        '<li class="page-item"><a class="page-link" href="?page=1"><span aria-hidden="true">«</span><span class="visually-hidden">First</span></a></li>' +
        '<li class="page-item"><a class="page-link" href="?page=13523"><span aria-hidden="true">‹</span><span class="visually-hidden">Previous</span></a></li>' +
        '<li class="page-item"><a class="page-link" href="?page=1">1</a></li>' +
        '<li class="page-item disabled"><span class="page-link" aria-disabled="true"><span aria-hidden="true">…</span><span class="visually-hidden">More</span></span></li>' +
        '<li class="page-item"><a class="page-link" href="?page=13520">13,520</a></li>' +
        '<li class="page-item"><a class="page-link" href="?page=13521">13,521</a></li>' +
        '<li class="page-item"><a class="page-link" href="?page=13522">13,522</a></li>' +
        '<li class="page-item"><a class="page-link" href="?page=13523">13,523</a></li>' +
        '<li class="page-item active"><a class="page-link" href="?page=13524" aria-current="page">13,524</a></li>' +
        '<li class="page-item disabled"><span class="page-link" aria-disabled="true"><span aria-hidden="true">›</span><span class="visually-hidden">Next</span></span></li>' +
        '<li class="page-item disabled"><span class="page-link" aria-disabled="true"><span aria-hidden="true">»</span><span class="visually-hidden">Last</span></span></li>' +
        '</ul></nav></main>',
    );
  });

  test('uses no hooks: it can be called as a plain function, outside any render', () => {
    // A component with a hook throws here: no React renderer is rendering it.
    const element = StaticPagination({ max_value: 3, active_page: 2, href });
    expect(renderToStaticMarkup(element)).toBe(
      renderToStaticMarkup(<Pagination max_value={3} active_page={2} href={href} />),
    );
  });

  test('without href it throws a TypeError: links are its only way to change the page', () => {
    const props = { max_value: 3 } as StaticPaginationProps;
    expect(() => renderToString(createElement(StaticPagination, props))).toThrow(
      new TypeError('StaticPagination: prop `href` expects a function (page) => URL, received undefined.'),
    );
  });

  test.each(scriptUrls)('refuses a script URL from href: $name', ({ url }) => {
    expect(() => renderToString(<StaticPagination max_value={2} href={() => url} />)).toThrow(TypeError);
  });

  test.each(nonPlainStyles)('refuses style as $name in development builds', ({ style, received }) => {
    expect(() =>
      renderToString(<StaticPagination max_value={3} style={style as CSSProperties} href={href} />),
    ).toThrow(
      new TypeError(`Pagination: prop \`style\` expects a plain object of CSS values, received ${received}.`),
    );
  });

  test('refuses what every render refuses with the page model’s RangeError', () => {
    expect(() => renderToString(<StaticPagination max_value={1e6} href={href} />)).toThrow(
      new RangeError(
        'Pagination: 1000000 page numbers are too many to render (limit 10000); use fully_expanded: false.',
      ),
    );
  });
});
