// The Dash component. Dash's component generator names the Python class after this file, hence its name.
import { cloneElement } from 'react';
import type { ReactElement } from 'react';
import { ownProperties } from '../own-properties.js';
import { paginationSpec } from '../pagination.props.js';
import type { PaginationProps } from '../pagination.props.js';
import { Pagination as ReactPagination } from '../react/pagination.js';
import type { PaginationComponentProps } from '../react/pagination.js';
import { useDashLoading } from './dash-loading.js';

/** What Dash's renderer passes: the layout's props and `setProps`, which reports a chosen page to callbacks. */
export interface DashPaginationProps extends PaginationProps {
  /** Given by Dash: called with `{ active_page }` when a page is chosen. */
  setProps?: ((props: { active_page: number }) => void) | undefined;
}

/**
 * Bootstrap 5 pagination: a list of page numbers between `min_value` and `max_value`, optionally collapsed
 * around the active page, with optional first/last and previous/next items. Choosing a page sets
 * `active_page`, which callbacks read.
 */
export function Pagination(props: DashPaginationProps): ReactElement {
  const own = ownProperties(props);
  const loading = useDashLoading(own.loading_state);
  // The Dash props and setProps only: whatever else the renderer adds is no prop of the React component.
  const given: PaginationComponentProps = { max_value: own.max_value, setProps: own.setProps };
  for (const name of paginationSpec.propNames) Object.assign(given, { [name]: own[name] });
  if (loading) given.loading_state = { ...own.loading_state, is_loading: true };
  // The React component is called as a function, its hooks this component's own, so that its root, the
  // `nav`, can carry Dash's loading attribute without a second copy of the markup.
  const nav = ReactPagination(given) as ReactElement<{ 'data-dash-is-loading'?: 'true' }>;
  return loading ? cloneElement(nav, { 'data-dash-is-loading': 'true' }) : nav;
}
