// No 'use client': this entry renders in React Server Components and sends no JavaScript to the browser.
export { StaticPagination } from './static-pagination.js';
export type { StaticPaginationProps } from './static-pagination.js';
export type { PaginationLabels } from '../markup/pagination-markup.js';
