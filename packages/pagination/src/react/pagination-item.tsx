import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { checkedUrl } from '../links.js';
import { itemElement, labelled } from '../markup/pagination-markup.js';

/** Props of one Bootstrap page item. */
export interface PaginationItemProps {
  /** What the item shows: a number, or an icon when `label` is given. */
  children?: ReactNode;
  /** Text for screen readers; the visible `children` are then hidden from them (`aria-hidden`). */
  label?: string | undefined;
  /** Marks the current page: `li.active` and `aria-current="page"`. */
  active?: boolean | undefined;
  /** Renders a `span` with `aria-disabled="true"` instead of a link. */
  disabled?: boolean | undefined;
  /**
   * The link's target; without it the link is `href="#"` and a click's default is prevented.
   * `javascript:` and `data:` URLs are refused with a `TypeError`.
   */
  href?: string | undefined;
  /** Called when the (enabled) link is clicked or activated from the keyboard. */
  onClick?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
}

/**
 * One `li.page-item` with Bootstrap 5.3's markup: a link (`a.page-link`), or a `span.page-link` when disabled.
 *
 * @example
 * <ul className="pagination">
 *   <PaginationItem label="Previous" href="/page/1">‹</PaginationItem>
 *   <PaginationItem active href="/page/2">2</PaginationItem>
 * </ul>
 *
 * @throws TypeError while rendering, when `href` is a `javascript:` or `data:` URL.
 */
export function PaginationItem({
  children,
  label,
  active = false,
  disabled,
  href,
  onClick,
}: PaginationItemProps): ReactElement {
  return itemElement(
    undefined,
    active,
    disabled,
    disabled ? undefined : href === undefined ? '#' : checkedUrl(href, 'PaginationItem: href'),
    (event) => {
      if (href === undefined) event.preventDefault();
      onClick?.(event);
    },
    ...(label === undefined ? [children] : labelled(children, label)),
  );
}
