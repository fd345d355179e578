import type { ReactElement } from 'react';
import { paginationMarkup } from '../markup/pagination-markup.js';
import type { PaginationMarkupProps } from '../markup/pagination-markup.js';
import { ownProperties } from '../own-properties.js';

/** Props of `StaticPagination`: those of the React `Pagination` that shape its markup, with `href` required. */
export interface StaticPaginationProps extends PaginationMarkupProps {
  /** The URL of each page: every enabled item is a link to it, the only way this pagination changes the page. */
  href: (page: number) => string;
}

/**
 * The React `Pagination`'s markup as pure links, with no hooks and no client JavaScript: a React Server
 * Component, or plain server rendering. The HTML equals `Pagination`'s with the same props and `href`.
 *
 * @example
 * // app/cities/page.tsx (a server component)
 * <StaticPagination max_value={pages} active_page={page} fully_expanded={false} href={(p) => `/cities?page=${p}`} />
 *
 * @throws TypeError when `href` is not a function or gives a `javascript:` or `data:` URL.
 * @throws RangeError for more than 10,000 numbers or a step too small for the values.
 */
export function StaticPagination(props: StaticPaginationProps): ReactElement {
  const own = ownProperties(props);
  if (typeof own.href !== 'function') {
    throw new TypeError(
      `StaticPagination: prop \`href\` expects a function (page) => URL, received ${String(own.href)}.`,
    );
  }
  return paginationMarkup(own, own.active_page);
}
