import { Hono } from 'hono';
import type { Context, Handler, Next } from 'hono';
import { isAPIException, ParseError } from '../../errors.js';
import { decideFetch, type Outcome, type ServeOutcome } from '../../pipeline/decide.js';
import { type ProblemOutcome, problemOutcome } from '../../pipeline/problem.js';
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
function answerError(c: AnyContext, error: unknown, outcome: ServeOutcome): Response {
  const { vary } = outcome;
  if (!isAPIException(error)) {
    // The application's onError answers through `c`: its answer varies on the scheme's headers too, even where the
    // handler replaced `Vary` on `c`. Read through `c.res`, which Hono makes here if need be (on an error only).
    if (vary.length > 0) c.header('Vary', appendVary(c.res.headers.get('vary'), vary));
    throw error;
  }
  const problem = problemOutcome(error, c.req.header('accept-language'), vary, outcome.fields);
  return problemResponse(c, problem);
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
    if (outcome instanceof Promise) return outcome.then((settled) => answer(c, next, settled));
    return answer(c, next, outcome);
  };
}

/** The `describe` route's handler: the document of the request's version. */
const describeHandler: shared.DescribeHandler<Handler<VersioningEnv>> = (document) => (c) => {
  const request = shared.LazyResolverMatch.requestOf(c.get('resolverMatch')) as VersioningRequest;
  return c.body(document(request), 200, { 'content-type': 'application/json' });
};
/** Writes out what the pipeline decided: the problem, or the route's handler called with `c`, its answer finished. */
function answer(c: AnyContext, next: Next, outcome: Outcome): Response | Promise<Response> {
  if (outcome.kind === 'problem') return problemResponse(c, outcome);
  const { request } = outcome;
  c.set('version', request.version);
  c.set('versioningScheme', request.versioningScheme);
  c.set('resolverMatch', new shared.LazyResolverMatch(request));
  c.set('reverse', shared.reverseFor(request));
  let response: unknown;
  try {
    response = (outcome.handler as Handler<VersioningEnv>)(c, next);
  } catch (error) {
    return answerError(c, error, outcome);
  }
  // A handler that answers synchronously is answered synchronously: Hono then skips a promise too.
  if (response instanceof Response) return finishResponse(c, response, outcome);
  if (!isPromiseLike(response)) return response as Response;
  return Promise.resolve(response).then(
    (resolved) => (resolved instanceof Response ? finishResponse(c, resolved, outcome) : resolved),
    (error: unknown) => answerError(c, error, outcome),
  ) as Promise<Response>;
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
