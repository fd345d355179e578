import { describe, expect, test } from 'vitest';
import { paginationItems } from '../src/index.js';
import type { PageItem, PaginationProps } from '../src/index.js';
import { collapsePatterns, pageItemsCases } from './page-items.cases.js';
import { itemsText } from './support/items-text.js';

describe('paginationItems', () => {
  test.each(collapsePatterns)('$name → $items', ({ props, items }) => {
    expect(itemsText(paginationItems(props))).toBe(items);
  });

  test.each(pageItemsCases)('$name → $items', ({ props, options, items }) => {
    expect(itemsText(paginationItems(props, options))).toBe(items);
  });

  test('items have exactly the documented shapes', () => {
    expect(
      paginationItems({ max_value: 9, active_page: 5, fully_expanded: false, previous_next: true }),
    ).toEqual([
      { kind: 'previous', target: 4, disabled: false },
      { kind: 'page', value: 1, active: false },
      { kind: 'ellipsis' },
      { kind: 'page', value: 4, active: false },
      { kind: 'page', value: 5, active: true },
      { kind: 'page', value: 6, active: false },
      { kind: 'ellipsis' },
      { kind: 'page', value: 9, active: false },
      { kind: 'next', target: 6, disabled: false },
    ]);
  });

  test('a page value is the grid value itself, never an accumulated sum', () => {
    const values = paginationItems({ max_value: 2, step: 0.1 }).flatMap((item) =>
      item.kind === 'page' ? [item.value] : [],
    );
    expect(values).toEqual([1, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2]);
  });
});

/** dash-bootstrap-components' own layout (Pagination.js), in value space, for on-grid integer pages. */
function dbcLayout(min: number, max: number, step: number, active: number): string {
  const raised = (max - min) % step === 0 ? max : max + step - ((max - min) % step);
  const page = (value: number): string => (value === active ? `[${value}]` : String(value));
  const out: string[] = [];
  if (Math.floor((raised - min) / step) + 1 <= 7) {
    for (let value = min; value <= raised; value += step) out.push(page(value));
    return out.join(' ');
  }
  out.push(page(min));
  if (active <= min + step * 3) {
    out.push(...[1, 2, 3, 4].map((k) => page(min + step * k)), '…');
  } else if (active >= raised - step * 3) {
    out.push('…', ...[4, 3, 2, 1].map((k) => page(raised - step * k)));
  } else {
    out.push('…', page(active - step), page(active), page(active + step), '…');
  }
  out.push(page(raised));
  return out.join(' ');
}

describe('paginationItems matches dash-bootstrap-components with default options', () => {
  const ranges = [
    { min: 1, step: 1, counts: [1, 5, 7, 8, 9, 10, 11, 12, 15, 30] },
    { min: 0, step: 1, counts: [8, 13] },
    { min: -3, step: 2, counts: [8, 9, 14] },
    { min: 10, step: 5, counts: [7, 8, 11, 20] },
  ];
  const rows = ranges.flatMap(({ min, step, counts }) =>
    counts.flatMap((count) =>
      Array.from({ length: count }, (_, k) => ({
        min,
        step,
        max: min + (count - 1) * step,
        active: min + k * step,
      })),
    ),
  );

  test.each(rows)('min $min, max $max, step $step, active $active', ({ min, max, step, active }) => {
    const props: PaginationProps = {
      min_value: min,
      max_value: max,
      step,
      active_page: active,
      fully_expanded: false,
    };
    expect(itemsText(paginationItems(props))).toBe(dbcLayout(min, max, step, active));
  });

  test.each([4, 6, 9])('max_value off the step (min 1, step 2, max %d) is raised like dbc', (max) => {
    const props: PaginationProps = { max_value: max, step: 2, active_page: 3, fully_expanded: false };
    expect(itemsText(paginationItems(props))).toBe(dbcLayout(1, max, 2, 3));
  });
});

describe('paginationItems cost', () => {
  const numbers = (items: readonly PageItem[]): number => items.filter((item) => item.kind === 'page').length;

  test('collapsed, the item count does not depend on the range', () => {
    for (const max_value of [10, 1e3, 1e6, 1e9, 1e12, 1e15]) {
      expect(numbers(paginationItems({ max_value, active_page: 5, fully_expanded: false }))).toBe(5);
      expect(numbers(paginationItems({ max_value, active_page: max_value / 2, fully_expanded: false }))).toBe(
        5,
      );
    }
  });

  test('fully expanded renders up to 10,000 numbers', () => {
    expect(numbers(paginationItems({ max_value: 10_000 }))).toBe(10_000);
  });
});
