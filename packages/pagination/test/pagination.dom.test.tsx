import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Pagination as PaginationDescription } from '../src/index.js';
import type { ComponentJSON } from '../src/index.js';
import { Pagination, PaginationItem, renderLayout } from '../src/react/index.js';
import type { PaginationComponentProps } from '../src/react/index.js';
import { StaticPagination } from '../src/static/index.js';

const icon = (sign: string, label: string) =>
  `<span aria-hidden="true">${sign}</span><span class="visually-hidden">${label}</span>`;
const link = (content: string, active = false) =>
  `<li class="page-item${active ? ' active' : ''}"><a class="page-link" href="#"${active ? ' aria-current="page"' : ''}>${content}</a></li>`;
const disabled = (content: string) =>
  `<li class="page-item disabled"><span class="page-link" aria-disabled="true">${content}</span></li>`;

function list(): HTMLElement {
  return screen.getByRole('list');
}

function activeText(): string | null {
  return list().querySelector('[aria-current="page"]')?.textContent ?? null;
}

function pageLink(name: string): HTMLElement {
  return within(list()).getByRole('link', { name });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('markup', () => {
  test('Bootstrap 5.3 markup with every control', () => {
    const { container } = render(<Pagination max_value={3} active_page={2} previous_next first_last />);
    expect(container.innerHTML).toBe(
      '<nav aria-label="Pagination"><ul class="pagination">' +
        link(icon('«', 'First')) +
        link(icon('‹', 'Previous')) +
        link('1') +
        link('2', true) +
        link('3') +
        link(icon('›', 'Next')) +
        link(icon('»', 'Last')) +
        '</ul></nav>',
    );
  });

  test('disabled controls and ellipses are spans with aria-disabled', () => {
    const { container } = render(
      <Pagination max_value={10} active_page={1} fully_expanded={false} previous_next first_last />,
    );
    expect(container.innerHTML).toBe(
      '<nav aria-label="Pagination"><ul class="pagination">' +
        disabled(icon('«', 'First')) +
        disabled(icon('‹', 'Previous')) +
        link('1', true) +
        link('2') +
        link('3') +
        link('4') +
        link('5') +
        disabled(icon('…', 'More')) +
        link('10') +
        link(icon('›', 'Next')) +
        link(icon('»', 'Last')) +
        '</ul></nav>',
    );
  });

  test('the list carries id, size, class_name, style and the loading state', () => {
    render(
      <Pagination
        max_value={2}
        id="pages"
        size="sm"
        class_name="mb-0 justify-content-center"
        style={{ marginTop: 4 }}
        loading_state={{ is_loading: true, prop_name: 'active_page', component_name: 'Pagination' }}
      />,
    );
    const ul = list();
    expect(ul.id).toBe('pages');
    expect(ul.className).toBe('pagination pagination-sm mb-0 justify-content-center');
    expect(ul.style.marginTop).toBe('4px');
    expect(ul.getAttribute('data-dash-is-loading')).toBe('true');
  });

  test('no loading attribute when not loading; lg size', () => {
    render(<Pagination max_value={2} size="lg" loading_state={{ is_loading: false }} />);
    expect(list().hasAttribute('data-dash-is-loading')).toBe(false);
    expect(list().className).toBe('pagination pagination-lg');
  });

  test.each([
    { props: { className: 'old' }, expected: 'pagination old' },
    { props: { class_name: 'new' }, expected: 'pagination new' },
    { props: { className: 'old', class_name: 'new' }, expected: 'pagination new' },
    { props: { className: null, class_name: null }, expected: 'pagination' },
  ])('class names $props → $expected', ({ props, expected }) => {
    render(<Pagination max_value={2} {...props} />);
    expect(list().className).toBe(expected);
  });

  test('labels translate every text for screen readers', () => {
    render(
      <Pagination
        max_value={10}
        active_page={5}
        fully_expanded={false}
        previous_next
        first_last
        labels={{
          nav: 'Seiten',
          first: 'Erste',
          previous: 'Zurück',
          next: 'Weiter',
          last: 'Letzte',
          more: 'Mehr',
        }}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'Seiten' })).toBeTruthy();
    expect(
      within(list())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['«Erste', '‹Zurück', '1', '…Mehr', '4', '5', '6', '…Mehr', '10', '›Weiter', '»Letzte']);
  });

  test('a partial labels object keeps the other defaults', () => {
    render(<Pagination max_value={2} previous_next labels={{ next: 'Suivant' }} />);
    expect(pageLink('Suivant')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
  });

  test('formatValue formats the page labels, which name the links', () => {
    const { container } = render(
      <Pagination
        max_value={13_524}
        active_page={13_524}
        fully_expanded={false}
        formatValue={(value) => value.toLocaleString('en-US')}
      />,
    );
    expect(
      within(list())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1', '…More', '13,520', '13,521', '13,522', '13,523', '13,524']);
    expect(pageLink('13,524').getAttribute('aria-current')).toBe('page');
    expect(container.innerHTML).toContain('<a class="page-link" href="#" aria-current="page">13,524</a>');
  });

  test('formatValue may return elements; clicks still choose the page value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Pagination max_value={3} onChange={onChange} formatValue={(value) => <strong>{value}</strong>} />,
    );
    await user.click(within(pageLink('2')).getByText('2'));
    expect(onChange).toHaveBeenCalledWith(2, expect.objectContaining({ type: 'click' }));
    expect(list().querySelector('[aria-current="page"]')?.innerHTML).toBe('<strong>2</strong>');
  });

  test('fractional pages render their grid value', () => {
    render(<Pagination max_value={1.3} step={0.1} active_page={1.2} />);
    expect(
      within(list())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['1', '1.1', '1.2', '1.3']);
    expect(activeText()).toBe('1.2');
  });

  test('boundaryCount and siblingCount reach the layout', () => {
    render(
      <Pagination
        max_value={20}
        active_page={10}
        fully_expanded={false}
        boundaryCount={2}
        siblingCount={0}
      />,
    );
    expect(
      within(list())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1', '2', '…More', '10', '…More', '19', '20']);
  });

  test('what no render can show throws its RangeError while rendering', () => {
    expect(() => renderToString(<Pagination max_value={10_001} />)).toThrow(
      new RangeError(
        'Pagination: 10001 page numbers are too many to render (limit 10000); use fully_expanded: false.',
      ),
    );
  });
});

describe('PaginationItem', () => {
  test('renders one page item on its own', () => {
    const { container } = render(
      <ul>
        <PaginationItem href="/page/2" active>
          2
        </PaginationItem>
        <PaginationItem label="Next" disabled>
          ›
        </PaginationItem>
      </ul>,
    );
    expect(container.innerHTML).toBe(
      '<ul><li class="page-item active"><a class="page-link" href="/page/2" aria-current="page">2</a></li>' +
        disabled(icon('›', 'Next')) +
        '</ul>',
    );
  });

  test('without href the click’s default is prevented', () => {
    const onClick = vi.fn((event: { defaultPrevented: boolean }) => event.defaultPrevented);
    render(
      <ul>
        <PaginationItem onClick={onClick}>1</PaginationItem>
      </ul>,
    );
    fireEvent.click(screen.getByRole('link'));
    expect(onClick).toHaveReturnedWith(true);
  });
});

describe('clicks', () => {
  test('controlled by setProps: calls setProps and onChange, shows what the parent passes back', async () => {
    const user = userEvent.setup();
    const setProps = vi.fn();
    const onChange = vi.fn();
    const { rerender } = render(
      <Pagination max_value={5} active_page={2} setProps={setProps} onChange={onChange} />,
    );
    await user.click(pageLink('4'));
    expect(setProps).toHaveBeenCalledWith({ active_page: 4 });
    expect(onChange).toHaveBeenCalledWith(4, expect.objectContaining({ type: 'click' }));
    expect(activeText()).toBe('2');
    rerender(<Pagination max_value={5} active_page={4} setProps={setProps} onChange={onChange} />);
    expect(activeText()).toBe('4');
  });

  test('controlled by setProps alone: the page stays at the default until passed back', async () => {
    const user = userEvent.setup();
    const setProps = vi.fn();
    render(<Pagination max_value={5} setProps={setProps} />);
    await user.click(pageLink('3'));
    expect(setProps).toHaveBeenCalledWith({ active_page: 3 });
    expect(activeText()).toBe('1');
  });

  test('uncontrolled: keeps its own page, starting at 1, and reports changes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination max_value={5} previous_next onChange={onChange} />);
    expect(activeText()).toBe('1');
    await user.click(pageLink('3'));
    expect(activeText()).toBe('3');
    await user.click(pageLink('Next'));
    expect(activeText()).toBe('4');
    expect(onChange.mock.calls.map(([page]) => page as number)).toEqual([3, 4]);
  });

  test('with useState as the parent', async () => {
    const user = userEvent.setup();
    function Parent(): ReactElement {
      const [page, setPage] = useState(7);
      return <Pagination max_value={20} active_page={page} fully_expanded={false} onChange={setPage} />;
    }
    render(<Parent />);
    await user.click(pageLink('8'));
    expect(
      within(list())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1', '…More', '7', '8', '9', '…More', '20']);
    expect(activeText()).toBe('8');
  });

  test('first, previous, next and last go to their targets', async () => {
    const user = userEvent.setup();
    const setProps = vi.fn();
    render(
      <Pagination max_value={9} step={2} active_page={5} setProps={setProps} previous_next first_last />,
    );
    for (const name of ['First', 'Previous', 'Next', 'Last']) await user.click(pageLink(name));
    expect(setProps.mock.calls.map(([props]) => props as unknown)).toEqual([
      { active_page: 1 },
      { active_page: 3 },
      { active_page: 7 },
      { active_page: 9 },
    ]);
  });

  test('disabled items and ellipses do nothing', async () => {
    const user = userEvent.setup();
    const setProps = vi.fn();
    render(
      <Pagination
        max_value={10}
        active_page={1}
        setProps={setProps}
        fully_expanded={false}
        previous_next
        first_last
      />,
    );
    for (const text of ['First', 'Previous', 'More']) {
      await user.click(within(list()).getAllByText(text)[0]!);
    }
    expect(setProps).not.toHaveBeenCalled();
  });

  test('onChange gets the link’s own click event: currentTarget is the link', async () => {
    const user = userEvent.setup();
    const targets: (string | null)[] = [];
    render(
      <Pagination
        max_value={3}
        previous_next
        onChange={(_page, event) =>
          targets.push(`${event.currentTarget.tagName} ${event.currentTarget.textContent}`)
        }
      />,
    );
    await user.click(pageLink('3'));
    await user.click(within(pageLink('Previous')).getByText('‹'));
    expect(targets).toEqual(['A 3', 'A ‹Previous']);
  });

  test('without href the link is # and the click’s default is prevented', async () => {
    const user = userEvent.setup();
    const prevented: boolean[] = [];
    render(<Pagination max_value={3} onChange={(_page, event) => prevented.push(event.defaultPrevented)} />);
    expect(pageLink('2').getAttribute('href')).toBe('#');
    await user.click(pageLink('2'));
    expect(prevented).toEqual([true]);
  });
});

describe('href mode', () => {
  // jsdom cannot navigate; a listener after React's stops it from trying.
  const stopNavigation = (event: Event) => {
    event.preventDefault();
  };
  afterEach(() => {
    document.removeEventListener('click', stopNavigation);
  });

  test('every enabled item is a real link to its page', () => {
    render(
      <Pagination max_value={3} active_page={2} previous_next href={(page) => `/results?page=${page}`} />,
    );
    expect(
      within(list())
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/results?page=1',
      '/results?page=1',
      '/results?page=2',
      '/results?page=3',
      '/results?page=3',
    ]);
  });

  test('a click is not prevented (the browser follows the link) and still reports the page', async () => {
    document.addEventListener('click', stopNavigation);
    const user = userEvent.setup();
    const seen: [number, boolean][] = [];
    render(
      <Pagination
        max_value={3}
        href={(page) => `/p/${page}`}
        onChange={(page, e) => seen.push([page, e.defaultPrevented])}
      />,
    );
    await user.click(pageLink('3'));
    expect(seen).toEqual([[3, false]]);
    expect(activeText()).toBe('3');
  });

  test.each(['ctrlKey', 'metaKey', 'shiftKey', 'altKey'])(
    'a %s click opens elsewhere and leaves the page as is',
    (key) => {
      document.addEventListener('click', stopNavigation);
      const onChange = vi.fn();
      render(<Pagination max_value={3} href={(page) => `/p/${page}`} onChange={onChange} />);
      fireEvent.click(pageLink('3'), { [key]: true });
      expect(onChange).not.toHaveBeenCalled();
      expect(activeText()).toBe('1');
    },
  );
});

describe('keyboard', () => {
  function focused(): string | null | undefined {
    return document.activeElement?.textContent;
  }

  test('arrow keys, Home and End move focus between enabled items, skipping disabled ones', async () => {
    const user = userEvent.setup();
    render(<Pagination max_value={10} active_page={1} fully_expanded={false} previous_next first_last />);
    act(() => {
      pageLink('1').focus();
    });
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe('2');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(focused()).toBe('1');
    await user.keyboard('{End}');
    expect(focused()).toBe('»Last');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(focused()).toBe('10');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(focused()).toBe('»Last');
    await user.keyboard('{Home}');
    expect(focused()).toBe('1');
  });

  test('Enter and Space choose the focused page', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination max_value={5} onChange={onChange} />);
    act(() => {
      pageLink('2').focus();
    });
    await user.keyboard('{Enter}');
    expect(activeText()).toBe('2');
    await user.keyboard('{ArrowRight}[Space]');
    expect(activeText()).toBe('3');
    expect(onChange.mock.calls.map(([page]) => page as number)).toEqual([2, 3]);
    expect(focused()).toBe('3');
  });

  test('other keys are left alone', () => {
    render(<Pagination max_value={5} />);
    act(() => {
      pageLink('2').focus();
    });
    expect(fireEvent.keyDown(pageLink('2'), { key: 'a' })).toBe(true);
    expect(fireEvent.keyDown(pageLink('2'), { key: 'ArrowRight' })).toBe(false);
  });

  describe('in the reading direction of the list', () => {
    /** Renders a pagination inside `wrap`, focuses page 3 and returns what each key then focuses. */
    async function keysFrom3(wrap: (pagination: ReactElement) => ReactElement) {
      const user = userEvent.setup();
      render(wrap(<Pagination max_value={5} active_page={3} previous_next onChange={() => undefined} />));
      const pressed: Record<string, string | null | undefined> = {};
      for (const key of ['ArrowLeft', 'ArrowRight', 'Home', 'End']) {
        act(() => {
          pageLink('3').focus();
        });
        await user.keyboard(`{${key}}`);
        pressed[key] = focused();
      }
      return pressed;
    }

    test('dir="rtl" on an ancestor: ArrowLeft moves to the next page, ArrowRight to the previous one', async () => {
      expect(
        await keysFrom3((pagination) => (
          <section dir="rtl">
            <div>{pagination}</div>
          </section>
        )),
      ).toEqual({ ArrowLeft: '4', ArrowRight: '2', Home: '‹Previous', End: '›Next' });
    });

    test('left to right by default', async () => {
      expect(await keysFrom3((pagination) => <div>{pagination}</div>)).toEqual({
        ArrowLeft: '2',
        ArrowRight: '4',
        Home: '‹Previous',
        End: '›Next',
      });
    });

    test('the nearest dir attribute decides: dir="ltr" inside dir="rtl" is left to right', async () => {
      expect(
        await keysFrom3((pagination) => (
          <div dir="RTL">
            <div dir="ltr">{pagination}</div>
          </div>
        )),
      ).toEqual({ ArrowLeft: '2', ArrowRight: '4', Home: '‹Previous', End: '›Next' });
    });

    test('dir="rtl" on the document element', async () => {
      document.documentElement.setAttribute('dir', 'rtl');
      try {
        expect(await keysFrom3((pagination) => pagination)).toMatchObject({
          ArrowLeft: '4',
          ArrowRight: '2',
        });
      } finally {
        document.documentElement.removeAttribute('dir');
      }
    });

    test('in a browser without :dir(), the nearest dir attribute decides', async () => {
      // Such a browser throws a SyntaxError for the selector; every other selector matches as before.
      vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
        if (selector.includes(':dir('))
          throw new DOMException(`'${selector}' is not a valid selector`, 'SyntaxError');
        return this.closest(selector) === this;
      });
      expect(await keysFrom3((pagination) => <div dir="rtl">{pagination}</div>)).toMatchObject({
        ArrowLeft: '4',
        ArrowRight: '2',
      });
      cleanup();
      expect(await keysFrom3((pagination) => <div dir="auto">{pagination}</div>)).toMatchObject({
        ArrowLeft: '2',
        ArrowRight: '4',
      });
    });
  });
});

describe('focus after a page change', () => {
  function focusedLink(): { text: string | null; current: string | null } {
    const element = document.activeElement;
    return { text: element?.textContent ?? null, current: element?.getAttribute('aria-current') ?? null };
  }

  test('Enter on Next until the end: focus moves to the active page when Next is disabled', async () => {
    const user = userEvent.setup();
    render(<Pagination max_value={3} previous_next />);
    act(() => {
      pageLink('Next').focus();
    });
    await user.keyboard('{Enter}');
    expect(focusedLink()).toEqual({ text: '›Next', current: null });
    await user.keyboard('{Enter}');
    expect(activeText()).toBe('3');
    expect(within(list()).queryByRole('link', { name: 'Next' })).toBeNull();
    expect(focusedLink()).toEqual({ text: '3', current: 'page' });
  });

  test('First and Last disable themselves: focus goes to the first and the last page', async () => {
    const user = userEvent.setup();
    function Parent(): ReactElement {
      const [page, setPage] = useState(10);
      return (
        <Pagination max_value={20} active_page={page} fully_expanded={false} first_last onChange={setPage} />
      );
    }
    render(<Parent />);
    act(() => {
      pageLink('Last').focus();
    });
    await user.keyboard('{Enter}');
    expect(focusedLink()).toEqual({ text: '20', current: 'page' });
    await user.keyboard('{Home}{Enter}');
    expect(focusedLink()).toEqual({ text: '1', current: 'page' });
  });

  test('a controlled page that comes back later still gets the focus back', async () => {
    const user = userEvent.setup();
    const setProps = vi.fn();
    const { rerender } = render(
      <Pagination max_value={5} active_page={4} previous_next setProps={setProps} />,
    );
    act(() => {
      pageLink('Next').focus();
    });
    await user.keyboard('{Enter}');
    expect(setProps).toHaveBeenCalledWith({ active_page: 5 });
    // An unrelated render before the answer (e.g. a loading state) keeps the focus where it is.
    rerender(
      <Pagination
        max_value={5}
        active_page={4}
        previous_next
        setProps={setProps}
        loading_state={{ is_loading: true }}
      />,
    );
    expect(focusedLink()).toEqual({ text: '›Next', current: null });
    rerender(<Pagination max_value={5} active_page={5} previous_next setProps={setProps} />);
    expect(focusedLink()).toEqual({ text: '5', current: 'page' });
  });

  test('with no active page, focus goes to the enabled item nearest to the disabled one', async () => {
    const user = userEvent.setup();
    const setProps = vi.fn();
    const { rerender } = render(
      <Pagination max_value={5} active_page={4} previous_next first_last setProps={setProps} />,
    );
    act(() => {
      pageLink('Next').focus();
    });
    await user.keyboard('{Enter}');
    // The parent answers with a page outside the range: Next and Last are disabled, nothing is active.
    rerender(<Pagination max_value={5} active_page={7} previous_next first_last setProps={setProps} />);
    expect(activeText()).toBeNull();
    expect(focusedLink()).toEqual({ text: '5', current: null });
  });

  test('focus that has moved on is left alone', async () => {
    const user = userEvent.setup();
    const setProps = vi.fn();
    const page = (active: number) => (
      <>
        <Pagination max_value={5} active_page={active} previous_next setProps={setProps} />
        <input aria-label="search" />
      </>
    );
    const { rerender } = render(page(3));
    act(() => {
      pageLink('Next').focus();
    });
    await user.keyboard('{Enter}');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
    rerender(page(5));
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
  });

  test('a click on a link that did not take focus does not pull focus into the list', () => {
    render(<Pagination max_value={2} previous_next />);
    // Safari does not focus links on click; fireEvent does not move focus either.
    fireEvent.click(pageLink('Next'));
    expect(activeText()).toBe('2');
    expect(document.activeElement).toBe(document.body);
  });
});

describe('renderLayout', () => {
  const layoutOf = (json: unknown) => JSON.parse(JSON.stringify(json)) as ComponentJSON;

  test('renders toJSON() of the description class and clicking works without a backend', async () => {
    const user = userEvent.setup();
    const layout = layoutOf(
      new PaginationDescription({ id: 'pages', max_value: 10, active_page: 5, fully_expanded: false }),
    );
    render(<>{renderLayout(layout)}</>);
    expect(list().id).toBe('pages');
    expect(activeText()).toBe('5');
    await user.click(pageLink('6'));
    expect(activeText()).toBe('6');
    await user.click(pageLink('10'));
    expect(
      within(list())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1', '…More', '6', '7', '8', '9', '10']);
  });

  test('children and lists nest through a registry', async () => {
    const user = userEvent.setup();
    function Section({ title, children }: { title: string; children?: ReactNode }): ReactElement {
      return (
        <section aria-label={title}>
          <h2>{title}</h2>
          {children}
        </section>
      );
    }
    const layout = [
      {
        type: 'Section',
        namespace: 'demo',
        props: { title: 'A', children: [new PaginationDescription({ max_value: 3 }).toJSON(), 'after'] },
      },
      {
        type: 'Section',
        namespace: 'demo',
        props: { title: 'B', children: new PaginationDescription({ max_value: 2, active_page: 2 }).toJSON() },
      },
    ];
    render(<>{renderLayout(layoutOf(layout), { Section })}</>);
    const a = screen.getByRole('region', { name: 'A' });
    const b = screen.getByRole('region', { name: 'B' });
    expect(a.textContent).toBe('A123after');
    await user.click(within(a).getByRole('link', { name: '3' }));
    expect(within(a).getByRole('link', { name: '3' }).getAttribute('aria-current')).toBe('page');
    expect(within(b).getByRole('link', { name: '2' }).getAttribute('aria-current')).toBe('page');
  });

  test('an unregistered type throws a TypeError naming it', () => {
    expect(() =>
      renderToString(<>{renderLayout({ type: 'Table', namespace: 'dash_table', props: {} })}</>),
    ).toThrow(new TypeError('renderLayout: no component registered for type Table; registered: Pagination.'));
  });

  test('a node that is not component JSON throws a TypeError showing it', () => {
    expect(() => renderLayout({ kind: 'Pagination' } as unknown as ComponentJSON)).toThrow(
      new TypeError('renderLayout: expected component JSON { props, type }, received {"kind":"Pagination"}.'),
    );
  });

  test('text, numbers and nothing render as themselves', () => {
    expect(renderToString(<>{renderLayout(['a', 1, null])}</>)).toBe('a<!-- -->1');
  });
});

describe('server rendering', () => {
  const examples: { name: string; props: PaginationComponentProps }[] = [
    { name: 'defaults', props: { max_value: 5 } },
    {
      name: 'collapsed with controls',
      props: { max_value: 50, active_page: 25, fully_expanded: false, previous_next: true, first_last: true },
    },
    {
      name: 'size, id and class',
      props: { max_value: 3, size: 'lg', id: 'p', class_name: 'x', loading_state: { is_loading: true } },
    },
    {
      name: 'href mode',
      props: { max_value: 4, active_page: 4, previous_next: true, href: (page) => `?page=${page}` },
    },
    { name: 'fractional grid', props: { max_value: 2, step: 0.25, min_value: 1, active_page: 1.5 } },
  ];

  test.each(examples)('renderToString gives the client’s markup: $name', ({ props }) => {
    const html = renderToString(<Pagination {...props} />);
    const { container } = render(<Pagination {...props} />);
    expect(html).toBe(container.innerHTML);
  });

  /** Hydrates server markup of `server` with `client` and returns what React reported. */
  function hydrate(server: ReactElement, client: ReactElement) {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(server);
    document.body.append(container);
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, client, { onRecoverableError: recoverable });
    });
    const result = { recoverable, errors: errors.mock.calls.length };
    act(() => {
      root?.unmount();
    });
    container.remove();
    return result;
  }

  test.each([
    ...examples,
    { name: 'with style', props: { max_value: 3, style: { marginBottom: 0, color: 'red' } } },
  ])('hydrates without mismatch: $name', ({ props }) => {
    const { recoverable, errors } = hydrate(<Pagination {...props} />, <Pagination {...props} />);
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).toBe(0);
  });

  test('StaticPagination’s server HTML hydrates into Pagination with the same href', () => {
    const props = {
      max_value: 40,
      active_page: 12,
      fully_expanded: false,
      previous_next: true,
      href: (page: number) => `/cities?page=${page}`,
      formatValue: (value: number) => value.toLocaleString('en-US'),
    };
    const { recoverable, errors } = hydrate(<StaticPagination {...props} />, <Pagination {...props} />);
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).toBe(0);
  });

  test('a markup difference would be reported by the hydration check', () => {
    const { recoverable } = hydrate(<Pagination max_value={3} />, <Pagination max_value={4} />);
    expect(recoverable).toHaveBeenCalled();
  });

  test('a hydrated pagination is interactive', async () => {
    const user = userEvent.setup();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Pagination max_value={5} />);
    document.body.append(container);
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, <Pagination max_value={5} />);
    });
    await user.click(within(container).getByRole('link', { name: '4' }));
    expect(container.querySelector('[aria-current="page"]')?.textContent).toBe('4');
    act(() => {
      root?.unmount();
    });
    container.remove();
  });
});
