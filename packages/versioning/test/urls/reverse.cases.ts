import type { ReverseOptions } from '../../src/types.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

export const urlconf = new UrlConf([
  path('/users/', 'users-list', { name: 'users-list' }),
  path('/users/:pk{.:format}', 'users-detail', { name: 'users-detail' }),
  path('/files/*rest', 'files', { name: 'files' }),
]);

export interface GenericReverseCase {
  readonly title: string;
  readonly viewname: string;
  readonly options: Omit<ReverseOptions, 'urlconf' | 'request'>;
  readonly expected: string;
}

/** Run with `{ urlconf }` added; the same cases run again with a request, expecting `http://localhost` + the path. */
export const genericReverseCases: readonly GenericReverseCase[] = [
  { title: 'a static route', viewname: 'users-list', options: {}, expected: '/users/' },
  {
    title: 'format sets kwargs.format',
    viewname: 'users-detail',
    options: { kwargs: { pk: 1 }, format: 'json' },
    expected: '/users/1.json',
  },
  {
    title: 'format null is ignored',
    viewname: 'users-detail',
    options: { kwargs: { pk: 1 }, format: null },
    expected: '/users/1',
  },
  { title: 'args without format', viewname: 'users-detail', options: { args: [1] }, expected: '/users/1' },
  {
    title: 'query appended with URLSearchParams encoding',
    viewname: 'users-list',
    options: { query: { page: '2', q: 'a b&c=d', é: '?' } },
    expected: '/users/?page=2&q=a+b%26c%3Dd&%C3%A9=%3F',
  },
  {
    title: 'an empty query adds nothing',
    viewname: 'users-list',
    options: { query: {} },
    expected: '/users/',
  },
  {
    title: 'a wildcard',
    viewname: 'files',
    options: { kwargs: { rest: 'a/b c' } },
    expected: '/files/a/b%20c',
  },
];

export interface GenericReverseErrorCase {
  readonly title: string;
  readonly viewname: unknown;
  readonly options: unknown;
  readonly message: string;
}

/** TypeErrors; the options are passed as they are (no urlconf added). */
export const genericReverseErrorCases: readonly GenericReverseErrorCase[] = [
  {
    title: 'no urlconf anywhere',
    viewname: 'users-list',
    options: {},
    message:
      'reverse("users-list"): no urlconf to reverse with; pass reverse(viewname, { urlconf }), create the request ' +
      'with createRequest(input, { urlconf }), or set a default with configure({ urlconf })',
  },
  {
    title: 'a urlconf that is not one',
    viewname: 'users-list',
    options: { urlconf: [] },
    message: 'urlconf must be a UrlConf, got an array',
  },
  {
    title: 'format with args',
    viewname: 'users-detail',
    options: { urlconf, args: [1], format: 'json' },
    message: 'format is passed as kwargs.format, so it cannot be combined with args [1]',
  },
  {
    title: 'an empty format',
    viewname: 'users-detail',
    options: { urlconf, kwargs: { pk: 1 }, format: '' },
    message: 'format must be a non-empty string or null, got ""',
  },
  {
    title: 'a number as format',
    viewname: 'users-detail',
    options: { urlconf, kwargs: { pk: 1 }, format: 2 },
    message: 'got 2',
  },
  {
    title: 'format with kwargs that are no object',
    viewname: 'users-detail',
    options: { urlconf, kwargs: 'pk', format: 'json' },
    message: 'kwargs must be an object, got "pk"',
  },
  {
    title: 'a query value that is not a string',
    viewname: 'users-list',
    options: { urlconf, query: { page: 2 } },
    message: 'query["page"] must be a string, got 2',
  },
  {
    title: 'a query that is not an object',
    viewname: 'users-list',
    options: { urlconf, query: 'page=2' },
    message: 'query must be an object of strings, got "page=2"',
  },
  {
    title: 'a request that is not one',
    viewname: 'users-list',
    options: { urlconf, request: {} },
    message: 'request must be a VersioningRequest (see createRequest()), got an object',
  },
  {
    title: 'a misspelt option',
    viewname: 'users-list',
    options: { urlconf, kwarg: {} },
    message:
      'reverse("users-list"): unknown option "kwarg"; known: args, kwargs, request, format, urlconf, query',
  },
  {
    title: 'options that are not an object',
    viewname: 'users-list',
    options: 'x',
    message: 'options must be an object, got "x"',
  },
  {
    title: 'a viewname that is not a string',
    viewname: null,
    options: { urlconf },
    message: 'viewname must be a non-empty string, got null',
  },
];

export interface ReplaceQueryParamCase {
  readonly url: string;
  readonly key: string;
  readonly value: string;
  readonly expected: string;
}

export const replaceQueryParamCases: readonly ReplaceQueryParamCase[] = [
  {
    url: 'http://x.test/p?a=1&version=1.0&b=2',
    key: 'version',
    value: '2.0',
    expected: 'http://x.test/p?a=1&version=2.0&b=2',
  },
  {
    url: 'http://x.test:8000/p/',
    key: 'version',
    value: '2.0',
    expected: 'http://x.test:8000/p/?version=2.0',
  },
  { url: '/p?a=1', key: 'version', value: '2', expected: '/p?a=1&version=2' },
  { url: '/p', key: 'v', value: '1', expected: '/p?v=1' },
  { url: '/p?v=1&a=1&v=2', key: 'v', value: '3', expected: '/p?v=3&a=1' },
  { url: '/p?a=1&v=1&b=2&v=2', key: 'v', value: '3', expected: '/p?a=1&v=3&b=2' },
  { url: '/p?a=1#frag?v=0', key: 'v', value: '1', expected: '/p?a=1&v=1#frag?v=0' },
  { url: '/p#f', key: 'v', value: '1', expected: '/p?v=1#f' },
  { url: '/p?ver%73ion=1', key: 'version', value: '2', expected: '/p?version=2' },
  { url: '/p?my+key=1', key: 'my key', value: '2', expected: '/p?my+key=2' },
  { url: '/p', key: 'q', value: 'a b&c', expected: '/p?q=a+b%26c' },
  { url: '/p?a=%7e&b', key: 'v', value: '1', expected: '/p?a=%7e&b&v=1' },
  { url: '/p?&a=1&&', key: 'v', value: '1', expected: '/p?a=1&v=1' },
  { url: '/p?', key: 'v', value: '1', expected: '/p?v=1' },
  { url: '/p?%zz=1', key: 'v', value: '1', expected: '/p?%zz=1&v=1' },
  { url: '?a=1', key: 'a', value: '2', expected: '?a=2' },
  { url: '', key: 'a', value: '', expected: '?a=' },
  { url: '/p?v&a=1', key: 'v', value: '2', expected: '/p?v=2&a=1' },
  { url: '/p?va=1&v=2', key: 'v', value: '3', expected: '/p?va=1&v=3' },
];
