// The entry of the Dash bundle (`dist/dash/restdash_pagination.min.js`), which defines
// `window.restdash_pagination = { Pagination }`. React comes from `window.React` (the bundle maps the
// import) and PropTypes from `window.PropTypes`: both are the UMD scripts Dash serves before any component.
import { paginationPropTypes } from './dash-props.js';
import type { PropTypesLibrary } from './dash-props.js';
import { Pagination } from './Pagination.js';

Object.assign(Pagination, {
  propTypes: paginationPropTypes((globalThis as unknown as { PropTypes: PropTypesLibrary }).PropTypes),
});

export { Pagination };
