// The page-item model of Pagination, free of any framework: which numbers, ellipses and controls
// to show. Values are computed from their index on the grid min + k·step, never by accumulation.
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

/** How a collapsed pagination (`fully_expanded: false`) is laid out; not Dash props. `null` means the default. */
export interface PaginationItemsOptions {
  /**
   * How many numbers are always shown at each end.
   * @default 1
   */
  boundaryCount?: number | null | undefined;
  /**
   * How many numbers are shown on each side of the active page.
   * @default 1
   */
  siblingCount?: number | null | undefined;
}

/** More numbers than this in one pagination is a mistake, not a UI: it throws instead of freezing the page. */
const maxRenderedNumbers = 10_000;

function countOption(options: object, name: keyof PaginationItemsOptions): void {
  const value = (options as PaginationItemsOptions)[name] ?? 0;
  if (Number.isSafeInteger(value) && value >= 0) return;
  const message = `paginationItems: option \`${name}\` expects a non-negative integer, received ${describeValue(value)}.`;
  throw typeof value === 'number' ? new RangeError(message) : new TypeError(message);
}

function decimalPlaces(value: number): number {
  const [digits = '', exponent = '0'] = String(value).split('e');
  return Math.max(0, (digits.split('.')[1]?.length ?? 0) - Number(exponent));
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
  countOption(options, 'boundaryCount');
  countOption(options, 'siblingCount');
  return pageItems(valid, options);
}

/**
 * `paginationItems` without the type checks, for the React layer: props are trusted (typed, or checked
 * in development builds); the range checks that keep a page from freezing still apply.
 */
export function pageItems(props: PaginationProps, options: PaginationItemsOptions): PageItem[] {
  const { first_last, fully_expanded, max_value: max, previous_next } = props;
  const active = props.active_page ?? 1;
  const min = props.min_value ?? 1;
  const step = props.step ?? 1;
  const boundary = options.boundaryCount ?? 1;
  const sibling = options.siblingCount ?? 1;

  const scale = Math.max(Math.abs(min), Math.abs(max));
  if (
    step < 2 ** (Math.floor(Math.log2(scale + step)) - 52) ||
    (max - min) / step > Number.MAX_SAFE_INTEGER
  ) {
    throw new RangeError(`Pagination: step ${step} is too small for values as large as ${scale}.`);
  }
  // Rounding to the decimals of min and step removes float noise: 1 + 3 × 0.1 gives 1.3, not 1.3000000000000003.
  const decimals = Math.max(decimalPlaces(min), decimalPlaces(step));
  const at = (k: number): number =>
    decimals > 100 ? min + k * step : Number((min + k * step).toFixed(decimals));
  // The first index whose grid value reaches `value` (0 below min), corrected for float error in the division.
  const reach = (value: number): number => {
    const k = Math.max(0, Math.ceil((value - min) / step));
    if (k > 0 && at(k - 1) >= value) return k - 1;
    return at(k) < value ? k + 1 : k;
  };

  // max_value is raised to the first grid value that reaches it (below min: min itself).
  const last = reach(max);
  // An active page within a billionth of a step of a grid value is that value; otherwise it sits
  // between grid values and `index` is the one just below it (-1 below the range, `last` above it).
  const tolerance = step * 1e-9;
  const above = reach(active - tolerance);
  const onGrid = above <= last && at(above) <= active + tolerance;
  const index = onGrid ? above : Math.min(above, last + 1) - 1;
  const previous = onGrid ? index - 1 : index;

  const items: PageItem[] = [];
  const control = (kind: 'first' | 'previous' | 'next' | 'last', target: number, disabled: boolean): void => {
    items.push({ kind, target: at(Math.min(last, Math.max(0, target))), disabled });
  };
  // Shows the numbers from..to after those shown so far: a gap of one number shows it, a longer one an ellipsis.
  let shown = 0; // indices below it are listed or behind an ellipsis
  const show = (from: number, to: number): void => {
    let k = shown;
    if (from > shown + 1) {
      items.push({ kind: 'ellipsis' });
      k = from;
    }
    for (; k <= to; k++) items.push({ kind: 'page', value: at(k), active: onGrid && k === index });
    shown = to + 1;
  };

  if (first_last) control('first', 0, onGrid && index === 0);
  if (previous_next) control('previous', previous, previous < 0);

  const count = last + 1;
  const slots = 2 * boundary + 2 * sibling + 3;
  const expanded = fully_expanded !== false || count <= slots;
  const rendered = expanded ? count : slots;
  if (rendered > maxRenderedNumbers) {
    throw new RangeError(
      `Pagination: ${rendered} page numbers are too many to render (limit ${maxRenderedNumbers}); use ${fully_expanded === false ? 'a smaller boundaryCount or siblingCount' : 'fully_expanded: false'}.`,
    );
  }
  if (expanded) {
    show(0, last);
  } else {
    // MUI's and Zag's range with boundary and sibling counts, worked in index space; 1/1 gives dbc's 7 slots.
    const anchor = Math.max(0, index);
    show(0, boundary - 1);
    show(
      Math.max(Math.min(anchor - sibling, count - boundary - 2 * sibling - 2), boundary + 1),
      Math.min(Math.max(anchor + sibling, boundary + 2 * sibling + 1), count - boundary - 2),
    );
    show(count - boundary, last);
  }

  if (previous_next) control('next', index + 1, index + 1 > last);
  if (first_last) control('last', last, onGrid && index === last);
  return items;
}
