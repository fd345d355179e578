// Attacker-shaped input at the React layer: script URLs from `href`, a polluted Object.prototype, and
// layouts that probe renderLayout's type lookup and recursion.
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test } from 'vitest';
import { Pagination as PaginationDescription } from '../src/index.js';
import type { ComponentJSON } from '../src/index.js';
import { Pagination, PaginationItem, renderLayout } from '../src/react/index.js';
import type { LayoutNode } from '../src/react/index.js';
import { safeUrls, scriptUrls } from './hrefs.cases.js';

const polluted = Object.prototype as Record<string, unknown>;

afterEach(() => {
  cleanup();
  for (const key of ['class_name', 'className', 'id', 'is_loading', 'previous'])
    Reflect.deleteProperty(polluted, key);
});

describe('href results that would run script are refused', () => {
  test.each(scriptUrls)('Pagination: $name', ({ url }) => {
    expect(() =>
      renderToString(<Pagination max_value={3} href={(page) => (page === 2 ? url : `/p/${page}`)} />),
    ).toThrow(
      new TypeError(
        `Pagination: href(2) is ${JSON.stringify(url)}: javascript: and data: URLs run script instead of navigating.`,
      ),
    );
  });

  test.each(scriptUrls)('PaginationItem: $name', ({ url }) => {
    expect(() => renderToString(<PaginationItem href={url}>1</PaginationItem>)).toThrow(
      new TypeError(
        `PaginationItem: href is ${JSON.stringify(url)}: javascript: and data: URLs run script instead of navigating.`,
      ),
    );
  });

  test('a control’s target is checked too', () => {
    expect(() =>
      renderToString(
        <Pagination
          max_value={3}
          active_page={2}
          previous_next
          href={(page) => (page === 3 ? 'javascript:x' : '/')}
        />,
      ),
    ).toThrow(TypeError);
  });

  test.each(safeUrls)('a link that navigates is rendered as given: %s', (url) => {
    render(<Pagination max_value={1} href={() => url} />);
    expect(screen.getByRole('link').getAttribute('href')).toBe(url);
    cleanup();
    render(
      <ul>
        <PaginationItem href={url}>1</PaginationItem>
      </ul>,
    );
    expect(screen.getByRole('link').getAttribute('href')).toBe(url);
  });
});

describe('a polluted Object.prototype does not reach the markup', () => {
  test('inherited class_name, className and id are not rendered', () => {
    polluted['class_name'] = 'evil';
    polluted['className'] = 'evil';
    polluted['id'] = 'evil';
    const html = renderToString(<Pagination max_value={2} />);
    expect(html).toBe(
      '<nav aria-label="Pagination"><ul class="pagination"><li class="page-item active"><a class="page-link" href="#" aria-current="page">1</a></li><li class="page-item"><a class="page-link" href="#">2</a></li></ul></nav>',
    );
  });

  test('an inherited loading_state.is_loading does not mark the list as loading', () => {
    polluted['is_loading'] = true;
    render(<Pagination max_value={2} loading_state={{}} />);
    expect(screen.getByRole('list').hasAttribute('data-dash-is-loading')).toBe(false);
  });

  test('an inherited label does not replace the default text', () => {
    polluted['previous'] = 'evil';
    render(<Pagination max_value={2} previous_next labels={{}} />);
    expect(screen.getByRole('list').textContent).toBe('‹Previous12›Next');
  });
});

describe('renderLayout looks types up in the registry’s own entries', () => {
  const layout = (type: string): ComponentJSON => ({ type, namespace: 'x', props: {} });

  test.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'type %s is not registered',
    (type) => {
      expect(() =>
        renderToString(<>{renderLayout(JSON.parse(JSON.stringify(layout(type))) as LayoutNode)}</>),
      ).toThrow(
        new TypeError(`renderLayout: no component registered for type ${type}; registered: Pagination.`),
      );
    },
  );

  test('a registry inheriting components does not lend them', () => {
    const registry = Object.create({ Section: () => null }) as Record<string, () => null>;
    expect(() => renderToString(<>{renderLayout(layout('Section'), registry)}</>)).toThrow(
      new TypeError('renderLayout: no component registered for type Section; registered: Pagination.'),
    );
  });

  test('type and props must be the node’s own', () => {
    const inherited = Object.create({ type: 'Pagination', props: { max_value: 3 } }) as LayoutNode;
    expect(() => renderLayout(inherited)).toThrow(
      new TypeError('renderLayout: expected component JSON { props, type }, received {}.'),
    );
  });

  test('props must be a plain object', () => {
    expect(() =>
      renderLayout({ type: 'Pagination', namespace: 'x', props: null } as unknown as LayoutNode),
    ).toThrow(
      new TypeError(
        'renderLayout: expected component JSON { props, type }, received {"type":"Pagination","namespace":"x","props":null}.',
      ),
    );
  });

  test.each([
    {
      value: (
        () => () =>
          undefined
      )(),
      shown: 'a function (anonymous)',
    },
    { value: Symbol('x'), shown: 'Symbol(x)' },
    { value: 10n, shown: '10n' },
  ])('a $shown in the layout is refused', ({ value, shown }) => {
    expect(() => renderLayout(['a', value] as unknown as LayoutNode)).toThrow(
      new TypeError(`renderLayout: expected a layout node, received ${shown}.`),
    );
  });

  test('booleans render nothing, as in React', () => {
    expect(renderToString(<>{renderLayout([true, 'a', false])}</>)).toBe('a');
  });

  test('a long node is cut in the message', () => {
    const node = { type: 1, props: {}, text: 'x'.repeat(500) } as unknown as LayoutNode;
    expect(() => renderLayout(node)).toThrow(
      new TypeError(
        `renderLayout: expected component JSON { props, type }, received {"type":1,"props":{},"text":"${'x'.repeat(48)}....`,
      ),
    );
  });
});

describe('renderLayout limits nesting', () => {
  function nestedArrays(depth: number): LayoutNode {
    let node: LayoutNode = 'deep';
    for (let level = 0; level < depth; level++) node = [node];
    return node;
  }

  const tooDeep = new RangeError(
    'renderLayout: the layout is nested more than 100 levels deep (arrays and children); flatten it.',
  );

  test('5,000 nested arrays throw a clear RangeError instead of overflowing the stack', () => {
    expect(() => renderLayout(nestedArrays(5000))).toThrow(tooDeep);
  });

  test('100 levels render', () => {
    expect(renderToString(<>{renderLayout(nestedArrays(100))}</>)).toBe('deep');
    expect(() => renderLayout(nestedArrays(101))).toThrow(tooDeep);
  });

  test('children of components count as levels too', () => {
    function Box({ children }: { children?: React.ReactNode }) {
      return <div>{children}</div>;
    }
    let node: LayoutNode = 'deep';
    for (let level = 0; level < 150; level++)
      node = { type: 'Box', namespace: 'x', props: { children: node } };
    expect(() => renderToString(<>{renderLayout(node, { Box })}</>)).toThrow(tooDeep);
  });
});

describe('renderLayout checks a Pagination layout where it enters', () => {
  test('a mistyped prop throws the description class’s TypeError', () => {
    const node = { type: 'Pagination', namespace: 'restdash_pagination', props: { max_value: '9' } };
    expect(() => renderLayout(node)).toThrow(
      new TypeError('Pagination: prop `max_value` expects a finite number, received "9".'),
    );
  });

  test('a layout every render would refuse throws its RangeError', () => {
    const node = { type: 'Pagination', namespace: 'restdash_pagination', props: { max_value: 1e6 } };
    expect(() => renderLayout(node)).toThrow(RangeError);
  });

  test('a registered component of that name gets the props as they are', () => {
    const seen: unknown[] = [];
    function Mine(props: object) {
      seen.push(props);
      return null;
    }
    const node = { type: 'Pagination', namespace: 'mine', props: { pages: 9 } };
    renderToString(<>{renderLayout(node, { Pagination: Mine })}</>);
    expect(seen).toEqual([expect.objectContaining({ pages: 9 })]);
  });

  test('toJSON() of the description class renders', () => {
    render(<>{renderLayout(new PaginationDescription({ max_value: 2 }).toJSON())}</>);
    expect(screen.getByRole('list').textContent).toBe('12');
  });
});
