import type { Key, MouseEvent, ReactElement, ReactNode } from 'react';

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
  /** The link's target; without it the link is `href="#"` and a click's default is prevented. */
  href?: string | undefined;
  /** Called when the (enabled) link is clicked or activated from the keyboard. */
  onClick?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
}

/** `children` hidden from screen readers (an icon), then `label` as visually hidden text in their place. */
export function labelled(children: ReactNode, label: string): ReactNode {
  return [
    <span key="icon" aria-hidden="true">
      {children}
    </span>,
    <span key="label" className="visually-hidden">
      {label}
    </span>,
  ];
}

/**
 * The markup of one page item, shared by `PaginationItem` and `Pagination` (which renders its items
 * without a component of their own): a link to `link`, or, without one (disabled), a span.
 */
export function itemElement(
  key: Key | undefined,
  className: string,
  link: string | undefined,
  current: boolean | undefined,
  content: ReactNode,
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void,
): ReactElement {
  return (
    <li key={key} className={className}>
      {link === undefined ? (
        <span className="page-link" aria-disabled="true">
          {content}
        </span>
      ) : (
        <a className="page-link" href={link} aria-current={current ? 'page' : undefined} onClick={onClick}>
          {content}
        </a>
      )}
    </li>
  );
}

/**
 * One `li.page-item` with Bootstrap 5.3's markup: a link (`a.page-link`), or a `span.page-link` when disabled.
 *
 * @example
 * <ul className="pagination">
 *   <PaginationItem label="Previous" href="/page/1">‹</PaginationItem>
 *   <PaginationItem active href="/page/2">2</PaginationItem>
 * </ul>
 */
export function PaginationItem({
  children,
  label,
  active,
  disabled,
  href,
  onClick,
}: PaginationItemProps): ReactElement {
  return itemElement(
    undefined,
    `page-item${active ? ' active' : ''}${disabled ? ' disabled' : ''}`,
    disabled ? undefined : (href ?? '#'),
    active,
    label === undefined ? children : labelled(children, label),
    (event) => {
      if (href === undefined) event.preventDefault();
      onClick?.(event);
    },
  );
}
