// The page-item model of Pagination as a list of items: the page model with its props checked.
import { ownValue } from './own-properties.js';
import { layOutPages } from './page-model.js';
import type { PageModelProps, PaginationItemsOptions } from './page-model.js';
import { describeValue } from './props.js';
import { validatePaginationProps } from './pagination.props.js';
import type { PaginationProps } from './pagination.props.js';

/** One item of a pagination, in display order. */
export type PageItem =
  | { readonly kind: 'page'; readonly value: number; readonly active: boolean }
  | { readonly kind: 'ellipsis' }
  | {
      readonly kind: 'first' | 'previous' | 'next' | 'last';
      /** The page this control selects; for a disabled control, the end it is stuck at. */
      readonly target: number;
      readonly disabled: boolean;
    };

export type { PaginationItemsOptions } from './page-model.js';

/** A layout option checked: `null` and `undefined` mean the default, anything else a non-negative integer. */
function countOption(name: keyof PaginationItemsOptions, value: unknown): number | undefined {
  if (value == null) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  const message = `paginationItems: option \`${name}\` expects a non-negative integer, received ${describeValue(value)}.`;
  throw typeof value === 'number' ? new RangeError(message) : new TypeError(message);
}

/**
 * The items to render for `props`: numbers, ellipses and, when asked for, first/previous/next/last.
 * Fully expanded (the default) or with at most `2·boundaryCount + 2·siblingCount + 3` numbers on the
 * grid, every number is listed; otherwise that many slots, as dash-bootstrap-components lays them out
 * (`1 2 3 4 5 … 10`, `1 … 4 5 6 … 10`, `1 … 6 7 8 9 10`). Collapsed, the cost does not depend on the range.
 *
 * @example
 * paginationItems({ max_value: 10, active_page: 5, fully_expanded: false });
 * // 1, …, 4, 5 (active), 6, …, 10 as { kind: 'page', value, active } and { kind: 'ellipsis' }
 *
 * @throws TypeError for invalid props (see `Pagination`) or an option that is not a number or has an unknown key.
 * @throws RangeError for a negative or fractional option, a `step` too small for the magnitude of the values,
 *   or more than 10,000 numbers to render (pass `fully_expanded: false`).
 */
export function paginationItems(
  props: PaginationProps,
  options: PaginationItemsOptions = {},
): readonly PageItem[] {
  const valid = validatePaginationProps(props);
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(
      `paginationItems expects its options as an object, received ${describeValue(options)}.`,
    );
  }
  for (const key of Object.keys(options)) {
    if (key !== 'boundaryCount' && key !== 'siblingCount') {
      throw new TypeError(
        `paginationItems received an unknown option \`${key}\`. Known options: boundaryCount, siblingCount.`,
      );
    }
  }
  // Own properties only, each read once: what is not given is undefined, never Object.prototype's.
  const model: PageModelProps = {
    max_value: valid.max_value,
    min_value: ownValue(valid, 'min_value'),
    step: ownValue(valid, 'step'),
    fully_expanded: ownValue(valid, 'fully_expanded'),
    first_last: ownValue(valid, 'first_last'),
    previous_next: ownValue(valid, 'previous_next'),
    boundaryCount: countOption('boundaryCount', ownValue(options, 'boundaryCount')),
    siblingCount: countOption('siblingCount', ownValue(options, 'siblingCount')),
  };
  return pageItems(model, ownValue(valid, 'active_page'));
}

/**
 * `paginationItems` without the type checks: the items of `layOutPages`, for props read as given (own
 * properties only) and `active` standing for `props.active_page`.
 */
export function pageItems(props: PageModelProps, active: number | null | undefined): PageItem[] {
  const items: PageItem[] = [];
  layOutPages(props, active, (kind, value, flag) => {
    if (kind === 'page') items.push({ kind, value, active: flag });
    else if (kind === 'ellipsis') items.push({ kind });
    else items.push({ kind, target: value, disabled: flag });
  });
  return items;
}
