// Properties of the page model over random grids. Grids are built from integers scaled by 10^-d, so
// the exact grid value of index k is (minUnits + k·stepUnits) / 10^d, a correctly rounded double.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { paginationItems } from '../src/index.js';
import type { PageItem, PaginationProps } from '../src/index.js';

interface Grid {
  readonly decimals: number;
  readonly minUnits: number;
  readonly stepUnits: number;
  /** Number of grid values from min to the (raised) max. */
  readonly count: number;
  /** How far below the last grid value max_value sits, as a fraction of a step (0 = on the grid). */
  readonly shortfall: number;
}

const gridArb: fc.Arbitrary<Grid> = fc.record({
  decimals: fc.integer({ min: 0, max: 3 }),
  minUnits: fc.integer({ min: -100_000, max: 100_000 }),
  stepUnits: fc.integer({ min: 1, max: 1000 }),
  count: fc.integer({ min: 1, max: 400 }),
  shortfall: fc.constantFrom(0, 0, 0.25, 0.5, 0.999),
});

const valueAt = (grid: Grid, k: number): number => (grid.minUnits + k * grid.stepUnits) / 10 ** grid.decimals;

function gridProps(grid: Grid): PaginationProps {
  const step = grid.stepUnits / 10 ** grid.decimals;
  return {
    min_value: valueAt(grid, 0),
    step,
    max_value: grid.count === 1 ? valueAt(grid, 0) : valueAt(grid, grid.count - 1) - grid.shortfall * step,
  };
}

/** Where the active page is: on the grid at index k, or half a step beside it, or far outside. */
const activeArb = (grid: Grid): fc.Arbitrary<{ value: number; onGrid: boolean }> =>
  fc.oneof(
    fc.integer({ min: 0, max: grid.count - 1 }).map((k) => ({ value: valueAt(grid, k), onGrid: true })),
    fc
      .integer({ min: -1, max: grid.count - 1 })
      .map((k) => ({ value: (valueAt(grid, k) + valueAt(grid, k + 1)) / 2, onGrid: false })),
    fc.constantFrom(-1e9, 1e9).map((value) => ({ value, onGrid: false })),
  );

const caseArb = gridArb.chain((grid) =>
  fc.record({
    grid: fc.constant(grid),
    active: activeArb(grid),
    boundaryCount: fc.integer({ min: 0, max: 3 }),
    siblingCount: fc.integer({ min: 0, max: 3 }),
    fullyExpanded: fc.boolean(),
  }),
);

function indexOnGrid(grid: Grid, value: number): number {
  const k = Math.round((value * 10 ** grid.decimals - grid.minUnits) / grid.stepUnits);
  return valueAt(grid, k) === value ? k : Number.NaN;
}

const numbersOf = (items: readonly PageItem[]) =>
  items.flatMap((item) => (item.kind === 'page' ? [item] : []));

describe('paginationItems properties', () => {
  test('collapsed, never more than 2·boundary + 2·sibling + 3 numbers and ellipses', () => {
    fc.assert(
      fc.property(caseArb, ({ grid, active, boundaryCount, siblingCount }) => {
        const items = paginationItems(
          { ...gridProps(grid), active_page: active.value, fully_expanded: false },
          { boundaryCount, siblingCount },
        );
        const slots = items.filter((item) => item.kind === 'page' || item.kind === 'ellipsis').length;
        expect(slots).toBeLessThanOrEqual(2 * boundaryCount + 2 * siblingCount + 3);
        expect(slots).toBe(Math.min(grid.count, 2 * boundaryCount + 2 * siblingCount + 3));
      }),
    );
  });

  test('numbers are grid values, strictly increasing; consecutive unless an ellipsis hides two or more', () => {
    fc.assert(
      fc.property(caseArb, ({ grid, active, boundaryCount, siblingCount, fullyExpanded }) => {
        const items = paginationItems(
          { ...gridProps(grid), active_page: active.value, fully_expanded: fullyExpanded },
          { boundaryCount, siblingCount },
        );
        let previous: number | undefined;
        let hidden = false;
        for (const item of items) {
          if (item.kind === 'ellipsis') hidden = true;
          if (item.kind !== 'page') continue;
          const k = indexOnGrid(grid, item.value);
          expect(k, `${item.value} is on the grid`).toBeGreaterThanOrEqual(0);
          expect(k).toBeLessThan(grid.count);
          if (previous !== undefined) {
            if (hidden) expect(k - previous).toBeGreaterThanOrEqual(3);
            else expect(k - previous).toBe(1);
          }
          previous = k;
          hidden = false;
        }
      }),
    );
  });

  test('the active page is shown and highlighted exactly when it is on the grid', () => {
    fc.assert(
      fc.property(caseArb, ({ grid, active, boundaryCount, siblingCount, fullyExpanded }) => {
        const items = paginationItems(
          { ...gridProps(grid), active_page: active.value, fully_expanded: fullyExpanded },
          { boundaryCount, siblingCount },
        );
        const highlighted = numbersOf(items).filter((item) => item.active);
        expect(highlighted.map((item) => item.value)).toEqual(active.onGrid ? [active.value] : []);
      }),
    );
  });

  test('min and the raised max are always shown when boundaryCount ≥ 1', () => {
    fc.assert(
      fc.property(caseArb, ({ grid, active, boundaryCount, siblingCount, fullyExpanded }) => {
        const numbers = numbersOf(
          paginationItems(
            { ...gridProps(grid), active_page: active.value, fully_expanded: fullyExpanded },
            { boundaryCount: Math.max(1, boundaryCount), siblingCount },
          ),
        );
        expect(numbers[0]?.value).toBe(valueAt(grid, 0));
        expect(numbers.at(-1)?.value).toBe(valueAt(grid, grid.count - 1));
      }),
    );
  });

  test('previous and next go to the nearest grid values below and above the active page, within range', () => {
    fc.assert(
      fc.property(caseArb, ({ grid, active }) => {
        const items = paginationItems({
          ...gridProps(grid),
          active_page: active.value,
          previous_next: true,
          first_last: true,
        });
        const control = (kind: string) =>
          items.find((item) => item.kind === kind) as { target: number; disabled: boolean };
        const grids = Array.from({ length: grid.count }, (_, k) => valueAt(grid, k));
        const below = grids.filter((value) => value < active.value).at(-1);
        const above = grids.find((value) => value > active.value);
        expect(control('previous')).toEqual({
          kind: 'previous',
          target: below ?? grids[0],
          disabled: below === undefined,
        });
        expect(control('next')).toEqual({
          kind: 'next',
          target: above ?? grids.at(-1),
          disabled: above === undefined,
        });
        expect(control('first')).toEqual({
          kind: 'first',
          target: grids[0],
          disabled: active.value === grids[0],
        });
        expect(control('last')).toEqual({
          kind: 'last',
          target: grids.at(-1),
          disabled: active.value === grids.at(-1),
        });
      }),
    );
  });

  test('fully expanded lists every grid value from min to the raised max', () => {
    fc.assert(
      fc.property(gridArb, (grid) => {
        const values = numbersOf(paginationItems(gridProps(grid))).map((item) => item.value);
        expect(values).toEqual(Array.from({ length: grid.count }, (_, k) => valueAt(grid, k)));
      }),
    );
  });

  test('a value that rounds to zero from below is 0, not -0 (min -0.9, step 0.3)', () => {
    const values = numbersOf(
      paginationItems({ min_value: -0.9, step: 0.3, max_value: 0, fully_expanded: true }),
    ).map((item) => item.value);
    expect(values).toEqual([-0.9, -0.6, -0.3, 0]);
    expect(Object.is(values[3], 0)).toBe(true);
  });

  test('collapsed ranges up to 10^15 give 7 slots with on-grid neighbours of the active page', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 1e15 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (max_value, where) => {
          const active_page = 1 + Math.floor(where * (max_value - 1));
          const items = paginationItems({
            max_value,
            active_page,
            fully_expanded: false,
            previous_next: true,
          });
          expect(items.filter((item) => item.kind !== 'previous' && item.kind !== 'next')).toHaveLength(7);
          expect(
            numbersOf(items)
              .filter((item) => item.active)
              .map((item) => item.value),
          ).toEqual([active_page]);
          expect(items[0]).toEqual({
            kind: 'previous',
            target: Math.max(1, active_page - 1),
            disabled: active_page === 1,
          });
        },
      ),
    );
  });
});
