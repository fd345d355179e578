import { Hono } from 'hono';
import type { Context, Handler } from 'hono';
import { isAPIException, ParseError } from '../../errors.js';
import { type BodyBytes, readFetchBody } from '../../http/read-body.js';
import { decideFetch, type Outcome, type ServeOutcome } from '../../pipeline/decide.js';
import {
  enter,
  type ExchangePort,
  failure,
  type Send,
  sending,
  whenEntered,
} from '../../pipeline/exchange.js';
import { type ProblemOutcome, problemOutcome } from '../../pipeline/problem.js';
import { unrouted } from '../../pipeline/unrouted.js';
import { appendVary } from '../../pipeline/vary.js';
import type { VersioningRequest } from '../../types.js';
import type { UrlConf } from '../../urls/urlconf.js';
import { finishResponse, sentInVersion, withFields, withVary } from '../fetch-response.js';
import { hasMalformedValue } from '../malformed-path.js';
import * as shared from '../shared.js';
import type { AdapterOptions } from '../shared.js';
import { nodeHost, paramsOf, prefixOf } from './request.js';
import type { VersioningEnv } from './routes.js';

type AnyContext = Context<VersioningEnv>;
type Next = Parameters<Handler<VersioningEnv>>[1];
type Mounted = shared.MountedRoute<Handler<VersioningEnv>>;

const noParams: Readonly<Record<string, string>> = Object.freeze({});

/** The problem+json answer, through `c` so that what middleware in front set (CORS headers, their `Vary`) stays. */
function problemResponse(c: AnyContext, problem: ProblemOutcome): Response {
  const response = c.body(problem.body, problem.status as 400, problem.headers);
  return withFields(withVary(c, response, problem.vary), problem.fields);
}

/** The problem+json answer to an `APIException` a handler threw; any other error goes on to Hono's `onError`. */
function answerError(c: AnyContext, error: unknown, mounted: Mounted, outcome: ServeOutcome): Response {
  const { vary } = outcome;
  if (!isAPIException(error)) {
    // The application's onError answers through `c`: its answer varies on the scheme's headers too.
    if (vary.length > 0) c.header('Vary', appendVary(c.res.headers.get('vary'), vary));
    throw error;
  }
  const language = c.req.header('accept-language');
  const problem = failure(mounted, outcome.request.version, error, language, vary);
  return problemResponse(c, { ...problem, fields: outcome.fields });
}

/** The body of a Hono request, within `limit`; read from Hono's cache when middleware in front read it already. */
function honoBody(c: AnyContext, limit: number): Promise<BodyBytes> {
  if (!c.req.raw.bodyUsed) return readFetchBody(c.req.raw, limit);
  return c.req.arrayBuffer().then((buffer): BodyBytes => {
    const bytes = new Uint8Array(buffer);
    return bytes.length > limit ? { kind: 'too-large' } : { kind: 'bytes', bytes };
  });
}

function portOf(c: AnyContext): ExchangePort {
  return {
    method: c.req.method,
    header: (name) => c.req.header(name),
    body: (limit) => honoBody(c, limit),
    info: () => ({ headers: new Headers(c.req.raw.headers), query: new URL(c.req.url).searchParams }),
  };
}

/** Calls the handler that answers; its Response finished (in the request's version), its errors answered. */
async function answer(c: AnyContext, next: Next, mounted: Mounted, outcome: ServeOutcome, send: Send | null) {
  try {
    let response = (await (outcome.handler as Handler<VersioningEnv>)(c, next)) as unknown;
    if (!(response instanceof Response)) return response as Response;
    if (send !== null) response = await sentInVersion(response, send);
    return finishResponse(c, response as Response, outcome);
  } catch (error) {
    return answerError(c, error, mounted, outcome);
  }
}

/** Writes out what the pipeline decided: the problem, or the route's request body prepared and its handler called. */
function serve(c: AnyContext, next: Next, mounted: Mounted, outcome: Outcome): Response | Promise<Response> {
  if (outcome.kind === 'problem') return problemResponse(c, outcome);
  const { request } = outcome;
  c.set('version', request.version);
  c.set('versioningScheme', request.versioningScheme);
  c.set('resolverMatch', new shared.LazyResolverMatch(request));
  c.set('reverse', shared.reverseFor(request));
  if (!mounted.hasBodies) return answer(c, next, mounted, outcome, null);
  const entered = whenEntered(enter(mounted, outcome, portOf(c)), (entry) => {
    if (entry.kind === 'problem') return problemResponse(c, entry.problem);
    if (entry.info !== null) {
      const url = new URL(c.req.url);
      url.search = entry.info.query.toString();
      c.req.raw = new Request(url, { method: c.req.method, headers: entry.info.headers });
    }
    if (entry.body !== null) c.req.addValidatedData('json', entry.body.value as object);
    return answer(c, next, mounted, outcome, sending(mounted, outcome));
  });
  return entered instanceof Promise
    ? entered.catch((error: unknown) => answerError(c, error, mounted, outcome))
    : entered;
}

function handlerOf(mounted: Mounted): Handler<VersioningEnv> {
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
    {
      prefixOf,
    },
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
      return problemResponse(
        c,
        unrouted(routes, path === '' ? '/' : path, c.req.method, c.req.header('accept-language')),
      );
    });
  }
  return app;
}
