import { Hono } from 'hono';
import type { Context, Handler } from 'hono';
import type { RequestInfo } from '../../changes/info.js';
import { isAPIException, ParseError } from '../../errors.js';
import { type BodyBytes, readFetchBody } from '../../http/read-body.js';
import {
  bodyStep,
  outgoingJson,
  prepareRequest,
  type RouteBodies,
  whenPrepared,
} from '../../pipeline/body.js';
import { decideFetch, type Outcome, type ServeOutcome } from '../../pipeline/decide.js';
import { type ProblemMigration, type ProblemOutcome, problemOutcome } from '../../pipeline/problem.js';
import { unrouted } from '../../pipeline/unrouted.js';
import { appendVary } from '../../pipeline/vary.js';
import type { VersioningRequest } from '../../types.js';
import type { UrlConf } from '../../urls/urlconf.js';
import { hasMalformedValue } from '../malformed-path.js';
import * as shared from '../shared.js';
import type { AdapterOptions } from '../shared.js';
import {
  finishResponse,
  isPromiseLike,
  nodeHost,
  paramsOf,
  prefixOf,
  withFields,
  withVary,
} from './response.js';
import type { VersioningEnv } from './routes.js';

type AnyContext = Context<VersioningEnv>;

const noParams: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The problem+json answer, through `c` so that what middleware in front set (CORS headers, their `Vary`) stays;
 * `Vary` is appended to, the lifecycle's fields too.
 */
function problemResponse(c: AnyContext, problem: ProblemOutcome): Response {
  const response = c.body(problem.body, problem.status as 400, problem.headers);
  return withFields(withVary(c, response, problem.vary), problem.fields);
}

/** The problem+json answer to an `APIException` a handler threw; any other error is thrown again. */
function answerError(
  c: AnyContext,
  error: unknown,
  outcome: ServeOutcome,
  migrate: ProblemMigration | null = null,
): Response {
  const { vary } = outcome;
  if (!isAPIException(error)) {
    // The application's onError answers through `c`: its answer varies on the scheme's headers too, even where the
    // handler replaced `Vary` on `c`. Read through `c.res`, which Hono makes here if need be (on an error only).
    if (vary.length > 0) c.header('Vary', appendVary(c.res.headers.get('vary'), vary));
    throw error;
  }
  const problem = problemOutcome(error, c.req.header('accept-language'), vary, outcome.fields, null, migrate);
  return problemResponse(c, problem);
}

/** Calls the handler that answers; its Response finished, its errors answered. */
function answer(
  c: AnyContext,
  next: Parameters<Handler<VersioningEnv>>[1],
  outcome: ServeOutcome,
  migrate: ProblemMigration | null,
): Response | Promise<Response> {
  let response: unknown;
  try {
    response = (outcome.handler as Handler<VersioningEnv>)(c, next);
  } catch (error) {
    return answerError(c, error, outcome, migrate);
  }
  // A handler that answers synchronously is answered synchronously: Hono then skips a promise too.
  if (response instanceof Response) return finishResponse(c, response, outcome);
  if (!isPromiseLike(response)) return response as Response;
  return Promise.resolve(response).then(
    (resolved) => (resolved instanceof Response ? finishResponse(c, resolved, outcome) : resolved),
    (error: unknown) => answerError(c, error, outcome, migrate),
  ) as Promise<Response>;
}

/**
 * `c.json()` of a route with bodies: the object goes out as the request's version has it, before it is serialised.
 * Hono's `c.json` is a property of each context, so this one is set on this request's context only.
 */
function migratingJson(c: AnyContext, bodies: RouteBodies, version: string | null): AnyContext['json'] {
  const json = c.json;
  return ((object: unknown, arg?: number | ResponseInit, headers?: Record<string, string | string[]>) => {
    // What Hono would send: its status and headers (those set on `c` included), without a body.
    const newResponse = c.newResponse as (data: null, arg: unknown, headers: unknown) => Response;
    const probe = newResponse(null, arg, { 'content-type': 'application/json', ...headers });
    const outgoing = outgoingJson(
      bodies,
      version,
      object,
      probe.status,
      probe.headers.get('content-type'),
      () => {
        return new Headers(probe.headers);
      },
    );
    if (outgoing.info === null) return json(outgoing.body as never, arg as never, headers as never);
    return new Response(JSON.stringify(outgoing.body), outgoing.info);
  }) as AnyContext['json'];
}

/** The body of a Hono request, within `limit`; read from Hono's cache when middleware in front read it already. */
function honoBody(c: AnyContext, limit: number): Promise<BodyBytes> {
  if (!c.req.raw.bodyUsed) return readFetchBody(c.req.raw, limit);
  return c.req.arrayBuffer().then((buffer): BodyBytes => {
    const bytes = new Uint8Array(buffer);
    return bytes.length > limit ? { kind: 'too-large' } : { kind: 'bytes', bytes };
  });
}

/** Makes what migrations changed what the handler reads: `c.req.header()`, `c.req.query()`, `c.req.url`. */
function applyHonoInfo(c: AnyContext, info: RequestInfo): void {
  const url = new URL(c.req.url);
  url.search = info.query.toString();
  c.req.raw = new Request(url, { method: c.req.method, headers: info.headers });
}

/**
 * Serves a request of a route with bodies: `c.json()` sends them as the request's version has them, and a request
 * body is read, validated and migrated (`c.req.valid('json')`) before the handler runs.
 */
function serveWithBodies(
  c: AnyContext,
  next: Parameters<Handler<VersioningEnv>>[1],
  mounted: shared.MountedRoute<Handler<VersioningEnv>>,
  outcome: ServeOutcome,
  bodies: RouteBodies,
): Response | Promise<Response> {
  const { version } = outcome.request;
  const migrate = mounted.problemFor(version);
  if (bodies.response !== null || bodies.problem !== null) c.json = migratingJson(c, bodies, version);
  const step = bodies.request === null ? 'none' : bodyStep(bodies.request, c.req.method, version);
  if (step === 'none' || bodies.request === null) return answer(c, next, outcome, migrate);
  const limit = mounted.bodyLimit;
  let prepared: ReturnType<typeof prepareRequest>;
  try {
    prepared = prepareRequest(bodies.request, step, {
      method: c.req.method,
      contentType: c.req.header('content-type'),
      version,
      limit,
      source: () => honoBody(c, limit),
      info: (): RequestInfo => ({
        headers: new Headers(c.req.raw.headers),
        query: new URLSearchParams(new URL(c.req.url).search),
      }),
    });
  } catch (error) {
    // A schema's own transform that throws: answered as an error of the route, as when it rejects.
    return answerError(c, error, outcome, migrate);
  }
  return whenPrepared(
    prepared,
    (prepared) => {
      if (prepared.kind === 'refuse') {
        const language = c.req.header('accept-language');
        return problemResponse(
          c,
          problemOutcome(prepared.error, language, outcome.vary, outcome.fields, null, migrate),
        );
      }
      if (prepared.info !== null) applyHonoInfo(c, prepared.info);
      if (prepared.hasBody) c.req.addValidatedData('json', prepared.body as object);
      return answer(c, next, outcome, migrate);
    },
    (error: unknown) => answerError(c, error, outcome, migrate),
  );
}

function handlerOf(mounted: shared.MountedRoute<Handler<VersioningEnv>>): Handler<VersioningEnv> {
  const { hasParams, paramNames } = mounted;
  // Read by name, except on a route with a name `Object.prototype` has (`__proto__`, `constructor`).
  const byName = paramNames.every((name) => !(name in Object.prototype));
  const varyValue = mounted.vary.join(', ');
  return (c, next) => {
    // Responses the handler makes with `c`, and problems, carry it from the start.
    if (varyValue !== '') c.header('Vary', varyValue, { append: true });
    const params = !hasParams ? noParams : byName ? paramsOf(c, paramNames) : c.req.param();
    // Hono hands a malformed percent-escape on undecoded: answered 400 like Express, Fastify and node:http do.
    const outcome =
      hasParams && hasMalformedValue(params, c.req.raw.url)
        ? problemOutcome(new ParseError(), c.req.header('accept-language'), mounted.vary)
        : decideFetch(mounted, c.req.raw, params, c, nodeHost(c), c);
    // A pinned version still coming (an async pinVersion): Hono awaits the handler's promise.
    if (outcome instanceof Promise) return outcome.then((settled) => serve(c, next, mounted, settled));
    return serve(c, next, mounted, outcome);
  };
}

/** The `describe` route's handler: the document of the request's version. */
const describeHandler: shared.DescribeHandler<Handler<VersioningEnv>> = (document) => (c) => {
  const request = shared.LazyResolverMatch.requestOf(c.get('resolverMatch')) as VersioningRequest;
  return c.body(document(request), 200, { 'content-type': 'application/json' });
};
/** Writes out what the pipeline decided: the problem, or the route's request body prepared and its handler called. */
function serve(
  c: AnyContext,
  next: Parameters<Handler<VersioningEnv>>[1],
  mounted: shared.MountedRoute<Handler<VersioningEnv>>,
  outcome: Outcome,
): Response | Promise<Response> {
  if (outcome.kind === 'problem') return problemResponse(c, outcome);
  const { request } = outcome;
  c.set('version', request.version);
  c.set('versioningScheme', request.versioningScheme);
  c.set('resolverMatch', new shared.LazyResolverMatch(request));
  c.set('reverse', shared.reverseFor(request));
  const bodies = mounted.hasBodies ? mounted.bodiesOf(outcome.route) : null;
  if (bodies !== null) return serveWithBodies(c, next, mounted, outcome, bodies);
  return answer(c, next, outcome, null);
}

/**
 * A Hono app serving every route of `urlconf` with its handler (an ordinary Hono handler), each request versioned
 * first: `c.get('version')`, `c.get('versioningScheme')`, `c.get('resolverMatch')`, `c.get('reverse')(…)`.
 * Mounted under a path (`app.route('/api', versioned(…))`), its routes are served there and reversal puts that
 * path in front.
 * @example
 * const app = new Hono();
 * app.route('/api', versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) }));
 */
export function versioned(
  urlconf: UrlConf,
  options: AdapterOptions<Context<VersioningEnv>>,
): Hono<VersioningEnv> {
  const { routes, problems } = shared.mountRoutes<Handler<VersioningEnv>>(
    'hono',
    urlconf,
    options,
    'hono',
    describeHandler,
    { prefixOf },
  );
  const app = new Hono<VersioningEnv>();
  for (const mounted of routes) {
    const handle = handlerOf(mounted);
    for (const { path: routePath } of mounted.paths) {
      if (mounted.methods === null) app.all(routePath, handle);
      else app.on([...mounted.methods], routePath, handle);
    }
  }
  if (problems) {
    // Routes, not `notFound()`: a Hono app mounted with app.route() brings its routes, never its not-found handler.
    app.all('*', (c) => {
      const url = c.req.url;
      const path = shared
        .pathOf(url.slice(url.indexOf('/', url.indexOf('//') + 2)))
        .slice(prefixOf(c).length);
      const language = c.req.header('accept-language');
      return problemResponse(c, unrouted(routes, path === '' ? '/' : path, c.req.method, language));
    });
  }
  return app;
}
