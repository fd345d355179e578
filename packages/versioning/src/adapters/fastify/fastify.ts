import type {
  FastifyInstance,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { isAPIException } from '../../errors.js';
import { argumentError } from '../../internal/arguments.js';
import { decideNode, type Outcome, type ServeOutcome } from '../../pipeline/decide.js';
import { enter, failure, sending, whenEntered } from '../../pipeline/exchange.js';
import type { ProblemOutcome } from '../../pipeline/problem.js';
import { unrouted } from '../../pipeline/unrouted.js';
import { appendField, appendVary, isJsonType, mergeVary } from '../../pipeline/vary.js';
import type { UrlConf } from '../../urls/urlconf.js';
import { applyRequestInfo, nodePort } from '../node-body.js';
import { fastifyQuery, replyHeaders, replyInfo } from '../node-response.js';
import * as shared from '../shared.js';
import type { AdapterOptions } from '../shared.js';
import { decorate, type Decorated, kOutcome, kUpstreamVary } from './request-members.js';
import type { VersionedRequest, VersionedRouteHandler } from './routes.js';

type Mounted = shared.MountedRoute<VersionedRouteHandler>;
const outcomeOf = (request: FastifyRequest) => (request as unknown as Decorated)[kOutcome];

function sendProblem(reply: FastifyReply, problem: ProblemOutcome): FastifyReply {
  for (const [name, value] of problem.fields) reply.header(name, appendField(reply.getHeader(name), value));
  reply.code(problem.status);
  if (problem.vary.length > 0) reply.header('vary', appendVary(reply.getHeader('vary'), problem.vary));
  return reply.headers(problem.headers).send(problem.body);
}

/** Last on every answer of the route: Vary as hooks in front, the handler and the scheme set it; the vendor type. */
function finishReply(vary: readonly string[]): NonNullable<RouteOptions['onSend']> {
  return (request, reply, payload, sent) => {
    const current = reply.getHeader('vary');
    // A pinned answer varies on what its pin reads (`*` by default), a sent version's on the scheme's headers.
    const fields = outcomeOf(request)?.vary ?? vary;
    const value = appendVary(mergeVary((request as unknown as Decorated)[kUpstreamVary], current), fields);
    if (value !== current && value !== '') reply.header('vary', value);
    const contentType = outcomeOf(request)?.contentType ?? null;
    if (contentType !== null && isJsonType(reply.getHeader('content-type')))
      reply.header('content-type', contentType);
    sent(null, payload);
  };
}

/** Fastify's `preSerialization`: what the handler sends goes out in the request's version, before it is serialised. */
function migrateReply(mounted: Mounted): NonNullable<RouteOptions['preSerialization']> {
  return (request, reply, payload, done) => {
    const outcome = outcomeOf(request);
    const send = outcome == null ? null : sending(mounted, outcome);
    if (send === null) {
      done(null, payload);
      return;
    }
    const out = send(payload, reply.statusCode, reply.getHeader('content-type'), () => replyHeaders(reply));
    if (out.info !== null) replyInfo(reply, out.info);
    done(null, out.body);
  };
}

/** Writes out what the pipeline decided: the problem, or the handler called with what the exchange made. */
function answer(
  app: FastifyInstance,
  mounted: Mounted,
  outcome: Outcome,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (outcome.kind === 'problem') return sendProblem(reply, outcome);
  const decorated = request as unknown as Decorated;
  decorated[kOutcome] = outcome;
  decorated.version = outcome.request.version;
  decorated.versioningScheme = mounted.scheme;
  const call = (serve: ServeOutcome): unknown => {
    for (const [name, value] of serve.fields) reply.header(name, appendField(reply.getHeader(name), value));
    const handler = serve.handler as VersionedRouteHandler;
    return handler.call(app, request as VersionedRequest, reply as FastifyReply<{ Params: never }>) ?? reply;
  };
  if (!mounted.hasBodies) return call(outcome);
  return whenEntered(enter(mounted, outcome, nodePort(request.raw)), (entry) => {
    if (entry.kind === 'problem') return sendProblem(reply, entry.problem);
    if (entry.info !== null) {
      applyRequestInfo(request.raw, entry.info);
      (request as { query: unknown }).query = fastifyQuery(entry.info.query);
    }
    if (entry.body !== null) request.body = entry.body.value;
    return call(outcome);
  });
}

function handlerOf(mounted: Mounted, wildcard: string | null, prefix: string) {
  return function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): unknown {
    (request as unknown as Decorated)[kUpstreamVary] = reply.getHeader('vary');
    const params = request.params as Record<string, string>;
    // find-my-way names every wildcard `*`; the handler finds it under the UrlConf's name too.
    if (wildcard !== null) params[wildcard] = params['*'] as string;
    const outcome = decideNode(mounted, request.raw, request.raw.url ?? '/', params, prefix, request);
    if (!(outcome instanceof Promise)) return answer(this, mounted, outcome, request, reply);
    // A pinned version still coming; resolved with `reply` (a thenable), the promise waits until it is sent.
    return outcome.then((settled) => answer(this, mounted, settled, request, reply) ?? reply);
  } as RouteHandlerMethod;
}

/** The `describe` route's handler: the document of the request's version. */
const describeHandler: shared.DescribeHandler<VersionedRouteHandler> = (document) => (request, reply) =>
  reply.type('application/json').send(document((outcomeOf(request) as ServeOutcome).request));

/**
 * A Fastify plugin serving every route of `urlconf` with its handler (an ordinary Fastify handler), each request
 * versioned first: `request.version`, `request.versioningScheme`, `request.resolverMatch`, `request.reverse()`.
 * An ordinary, encapsulated plugin: the versioning members exist on the requests of its routes only, and
 * `register(plugin, { prefix })` serves them under the prefix, which reversal puts in front of the paths it builds.
 * The bodies of routes with a `request` schema (or a history that migrates them) are read by restdash, after the
 * version is decided, in a context of the plugin where Fastify's own body parsers are left out.
 * @example
 * const app = Fastify();
 * await app.register(versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) }), {
 *   prefix: '/api',
 * });
 */
export function versioned(urlconf: UrlConf, options: AdapterOptions<FastifyRequest>): FastifyPluginCallback {
  const { routes, problems } = shared.mountRoutes<VersionedRouteHandler>(
    'fastify',
    urlconf,
    options,
    'fastify',
    describeHandler,
  );
  const plugin: FastifyPluginCallback = (app, _pluginOptions, done) => {
    const prefix = app.prefix;
    if (/[:*]/.test(prefix)) {
      const why = `registered with prefix ${JSON.stringify(prefix)}, whose parameters Fastify does not tell apart from the routes' own; reversal could not put it in front of the paths it builds. Put the parameters in the UrlConf (include(${JSON.stringify(prefix)}, …)) instead`;
      done(argumentError(`fastify versioned(urlconf, options): ${why}`));
      return;
    }
    decorate(app);
    const reading: RouteOptions[] = [];
    // find-my-way refuses a path registered twice for a method; as in UrlConf.resolve(), the first route wins.
    const registered = new Set<string>();
    for (const mounted of routes) {
      const { vary, responseMediaType } = mounted;
      for (const { path: url, wildcard } of mounted.paths) {
        const methods = (mounted.methods ?? app.supportedMethods).filter(
          (m) => !registered.has(`${m} ${url}`),
        );
        if (methods.length === 0) continue;
        for (const method of methods) registered.add(`${method} ${url}`);
        const bodies = mounted.bodiesOf(mounted.route);
        const route: RouteOptions = {
          method: methods,
          url,
          ...(bodies !== null &&
            (bodies.response !== null || bodies.problem !== null) && {
              preSerialization: migrateReply(mounted),
            }),
          // Under a prefix, `/` is the prefix with its slash, not without: strict, like UrlConf.resolve().
          ...(url === '/' && { prefixTrailingSlash: 'slash' as const }),
          handler: handlerOf(mounted, wildcard, prefix),
          ...((vary.length > 0 || mounted.pinnedVary.length > 0 || responseMediaType !== null) && {
            onSend: finishReply(vary),
          }),
          // What the handler threw. Rethrown, an error goes on to the application's error handler.
          errorHandler(error, request, reply) {
            if (!isAPIException(error)) throw error;
            const version = outcomeOf(request)?.request.version ?? null;
            sendProblem(reply, failure(mounted, version, error, request.headers['accept-language'], vary));
          },
        };
        if (bodies?.request != null) reading.push(route);
        else app.route(route);
      }
    }
    if (reading.length > 0) {
      app.register((child, _options, registeredChild) => {
        // Bodies are read after the version is decided: Fastify's parsers hand them on unread.
        child.removeAllContentTypeParsers();
        child.addContentTypeParser('*', (_request, _payload, parsed) => {
          parsed(null, undefined);
        });
        for (const route of reading) child.route(route);
        registeredChild();
      });
    }
    if (problems) {
      app.setNotFoundHandler((request, reply) => {
        const path = shared.pathOf(request.raw.url ?? '/').slice(prefix.length);
        sendProblem(
          reply,
          unrouted(routes, path === '' ? '/' : path, request.method, request.headers['accept-language']),
        );
      });
    }
    done();
  };
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: '@restdash/versioning' });
}
