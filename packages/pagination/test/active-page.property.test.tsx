// An active page that is no page number: NaN (what `Number()` gives for a missing or malformed query
// parameter) and ±Infinity render as if `active_page` were not given, and no number at all can make a
// collapsed pagination list more than its slots. The description class and paginationItems, which
// type-check their props, refuse a non-finite active_page instead.
import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { Pagination as PaginationDescription, paginationItems } from '../src/index.js';
import { Pagination } from '../src/react/index.js';
import { StaticPagination } from '../src/static/index.js';
import type { StaticPaginationProps } from '../src/static/index.js';

const href = (page: number) => `?page=${page}`;

const notANumber = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY] as const;

/** Any double (fast-check's include NaN, ±Infinity, -0 and subnormals), NaN and ±Infinity often. */
const activeArb = fc.oneof(
  fc.constantFrom(...notANumber),
  fc.double(),
  fc.integer({ min: -5, max: 100_005 }),
);

/** Collapsed props over ranges of up to 100,000 numbers, with every control and layout option. */
const collapsedArb = fc.record({
  max_value: fc.integer({ min: 1, max: 100_000 }),
  min_value: fc.integer({ min: -3, max: 3 }),
  step: fc.constantFrom(1, 2, 0.5),
  first_last: fc.boolean(),
  previous_next: fc.boolean(),
  boundaryCount: fc.integer({ min: 0, max: 3 }),
  siblingCount: fc.integer({ min: 0, max: 3 }),
});

const itemCount = (html: string) => html.split('<li ').length - 1;

describe('an active_page that is not a finite number', () => {
  test('collapsed, no active_page makes StaticPagination or Pagination render more than its slots', () => {
    fc.assert(
      fc.property(collapsedArb, activeArb, (props, active_page) => {
        const slots = 2 * props.boundaryCount + 2 * props.siblingCount + 3;
        const given: StaticPaginationProps = { ...props, active_page, fully_expanded: false, href };
        const html = renderToString(<StaticPagination {...given} />);
        expect(itemCount(html)).toBeLessThanOrEqual(slots + 4);
        expect(renderToString(<Pagination {...given} onChange={() => undefined} />)).toBe(html);
      }),
    );
  });

  test('NaN and ±Infinity render what no active_page renders, collapsed or not', () => {
    fc.assert(
      fc.property(
        collapsedArb,
        fc.constantFrom(...notANumber),
        fc.boolean(),
        (props, active_page, fully_expanded) => {
          const omitted = { ...props, max_value: Math.min(props.max_value, 500), fully_expanded, href };
          const expected = renderToString(<StaticPagination {...omitted} />);
          expect(renderToString(<StaticPagination {...omitted} active_page={active_page} />)).toBe(expected);
          expect(
            renderToString(<Pagination {...omitted} active_page={active_page} onChange={() => undefined} />),
          ).toBe(expected);
        },
      ),
    );
  });

  test.each(notANumber)('Pagination with active_page %s shows page 1 as the current page', (active_page) => {
    const html = renderToString(
      <Pagination
        max_value={100_000}
        active_page={active_page}
        fully_expanded={false}
        previous_next
        onChange={() => undefined}
      />,
    );
    // ‹ 1 2 3 4 5 … 100000 ›, as without active_page: not 100,000 links.
    expect(itemCount(html)).toBe(9);
    expect(html).toContain('<a class="page-link" href="#" aria-current="page">1</a>');
    expect(html).toContain('href="#">100000</a>');
  });

  test.each(notANumber)(
    'the description class and paginationItems refuse %s with a TypeError',
    (active_page) => {
      const message = `Pagination: prop \`active_page\` expects a finite number, received ${active_page}.`;
      expect(() => new PaginationDescription({ max_value: 9, active_page })).toThrow(new TypeError(message));
      expect(() => paginationItems({ max_value: 9, active_page })).toThrow(new TypeError(message));
    },
  );

  test('paginationItems either refuses an active_page or lists no more than the slots', () => {
    fc.assert(
      fc.property(collapsedArb, activeArb, ({ boundaryCount, siblingCount, ...props }, active_page) => {
        const call = () =>
          paginationItems({ ...props, active_page, fully_expanded: false }, { boundaryCount, siblingCount });
        if (!Number.isFinite(active_page)) expect(call).toThrow(TypeError);
        else expect(call().length).toBeLessThanOrEqual(2 * boundaryCount + 2 * siblingCount + 3 + 4);
      }),
    );
  });
});
