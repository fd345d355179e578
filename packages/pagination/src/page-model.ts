// The page model of Pagination, free of any framework and of type checks: which numbers, ellipses and
// controls to show, in display order. Values are computed from their index on the grid min + k·step,
// never by accumulation. `paginationItems` checks props before calling it; the components trust theirs.
import type { PaginationProps } from './pagination.props.js';

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

/** What the page model reads: the Dash props that shape it and the layout options. */
export interface PageModelProps
  extends
    Pick<
      PaginationProps,
      'first_last' | 'fully_expanded' | 'max_value' | 'min_value' | 'previous_next' | 'step'
    >,
    PaginationItemsOptions {}

/**
 * Receives the items of a pagination one by one, in display order: a `page` with its value and whether
 * it is active; a control with its target page and whether it is disabled; an `ellipsis`, always
 * disabled, with value 0 before the active page's window and 1 after it.
 */
export type PageItemSink = (
  kind: 'page' | 'ellipsis' | 'first' | 'previous' | 'next' | 'last',
  value: number,
  flag: boolean,
) => void;

/** More numbers than this in one pagination is a mistake, not a UI: it throws instead of freezing the page. */
const maxRenderedNumbers = 10_000;

/** How many decimals `value` has, at most 100 (what `toFixed` takes): 0.25 has 2, 1e-7 has 7, 1e21 none. */
function decimalPlaces(value: number): number {
  let places = 0;
  while (places < 100 && Math.round(value * 10 ** places) / 10 ** places !== value) places++;
  return places;
}

/**
 * Lays out `props` with `active` as the active page (`null`, `undefined`, `NaN` and ±Infinity mean 1) and
 * hands each item to `emit`;
 * `checkPageLayout` hands them to nothing, to throw what every layout would. Fully expanded (the default) or
 * with at most `2·boundaryCount + 2·siblingCount + 3` numbers on the grid, every number is listed;
 * otherwise that many slots, as dash-bootstrap-components lays them out (`1 2 3 4 5 … 10`,
 * `1 … 4 5 6 … 10`, `1 … 6 7 8 9 10`), at a cost that does not depend on the range. Props are read as
 * given: pass own properties only.
 *
 * @throws RangeError for a `step` too small for the magnitude of the values, or more than 10,000 numbers to render.
 */
export function layOutPages(
  props: PageModelProps,
  active: number | null | undefined,
  emit: PageItemSink,
): void {
  const { fully_expanded, max_value: max } = props;
  const min = props.min_value ?? 1;
  const step = props.step ?? 1;
  const boundary = props.boundaryCount ?? 1;
  const sibling = props.siblingCount ?? 1;
  const scale = Math.max(Math.abs(min), Math.abs(max));
  if (
    step < 2 ** (Math.floor(Math.log2(scale + step)) - 52) ||
    // Indices past 2^53 - 1 are no longer exact integers.
    (max - min) / step >= 2 ** 53
  ) {
    throw new RangeError(
      process.env.NODE_ENV === 'production'
        ? `Pagination: step ${step} is too small.`
        : `Pagination: step ${step} is too small for values as large as ${scale}.`,
    );
  }
  const decimals = Math.max(decimalPlaces(min), decimalPlaces(step));
  // The value at index k, rounded to the decimals of min and step: 1 + 3 × 0.1 gives 1.3, not 1.3000000000000003.
  // Integer min and step give integer values, exact already (and most grids are integer ones). A value that rounds
  // to zero from below (-0.9 + 3 × 0.3) is 0, not -0.
  const at = (k: number) =>
    decimals && decimals < 100 ? +(min + k * step).toFixed(decimals) + 0 : min + k * step;
  // The first index whose value reaches `value` (0 below min), corrected for float error in the division.
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
  // NaN and ±Infinity (`Number()` of a missing or malformed query parameter) are no page: the default
  // applies, as when none is given. NaN would otherwise turn every index test false and list every number.
  const page = Number.isFinite(active) ? (active as number) : 1;
  // An active page within a billionth of a step of a grid value is that value (`activeIndex`, -1 when
  // none is active); otherwise it sits between grid values, or outside the range.
  const tolerance = step * 1e-9;
  const above = reach(page - tolerance);
  // Beyond the range, `above` is past `last`: no number shown is active then.
  const onGrid = at(above) <= page + tolerance;
  const activeIndex = onGrid ? above : -1;
  // The first index above the active page; `above - 1` is the last one below it.
  const next = onGrid ? above + 1 : above;
  // MUI's and Zag's range with boundary and sibling counts, worked in index space (1/1 gives dbc's 7
  // slots): a window of 2·sibling + 1 numbers around the active page (or the grid value below it),
  // kept clear of the ends; an ellipsis hides what lies between. Expanded, every number is shown.
  const start = Math.max(Math.min(next - 1 - sibling, last - boundary - 2 * sibling - 1), boundary + 1);

  // A control targets a grid value in range; a disabled one the end it is stuck at.
  if (props.first_last) emit('first', at(0), activeIndex === 0);
  if (props.previous_next) emit('previous', at(Math.max(0, Math.min(above - 1, last))), above < 1);
  for (let k = 0; k <= last; k++) {
    // The last index of the gap `k` would fall in: before the window, or before the last numbers.
    const gapEnd = k < start ? start - 1 : last - boundary;
    // A gap of one number shows it; a longer one is an ellipsis (on side 0 before the window, 1 after it).
    if (!expanded && k >= boundary && k < gapEnd && (k < start || k > start + 2 * sibling)) {
      emit('ellipsis', k < start ? 0 : 1, true);
      k = gapEnd;
    } else emit('page', at(k), k === activeIndex);
  }
  if (props.previous_next) emit('next', at(Math.min(last, next)), next > last);
  if (props.first_last) emit('last', at(last), activeIndex === last);
}

/**
 * Throws the `RangeError`s every render of `props` would throw, whatever its active page: for the
 * description class, so the mistake surfaces where it is made instead of in each browser.
 */
export function checkPageLayout(props: PageModelProps): void {
  // The checks come first: what follows them only lays out items, which nothing receives here.
  layOutPages(props, null, () => undefined);
}
