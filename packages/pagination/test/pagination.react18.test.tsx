// The component under React 18.3, the oldest supported peer (the project aliases react and react-dom).
// Only react and react-dom are imported here: testing libraries would load React 19 themselves.
import * as React from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { Pagination as PaginationDescription } from '../src/index.js';
import { Pagination, PaginationItem, renderLayout, usePagination } from '../src/react/index.js';
import { StaticPagination } from '../src/static/index.js';
import { safeUrls, scriptUrls } from './hrefs.cases.js';

const expected =
  '<nav aria-label="Pagination"><ul class="pagination pagination-sm">' +
  '<li class="page-item"><a class="page-link" href="#"><span aria-hidden="true">‹</span><span class="visually-hidden">Previous</span></a></li>' +
  '<li class="page-item"><a class="page-link" href="#">1</a></li>' +
  '<li class="page-item disabled"><span class="page-link" aria-disabled="true"><span aria-hidden="true">…</span><span class="visually-hidden">More</span></span></li>' +
  '<li class="page-item"><a class="page-link" href="#">4</a></li>' +
  '<li class="page-item active"><a class="page-link" href="#" aria-current="page">5</a></li>' +
  '<li class="page-item"><a class="page-link" href="#">6</a></li>' +
  '<li class="page-item disabled"><span class="page-link" aria-disabled="true"><span aria-hidden="true">…</span><span class="visually-hidden">More</span></span></li>' +
  '<li class="page-item"><a class="page-link" href="#">10</a></li>' +
  '<li class="page-item"><a class="page-link" href="#"><span aria-hidden="true">›</span><span class="visually-hidden">Next</span></a></li>' +
  '</ul></nav>';

const element = <Pagination max_value={10} active_page={5} fully_expanded={false} previous_next size="sm" />;

let mounted: { container: HTMLDivElement; root: Root } | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  if (!mounted) return;
  const { container, root } = mounted;
  act(() => {
    root.unmount();
  });
  container.remove();
  mounted = undefined;
});

function mount(node: React.ReactNode): HTMLDivElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => {
    root.render(node);
  });
  mounted = { container, root };
  return container;
}

function click(container: HTMLElement, name: string): void {
  const link = [...container.querySelectorAll('a')].find((a) => a.textContent === name);
  if (!link) throw new Error(`no link ${name} in ${container.innerHTML}`);
  act(() => {
    link.click();
  });
}

describe('React 18', () => {
  test('the aliased React is 18', () => {
    expect(React.version.startsWith('18')).toBe(true);
  });

  test('createRoot renders the Bootstrap markup', () => {
    expect(mount(element).innerHTML).toBe(expected);
  });

  test('renderToString gives the same markup', () => {
    expect(renderToString(element)).toBe(expected);
  });

  test('uncontrolled clicks move the active page', () => {
    const container = mount(<Pagination max_value={5} previous_next />);
    click(container, '3');
    click(container, '›Next');
    expect(container.querySelector('[aria-current="page"]')?.textContent).toBe('4');
  });

  test('a focused Next that becomes disabled hands focus to the active page', () => {
    const container = mount(<Pagination max_value={2} previous_next />);
    const next = [...container.querySelectorAll('a')].find((a) => a.textContent === '›Next');
    act(() => {
      next?.focus();
      next?.click();
    });
    const focused = document.activeElement;
    expect([focused?.textContent, focused?.getAttribute('aria-current')]).toEqual(['2', 'page']);
  });

  test('renderLayout wires setProps to local state', () => {
    const layout = JSON.parse(
      JSON.stringify(new PaginationDescription({ max_value: 4, active_page: 2 })),
    ) as Parameters<typeof renderLayout>[0];
    const container = mount(renderLayout(layout));
    click(container, '4');
    expect(container.querySelector('[aria-current="page"]')?.textContent).toBe('4');
  });

  test('renderLayout renders toJSON() as it is', () => {
    const container = mount(
      renderLayout(new PaginationDescription({ max_value: 3, active_page: 3 }).toJSON()),
    );
    expect(container.querySelector('[aria-current="page"]')?.textContent).toBe('3');
  });

  test('StaticPagination renders the HTML of Pagination with the same href', () => {
    const props = {
      max_value: 50,
      active_page: 25,
      fully_expanded: false,
      previous_next: true,
      first_last: true,
    };
    const href = (page: number) => `/cities?page=${page}`;
    const html = renderToString(<StaticPagination {...props} href={href} />);
    expect(html).toBe(renderToString(<Pagination {...props} href={href} />));
    expect(mount(<StaticPagination {...props} href={href} />).innerHTML).toBe(html);
  });

  test('arrow keys follow dir="rtl" on an ancestor', () => {
    const container = mount(
      <div dir="rtl">
        <Pagination max_value={5} active_page={3} onChange={() => undefined} />
      </div>,
    );
    const links = [...container.querySelectorAll('a')];
    const press = (key: string) => {
      links[2]?.focus();
      act(() => {
        document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      });
      return document.activeElement?.textContent;
    };
    expect([press('ArrowLeft'), press('ArrowRight')]).toEqual(['4', '2']);
  });

  test('usePagination drives markup of its own', () => {
    function Buttons() {
      const { items, activePage, setPage } = usePagination({ max_value: 4, href: (page) => `?p=${page}` });
      return (
        <p>
          {items.map((item) =>
            item.kind === 'page' ? (
              <button key={item.value} data-href={item.href} onClick={() => setPage(item.value)}>
                {item.value}
              </button>
            ) : null,
          )}
          <output>{activePage}</output>
        </p>
      );
    }
    const container = mount(<Buttons />);
    act(() => {
      container.querySelectorAll('button')[2]?.click();
    });
    expect(container.querySelector('output')?.textContent).toBe('3');
    expect(container.querySelector('button')?.dataset['href']).toBe('?p=1');
  });

  test.each(scriptUrls)('refuses a script URL, which React 18 would render as is: $name', ({ url }) => {
    expect(() => renderToString(<Pagination max_value={2} href={() => url} />)).toThrow(TypeError);
    expect(() => renderToString(<StaticPagination max_value={2} href={() => url} />)).toThrow(TypeError);
    expect(() => renderToString(<PaginationItem href={url}>1</PaginationItem>)).toThrow(TypeError);
  });

  test.each(safeUrls)('renders a link that navigates as given: %s', (url) => {
    const html = renderToString(<PaginationItem href={url}>1</PaginationItem>);
    expect(html).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
  });
});
