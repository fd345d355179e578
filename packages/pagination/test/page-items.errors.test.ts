import { describe, expect, test } from 'vitest';
import { paginationItems } from '../src/index.js';
import type { PaginationItemsOptions } from '../src/index.js';

describe('paginationItems options', () => {
  test.each([
    {
      options: { boundaryCount: '1' },
      error: TypeError,
      message: 'paginationItems: option `boundaryCount` expects a non-negative integer, received "1".',
    },
    {
      options: { siblingCount: true },
      error: TypeError,
      message: 'paginationItems: option `siblingCount` expects a non-negative integer, received true.',
    },
    {
      options: { boundaryCount: -1 },
      error: RangeError,
      message: 'paginationItems: option `boundaryCount` expects a non-negative integer, received -1.',
    },
    {
      options: { siblingCount: 1.5 },
      error: RangeError,
      message: 'paginationItems: option `siblingCount` expects a non-negative integer, received 1.5.',
    },
    {
      options: { siblingCount: Number.POSITIVE_INFINITY },
      error: RangeError,
      message: 'paginationItems: option `siblingCount` expects a non-negative integer, received Infinity.',
    },
    {
      options: { boundary: 1 },
      error: TypeError,
      message:
        'paginationItems received an unknown option `boundary`. Known options: boundaryCount, siblingCount.',
    },
    {
      options: null,
      error: TypeError,
      message: 'paginationItems expects its options as an object, received null.',
    },
    {
      options: 3,
      error: TypeError,
      message: 'paginationItems expects its options as an object, received 3.',
    },
  ])('$options → $error.name', ({ options, error, message }) => {
    const call = () =>
      paginationItems({ max_value: 20, fully_expanded: false }, options as PaginationItemsOptions);
    expect(call).toThrow(error);
    expect(call).toThrow(message);
  });

  test('options left undefined or null take their defaults', () => {
    const items = paginationItems(
      { max_value: 20, fully_expanded: false },
      { boundaryCount: undefined, siblingCount: null },
    );
    expect(items).toEqual(paginationItems({ max_value: 20, fully_expanded: false }));
  });
});

describe('paginationItems range limits', () => {
  test('fully expanded beyond 10,000 numbers throws a RangeError naming the count and the fix', () => {
    const call = () => paginationItems({ max_value: 1_000_000 });
    expect(call).toThrow(RangeError);
    expect(call).toThrow(
      'Pagination: 1000000 page numbers are too many to render (limit 10000); use fully_expanded: false.',
    );
  });

  test('10,001 numbers is one too many', () => {
    expect(() => paginationItems({ max_value: 10_001 })).toThrow('10001 page numbers');
  });

  test('collapsed with boundary and sibling counts that still render more than 10,000 numbers', () => {
    const call = () => paginationItems({ max_value: 1e6, fully_expanded: false }, { boundaryCount: 5000 });
    expect(call).toThrow(
      new RangeError(
        'Pagination: 10005 page numbers are too many to render (limit 10000); use a smaller boundaryCount or siblingCount.',
      ),
    );
  });

  test('a boundaryCount so large that nothing collapses counts too', () => {
    const call = () =>
      paginationItems({ max_value: 20_000, fully_expanded: false }, { boundaryCount: 10_000 });
    expect(call).toThrow(
      new RangeError(
        'Pagination: 20000 page numbers are too many to render (limit 10000); use a smaller boundaryCount or siblingCount.',
      ),
    );
  });

  test('a step too small for the magnitude of the values throws instead of repeating numbers', () => {
    const call = () => paginationItems({ max_value: 1e15, step: 0.1, fully_expanded: false });
    expect(call).toThrow(
      new RangeError('Pagination: step 0.1 is too small for values as large as 1000000000000000.'),
    );
  });

  test('a step of 1 is fine up to 2^52', () => {
    const items = paginationItems({ max_value: 2 ** 52, active_page: 2 ** 51, fully_expanded: false });
    expect(items.filter((item) => item.kind === 'page').map((item) => item.value)).toEqual([
      1,
      2 ** 51 - 1,
      2 ** 51,
      2 ** 51 + 1,
      2 ** 52,
    ]);
  });
});
