// The page-item model of Pagination, free of any framework: which numbers, ellipses and controls
// to show. Values are computed from their index on the grid min + k·step, never by accumulation.
import { ownValue } from './own-properties.js';
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

/** A layout option checked: `null` and `undefined` mean the default, anything else a non-negative integer. */
function countOption(name: keyof PaginationItemsOptions, value: unknown): number | undefined {
  if (value == null) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  const message = `paginationItems: option \`${name}\` expects a non-negative integer, received ${describeValue(value)}.`;
  throw typeof value === 'number' ? new RangeError(message) : new TypeError(message);
}

/** How many decimals `value` has, at most 100 (what `toFixed` takes): 0.25 has 2, 1e-7 has 7, 1e21 none. */
function decimalPlaces(value: number): number {
  let places = 0;
  while (places < 100 && Math.round(value * 10 ** places) / 10 ** places !== value) places++;
  return places;
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

/** What the page model reads: the Dash props that shape it and the layout options. */
export interface PageModelProps
  extends
    Pick<
      PaginationProps,
      'first_last' | 'fully_expanded' | 'max_value' | 'min_value' | 'previous_next' | 'step'
    >,
    PaginationItemsOptions {}

/** The grid `min_value + k·step` of a pagination, and how much of it is shown. */
interface PageGrid {
  /** The value at index `k`, rounded to the decimals of min and step: 1 + 3 × 0.1 gives 1.3, not 1.3000000000000003. */
  readonly at: (k: number) => number;
  /** The first index whose value reaches `value` (0 below min), corrected for float error in the division. */
  readonly reach: (value: number) => number;
  /** The index of the last value (the raised `max_value`). */
  readonly last: number;
  /** Whether every number is listed. */
  readonly expanded: boolean;
  readonly step: number;
  readonly boundary: number;
  readonly sibling: number;
}

/**
 * The grid of `props`; values are computed from their index, never accumulated.
 *
 * @throws RangeError for a `step` too small for the values, or more than 10,000 numbers to render.
 */
function pageGrid(props: PageModelProps): PageGrid {
  const { fully_expanded, max_value: max } = props;
  const min = props.min_value ?? 1;
  const step = props.step ?? 1;
  const boundary = props.boundaryCount ?? 1;
  const sibling = props.siblingCount ?? 1;
  const scale = Math.max(Math.abs(min), Math.abs(max));
  if (
    step < 2 ** (Math.floor(Math.log2(scale + step)) - 52) ||
    (max - min) / step > Number.MAX_SAFE_INTEGER
  ) {
    throw new RangeError(`Pagination: step ${step} is too small for values as large as ${scale}.`);
  }
  const decimals = Math.max(decimalPlaces(min), decimalPlaces(step));
  const at = (k: number) => {
    const value = min + k * step;
    // Integer min and step give integer values, exact already (and most grids are integer ones).
    return decimals && decimals < 100 ? Number(value.toFixed(decimals)) : value;
  };
  const reach = (value: number) => {
    const k = Math.max(0, Math.ceil((value - min) / step));
    return k > 0 && at(k - 1) >= value ? k - 1 : at(k) < value ? k + 1 : k;
  };
  // max_value is raised to the first grid value that reaches it (below min: min itself).
  const last = reach(max);
  const slots = 2 * boundary + 2 * sibling + 3;
  const expanded = fully_expanded !== false || last < slots;
  const rendered = expanded ? last + 1 : slots;
  if (rendered > maxRenderedNumbers) {
    throw new RangeError(
      `Pagination: ${rendered} page numbers are too many to render (limit ${maxRenderedNumbers}); use ${fully_expanded === false ? 'a smaller boundaryCount or siblingCount' : 'fully_expanded: false'}.`,
    );
  }
  return { at, reach, last, expanded, step, boundary, sibling };
}

/**
 * Throws the `RangeError`s every render of `props` would throw, whatever its active page: for the
 * description class, so the mistake surfaces where it is made instead of in each browser.
 */
export function checkPageLayout(props: PageModelProps): void {
  pageGrid(props);
}

/**
 * `paginationItems` without the type checks, for the React layer: props are trusted (typed), and read
 * as given, so the caller passes own properties only. The range checks that keep a page from freezing
 * still apply. `active` stands for `props.active_page`, so an uncontrolled component needs no copy of its props.
 */
export function pageItems(props: PageModelProps, active: number | null | undefined): PageItem[] {
  const { at, reach, last, expanded, step, boundary, sibling } = pageGrid(props);
  const page = active ?? 1;
  // An active page within a billionth of a step of a grid value is that value; otherwise it sits
  // between grid values and `index` is the one just below it (-1 below the range, `last` above it).
  const tolerance = step * 1e-9;
  const above = reach(page - tolerance);
  const onGrid = above <= last && at(above) <= page + tolerance;
  const index = onGrid ? above : Math.min(above, last + 1) - 1;
  const activeIndex = onGrid ? index : -1;
  const previous = onGrid ? index - 1 : index;
  const next = index + 1;

  const items: PageItem[] = [];
  // A control targets a grid value in range; a disabled one the end it is stuck at.
  const control = (kind: 'first' | 'previous' | 'next' | 'last', k: number, disabled: boolean) => {
    items.push({ kind, target: at(k), disabled });
  };
  // Indices below `shown` are listed or behind an ellipsis. Numbers from..to come next: a gap of one
  // number shows it, a longer one an ellipsis.
  let shown = 0;
  const numbers = (from: number, to: number) => {
    if (from > shown + 1) items.push({ kind: 'ellipsis' });
    else from = shown;
    for (let k = from; k <= to; k++) items.push({ kind: 'page', value: at(k), active: k === activeIndex });
    shown = to + 1;
  };

  if (props.first_last) control('first', 0, activeIndex === 0);
  if (props.previous_next) control('previous', Math.max(0, previous), previous < 0);
  if (expanded) {
    numbers(0, last);
  } else {
    // MUI's and Zag's range with boundary and sibling counts, worked in index space; 1/1 gives dbc's 7 slots.
    const anchor = Math.max(0, index);
    numbers(0, boundary - 1);
    numbers(
      Math.max(Math.min(anchor - sibling, last - boundary - 2 * sibling - 1), boundary + 1),
      Math.min(Math.max(anchor + sibling, boundary + 2 * sibling + 1), last - boundary - 1),
    );
    numbers(last + 1 - boundary, last);
  }
  if (props.previous_next) control('next', Math.min(last, next), next > last);
  if (props.first_last) control('last', last, activeIndex === last);
  return items;
}
