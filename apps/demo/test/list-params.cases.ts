import type { ListParams } from '../src/server/list-params.js';

export const validListQueries: readonly { query: string; expected: ListParams }[] = [
  { query: '', expected: { page: 1, pageSize: 10, ordering: '-population', search: '', carried: {} } },
  { query: 'page=7', expected: { page: 7, pageSize: 10, ordering: '-population', search: '', carried: {} } },
  {
    query: 'page=last',
    expected: { page: 'last', pageSize: 10, ordering: '-population', search: '', carried: {} },
  },
  // Django's QueryDict.get: a repeated key gives its last value.
  {
    query: 'page=2&page=5',
    expected: { page: 5, pageSize: 10, ordering: '-population', search: '', carried: {} },
  },
  {
    query: 'page_size=25&ordering=name&search=%20S%C3%A3o%20',
    expected: {
      page: 1,
      pageSize: 25,
      ordering: 'name',
      search: 'São',
      carried: { page_size: '25', ordering: 'name', search: 'São' },
    },
  },
  {
    query: 'page_size=100',
    expected: { page: 1, pageSize: 100, ordering: '-population', search: '', carried: { page_size: '100' } },
  },
  {
    query: 'page_size=1',
    expected: { page: 1, pageSize: 1, ordering: '-population', search: '', carried: { page_size: '1' } },
  },
  {
    query: 'search=%20%20',
    expected: { page: 1, pageSize: 10, ordering: '-population', search: '', carried: {} },
  },
];

export const invalidListQueries: readonly { query: string; status: number; detail: string }[] = [
  { query: 'page=0', status: 404, detail: 'Invalid page.' },
  { query: 'page=-1', status: 404, detail: 'Invalid page.' },
  { query: 'page=1.5', status: 404, detail: 'Invalid page.' },
  { query: 'page=', status: 404, detail: 'Invalid page.' },
  { query: 'page=1e3', status: 404, detail: 'Invalid page.' },
  { query: 'page=9999999999999999', status: 404, detail: 'Invalid page.' },
  {
    query: 'page_size=ten',
    status: 400,
    detail: 'Invalid page_size "ten": expected a whole number from 1 to 100.',
  },
  // Both ends alike: below 1 and above 100 are refused with the same message, never capped.
  {
    query: 'page_size=0',
    status: 400,
    detail: 'Invalid page_size "0": expected a whole number from 1 to 100.',
  },
  {
    query: 'page_size=101',
    status: 400,
    detail: 'Invalid page_size "101": expected a whole number from 1 to 100.',
  },
  {
    query: 'page_size=1000',
    status: 400,
    detail: 'Invalid page_size "1000": expected a whole number from 1 to 100.',
  },
  {
    query: 'ordering=-id',
    status: 400,
    detail: 'Invalid ordering "-id": expected one of -population, population, name, -name.',
  },
  {
    query: `search=${'x'.repeat(101)}`,
    status: 400,
    detail: 'Invalid search "xxxxxxxxxxxxxxxxxxxx…": longer than 100 characters.',
  },
];
