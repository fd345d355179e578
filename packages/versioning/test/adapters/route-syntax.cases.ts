import type { RouteDialect, TranslatedRoute } from '../../src/adapters/route-syntax.js';

export interface TranslationCase {
  readonly pattern: string;
  readonly dialect: RouteDialect;
  /** The registered paths, or the `TypeError` message fragment when the dialect cannot express the route. */
  readonly expected: readonly TranslatedRoute[] | { readonly error: string };
}

export const translationCases: readonly TranslationCase[] = [
  { pattern: '/users/', dialect: 'fastify', expected: [{ path: '/users/', params: [], wildcard: null }] },
  { pattern: '/users/', dialect: 'hono', expected: [{ path: '/users/', params: [], wildcard: null }] },
  { pattern: '/', dialect: 'hono', expected: [{ path: '/', params: [], wildcard: null }] },
  {
    pattern: '/users/:pk/',
    dialect: 'fastify',
    expected: [{ path: '/users/:pk/', params: ['pk'], wildcard: null }],
  },
  {
    pattern: '/users/:pk/',
    dialect: 'hono',
    expected: [{ path: '/users/:pk/', params: ['pk'], wildcard: null }],
  },
  {
    pattern: '/:version/users/:pk/',
    dialect: 'hono',
    expected: [{ path: '/:version/users/:pk/', params: ['version', 'pk'], wildcard: null }],
  },
  {
    pattern: '/people/:"person-id"/',
    dialect: 'fastify',
    expected: { error: 'the name of parameter "person-id" holds "-", which it reads as route syntax' },
  },
  {
    pattern: '/people/:"person-id"/',
    dialect: 'hono',
    expected: [{ path: '/people/:person-id/', params: ['person-id'], wildcard: null }],
  },
  {
    pattern: '/people/:"person id"/',
    dialect: 'fastify',
    expected: [{ path: '/people/:person id/', params: ['person id'], wildcard: null }],
  },
  {
    pattern: '/docs/:"page?"/',
    dialect: 'hono',
    expected: { error: 'the name of parameter "page?" holds "?"' },
  },
  {
    pattern: '/docs/:"a{b}"/',
    dialect: 'hono',
    expected: { error: 'the name of parameter "a{b}" holds "{"' },
  },
  {
    pattern: '/x/:__proto__/',
    dialect: 'fastify',
    expected: { error: 'it cannot carry a parameter named "__proto__"' },
  },
  {
    pattern: '/x/:__proto__/',
    dialect: 'hono',
    expected: { error: 'it cannot carry a parameter named "__proto__"' },
  },
  {
    pattern: '/x/*__proto__',
    dialect: 'fastify',
    expected: { error: 'it cannot carry a parameter named "__proto__"' },
  },
  {
    pattern: '/x/:__proto__/',
    dialect: 'path-to-regexp',
    expected: [{ path: '/x/:__proto__/', params: ['__proto__'], wildcard: null }],
  },
  {
    pattern: '/users/:pk{.:format}',
    dialect: 'fastify',
    expected: [
      { path: '/users/:pk', params: ['pk'], wildcard: null },
      { path: '/users/:pk.:format', params: ['pk', 'format'], wildcard: null },
    ],
  },
  {
    pattern: '/users/:pk{.:format}',
    dialect: 'hono',
    expected: { error: 'parameter "pk" shares its path segment' },
  },
  {
    pattern: '/docs/:slug{/:page}/',
    dialect: 'hono',
    expected: [
      { path: '/docs/:slug/', params: ['slug'], wildcard: null },
      { path: '/docs/:slug/:page/', params: ['slug', 'page'], wildcard: null },
    ],
  },
  {
    pattern: '/a{/b{/c}}',
    dialect: 'fastify',
    expected: [
      { path: '/a', params: [], wildcard: null },
      { path: '/a/b', params: [], wildcard: null },
      { path: '/a/b/c', params: [], wildcard: null },
    ],
  },
  {
    pattern: '/x{/:lang}/y{/:page}',
    dialect: 'hono',
    expected: [
      { path: '/x/y', params: [], wildcard: null },
      { path: '/x/y/:page', params: ['page'], wildcard: null },
      { path: '/x/:lang/y', params: ['lang'], wildcard: null },
      { path: '/x/:lang/y/:page', params: ['lang', 'page'], wildcard: null },
    ],
  },
  {
    pattern: '/files/*rest',
    dialect: 'fastify',
    expected: [{ path: '/files/*', params: ['rest'], wildcard: 'rest' }],
  },
  {
    pattern: '/files/*rest',
    dialect: 'hono',
    expected: [{ path: '/files/:rest{.+}', params: ['rest'], wildcard: null }],
  },
  {
    pattern: '/files/*rest/edit',
    dialect: 'fastify',
    expected: { error: 'wildcard "rest" is not at the end' },
  },
  {
    pattern: '/files/*rest/edit',
    dialect: 'hono',
    expected: [{ path: '/files/:rest{.+}/edit', params: ['rest'], wildcard: null }],
  },
  {
    pattern: '/time/:h-:m',
    dialect: 'fastify',
    expected: [{ path: '/time/:h-:m', params: ['h', 'm'], wildcard: null }],
  },
  { pattern: '/time/:h-:m', dialect: 'hono', expected: { error: 'parameter "h" shares its path segment' } },
  {
    pattern: '/v:version/',
    dialect: 'fastify',
    expected: [{ path: '/v:version/', params: ['version'], wildcard: null }],
  },
  {
    pattern: '/v:version/',
    dialect: 'hono',
    expected: { error: 'parameter "version" shares its path segment' },
  },
  {
    pattern: '/mail/:user@example',
    dialect: 'fastify',
    expected: { error: 'parameter "user" is followed by "@example"' },
  },
  {
    pattern: '/a\\:b/:id',
    dialect: 'fastify',
    expected: [{ path: '/a::b/:id', params: ['id'], wildcard: null }],
  },
  { pattern: '/a\\:b/:id', dialect: 'hono', expected: { error: 'its text "/a:b/" holds ":"' } },
  { pattern: '/a\\*b', dialect: 'fastify', expected: { error: 'its text "/a*b" holds "*"' } },
  // Fastify and Hono match decoded paths; UrlConf keeps literal text percent-encoded.
  {
    pattern: '/café/:id',
    dialect: 'fastify',
    expected: [{ path: '/café/:id', params: ['id'], wildcard: null }],
  },
  {
    pattern: '/café/:id',
    dialect: 'hono',
    expected: [{ path: '/café/:id', params: ['id'], wildcard: null }],
  },
  // path-to-regexp's own syntax (Express): the pattern kept whole, literal text as requests carry it.
  {
    pattern: '/café/:pk{.:format}',
    dialect: 'path-to-regexp',
    expected: [{ path: '/caf%C3%A9/:pk{.:format}', params: ['pk', 'format'], wildcard: null }],
  },
  {
    pattern: '/a\\:b/*rest',
    dialect: 'path-to-regexp',
    expected: [{ path: '/a\\:b/*rest', params: ['rest'], wildcard: null }],
  },
];
