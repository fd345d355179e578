import type {
  FastifyInstance,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { RequestInfo } from '../../changes/info.js';
import { type APIException, isAPIException, PayloadTooLarge, UnsupportedMediaType } from '../../errors.js';
import { argumentError } from '../../internal/arguments.js';
import {
  bodyStep,
  jsonParseError,
  outgoingJson,
  prepareRequest,
  whenPrepared,
  type RouteBodies,
} from '../../pipeline/body.js';
import { decideNode, type Outcome, type ServeOutcome } from '../../pipeline/decide.js';
import { type ProblemMigration, type ProblemOutcome, problemOutcome } from '../../pipeline/problem.js';
import { unrouted } from '../../pipeline/unrouted.js';
import { appendField, appendVary, isJsonType, mergeVary } from '../../pipeline/vary.js';
import type { UrlConf } from '../../urls/urlconf.js';
import { applyRequestInfo, messageInfo } from '../node-body.js';
import * as shared from '../shared.js';
import type { AdapterOptions } from '../shared.js';
import { decorate, type Decorated, kOutcome, kUpstreamVary } from './request-members.js';
import type { VersionedRequest, VersionedRouteHandler } from './routes.js';

/** Any `+json` media type (`application/vnd.acme+json`, `application/merge-patch+json`). */
const plusJson = /^application\/[^\s;/]+\+json\s*(?:;|$)/i;

/** Header fields go on the reply after any value it has. */
function appendFields(reply: FastifyReply, fields: ServeOutcome['fields']): void {
  for (const [name, value] of fields) reply.header(name, appendField(reply.getHeader(name), value));
}

function sendProblem(reply: FastifyReply, problem: ProblemOutcome): void {
  appendFields(reply, problem.fields);
  reply.code(problem.status);
  if (problem.vary.length > 0) reply.header('vary', appendVary(reply.getHeader('vary'), problem.vary));
  reply.headers(problem.headers).send(problem.body);
}

/**
 * Every answer of the route (the handler's, an error's) goes through here last: its Vary is what hooks in front
 * set, what the handler set, and the scheme's headers; a JSON answer to a request that asked for a vendor type goes
 * out as that type.
 */
function finishReply(vary: readonly string[]): NonNullable<RouteOptions['onSend']> {
  return (request, reply, payload, sent) => {
    const decorated = request as unknown as Decorated;
    const current = reply.getHeader('vary');
    const value = appendVary(mergeVary(decorated[kUpstreamVary], current), vary);
    if (value !== current && value !== '') reply.header('vary', value);
    const contentType = decorated[kOutcome]?.contentType ?? null;
    if (contentType !== null && isJsonType(reply.getHeader('content-type')))
      reply.header('content-type', contentType);
    sent(null, payload);
  };
}

/** Makes what migrations changed what the handler reads: `request.headers`, `request.query`, `request.url`. */
function applyFastifyInfo(request: FastifyRequest, info: RequestInfo): void {
  applyRequestInfo(request.raw, info);
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(info.query.keys())) {
    const values = info.query.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  (request as { query: unknown }).query = query;
}

/**
 * Reads, validates and migrates the body of a request to a route with bodies, then calls the handler; a body the
 * route refuses is answered as a problem.
 */
function serveWithBodies(
  this: FastifyInstance,
  mounted: shared.MountedRoute<VersionedRouteHandler>,
  outcome: ServeOutcome,
  request: FastifyRequest,
  reply: FastifyReply,
): unknown {
  const handler = outcome.handler as VersionedRouteHandler;
  const call = (): unknown =>
    handler.call(this, request as VersionedRequest, reply as FastifyReply<{ Params: never }>);
  const { version } = outcome.request;
  const bodies = mounted.bodiesOf(outcome.route);
  const step = bodies?.request == null ? 'none' : bodyStep(bodies.request, request.method, version);
  if (step === 'none' || bodies?.request == null) return call();
  const migrate = mounted.problemFor(version);
  const prepared = prepareRequest(bodies.request, step, {
    method: request.method,
    contentType: request.headers['content-type'],
    version,
    limit: mounted.bodyLimit,
    // Fastify's own parser read it (its bodyLimit, its errors answered by the route's error handler).
    source: () => ({ parsed: request.body }),
    info: (): RequestInfo => messageInfo(request.raw),
  });
  return whenPrepared(prepared, (prepared) => {
    if (prepared.kind === 'refuse') {
      const language = request.headers['accept-language'];
      sendProblem(reply, problemOutcome(prepared.error, language, outcome.vary, undefined, null, migrate));
      return reply;
    }
    if (prepared.info !== null) applyFastifyInfo(request, prepared.info);
    if (prepared.hasBody) request.body = prepared.body;
    const result = call();
    // A handler that sends later, through `reply`: Fastify waits for the reply (it is a thenable).
    return result === undefined ? reply : result;
  });
}

/** Fastify's own errors of reading a body, as the problems a route with a `request` schema answers. */
function bodyError(error: unknown, request: FastifyRequest, limit: number): APIException | null {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new UnsupportedMediaType(request.headers['content-type'] ?? '');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new PayloadTooLarge(limit);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return jsonParseError((error as Error).message);
    default:
      return null;
  }
}

/**
 * A route's `preSerialization` hook: an object the handler returns or sends goes out as the request's version has
 * it, before Fastify serialises it.
 */
function migrateReply(bodies: RouteBodies): NonNullable<RouteOptions['preSerialization']> {
  return (request, reply, payload, done) => {
    const version = (request as unknown as Decorated)[kOutcome]?.request.version ?? null;
    const outgoing = outgoingJson(
      bodies,
      version,
      payload,
      reply.statusCode,
      reply.getHeader('content-type'),
      () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value === undefined) continue;
          for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
        }
        return headers;
      },
    );
    const { info } = outgoing;
    if (info !== null) {
      reply.code(info.status);
      for (const name of Object.keys(reply.getHeaders()))
        if (!info.headers.has(name)) reply.removeHeader(name);
      for (const [name, value] of info.headers) reply.header(name, value);
    }
    done(null, outgoing.body);
  };
}

/** The route handler: versions the request, then calls the route's handler with Fastify's own arguments. */
function handlerOf(
  mounted: shared.MountedRoute<VersionedRouteHandler>,
  wildcard: string | null,
  prefix: string,
) {
  return function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): unknown {
    const decorated = request as unknown as Decorated;
    decorated[kUpstreamVary] = reply.getHeader('vary');
    const params = request.params as Record<string, string>;
    // find-my-way names every wildcard `*`; the handler finds it under the UrlConf's name too.
    if (wildcard !== null) params[wildcard] = params['*'] as string;
    const outcome = decideNode(mounted, request.raw, request.raw.url ?? '/', params, prefix, request);
    if (!(outcome instanceof Promise)) return answer(this, mounted, outcome, request, reply);
    // A pinned version still coming (an async pinVersion). Resolved with `reply` (a thenable), the promise waits until
    // the reply is sent, as Fastify asks of an async handler that sends it itself.
    return outcome.then((settled) => answer(this, mounted, settled, request, reply) ?? reply);
  } as RouteHandlerMethod;
}

/** The `describe` route's handler: the document of the request's version. */
const describeHandler: shared.DescribeHandler<VersionedRouteHandler> = (document) => (request, reply) => {
  const outcome = (request as unknown as Decorated)[kOutcome] as ServeOutcome;
  return reply.type('application/json').send(document(outcome.request));
};
/** Writes out what the pipeline decided: the problem, or the route's handler called with Fastify's arguments. */
function answer(
  app: FastifyInstance,
  mounted: shared.MountedRoute<VersionedRouteHandler>,
  outcome: Outcome,
  request: FastifyRequest,
  reply: FastifyReply,
): unknown {
  if (outcome.kind === 'problem') {
    sendProblem(reply, outcome);
    return;
  }
  const decorated = request as unknown as Decorated;
  appendFields(reply, outcome.fields);
  decorated[kOutcome] = outcome;
  decorated.version = outcome.request.version;
  decorated.versioningScheme = mounted.scheme;
  if (mounted.hasBodies) return serveWithBodies.call(app, mounted, outcome, request, reply);
  // The handler's own result goes to Fastify as it is: no wrapper, no extra promise.
  const handler = outcome.handler as VersionedRouteHandler;
  return handler.call(app, request as VersionedRequest, reply as FastifyReply<{ Params: never }>);
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
export function versioned(urlconf: UrlConf, options: AdapterOptions<FastifyRequest>): FastifyPluginCallback {
  const { routes, problems, readsBodies } = shared.mountRoutes<VersionedRouteHandler>(
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
    // Fastify parses `application/json` only; a route's body may be any `+json` type, parsed the same way.
    if (readsBodies && !app.hasContentTypeParser(plusJson)) {
      app.addContentTypeParser(plusJson, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
    }
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
        const sends = bodies !== null && (bodies.response !== null || bodies.problem !== null);
        const reads = bodies?.request != null;
        app.route({
          method: methods,
          url,
          ...(reads && mounted.bodyLimitGiven ? { bodyLimit: mounted.bodyLimit } : {}),
          ...(sends ? { preSerialization: migrateReply(bodies) } : {}),
          // Under a prefix, `/` is the prefix with its slash, not without: strict, like UrlConf.resolve().
          ...(url === '/' ? { prefixTrailingSlash: 'slash' as const } : {}),
          handler: handlerOf(mounted, wildcard, prefix),
          ...(vary.length === 0 && responseMediaType === null ? {} : { onSend: finishReply(vary) }),
          // What the handler threw. Rethrown, an error goes on to the application's error handler.
          errorHandler(error, request, reply) {
            const language = request.headers['accept-language'];
            const version = (request as unknown as Decorated)[kOutcome]?.request.version ?? null;
            const migrate: ProblemMigration | null = mounted.problemFor(version);
            if (reads) {
              const refused = bodyError(error, request, request.routeOptions.bodyLimit);
              if (refused !== null) {
                sendProblem(reply, problemOutcome(refused, language, vary, undefined, null, migrate));
                return;
              }
            }
            if (!isAPIException(error)) throw error;
            sendProblem(reply, problemOutcome(error, language, vary, undefined, null, migrate));
          },
        });
      }
    }
    if (problems) {
      app.setNotFoundHandler((request, reply) => {
        const path = shared.pathOf(request.raw.url ?? '/').slice(prefix.length);
        const language = request.headers['accept-language'];
        sendProblem(reply, unrouted(routes, path === '' ? '/' : path, request.method, language));
      });
    }
    done();
  };
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: '@restdash/versioning' });
}
