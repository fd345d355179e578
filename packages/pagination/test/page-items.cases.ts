// Expected page items, written with itemsText's notation: `[3]` active, `…` ellipsis, `‹2` a control
// and its target, `‹(1)` a disabled control. Rows marked dbc are what dash-bootstrap-components shows.
import type { PaginationItemsOptions, PaginationProps } from '../src/index.js';

export interface PageItemsCase {
  readonly name: string;
  readonly props: PaginationProps;
  readonly options?: PaginationItemsOptions;
  readonly items: string;
}

const collapsed = (max_value: number, active_page: number): PaginationProps => ({
  max_value,
  active_page,
  fully_expanded: false,
});

/** dbc's 7 slots at every active position, for the smallest ranges that collapse and a larger one. */
export const collapsePatterns: readonly PageItemsCase[] = [
  { name: 'dbc: 8 pages, active 1', props: collapsed(8, 1), items: '[1] 2 3 4 5 … 8' },
  { name: 'dbc: 8 pages, active 2', props: collapsed(8, 2), items: '1 [2] 3 4 5 … 8' },
  { name: 'dbc: 8 pages, active 3', props: collapsed(8, 3), items: '1 2 [3] 4 5 … 8' },
  { name: 'dbc: 8 pages, active 4', props: collapsed(8, 4), items: '1 2 3 [4] 5 … 8' },
  { name: 'dbc: 8 pages, active 5', props: collapsed(8, 5), items: '1 … 4 [5] 6 7 8' },
  { name: 'dbc: 8 pages, active 6', props: collapsed(8, 6), items: '1 … 4 5 [6] 7 8' },
  { name: 'dbc: 8 pages, active 7', props: collapsed(8, 7), items: '1 … 4 5 6 [7] 8' },
  { name: 'dbc: 8 pages, active 8', props: collapsed(8, 8), items: '1 … 4 5 6 7 [8]' },
  { name: 'dbc: 9 pages, active 1', props: collapsed(9, 1), items: '[1] 2 3 4 5 … 9' },
  { name: 'dbc: 9 pages, active 4', props: collapsed(9, 4), items: '1 2 3 [4] 5 … 9' },
  { name: 'dbc: 9 pages, active 5', props: collapsed(9, 5), items: '1 … 4 [5] 6 … 9' },
  { name: 'dbc: 9 pages, active 6', props: collapsed(9, 6), items: '1 … 5 [6] 7 8 9' },
  { name: 'dbc: 9 pages, active 9', props: collapsed(9, 9), items: '1 … 5 6 7 8 [9]' },
  { name: 'dbc: 10 pages, active 1', props: collapsed(10, 1), items: '[1] 2 3 4 5 … 10' },
  { name: 'dbc: 10 pages, active 2', props: collapsed(10, 2), items: '1 [2] 3 4 5 … 10' },
  { name: 'dbc: 10 pages, active 3', props: collapsed(10, 3), items: '1 2 [3] 4 5 … 10' },
  { name: 'dbc: 10 pages, active 4', props: collapsed(10, 4), items: '1 2 3 [4] 5 … 10' },
  { name: 'dbc: 10 pages, active 5', props: collapsed(10, 5), items: '1 … 4 [5] 6 … 10' },
  { name: 'dbc: 10 pages, active 6', props: collapsed(10, 6), items: '1 … 5 [6] 7 … 10' },
  { name: 'dbc: 10 pages, active 7', props: collapsed(10, 7), items: '1 … 6 [7] 8 9 10' },
  { name: 'dbc: 10 pages, active 8', props: collapsed(10, 8), items: '1 … 6 7 [8] 9 10' },
  { name: 'dbc: 10 pages, active 9', props: collapsed(10, 9), items: '1 … 6 7 8 [9] 10' },
  { name: 'dbc: 10 pages, active 10', props: collapsed(10, 10), items: '1 … 6 7 8 9 [10]' },
  { name: 'dbc: 100 pages, active 50', props: collapsed(100, 50), items: '1 … 49 [50] 51 … 100' },
  { name: 'dbc: 100 pages, active 97', props: collapsed(100, 97), items: '1 … 96 [97] 98 99 100' },
];

export const pageItemsCases: readonly PageItemsCase[] = [
  // Expanded
  { name: 'dbc: one page', props: { max_value: 1 }, items: '[1]' },
  {
    name: 'dbc: fully expanded by default',
    props: { max_value: 12, active_page: 6 },
    items: '1 2 3 4 5 [6] 7 8 9 10 11 12',
  },
  { name: 'dbc: 7 numbers never collapse', props: collapsed(7, 4), items: '1 2 3 [4] 5 6 7' },
  {
    name: 'null props mean their defaults',
    props: { max_value: 3, active_page: null, min_value: null, step: null, fully_expanded: null },
    items: '[1] 2 3',
  },

  // Steps, minimum values, raised maximum
  {
    name: 'dbc: max raised to the next step (1..10 by 2)',
    props: { max_value: 10, step: 2 },
    items: '[1] 3 5 7 9 11',
  },
  {
    name: 'dbc: max raised to the next step (1..4 by 2)',
    props: { max_value: 4, step: 2, active_page: 5 },
    items: '1 3 [5]',
  },
  {
    name: 'step 10 from 0, collapsed',
    props: { min_value: 0, max_value: 100, step: 10, active_page: 50, fully_expanded: false },
    items: '0 … 40 [50] 60 … 100',
  },
  {
    name: 'negative minimum',
    props: { min_value: -5, max_value: 5, active_page: 0, fully_expanded: false },
    items: '-5 … -1 [0] 1 … 5',
  },
  {
    name: 'fractional minimum and step',
    props: { min_value: 0.1, max_value: 1, step: 0.2, active_page: 0.5 },
    items: '0.1 0.3 [0.5] 0.7 0.9 1.1',
  },
  {
    name: 'step 0.1 has no float noise',
    props: { max_value: 2, step: 0.1, active_page: 1.3 },
    items: '1 1.1 1.2 [1.3] 1.4 1.5 1.6 1.7 1.8 1.9 2',
  },
  {
    name: 'step 0.1 reaching max exactly is not raised',
    props: { max_value: 1.3, step: 0.1 },
    items: '[1] 1.1 1.2 1.3',
  },
  {
    name: 'step 0.1 collapsed',
    props: { max_value: 3, step: 0.1, active_page: 2, fully_expanded: false },
    items: '1 … 1.9 [2] 2.1 … 3',
  },
  {
    name: 'step 0.25',
    props: { min_value: 0, max_value: 1, step: 0.25, active_page: 0.75 },
    items: '0 0.25 0.5 [0.75] 1',
  },
  {
    name: 'max below min: one page, the minimum',
    props: { min_value: 5, max_value: 1, active_page: 5 },
    items: '[5]',
  },
  {
    name: 'huge range collapsed',
    props: { max_value: 1e15, active_page: 5e14, fully_expanded: false, previous_next: true },
    items:
      '‹499999999999999 1 … 499999999999999 [500000000000000] 500000000000001 … 1000000000000000 ›500000000000001',
  },

  // first / previous / next / last
  {
    name: 'dbc: controls at the first page are disabled',
    props: { max_value: 5, first_last: true, previous_next: true },
    items: '«(1) ‹(1) [1] 2 3 4 5 ›2 »5',
  },
  {
    name: 'dbc: controls in the middle',
    props: { max_value: 5, active_page: 3, first_last: true, previous_next: true },
    items: '«1 ‹2 1 2 [3] 4 5 ›4 »5',
  },
  {
    name: 'dbc: controls at the last page are disabled',
    props: { max_value: 5, active_page: 5, first_last: true, previous_next: true },
    items: '«1 ‹4 1 2 3 4 [5] ›(5) »(5)',
  },
  {
    name: 'previous and next follow the step',
    props: { min_value: 0, max_value: 20, step: 5, active_page: 10, previous_next: true },
    items: '‹5 0 5 [10] 15 20 ›15',
  },
  {
    name: 'last targets the raised maximum',
    props: { max_value: 9, step: 3, active_page: 7, first_last: true },
    items: '«1 1 4 [7] 10 »10',
  },
  {
    name: 'controls with a collapsed range',
    props: { ...collapsed(20, 10), first_last: true, previous_next: true },
    items: '«1 ‹9 1 … 9 [10] 11 … 20 ›11 »20',
  },

  // Off-grid and out-of-range active pages
  {
    name: 'off-grid active highlights nothing, prev/next go to its neighbours',
    props: { max_value: 10, step: 2, active_page: 4, previous_next: true },
    items: '‹3 1 3 5 7 9 11 ›5',
  },
  {
    name: 'fractional active on an integer grid',
    props: { ...collapsed(20, 10.5), previous_next: true },
    items: '‹10 1 … 9 10 11 … 20 ›11',
  },
  {
    name: 'active below the range',
    props: { max_value: 3, active_page: -7, first_last: true, previous_next: true },
    items: '«1 ‹(1) 1 2 3 ›1 »3',
  },
  {
    name: 'active above the range',
    props: { max_value: 3, active_page: 99, first_last: true, previous_next: true },
    items: '«1 ‹3 1 2 3 ›(3) »3',
  },
  {
    name: 'active above a collapsed range shows its end',
    props: { ...collapsed(20, 1000), previous_next: true },
    items: '‹20 1 … 16 17 18 19 20 ›(20)',
  },
  {
    name: 'active below a collapsed range shows its start',
    props: { ...collapsed(20, -3), previous_next: true },
    items: '‹(1) 1 2 3 4 5 … 20 ›1',
  },
  {
    name: 'default active 1 below a minimum of 5',
    props: { min_value: 5, max_value: 7, first_last: true },
    items: '«5 5 6 7 »7',
  },
  {
    name: 'active with float noise still counts as on the grid',
    props: { max_value: 1.5, step: 0.1, active_page: 1 + 3 * 0.1 },
    items: '1 1.1 1.2 [1.3] 1.4 1.5',
  },
  {
    name: 'active between two 0.1 steps',
    props: { max_value: 1.5, step: 0.1, active_page: 1.25, previous_next: true },
    items: '‹1.2 1 1.1 1.2 1.3 1.4 1.5 ›1.3',
  },

  // Options
  {
    name: 'boundary 2, siblings 2',
    props: collapsed(20, 10),
    options: { boundaryCount: 2, siblingCount: 2 },
    items: '1 2 … 8 9 [10] 11 12 … 19 20',
  },
  {
    name: 'boundary 1, siblings 2',
    props: collapsed(20, 10),
    options: { siblingCount: 2 },
    items: '1 … 8 9 [10] 11 12 … 20',
  },
  {
    name: 'boundary 2, siblings 0 at the start',
    props: collapsed(20, 1),
    options: { boundaryCount: 2, siblingCount: 0 },
    items: '[1] 2 3 4 … 19 20',
  },
  {
    name: 'boundary 0, siblings 1',
    props: collapsed(10, 5),
    options: { boundaryCount: 0 },
    items: '… 4 [5] 6 …',
  },
  {
    name: 'boundary 0, siblings 0',
    props: collapsed(10, 5),
    options: { boundaryCount: 0, siblingCount: 0 },
    items: '… [5] …',
  },
  {
    name: 'boundary 3 shows 11 slots',
    props: collapsed(30, 15),
    options: { boundaryCount: 3 },
    items: '1 2 3 … 14 [15] 16 … 28 29 30',
  },
  {
    name: 'options do not collapse an expanded pagination',
    props: { max_value: 12, active_page: 6 },
    options: { boundaryCount: 0, siblingCount: 0 },
    items: '1 2 3 4 5 [6] 7 8 9 10 11 12',
  },
  {
    name: 'no collapse while the range fits the slots',
    props: collapsed(9, 5),
    options: { siblingCount: 2 },
    items: '1 2 3 4 [5] 6 7 8 9',
  },
];
