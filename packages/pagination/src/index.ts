export { Component } from './component.js';
export type { ComponentJSON } from './component.js';
export { Pagination } from './pagination.js';
export type { PaginationLoadingState, PaginationProps } from './pagination.props.js';
export { paginationItems } from './page-items.js';
export type { PageItem, PaginationItemsOptions } from './page-items.js';
export type { PropMismatch, PropType } from './props.js';
