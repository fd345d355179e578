import { useState } from 'react';
import { withHrefs } from '../links.js';
import type { LinkedPageItem } from '../links.js';
import { ownProperties } from '../own-properties.js';
import { pageItems } from '../page-items.js';
import type { PageModelProps } from '../page-model.js';

/**
 * Props of `usePagination`: those of `Pagination` that decide its pages. `Event` is what `setPage`
 * passes on to `onChange` (`Pagination` passes the click).
 */
export interface UsePaginationProps<Event = void> extends PageModelProps {
  /**
   * The currently active page; giving it makes the pagination controlled. A value off the grid or
   * outside the range highlights nothing.
   * @default 1
   */
  active_page?: number | null | undefined;
  /** Dash's callback: called with `{ active_page }` when a page is chosen. Giving it makes the pagination controlled. */
  setProps?: ((props: { active_page: number }) => void) | undefined;
  /** Called with each chosen page, and the event `setPage` was given. */
  onChange?: ((page: number, event: Event) => void) | undefined;
  /** The URL of each page, set as `href` on the items. */
  href?: ((page: number) => string) | undefined;
}

/** A page item of `usePagination`, with the URL of its page when the `href` prop is given. */
export type UsePaginationItem = LinkedPageItem;

/** What `usePagination` returns: the items to render and the way to choose a page. */
export interface UsePaginationResult<Event = void> {
  /** The page model's items in display order; pages and controls carry `href` when the `href` prop is given. */
  readonly items: readonly UsePaginationItem[];
  /** The active page's value, or `null` when no page is active (`active_page` off the grid or outside the range). */
  readonly activePage: number | null;
  /**
   * Chooses `page` as a click does: `setProps({ active_page })`, `onChange(page, event)`, and, when
   * uncontrolled, the pagination's own page.
   * @throws TypeError when `page` is not a finite number.
   */
  readonly setPage: (page: number, event: Event) => void;
}

let warnedClicksIgnored = false;

/** Like React's controlled input without `onChange`: a page given with no way to hear of a new one. */
function warnIfClicksIgnored<Event>(props: UsePaginationProps<Event>): void {
  if (warnedClicksIgnored || props.active_page == null) return;
  // With `href` a click follows the link, and the page it loads shows its own active page.
  if (props.setProps || props.onChange || props.href) return;
  warnedClicksIgnored = true;
  console.warn(
    'Pagination: `active_page` is given without `setProps` or `onChange`, so choosing a page changes nothing. ' +
      'Pass `onChange` (or `setProps`) and give the chosen page back as `active_page`, or leave `active_page` out ' +
      'and the pagination keeps its own page.',
  );
}

/**
 * The headless pagination: the items of the page model and a way to choose a page, for markup of your
 * own. Controlled when `active_page` or `setProps` is given (the parent passes the chosen page back),
 * otherwise it keeps its own page, starting at 1 — exactly like `Pagination`.
 *
 * @example
 * const { items, activePage, setPage } = usePagination({ max_value: 20, fully_expanded: false });
 * items.map((item) => item.kind === 'page'
 *   ? <button key={item.value} aria-pressed={item.active} onClick={() => setPage(item.value)}>{item.value}</button>
 *   : …);
 *
 * @throws RangeError while rendering, for more than 10,000 numbers or a step too small for the values.
 * @throws TypeError while rendering, when `href` gives a `javascript:` or `data:` URL.
 */
export function usePagination<Event = void>(props: UsePaginationProps<Event>): UsePaginationResult<Event> {
  const own = ownProperties(props);
  const [activePage, choose] = usePageState(own);
  const items = withHrefs(pageItems(own, activePage), own.href);
  const active = items.find((item) => item.kind === 'page' && item.active);
  return {
    items,
    activePage: active?.kind === 'page' ? active.value : null,
    setPage: (page, event) => {
      if (!Number.isFinite(page)) {
        throw new TypeError(`usePagination: setPage expects a finite number, received ${String(page)}.`);
      }
      choose(page, event);
    },
  };
}

/** What `usePageState` returns: the page to render, and the way to choose one without checks. */
export type PageState<Event> = readonly [
  active: number | null | undefined,
  choose: (page: number, event: Event) => void,
];

/**
 * The active page of a pagination whose props are already copied to an object of their own properties
 * (`ownProperties`): `active_page` when controlled, else its own, starting at 1. `choose` calls
 * `setProps` and `onChange` and, when uncontrolled, keeps the page; it trusts `page` (it comes from the model).
 */
export function usePageState<Event>(own: UsePaginationProps<Event>): PageState<Event> {
  const { setProps, onChange } = own;
  const controlled = own.active_page != null || setProps !== undefined;
  const [ownPage, setOwnPage] = useState(1);
  // Development builds only, like React's own warnings; bundlers drop it from production builds.
  if (process.env.NODE_ENV !== 'production') warnIfClicksIgnored(own);
  return [
    controlled ? own.active_page : ownPage,
    (page, event) => {
      if (!controlled) setOwnPage(page);
      setProps?.({ active_page: page });
      onChange?.(page, event);
    },
  ];
}
