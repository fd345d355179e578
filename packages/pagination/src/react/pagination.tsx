import { useEffect, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactElement, ReactNode } from 'react';
import { pageItems, paginationItems } from '../page-items.js';
import type { PageItem, PaginationItemsOptions } from '../page-items.js';
import type { PaginationProps } from '../pagination.props.js';
import { itemElement, labelled } from './pagination-item.js';

/** The texts of a pagination, to translate it. */
export interface PaginationLabels {
  /**
   * The `aria-label` of the `nav`.
   * @default 'Pagination'
   */
  nav: string;
  /** @default 'First' */
  first: string;
  /** @default 'Previous' */
  previous: string;
  /** @default 'Next' */
  next: string;
  /** @default 'Last' */
  last: string;
  /**
   * What screen readers hear for an ellipsis.
   * @default 'More'
   */
  more: string;
}

/** Props of the React `Pagination`: the Dash props plus the layout options and React's own callbacks. */
export interface PaginationComponentProps extends Omit<PaginationProps, 'style'>, PaginationItemsOptions {
  /** Inline CSS for the list. */
  style?: CSSProperties | null | undefined;
  /** Dash's callback: called with `{ active_page }` when a page is chosen. Giving it makes the component controlled. */
  setProps?: ((props: { active_page: number }) => void) | undefined;
  /** Called with the chosen page and the click event (call `event.preventDefault()` to stop an `href` navigation). */
  onChange?: ((page: number, event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  /** The URL of each page: items become real links (middle-click, crawlers); without it they are `href="#"`. */
  href?: ((page: number) => string) | undefined;
  /** Texts for screen readers, e.g. for translation; missing ones keep their English default. */
  labels?: Partial<PaginationLabels> | undefined;
}

type Control = 'first' | 'previous' | 'next' | 'last' | 'more';

const defaultLabels: PaginationLabels = {
  nav: 'Pagination',
  first: 'First',
  previous: 'Previous',
  next: 'Next',
  last: 'Last',
  more: 'More',
};

const icons = { first: '«', previous: '‹', next: '›', last: '»', more: '…' } as const;

/** A control or an ellipsis: its icon and its text for screen readers, in a link to `link` or, disabled, a span. */
function iconItem(control: Control, key: string, label: string, link: string | undefined): ReactElement {
  return itemElement(
    key,
    link === undefined ? 'page-item disabled' : 'page-item',
    link,
    false,
    labelled(icons[control], label),
  );
}

// Made once: React skips an element it rendered before when it gets the very same one again, and with
// the default texts and without `href` the controls and the ellipses are the same on every render.
const linkItems: Partial<Record<string, ReactElement>> = {};
const spanItems: Partial<Record<string, ReactElement>> = {};
for (const key of ['first', 'previous', 'next', 'last', 'ellipsis start', 'ellipsis end'] as const) {
  const control = key.startsWith('ellipsis') ? 'more' : (key as Control);
  linkItems[key] = iconItem(control, key, defaultLabels[control], '#');
  spanItems[key] = iconItem(control, key, defaultLabels[control], undefined);
}

/** A control or an ellipsis with its `label` (`undefined`: the default) and its `link` (`undefined`: disabled). */
function controlItem(
  control: Control,
  key: string,
  label: string | undefined,
  link: string | undefined,
): ReactElement {
  if (label === undefined) {
    const shared = link === undefined ? spanItems[key] : link === '#' ? linkItems[key] : undefined;
    if (shared) return shared;
  }
  return iconItem(control, key, label ?? defaultLabels[control], link);
}

/** The items, type-checked as `paginationItems` does: what development builds render. */
function checkedItems(
  props: PaginationComponentProps,
  active: number | null | undefined,
): readonly PageItem[] {
  // The React-only props are no Dash props: left out, the rest is checked like the description class's.
  const {
    setProps: _setProps,
    onChange: _onChange,
    href: _href,
    labels: _labels,
    boundaryCount,
    siblingCount,
    ...dashProps
  } = props;
  return paginationItems({ ...dashProps, active_page: active } as PaginationProps, {
    boundaryCount,
    siblingCount,
  });
}

/** Focuses the active page's link or, when no page is active, the enabled link nearest to `item`. */
function focusActive(list: HTMLUListElement, item: Element): void {
  const items = [...list.children];
  // -1 when the item itself is gone: the first link is then the nearest.
  const position = items.indexOf(item);
  const distance = (link: Element) => Math.abs(items.indexOf(link.parentElement as Element) - position);
  const links = [...list.querySelectorAll('a')].sort((a, b) => distance(a) - distance(b));
  (list.querySelector<HTMLElement>('[aria-current]') ?? links[0])?.focus();
}

function moveFocus(event: KeyboardEvent<HTMLUListElement>): void {
  const links = [...event.currentTarget.querySelectorAll('a')];
  // Only links take focus in the list, so the key was pressed on one of them.
  const current = links.indexOf(event.target as HTMLAnchorElement);
  if (event.key === ' ') {
    // A link, unlike a button, does not activate on Space.
    event.preventDefault();
    links[current]?.click();
    return;
  }
  const target = (
    { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: links.length - 1 } as const
  )[event.key as 'Home'] as number | undefined;
  if (target === undefined) return;
  event.preventDefault();
  // Past either end there is no link: focus stays on the end link.
  links[target]?.focus();
}

/**
 * dash-bootstrap-components' Pagination with Bootstrap 5.3 markup: `nav > ul.pagination > li.page-item`.
 * Controlled when `active_page` or `setProps` is given; otherwise it keeps its own page, starting at 1.
 *
 * @example
 * const [page, setPage] = useState(1);
 * <Pagination max_value={20} active_page={page} fully_expanded={false} previous_next onChange={setPage} />
 *
 * @throws TypeError or RangeError while rendering, for the props `paginationItems` rejects.
 */
export function Pagination(props: PaginationComponentProps): ReactElement {
  const { setProps, onChange, href, labels } = props;
  const controlled = props.active_page != null || setProps !== undefined;
  const [ownPage, setOwnPage] = useState(1);
  // The item whose focused link chose a page, and its list, until the change has rendered.
  const chosen = useRef<{ item: Element; list: HTMLUListElement } | null>(null);
  useEffect(() => {
    if (!chosen.current) return;
    const { item, list } = chosen.current;
    const focused = document.activeElement;
    // Still focused: nothing was lost, or (controlled) the new page has yet to come back.
    if (item.contains(focused)) return;
    chosen.current = null;
    // The link was disabled (now a span) or removed and focus fell to the document: keep it in the list.
    if (focused === document.body && !item.querySelector('a')?.isConnected) focusActive(list, item);
  });
  const active = controlled ? props.active_page : ownPage;
  // Props are type-checked in development builds only, like React's own warnings; bundlers drop the
  // checks (and their messages) from production builds.
  const items =
    process.env.NODE_ENV === 'production' ? pageItems(props, active) : checkedItems(props, active);

  // One handler for the whole list: the n-th item of the list is items[n], whose page the click chooses.
  const choose = (event: MouseEvent<HTMLUListElement>): void => {
    const link = (event.target as Element).closest('a');
    // Only enabled items are links; a click on a disabled item or between items chooses nothing.
    const item = link?.parentElement;
    if (!link || item?.parentElement !== event.currentTarget) return;
    const choice = items[Array.prototype.indexOf.call(event.currentTarget.children, item)];
    if (choice === undefined || choice.kind === 'ellipsis') return;
    const page = choice.kind === 'page' ? choice.value : choice.target;
    if (href === undefined) {
      event.preventDefault();
    } else if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      // With real links a modified click opens a new tab or window: this page stays where it is.
      return;
    }
    if (link === document.activeElement) chosen.current = { item, list: event.currentTarget };
    if (!controlled) setOwnPage(page);
    setProps?.({ active_page: page });
    // onChange gets the event as the link's own listener would: React resets currentTarget after us.
    const linkEvent = event as unknown as MouseEvent<HTMLAnchorElement>;
    linkEvent.currentTarget = link;
    onChange?.(page, linkEvent);
  };

  const children: ReactNode[] = [];
  let pages = 0;
  for (const item of items) {
    if (item.kind === 'page') {
      const { value, active: current } = item;
      pages++;
      children.push(
        itemElement(
          value,
          current ? 'page-item active' : 'page-item',
          href ? href(value) : '#',
          current,
          value,
        ),
      );
    } else if (item.kind === 'ellipsis') {
      // Keys that stay when the window moves: the ellipsis before it comes right after the first
      // boundaryCount numbers, the one after it later.
      const key = pages === (props.boundaryCount ?? 1) ? 'ellipsis start' : 'ellipsis end';
      children.push(controlItem('more', key, labels?.more, undefined));
    } else {
      const { kind, target } = item;
      children.push(
        controlItem(kind, kind, labels?.[kind], item.disabled ? undefined : href ? href(target) : '#'),
      );
    }
  }

  let className = props.size ? `pagination pagination-${props.size}` : 'pagination';
  // dbc's rule: the deprecated className still works, class_name wins when both are set.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const extra = props.class_name || props.className;
  if (extra) className += ` ${extra}`;

  return (
    <nav aria-label={labels?.nav ?? defaultLabels.nav}>
      <ul
        id={props.id ?? undefined}
        className={className}
        style={props.style ?? undefined}
        data-dash-is-loading={props.loading_state?.is_loading || undefined}
        onClick={choose}
        onKeyDown={moveFocus}
      >
        {children}
      </ul>
    </nav>
  );
}
