import { createContext, useContext } from 'react';
import type { MouseEvent, ReactElement } from 'react';
import { Pagination } from '@restdash/pagination/react';
import type { PaginationComponentProps } from '@restdash/pagination/react';

/** What the page gives the pagination the server's layout describes: its links and how narrow the screen is. */
export interface PageLinks {
  href: (page: number) => string;
  onChange: (page: number, event: MouseEvent<HTMLAnchorElement>) => void;
  /** A phone-sized screen: fewer and smaller items, so the list fits one row. */
  compact: boolean;
  /** A page number as the page writes numbers (`13,524`). */
  formatValue: (page: number) => string;
}

/** Provided by the page around `renderLayout(layout, layoutRegistry)`. */
export const PageLinksContext = createContext<PageLinks | null>(null);

/**
 * Wide screens: the server's layout with dbc's 7 slots (`« ‹ 1 … 4 5 6 … 13524 › »`). Narrow: no siblings, no
 * `«`/`»` (the first and last pages are there as numbers) and Bootstrap's small items (`‹ 1 … 5 … 13524 ›`),
 * which fit one row from 320 px on, five-digit page numbers included.
 */
const wide = { siblingCount: 1, boundaryCount: 1 } as const;
const compact = { siblingCount: 0, boundaryCount: 1, size: 'sm', first_last: false } as const;

/**
 * `Pagination` as the server's layout renders it on this page: real links to bookmarkable page URLs, clicks
 * handled in place (history.pushState) instead of reloading, and fewer numbers on a narrow screen.
 */
function LinkedPagination({ setProps: _localState, ...props }: PaginationComponentProps): ReactElement {
  // The active page comes from the page URL (back/forward included), so renderLayout's local state
  // (what setProps would write) is not used: it would outlive a history navigation.
  const links = useContext(PageLinksContext);
  return (
    <Pagination
      {...props}
      {...(links?.compact === true ? compact : wide)}
      formatValue={links?.formatValue}
      href={links?.href}
      onChange={links?.onChange}
    />
  );
}

/** The components the server's layout may name, for `renderLayout`. */
export const layoutRegistry = { Pagination: LinkedPagination };
