// One Bootstrap page item as React elements, without hooks: shared by `PaginationItem`, `Pagination`
// and `StaticPagination`, so all three render the very same markup.
import type { Key, MouseEvent, ReactElement, ReactNode } from 'react';

/** `children` hidden from screen readers (an icon), then `label` as visually hidden text in their place. */
export function labelled(children: ReactNode, label: ReactNode): ReactNode {
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
 * `li.page-item` (`.active`, `.disabled`) holding a link to `link` (`a.page-link`, `aria-current="page"`
 * when active) or, when disabled, a `span.page-link` with `aria-disabled="true"`.
 */
export function itemElement(
  key: Key | undefined,
  active: boolean,
  disabled: boolean | undefined,
  link: string | undefined,
  content: ReactNode,
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void,
): ReactElement {
  return (
    <li key={key} className={`page-item${active ? ' active' : ''}${disabled ? ' disabled' : ''}`}>
      {disabled ? (
        <span className="page-link" aria-disabled="true">
          {content}
        </span>
      ) : (
        <a className="page-link" href={link} aria-current={active ? 'page' : undefined} onClick={onClick}>
          {content}
        </a>
      )}
    </li>
  );
}
