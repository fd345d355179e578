import type { FastifyPluginCallback, onSendHookHandler, RouteHandlerMethod } from 'fastify';
import { isAPIException } from '../../errors.js';
import type { UrlConf } from '../../urls/urlconf.js';
import {
  type AdapterOptions,
  appendField,
  appendVary,
  exposeOn,
  mountRoutes,
  type VersioningVariables,
} from '../shared.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the members into Fastify's request
  interface FastifyRequest extends VersioningVariables {}
}

const decorated = ['version', 'versioningScheme', 'resolverMatch', 'reverse'] as const;

// Errors answered by Fastify's error handler go through onSend as well, so they vary on the scheme's headers too.
const varyOn =
  (fields: string): onSendHookHandler =>
  (_request, reply, payload, done) => {
    reply.header('vary', appendVary(reply.getHeader('vary'), fields));
    done(null, payload);
  };

/**
 * A Fastify plugin serving every route of `urlconf` with its handler (an ordinary Fastify handler), each request
 * versioned first: `request.version`, `request.versioningScheme`, `request.resolverMatch`, `request.reverse()`.
 * Like a `fastify-plugin` plugin it is not encapsulated: routes and decorators land on the instance registering it,
 * and a `prefix` option has no effect (put prefixes in the UrlConf, whose reversal must know them).
 * @example
 * const app = Fastify();
 * await app.register(versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) }));
 */
export function versioned(urlconf: UrlConf, options: AdapterOptions): FastifyPluginCallback {
  const mounts = mountRoutes<RouteHandlerMethod>(
    'fastify versioned(urlconf, options)',
    urlconf,
    options,
    'fastify',
  );
  const plugin: FastifyPluginCallback = (app, _pluginOptions, done) => {
    for (const name of decorated) if (!app.hasRequestDecorator(name)) app.decorateRequest(name, null);
    // find-my-way refuses a path registered twice for a method; as in UrlConf.resolve(), the first route wins.
    const registered = new Set<string>();
    for (const mount of mounts) {
      const fresh = (method: string) => !registered.has(`${method} ${mount.path}`);
      const methods = (mount.methods ?? app.supportedMethods).filter(fresh);
      if (methods.length === 0) continue;
      for (const method of methods) registered.add(`${method} ${mount.path}`);
      app.route({
        method: methods,
        url: mount.path,
        ...(mount.vary === '' ? {} : { onSend: varyOn(mount.vary) }),
        // The handler's own result goes to Fastify as it is: no wrapper, no extra promise.
        handler(request, reply) {
          const match = mount.matchOf(request.params as Record<string, unknown>);
          const versioning = mount.version(request.raw, match, (name, value) => {
            reply.header(name, appendField(reply.getHeader(name), value));
          });
          exposeOn(request, versioning);
          return versioning.handler.call(this, request, reply);
        },
        // What versioning or the handler threw. Rethrown, an error goes on to the application's error handler.
        errorHandler(error, request, reply) {
          if (!isAPIException(error)) throw error;
          const problem = mount.problem(error, request.headers['accept-language']);
          reply.code(problem.status).headers(problem.headers).send(problem.body);
        },
      });
    }
    done();
  };
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: '@restdash/versioning',
  });
}
