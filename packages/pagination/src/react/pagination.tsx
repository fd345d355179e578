import type { MouseEvent, ReactElement } from 'react';
import { paginationMarkup } from '../markup/pagination-markup.js';
import type { PaginationMarkupProps } from '../markup/pagination-markup.js';
import { ownProperties } from '../own-properties.js';
import { moveFocus } from './arrow-keys.js';
import { useFocusAfterChoice } from './focus-after-choice.js';
import { usePageState } from './use-pagination.js';
import type { UsePaginationProps } from './use-pagination.js';

/** Props of the React `Pagination`: the Dash props, the layout options, the presentation props and React's callbacks. */
export interface PaginationComponentProps
  extends PaginationMarkupProps, UsePaginationProps<MouseEvent<HTMLAnchorElement>> {
  /** Called with the chosen page and the click event (call `event.preventDefault()` to stop an `href` navigation). */
  onChange?: ((page: number, event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
}

/**
 * dash-bootstrap-components' Pagination with Bootstrap 5.3 markup: `nav > ul.pagination > li.page-item`.
 * Controlled when `active_page` or `setProps` is given; otherwise it keeps its own page, starting at 1.
 * Arrow keys move focus in the reading direction of the list (`dir="rtl"` reverses them).
 *
 * @example
 * const [page, setPage] = useState(1);
 * <Pagination max_value={20} active_page={page} fully_expanded={false} previous_next onChange={setPage} />
 *
 * @throws RangeError while rendering, for more than 10,000 numbers or a step too small for the values.
 * @throws TypeError while rendering, when `href` gives a `javascript:` or `data:` URL.
 */
export function Pagination(props: PaginationComponentProps): ReactElement {
  const own = ownProperties(props);
  const [active, setPage] = usePageState(own);
  const keepFocus = useFocusAfterChoice();
  const choose = (page: number, event: MouseEvent<HTMLAnchorElement>): void => {
    // Without href the links are `#`: the click only chooses the page. With a modifier key, a real
    // link opens elsewhere (a new tab or window) and this page stays as it is.
    if (own.href === undefined) event.preventDefault();
    else if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    keepFocus(event.currentTarget);
    setPage(page, event);
  };
  return paginationMarkup(own, active, choose, moveFocus);
}
