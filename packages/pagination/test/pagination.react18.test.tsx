// The component under React 18.3, the oldest supported peer (the project aliases react and react-dom).
// Only react and react-dom are imported here: testing libraries would load React 19 themselves.
import * as React from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { Pagination as PaginationDescription } from '../src/index.js';
import { Pagination, renderLayout } from '../src/react/index.js';

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
});
