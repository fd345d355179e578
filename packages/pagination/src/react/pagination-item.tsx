import type { MouseEvent, ReactElement, ReactNode } from 'react';

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
  const content =
    label === undefined ? (
      children
    ) : (
      <>
        <span aria-hidden="true">{children}</span>
        <span className="visually-hidden">{label}</span>
      </>
    );
  return (
    <li className={`page-item${active ? ' active' : ''}${disabled ? ' disabled' : ''}`}>
      {disabled ? (
        <span className="page-link" aria-disabled="true">
          {content}
        </span>
      ) : (
        <a
          className="page-link"
          href={href ?? '#'}
          aria-current={active ? 'page' : undefined}
          onClick={(event) => {
            if (href === undefined) event.preventDefault();
            onClick?.(event);
          }}
        >
          {content}
        </a>
      )}
    </li>
  );
}
