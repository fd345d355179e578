import type { FastifyInstance as App, FastifyPluginCallback, FastifyReply as Reply } from 'fastify';
import type { FastifyRequest as Request, RouteOptions } from 'fastify';
import * as core from '../core.js';
import { applyRequestInfo, nodePort } from '../node-body.js';
import {
  fastifyQuery,
  finishReplyHead,
  outgoingReplyJson,
  replyFields,
  replyProblem,
} from '../node-response.js';
import type { VersionedRequest, VersionedRouteHandler } from './routes.js';

type H = VersionedRouteHandler;
const where = 'fastify versioned(urlconf, options)';
type Mounted = core.MountedRoute<H>;
/** What the plugin keeps on each request of its routes (decorated, as Fastify asks): the decision, Vary in front. */
const kOutcome = Symbol('restdash versioning outcome');
const kUpstreamVary = Symbol('restdash upstream vary');
type Kept = { [kOutcome]: core.ServeOutcome | null; [kUpstreamVary]: unknown };
const kept = (request: Request) => request as unknown as Kept;
const versionOf = (request: Request) => kept(request)[kOutcome]?.request.version ?? null;

/** Last on every answer of the route: Vary as hooks in front, the handler and the scheme set it; the vendor type. */
const finishReply =
  (vary: readonly string[]): NonNullable<RouteOptions['onSend']> =>
  (request, reply, payload, sent) => {
    // A pinned answer varies on what its pin reads (`*` by default), a sent version's on the scheme's headers.
    const outcome = kept(request)[kOutcome];
    finishReplyHead(reply, kept(request)[kUpstreamVary], outcome?.vary ?? vary, outcome?.contentType ?? null);
    sent(null, payload);
  };

/** Fastify's `preSerialization`: what the handler sends goes out in the request's version, before it is serialised. */
const sendInVersion =
  (mounted: Mounted): NonNullable<RouteOptions['preSerialization']> =>
  (request, reply, payload, done) => {
    const outcome = kept(request)[kOutcome];
    const send = outcome === null ? null : core.sending(mounted, outcome);
    done(null, send === null ? payload : outgoingReplyJson(reply, send, payload, true));
  };

function handlerOf(mounted: Mounted, wildcard: string | null, prefix: string) {
  return function (this: App, request: Request, reply: Reply): unknown {
    kept(request)[kUpstreamVary] = reply.getHeader('vary');
    const params = request.params as Record<string, string>;
    // find-my-way names every wildcard `*`; the handler finds it under the UrlConf's name too.
    if (wildcard !== null) params[wildcard] = params['*'] as string;
    // Writes out what the pipeline decided: the problem, or the handler called with what the exchange made.
    const answer = (outcome: core.Outcome): unknown => {
      if (outcome.kind === 'problem') return replyProblem(reply, outcome);
      kept(request)[kOutcome] = outcome;
      core.exposeOn(request, outcome.request);
      return core.whenEntered(core.enter(mounted, outcome, nodePort(request.raw)), (entry) => {
        if (entry.kind === 'problem') return replyProblem(reply, entry.problem);
        if (entry.info !== null)
          Object.assign(request, { query: fastifyQuery(applyRequestInfo(request.raw, entry.info)) });
        if (entry.body !== null) request.body = entry.body.value;
        replyFields(reply, outcome.fields);
        // A handler that sends later, through `reply`: Fastify waits for the reply (it is a thenable).
        const handler = outcome.handler as H;
        return handler.call(this, request as VersionedRequest, reply as never) ?? reply;
      });
    };
    const outcome = core.decideNode(mounted, request.raw, request.url, params, prefix, request, reply.raw);
    // A pinned version still coming; resolved with `reply` (a thenable), the promise waits until it is sent.
    return outcome instanceof Promise ? outcome.then((settled) => answer(settled) ?? reply) : answer(outcome);
  };
}

/** A `describe` route's handler: the document of the request's version, or a file of the reference page. */
const describeHandler: core.DescribeHandler<H> = (file) => (request, reply) =>
  core.sendFile(reply, file((kept(request)[kOutcome] as core.ServeOutcome).request));

/**
 * A Fastify plugin serving every route of `urlconf` with its handler (an ordinary Fastify handler), each request
 * versioned first: `request.version`, `request.versioningScheme`, `request.resolverMatch`, `request.reverse()`.
 * An ordinary, encapsulated plugin: the versioning members exist on the requests of its routes only, and
 * `register(plugin, { prefix })` serves them under the prefix, which reversal puts in front of the paths it builds.
 * Inside the plugin, restdash reads the bodies of routes with a `request` schema (or a history that migrates them)
 * once the version is decided; Fastify's own parsers hand every body on unread (`request.raw` holds it).
 * @example
 * const app = Fastify();
 * await app.register(versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) }), {
 *   prefix: '/api',
 * });
 */
export function versioned(
  urlconf: core.UrlConf,
  options: core.AdapterOptions<Request>,
): FastifyPluginCallback {
  const mount = core.mountRoutes<H>('fastify', urlconf, options, 'fastify', describeHandler);
  const plugin: FastifyPluginCallback = (app, _options, done) => {
    const prefix = app.prefix;
    const refused = core.prefixProblem(where, 'registered with prefix', prefix);
    if (refused !== null) {
      done(refused);
      return;
    }
    for (const name of [kOutcome, kUpstreamVary, ...core.versioningMembers]) {
      if (!app.hasRequestDecorator(name)) app.decorateRequest(name, null);
    }
    // Bodies are read once the version is decided, by restdash: in this plugin, Fastify's parsers hand them on unread.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, parsed) => {
      parsed(null, undefined);
    });
    for (const { mounted, url, wildcard, methods } of core.registrations(
      mount.routes,
      app.supportedMethods,
    )) {
      const { vary, responseMediaType } = mounted;
      const finishes = vary.length > 0 || mounted.pinnedVary.length > 0 || responseMediaType !== null;
      app.route({
        method: methods,
        url,
        ...(mounted.hasBodies && { preSerialization: sendInVersion(mounted) }),
        // Under a prefix, `/` is the prefix with its slash, not without: strict, like UrlConf.resolve().
        ...(url === '/' && { prefixTrailingSlash: 'slash' as const }),
        handler: handlerOf(mounted, wildcard, prefix),
        ...(finishes && { onSend: finishReply(vary) }),
        // What the handler threw. Rethrown, an error goes on to the application's error handler.
        errorHandler(error, request, reply) {
          if (!core.isAPIException(error)) throw error;
          const language = request.headers['accept-language'];
          replyProblem(reply, core.failure(mounted, versionOf(request), error, language, vary));
        },
      });
    }
    if (mount.problems) {
      app.setNotFoundHandler((request, reply) => {
        const path = core.pathOf(request.raw.url ?? '/').slice(prefix.length) || '/';
        const language = request.headers['accept-language'];
        replyProblem(reply, core.unrouted(mount.routes, path, request.method, language));
      });
    }
    done();
  };
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: '@restdash/versioning' });
}
