import type { RouteDialect, TranslatedRoute } from '../../src/adapters/route-syntax.js';

export interface TranslationCase {
  readonly pattern: string;
  readonly dialect: RouteDialect;
  /** The registered paths, or the `TypeError` message fragment when the dialect cannot express the route. */
  readonly expected: readonly TranslatedRoute[] | { readonly error: string };
}

const p = (key: string, name: string) => ({ key, name });

export const translationCases: readonly TranslationCase[] = [
  { pattern: '/users/', dialect: 'fastify', expected: [{ path: '/users/', params: [] }] },
  { pattern: '/users/', dialect: 'hono', expected: [{ path: '/users/', params: [] }] },
  { pattern: '/', dialect: 'hono', expected: [{ path: '/', params: [] }] },
  {
    pattern: '/users/:pk/',
    dialect: 'fastify',
    expected: [{ path: '/users/:p0/', params: [p('p0', 'pk')] }],
  },
  { pattern: '/users/:pk/', dialect: 'hono', expected: [{ path: '/users/:p0/', params: [p('p0', 'pk')] }] },
  {
    pattern: '/:version/users/:pk/',
    dialect: 'hono',
    expected: [{ path: '/:p0/users/:p1/', params: [p('p0', 'version'), p('p1', 'pk')] }],
  },
  {
    pattern: '/people/:"person-id"/',
    dialect: 'fastify',
    expected: [{ path: '/people/:p0/', params: [p('p0', 'person-id')] }],
  },
  {
    pattern: '/users/:pk{.:format}',
    dialect: 'fastify',
    expected: [
      { path: '/users/:p0', params: [p('p0', 'pk')] },
      { path: '/users/:p0.:p1', params: [p('p0', 'pk'), p('p1', 'format')] },
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
      { path: '/docs/:p0/', params: [p('p0', 'slug')] },
      { path: '/docs/:p0/:p1/', params: [p('p0', 'slug'), p('p1', 'page')] },
    ],
  },
  {
    pattern: '/a{/b{/c}}',
    dialect: 'fastify',
    expected: [
      { path: '/a', params: [] },
      { path: '/a/b', params: [] },
      { path: '/a/b/c', params: [] },
    ],
  },
  {
    pattern: '/x{/:lang}/y{/:page}',
    dialect: 'hono',
    expected: [
      { path: '/x/y', params: [] },
      { path: '/x/y/:p0', params: [p('p0', 'page')] },
      { path: '/x/:p0/y', params: [p('p0', 'lang')] },
      { path: '/x/:p0/y/:p1', params: [p('p0', 'lang'), p('p1', 'page')] },
    ],
  },
  { pattern: '/files/*rest', dialect: 'fastify', expected: [{ path: '/files/*', params: [p('*', 'rest')] }] },
  {
    pattern: '/files/*rest',
    dialect: 'hono',
    expected: [{ path: '/files/:p0{.+}', params: [p('p0', 'rest')] }],
  },
  {
    pattern: '/files/*rest/edit',
    dialect: 'fastify',
    expected: { error: 'wildcard "rest" is not at the end' },
  },
  {
    pattern: '/files/*rest/edit',
    dialect: 'hono',
    expected: [{ path: '/files/:p0{.+}/edit', params: [p('p0', 'rest')] }],
  },
  {
    pattern: '/time/:h-:m',
    dialect: 'fastify',
    expected: [{ path: '/time/:p0-:p1', params: [p('p0', 'h'), p('p1', 'm')] }],
  },
  { pattern: '/time/:h-:m', dialect: 'hono', expected: { error: 'parameter "h" shares its path segment' } },
  {
    pattern: '/v:version/',
    dialect: 'fastify',
    expected: [{ path: '/v:p0/', params: [p('p0', 'version')] }],
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
  { pattern: '/a\\:b/:id', dialect: 'fastify', expected: [{ path: '/a::b/:p0', params: [p('p0', 'id')] }] },
  { pattern: '/a\\:b/:id', dialect: 'hono', expected: { error: 'its text "/a:b/" holds ":"' } },
  { pattern: '/a\\*b', dialect: 'fastify', expected: { error: 'its text "/a*b" holds "*"' } },
  // Fastify and Hono match decoded paths; UrlConf keeps literal text percent-encoded.
  { pattern: '/café/:id', dialect: 'fastify', expected: [{ path: '/café/:p0', params: [p('p0', 'id')] }] },
  { pattern: '/café/:id', dialect: 'hono', expected: [{ path: '/café/:p0', params: [p('p0', 'id')] }] },
  // path-to-regexp's own syntax (Express): the pattern kept whole, literal text as requests carry it.
  {
    pattern: '/café/:pk{.:format}',
    dialect: 'path-to-regexp',
    expected: [{ path: '/caf%C3%A9/:pk{.:format}', params: [p('pk', 'pk'), p('format', 'format')] }],
  },
  {
    pattern: '/a\\:b/*rest',
    dialect: 'path-to-regexp',
    expected: [{ path: '/a\\:b/*rest', params: [p('rest', 'rest')] }],
  },
];
