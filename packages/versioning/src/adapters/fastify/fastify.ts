import type {
  FastifyInstance,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from 'fastify';
import { type APIException, isAPIException } from '../../errors.js';
import { argumentError } from '../../internal/arguments.js';
import type { VersioningRequest } from '../../types.js';
import type { PathOptions } from '../../urls/route.types.js';
import type { UrlConf } from '../../urls/urlconf.js';
import type { RouteParams } from '../route-params.js';
import {
  type AdapterOptions,
  allowOf,
  appendField,
  appendVary,
  type FrameworkInclude,
  frameworkInclude,
  frameworkPath,
  type FrameworkRoute,
  isJsonType,
  mergeVary,
  mountRoutes,
  pathOf,
  renderProblem,
  reverseFor,
  unrouted,
  versioningMembers,
  type VersioningVariables,
  versionRequest,
} from '../shared.js';

/** A Fastify request of a route mounted through `versioned()`: Fastify's own, with the versioning members. */
export type VersionedRequest<Params = Record<string, string>, V extends string = string> = FastifyRequest<{
  Params: Params;
}> &
  VersioningVariables<V>;

/**
 * A route handler for the Fastify adapter: Fastify's own `(request, reply)`, `request.params` typed from the route
 * and the versioning members on `request`.
 */
export type VersionedRouteHandler<Params = Record<string, string>, V extends string = string> = (
  this: FastifyInstance,
  request: VersionedRequest<Params, V>,
  reply: FastifyReply<{ Params: Params }>,
) => unknown;

/** A route made by this adapter's {@link path}; another adapter refuses it. */
export type FastifyRoute = FrameworkRoute<'fastify'>;

/** A group made by this adapter's {@link include}. */
export type FastifyInclude = FrameworkInclude<'fastify'>;

/**
 * Declares a route served by a Fastify handler, typed from the route: `request.params` has its parameters
 * (optional ones in `{…}` optional) and `request.version`, `request.reverse()`… are there; `request.version` is
 * typed by the versions of `options.versioning` when that scheme is typed by its allow list. The core's `path()`
 * with types.
 * @example path('/users/:pk/', (request) => ({ pk: request.params.pk, version: request.version }))
 */
export function path<const R extends string, V extends string = string>(
  route: R,
  handler: VersionedRouteHandler<RouteParams<NoInfer<R>>, NoInfer<V>>,
  options?: PathOptions<V>,
): FastifyRoute {
  return frameworkPath('fastify', route, handler, options);
}

/** Groups routes of this adapter (or the core's) under a prefix and, optionally, a namespace; the core's `include()`. */
export function include(
  prefix: string,
  routes: readonly (FastifyRoute | FastifyInclude)[],
  options?: { readonly namespace?: string },
): FastifyInclude {
  return frameworkInclude(prefix, routes, options);
}

const where = 'fastify versioned(urlconf, options)';

/** The version lifecycle's header fields go on the reply after any value it has. */
function appendHeader(reply: FastifyReply, name: string, value: string): void {
  reply.header(name, appendField(reply.getHeader(name), value));
}
/** The request's {@link VersioningRequest}, which the getters of the other members read. */
const kRequest = Symbol('restdash versioning request');
/** The reply's `Vary` as the route found it (what hooks in front set), kept whatever the handler sets after. */
const kUpstreamVary = Symbol('restdash upstream vary');

interface Decorated {
  [kRequest]: VersioningRequest | null;
  [kUpstreamVary]: unknown;
  version: string | null;
  versioningScheme: VersioningVariables['versioningScheme'];
}

/** The members worked out when read: a handler that never asks for them never pays for them. */
const lazyMembers: Partial<Record<(typeof versioningMembers)[number], (this: FastifyRequest) => unknown>> = {
  resolverMatch() {
    return (this as unknown as Decorated)[kRequest]?.resolverMatch ?? null;
  },
  reverse() {
    const request = (this as unknown as Decorated)[kRequest];
    return request === null ? null : reverseFor(request);
  },
};

/** Decorates the plugin's requests, once per encapsulation context, with the versioning members. */
function decorate(app: FastifyInstance): void {
  if (app.hasRequestDecorator(kRequest)) return;
  app.decorateRequest(kRequest, null);
  app.decorateRequest(kUpstreamVary, null);
  for (const name of versioningMembers) {
    const getter = lazyMembers[name];
    // The others (the version and its scheme) are stored on each request.
    if (getter === undefined) app.decorateRequest(name, null);
    else app.decorateRequest(name, { getter: getter as (this: FastifyRequest) => null });
  }
}

function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  error: APIException,
  vary: readonly string[],
): void {
  const problem = renderProblem(error, request.headers['accept-language'], vary);
  reply.code(problem.status);
  if (problem.vary.length > 0) reply.header('vary', appendVary(reply.getHeader('vary'), problem.vary));
  reply.headers({ ...problem.headers, ...allowOf(error) }).send(problem.body);
}

/**
 * A Fastify plugin serving every route of `urlconf` with its handler (an ordinary Fastify handler), each request
 * versioned first: `request.version`, `request.versioningScheme`, `request.resolverMatch`, `request.reverse()`.
 * An ordinary, encapsulated plugin: the versioning members exist on the requests of its routes only, and
 * `register(plugin, { prefix })` serves them under the prefix, which reversal puts in front of the paths it builds.
 * @example
 * const app = Fastify();
 * await app.register(versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) }), {
 *   prefix: '/api',
 * });
 */
export function versioned(urlconf: UrlConf, options: AdapterOptions): FastifyPluginCallback {
  const { routes, problems } = mountRoutes<VersionedRouteHandler>('fastify', urlconf, options, 'fastify');
  const plugin: FastifyPluginCallback = (app, _pluginOptions, done) => {
    const prefix = app.prefix;
    if (/[:*]/.test(prefix)) {
      done(
        argumentError(
          `${where}: registered with prefix ${JSON.stringify(prefix)}, whose parameters Fastify does not tell apart from the routes' own; reversal could not put it in front of the paths it builds. Put the parameters in the UrlConf (include(${JSON.stringify(prefix)}, …)) instead`,
        ),
      );
      return;
    }
    decorate(app);
    // find-my-way refuses a path registered twice for a method; as in UrlConf.resolve(), the first route wins.
    const registered = new Set<string>();
    for (const mounted of routes) {
      const { vary, requests, source, scheme, responseMediaType } = mounted;
      for (const { path: url, wildcard } of mounted.paths) {
        const fresh = (method: string) => !registered.has(`${method} ${url}`);
        const methods = (mounted.methods ?? app.supportedMethods).filter(fresh);
        if (methods.length === 0) continue;
        for (const method of methods) registered.add(`${method} ${url}`);
        const handle: RouteHandlerMethod = function (request, reply) {
          const decorated = request as unknown as Decorated;
          decorated[kUpstreamVary] = reply.getHeader('vary');
          const params = request.params as Record<string, string>;
          // find-my-way names every wildcard `*`; the handler finds it under the UrlConf's name too.
          if (wildcard !== null) params[wildcard] = params['*'] as string;
          const versioning = requests.node(request.raw, request.raw.url ?? '/', source, params, prefix);
          decorated[kRequest] = versioning;
          const answering = versionRequest(
            mounted,
            versioning,
            mounted.kwargsOf(params),
            appendHeader,
            reply,
          );
          decorated.version = versioning.version;
          decorated.versioningScheme = scheme;
          // The handler's own result goes to Fastify as it is: no wrapper, no extra promise.
          return answering.call(this, request as VersionedRequest, reply as FastifyReply<{ Params: never }>);
        };
        app.route({
          method: methods,
          url,
          // Under a prefix, `/` is the prefix with its slash, not without: strict, like UrlConf.resolve().
          ...(url === '/' ? { prefixTrailingSlash: 'slash' as const } : {}),
          handler: handle,
          ...(vary.length === 0 && responseMediaType === null
            ? {}
            : {
                // Every answer of the route (the handler's, an error's) goes through here last: its Vary is what
                // hooks in front set, what the handler set, and the scheme's headers.
                onSend(request, reply, payload, sent) {
                  const decorated = request as unknown as Decorated;
                  const current = reply.getHeader('vary');
                  const value = appendVary(mergeVary(decorated[kUpstreamVary], current), vary);
                  if (value !== current && value !== '') reply.header('vary', value);
                  // A JSON answer to a request that asked for a vendor type goes out as that type.
                  const versioning = decorated[kRequest];
                  if (
                    responseMediaType !== null &&
                    versioning !== null &&
                    isJsonType(reply.getHeader('content-type'))
                  ) {
                    const vendor = responseMediaType(versioning);
                    if (vendor !== null) reply.header('content-type', vendor);
                  }
                  sent(null, payload);
                },
              }),
          // What versioning or the handler threw. Rethrown, an error goes on to the application's error handler.
          errorHandler(error, request, reply) {
            if (!isAPIException(error)) throw error;
            sendProblem(request, reply, error, vary);
          },
        });
      }
    }
    if (problems) {
      app.setNotFoundHandler((request, reply) => {
        const path = pathOf(request.raw.url ?? '/').slice(prefix.length);
        sendProblem(request, reply, unrouted(routes, path === '' ? '/' : path, request.method), []);
      });
    }
    done();
  };
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: '@restdash/versioning' });
}
