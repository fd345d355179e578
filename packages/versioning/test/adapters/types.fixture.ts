// Compiled, never run, by types.test.ts (`tsc --strict`): handlers written inline, the way each framework's docs
// write them, with no annotation. Each `@ts-expect-error` is a mistake the types must catch.
import { createServer } from 'node:http';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { expectTypeOf } from 'vitest';
import {
  include as expressInclude,
  path as expressPath,
  versioned as expressVersioned,
  type VersionedRequest as ExpressVersionedRequest,
} from '../../src/adapters/express/index.js';
import {
  path as fastifyPath,
  versioned as fastifyVersioned,
  type VersionedRequest as FastifyVersionedRequest,
} from '../../src/adapters/fastify/index.js';
import {
  include as honoInclude,
  path as honoPath,
  versioned as honoVersioned,
} from '../../src/adapters/hono/index.js';
import {
  path as nodePath,
  versioned as nodeVersioned,
  type VersionedIncomingMessage as NodeVersionedRequest,
} from '../../src/adapters/node/index.js';
import type { BaseVersioning } from '../../src/schemes/base.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import type { ResolverMatch } from '../../src/types.js';
import { UrlConf } from '../../src/urls/urlconf.js';

const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });

// Express: `req.params` from the route, the versioning members on `req`.
const expressRoutes = [
  expressPath('/:version/users/:pk/', (req, res) => {
    expectTypeOf(req.params).toEqualTypeOf<{ version: string; pk: string }>();
    expectTypeOf(req.version).toEqualTypeOf<string | null>();
    expectTypeOf(req.versioningScheme).toEqualTypeOf<BaseVersioning | null>();
    expectTypeOf(req.resolverMatch).toEqualTypeOf<ResolverMatch>();
    expectTypeOf(req.reverse('users-list')).toEqualTypeOf<string>();
    res.json({ pk: req.params.pk, self: req.reverse('users-detail', { kwargs: { pk: req.params.pk } }) });
  }),
  expressPath('/:version/docs/:slug{/:page}/', (req, res) => {
    expectTypeOf(req.params.page).toEqualTypeOf<string | undefined>();
    res.send(req.params.slug);
  }),
  expressPath('/:version/files/*rest', (req, res) => {
    // Express gives a wildcard's segments.
    expectTypeOf(req.params.rest).toEqualTypeOf<string[]>();
    res.send(req.params.rest.join('/'));
  }),
  expressPath('/:version/people/:"person id"/', (req, res) => {
    res.send(req.params['person id']);
  }),
  // @ts-expect-error: the route has no parameter `id`
  expressPath('/:version/users/:pk/', (req, res) => res.send(req.params.id)),
];
const expressApp = express();
expressApp.use('/api', expressVersioned(new UrlConf(expressRoutes), { scheme }));
expressApp.get('/plain/', (req, res) => {
  // @ts-expect-error: a request outside the adapter's routes has no version
  res.send(req.version);
});
// @ts-expect-error: a Hono route in an Express include
expressInclude('/v1', [honoPath('/x/', (c) => c.text('x'))]);

// Fastify: `request.params` from the route, the versioning members on `request`.
const fastifyRoutes = [
  fastifyPath('/:version/users/:pk/', async (request, reply) => {
    expectTypeOf(request.params).toEqualTypeOf<{ version: string; pk: string }>();
    expectTypeOf(request.version).toEqualTypeOf<string | null>();
    reply.header('x-version', request.version ?? 'none');
    return { pk: request.params.pk, self: request.reverse('users-list') };
  }),
  fastifyPath('/:version/docs/:slug{/:page}/', (request) => {
    expectTypeOf(request.params.page).toEqualTypeOf<string | undefined>();
    return request.resolverMatch.kwargs;
  }),
  fastifyPath('/:version/files/*rest', (request) => {
    expectTypeOf(request.params.rest).toEqualTypeOf<string>();
    return request.params.rest;
  }),
];
const fastifyApp = Fastify();
await fastifyApp.register(fastifyVersioned(new UrlConf(fastifyRoutes), { scheme }), { prefix: '/api' });
fastifyApp.get('/plain/', (request) => {
  // @ts-expect-error: a request outside the plugin's routes has no version
  return request.version;
});

// Hono: `c.req.param()` from the route, the versioning members in `c.get()`.
const honoRoutes = [
  honoPath('/:version/users/:pk/', (c) => {
    expectTypeOf(c.req.param('pk')).toEqualTypeOf<string>();
    expectTypeOf(c.get('version')).toEqualTypeOf<string | null>();
    expectTypeOf(c.get('reverse')('users-list')).toEqualTypeOf<string>();
    return c.json({ pk: c.req.param('pk'), version: c.get('version') });
  }),
  honoPath('/:version/docs/:slug{/:page}/', (c) => {
    expectTypeOf(c.req.param('page')).toEqualTypeOf<string | undefined>();
    return c.text(c.req.param('slug'));
  }),
  honoPath<'/:version/tenant/', { Bindings: { TOKEN: string } }>('/:version/tenant/', (c) => {
    expectTypeOf(c.env.TOKEN).toEqualTypeOf<string>();
    return c.text(c.get('version') ?? '');
  }),
];
const honoApp = new Hono();
honoApp.route('/api', honoVersioned(new UrlConf([honoInclude('', honoRoutes)]), { scheme }));
honoApp.get('/plain/', (c) => {
  // @ts-expect-error: the app's own routes have no versioning variables
  return c.text(c.get('version'));
});

// node:http: `req.params` from the route, the versioning members on `req`.
const nodeRoutes = [
  nodePath('/:version/users/:pk/', (req, res) => {
    expectTypeOf(req.params).toEqualTypeOf<{ version: string; pk: string }>();
    res.end(`${req.params.pk} ${req.version ?? ''} ${req.reverse('users-list')}`);
  }),
];
createServer(nodeVersioned(new UrlConf(nodeRoutes), { scheme }));

// Typed versions: a scheme typed by its allow list (`as const`) given as the route's `versioning` types the version
// in every adapter's handler; a route without one keeps `string`, and since/until must be its versions.
const typedScheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] as const });
export const typedRoutes = {
  express: expressPath(
    '/:version/typed/',
    (req, res) => {
      expectTypeOf(req.version).toEqualTypeOf<'v1' | 'v2' | null>();
      expectTypeOf(req.versioningScheme).toEqualTypeOf<BaseVersioning<'v1' | 'v2'> | null>();
      res.send(req.version === 'v2' ? 'new' : 'old');
    },
    { versioning: typedScheme, since: 'v1' },
  ),
  fastify: fastifyPath('/:version/typed/', (request) => request.version satisfies 'v1' | 'v2' | null, {
    versioning: typedScheme,
  }),
  hono: honoPath(
    '/:version/typed/',
    (c) => {
      expectTypeOf(c.get('version')).toEqualTypeOf<'v1' | 'v2' | null>();
      return c.text(c.get('version') ?? '');
    },
    { versioning: typedScheme },
  ),
  node: nodePath(
    '/:version/typed/',
    (req, res) => {
      expectTypeOf(req.version).toEqualTypeOf<'v1' | 'v2' | null>();
      res.end(req.version);
    },
    { versioning: typedScheme },
  ),
  // A handler annotated with the adapter's request type, untyped, fits a route of any parameters and versions.
  annotatedExpress: expressPath(
    '/:version/annotated/:pk/',
    (req: ExpressVersionedRequest, res) => res.send(req.version),
    { versioning: typedScheme },
  ),
  annotatedFastify: fastifyPath(
    '/:version/annotated/:pk/',
    (request: FastifyVersionedRequest) => request.version,
    {
      versioning: typedScheme,
    },
  ),
  annotatedNode: nodePath(
    '/:version/annotated/:pk/',
    (req: NodeVersionedRequest, res) => res.end(req.params.pk),
    { versioning: typedScheme },
  ),
};
fastifyPath(
  '/:version/typed/',
  (request) => {
    // @ts-expect-error: 'v3' is not a version of the route's scheme
    if (request.version === 'v3') return null;
    return request.version;
  },
  { versioning: typedScheme },
);
// @ts-expect-error: since must be one of the scheme's versions
nodePath('/:version/typed/', (req, res) => res.end(), { versioning: typedScheme, since: 'v3' });
nodePath('/:version/untyped/', (req) => expectTypeOf(req.version).toEqualTypeOf<string | null>(), {
  versioning: new URLPathVersioning(),
});
