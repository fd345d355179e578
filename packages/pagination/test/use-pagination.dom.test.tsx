// The headless hook: the page model's items and setPage, driving markup that is not Bootstrap's.
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paginationItems } from '../src/index.js';
import { usePagination } from '../src/react/index.js';
import type { UsePaginationProps } from '../src/react/index.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Buttons instead of links: the kind of markup the hook is for. */
function Buttons(props: UsePaginationProps): ReactElement {
  const { items, activePage, setPage } = usePagination(props);
  return (
    <div>
      <p>Page {activePage ?? 'none'}</p>
      {items.map((item, index) =>
        item.kind === 'page' ? (
          <button key={item.value} aria-pressed={item.active} onClick={() => setPage(item.value)}>
            {item.value}
          </button>
        ) : item.kind === 'ellipsis' ? (
          <span key={`gap ${index}`}>…</span>
        ) : (
          <button key={item.kind} disabled={item.disabled} onClick={() => setPage(item.target)}>
            {item.kind}
          </button>
        ),
      )}
    </div>
  );
}

const pressed = () => screen.getByRole('button', { pressed: true }).textContent;

describe('usePagination', () => {
  test('items are the page model’s, for the same props', () => {
    const props = { max_value: 50, active_page: 25, fully_expanded: false, previous_next: true };
    const { result } = renderHook(() => usePagination({ ...props, boundaryCount: 2 }));
    expect(result.current.items).toEqual(paginationItems(props, { boundaryCount: 2 }));
    expect(result.current.activePage).toBe(25);
  });

  test('uncontrolled: keeps its own page, starting at 1, and reports each choice', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Buttons max_value={9} fully_expanded={false} previous_next onChange={onChange} />);
    expect(pressed()).toBe('1');
    await user.click(screen.getByRole('button', { name: '5' }));
    expect(pressed()).toBe('5');
    await user.click(screen.getByRole('button', { name: 'next' }));
    expect(pressed()).toBe('6');
    expect(screen.getByText(/^Page/).textContent).toBe('Page 6');
    expect(onChange.mock.calls.map(([page]) => page as number)).toEqual([5, 6]);
  });

  test('controlled by active_page and onChange, like the component', async () => {
    const user = userEvent.setup();
    function Parent(): ReactElement {
      const [page, setPage] = useState(3);
      return <Buttons max_value={5} active_page={page} onChange={setPage} />;
    }
    render(<Parent />);
    await user.click(screen.getByRole('button', { name: '4' }));
    expect(pressed()).toBe('4');
  });

  test('controlled by setProps: reports { active_page } and shows what comes back', async () => {
    const user = userEvent.setup();
    const setProps = vi.fn();
    const { rerender } = render(<Buttons max_value={5} setProps={setProps} />);
    await user.click(screen.getByRole('button', { name: '4' }));
    expect(setProps).toHaveBeenCalledWith({ active_page: 4 });
    expect(pressed()).toBe('1');
    rerender(<Buttons max_value={5} setProps={setProps} active_page={4} />);
    expect(pressed()).toBe('4');
  });

  test('with href, every page and control carries its URL; ellipses none', () => {
    const { result } = renderHook(() =>
      usePagination({
        max_value: 20,
        active_page: 10,
        fully_expanded: false,
        previous_next: true,
        href: (page) => `/cities?page=${page}`,
      }),
    );
    expect(result.current.items.map((item) => ('href' in item ? item.href : item.kind))).toEqual([
      '/cities?page=9',
      '/cities?page=1',
      'ellipsis',
      '/cities?page=9',
      '/cities?page=10',
      '/cities?page=11',
      'ellipsis',
      '/cities?page=20',
      '/cities?page=11',
    ]);
  });

  test('without href, no item has one', () => {
    const { result } = renderHook(() => usePagination({ max_value: 3, previous_next: true }));
    expect(result.current.items.some((item) => 'href' in item)).toBe(false);
  });

  test('activePage is null when active_page is off the grid or outside the range', () => {
    const { result, rerender } = renderHook((props: UsePaginationProps) => usePagination(props), {
      initialProps: { max_value: 9, step: 2, active_page: 4, onChange: () => undefined },
    });
    expect(result.current.activePage).toBeNull();
    rerender({ max_value: 9, step: 2, active_page: 99, onChange: () => undefined });
    expect(result.current.activePage).toBeNull();
    rerender({ max_value: 2, step: 0.1, active_page: 1 + 3 * 0.1, onChange: () => undefined });
    expect(result.current.activePage).toBe(1.3);
  });

  test.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'active_page %s gives the items and activePage of no active_page',
    (active_page) => {
      const props = { max_value: 100_000, fully_expanded: false, previous_next: true };
      const omitted = renderHook(() => usePagination(props)).result.current;
      const { result } = renderHook(() =>
        usePagination({ ...props, active_page, onChange: () => undefined }),
      );
      expect(result.current.items).toHaveLength(9);
      expect(result.current.items).toEqual(omitted.items);
      expect(result.current.activePage).toBe(1);
    },
  );

  test('setPage passes its event on to onChange', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => usePagination<string>({ max_value: 3, onChange }));
    act(() => {
      result.current.setPage(2, 'from the keyboard');
    });
    expect(onChange).toHaveBeenCalledWith(2, 'from the keyboard');
    expect(result.current.activePage).toBe(2);
  });

  test.each([Number.NaN, Number.POSITIVE_INFINITY, '2'])('setPage(%s) throws a TypeError', (page) => {
    const setProps = vi.fn();
    const { result } = renderHook(() => usePagination({ max_value: 3, setProps }));
    expect(() => {
      result.current.setPage(page as number);
    }).toThrow(new TypeError(`usePagination: setPage expects a finite number, received ${String(page)}.`));
    expect(setProps).not.toHaveBeenCalled();
  });

  test('a javascript: URL from href is refused', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => usePagination({ max_value: 2, href: () => 'javascript:void 0' }))).toThrow(
      TypeError,
    );
  });
});
