// Hono variants on @hono/node-server: bare routes and restdash's sub-app.
import { once } from 'node:events';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { body, PATTERNS } from '../routes.mjs';

const variants = {
  bare(app) {
    app.get(PATTERNS.path, (c) => c.json(body(c.req.param('pk'), c.req.param('version'))));
    app.get(PATTERNS.accept, (c) => c.json(body(c.req.param('pk'), '1.0')));
    app.get(PATTERNS.query, (c) => c.json(body(c.req.param('pk'), '1.0')));
    app.get(PATTERNS.host, (c) => c.json(body(c.req.param('pk'), 'v1')));
  },
  'bare-vary'(app) {
    // The bare routes, the Accept one answering with `Vary: Accept` as a correct Accept route must (each path has
    // one handler: Hono composes a chain when a path has more).
    app.get(PATTERNS.path, (c) => c.json(body(c.req.param('pk'), c.req.param('version'))));
    app.get(PATTERNS.accept, (c) => {
      c.header('Vary', 'Accept', { append: true });
      return c.json(body(c.req.param('pk'), '1.0'));
    });
    app.get(PATTERNS.query, (c) => c.json(body(c.req.param('pk'), '1.0')));
    app.get(PATTERNS.host, (c) => c.json(body(c.req.param('pk'), 'v1')));
  },
  async restdash(app, extra) {
    const { restdashAdapter } = await import('../restdash.mjs');
    app.route(
      '/',
      await restdashAdapter(
        'hono',
        (c) =>
          // `??`: before restdash kept parameter names, Hono's were renamed.
          c.json(body(c.req.param('pk') ?? c.get('resolverMatch').kwargs.pk, c.get('version'))),
        extra,
      ),
    );
  },
  async 'restdash-lifecycle'(app) {
    const { LIFECYCLE } = await import('../restdash.mjs');
    await variants.restdash(app, LIFECYCLE);
  },
};

/** Starts `variant` on 127.0.0.1 and resolves with its port. */
export async function start(variant) {
  const app = new Hono();
  await variants[variant](app);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  if (!server.listening) await once(server, 'listening');
  return server.address().port;
}
