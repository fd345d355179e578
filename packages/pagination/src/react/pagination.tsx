import { useEffect, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactElement } from 'react';
import { pageItems, paginationItems } from '../page-items.js';
import type { PaginationItemsOptions } from '../page-items.js';
import type { PaginationProps } from '../pagination.props.js';
import { PaginationItem } from './pagination-item.js';

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

const defaultLabels: PaginationLabels = {
  nav: 'Pagination',
  first: 'First',
  previous: 'Previous',
  next: 'Next',
  last: 'Last',
  more: 'More',
};

const icons = { first: '«', previous: '‹', next: '›', last: '»' } as const;

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
  const { setProps, onChange, href, labels, boundaryCount, siblingCount, ...dashProps } = props;
  const controlled = dashProps.active_page != null || setProps !== undefined;
  const [ownPage, setOwnPage] = useState(1);
  const list = useRef<HTMLUListElement>(null);
  // The item whose focused link chose a page, until the change has rendered.
  const chosenItem = useRef<Element | null>(null);
  useEffect(() => {
    const item = chosenItem.current;
    const focused = document.activeElement;
    // Still focused: nothing was lost, or (controlled) the new page has yet to come back.
    if (!item || item.contains(focused)) return;
    chosenItem.current = null;
    // The link was disabled (now a span) or removed and focus fell to the document: keep it in the list.
    if (focused === document.body && !item.querySelector('a')?.isConnected) {
      focusActive(list.current as HTMLUListElement, item);
    }
  });
  // Props are type-checked in development builds only, like React's own warnings; bundlers drop the
  // checks (and their messages) from production builds.
  const items = (process.env.NODE_ENV === 'production' ? pageItems : paginationItems)(
    (controlled ? dashProps : { ...dashProps, active_page: ownPage }) as PaginationProps,
    { boundaryCount, siblingCount },
  );
  const text = { ...defaultLabels, ...labels };

  const link = (page: number) => ({
    href: href?.(page),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      // With real links a modified click opens a new tab or window: this page stays where it is.
      if (href && (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) return;
      if (event.currentTarget === document.activeElement)
        chosenItem.current = event.currentTarget.parentElement;
      if (!controlled) setOwnPage(page);
      setProps?.({ active_page: page });
      onChange?.(page, event);
    },
  });

  return (
    <nav aria-label={text.nav}>
      <ul
        ref={list}
        id={dashProps.id ?? undefined}
        className={[
          'pagination',
          dashProps.size && `pagination-${dashProps.size}`,
          // dbc's rule: the deprecated className still works, class_name wins when both are set.
          // eslint-disable-next-line @typescript-eslint/no-deprecated
          dashProps.class_name || dashProps.className,
        ]
          .filter(Boolean)
          .join(' ')}
        style={dashProps.style ?? undefined}
        data-dash-is-loading={dashProps.loading_state?.is_loading || undefined}
        onKeyDown={moveFocus}
      >
        {items.map((item, index) =>
          item.kind === 'page' ? (
            <PaginationItem key={`page ${item.value}`} active={item.active} {...link(item.value)}>
              {item.value}
            </PaginationItem>
          ) : item.kind === 'ellipsis' ? (
            <PaginationItem key={`ellipsis ${index}`} disabled label={text.more}>
              …
            </PaginationItem>
          ) : (
            <PaginationItem
              key={item.kind}
              disabled={item.disabled}
              label={text[item.kind]}
              {...link(item.target)}
            >
              {icons[item.kind]}
            </PaginationItem>
          ),
        )}
      </ul>
    </nav>
  );
}
