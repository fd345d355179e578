'use client';
export { Pagination } from './pagination.js';
export type { PaginationComponentProps, PaginationLabels } from './pagination.js';
export { PaginationItem } from './pagination-item.js';
export type { PaginationItemProps } from './pagination-item.js';
export { renderLayout } from './render-layout.js';
export type { ComponentRegistry, LayoutNode } from './render-layout.js';
