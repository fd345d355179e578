// Fastify variants: bare routes, restdash's plugin, and Fastify's own version constraint.
import Fastify from 'fastify';
import { body, PATTERNS } from '../routes.mjs';

const variants = {
  bare(app) {
    app.get(PATTERNS.path, async (request) => body(request.params.pk, request.params.version));
    app.get(PATTERNS.accept, async (request) => body(request.params.pk, '1.0'));
    app.get(PATTERNS.query, async (request) => body(request.params.pk, '1.0'));
    app.get(PATTERNS.host, async (request) => body(request.params.pk, 'v1'));
  },
  async restdash(app, extra) {
    const { restdashAdapter } = await import('../restdash.mjs');
    await app.register(
      await restdashAdapter(
        'fastify',
        async (request) =>
          // `??`: before restdash kept parameter names, Fastify's were renamed.
          body(request.params.pk ?? request.resolverMatch.kwargs.pk, request.version),
        extra,
      ),
    );
  },
  async 'restdash-lifecycle'(app) {
    const { LIFECYCLE } = await import('../restdash.mjs');
    await variants.restdash(app, LIFECYCLE);
  },
  constraints(app) {
    app.get(PATTERNS.accept, { constraints: { version: '1.0.0' } }, async (request) =>
      body(request.params.pk, '1.0.0'),
    );
  },
};

/** Starts `variant` on 127.0.0.1 and resolves with its port. */
export async function start(variant) {
  const app = Fastify({ logger: false });
  await variants[variant](app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app.server.address().port;
}
