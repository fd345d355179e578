// Express variants: bare routes, restdash's router, and express-routes-versioning (Accept-Version).
import { once } from 'node:events';
import express from 'express';
import routesVersioning from 'express-routes-versioning';
import { body, PATTERNS } from '../routes.mjs';

const variants = {
  bare(app) {
    app.get(PATTERNS.path, (req, res) => res.json(body(req.params.pk, req.params.version)));
    app.get(PATTERNS.accept, (req, res) => res.json(body(req.params.pk, '1.0')));
    app.get(PATTERNS.query, (req, res) => res.json(body(req.params.pk, '1.0')));
    app.get(PATTERNS.host, (req, res) => res.json(body(req.params.pk, 'v1')));
  },
  'bare-router'(app) {
    // As restdash mounts its routes: strict and case-sensitive, on a Router mounted at the root.
    const router = express.Router({ strict: true, caseSensitive: true });
    variants.bare(router);
    app.use(router);
  },
  async restdash(app, extra) {
    const { restdashAdapter } = await import('../restdash.mjs');
    app.use(
      await restdashAdapter('express', (req, res) => res.json(body(req.params.pk, req.version)), extra),
    );
  },
  async 'restdash-lifecycle'(app) {
    const { LIFECYCLE } = await import('../restdash.mjs');
    await variants.restdash(app, LIFECYCLE);
  },
  'routes-versioning'(app) {
    const version = routesVersioning();
    app.get(PATTERNS.accept, version({ '1.0.0': (req, res) => res.json(body(req.params.pk, '1.0.0')) }));
  },
};

/** Starts `variant` on 127.0.0.1 and resolves with its port. */
export async function start(variant) {
  const app = express();
  await variants[variant](app);
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server.address().port;
}
