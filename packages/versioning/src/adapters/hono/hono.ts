import { Hono } from 'hono';
import type { Context, Handler } from 'hono';
import * as core from '../core.js';
import * as fetch from '../fetch.js';
import { hasMalformedValue } from '../malformed-path.js';
import { paramsOf, prefixOf } from './request.js';
import type { VersioningEnv } from './routes.js';

type C = Context<VersioningEnv>;
type Mounted = core.MountedRoute<Handler<VersioningEnv>>;

/** The problem+json answer, through `c` so that what middleware in front set (CORS headers, their `Vary`) stays. */
function problemResponse(c: C, problem: core.ProblemOutcome): Response {
  const response = c.body(problem.body, problem.status as 400, problem.headers);
  return fetch.withFields(
    fetch.withVary(response, problem.vary, (v) => {
      c.header('Vary', v);
    }),
    problem.fields,
  );
}

/** The request's answer once decided: a problem, or the exchange's way in, the handler, and the way out. */
function serve(c: C, next: () => Promise<void>, mounted: Mounted, outcome: core.Outcome) {
  if (outcome.kind === 'problem') return problemResponse(c, outcome);
  for (const [name, value] of core.membersOf(outcome.request)) c.set(name, value as never);
  const failed = (error: unknown): Response => {
    if (!core.isAPIException(error)) {
      // The application's onError answers through `c`: its answer varies on the scheme's headers too.
      if (outcome.vary.length > 0) c.header('Vary', core.appendVary(c.res.headers.get('vary'), outcome.vary));
      throw error;
    }
    const language = c.req.header('accept-language');
    const problem = core.failure(mounted, outcome.request.version, error, language, outcome.vary);
    return problemResponse(c, { ...problem, fields: outcome.fields });
  };
  const answer = async (entry: core.Entry): Promise<Response> => {
    if (entry.kind === 'problem') return problemResponse(c, entry.problem);
    if (entry.info !== null) c.req.raw = fetch.withRequestInfo(c.req.raw, entry.info);
    if (entry.body !== null) c.req.addValidatedData('json', entry.body.value as object);
    const send = mounted.hasBodies ? core.sending(mounted, outcome) : null;
    // Hono has no hook between a handler's object and its text: this request's `c.json` sends it in its version.
    if (send !== null) c.json = fetch.jsonInVersion(send, c.json, c.newResponse) as typeof c.json;
    try {
      const response: unknown = await (outcome.handler as Handler<VersioningEnv>)(c, next);
      if (!(response instanceof Response)) return response as Response;
      return fetch.finishResponse(response, outcome, (v) => {
        c.header('Vary', v);
      });
    } catch (error) {
      return failed(error);
    }
  };
  const entered = core.enter(
    mounted,
    outcome,
    fetch.fetchPort(c.req.raw, () => c.req.arrayBuffer()),
  );
  return entered instanceof Promise ? entered.then(answer, failed) : answer(entered);
}

function handlerOf(mounted: Mounted): Handler<VersioningEnv> {
  const { hasParams, paramNames } = mounted;
  // Read by name, except on a route with a name `Object.prototype` has (`__proto__`, `constructor`).
  const byName = paramNames.every((name) => !(name in Object.prototype));
  const varyValue = mounted.vary.join(', ');
  return (c, next) => {
    // Responses the handler makes with `c`, and problems, carry it from the start.
    if (varyValue !== '') c.header('Vary', varyValue, { append: true });
    const params = !hasParams ? {} : byName ? paramsOf(c, paramNames) : c.req.param();
    // Hono hands a malformed percent-escape on undecoded: answered 400 like Express, Fastify and node:http do.
    const outcome =
      hasParams && hasMalformedValue(params, c.req.raw.url)
        ? core.problemOutcome(new core.ParseError(), c.req.header('accept-language'), mounted.vary)
        : core.decideFetch(mounted, c.req.raw, params, c, fetch.incomingHost(c.req.raw, c.env), c);
    const respond = (settled: core.Outcome) => fetch.reported(c, settled, serve(c, next, mounted, settled));
    // A pinned version still coming (an async pinVersion): Hono awaits the handler's promise.
    return outcome instanceof Promise ? outcome.then(respond) : respond(outcome);
  };
}

/** A `describe` route's handler: the document of the request's version, or a file of the reference page. */
const describeHandler: core.DescribeHandler<Handler<VersioningEnv>> = (file) => (c) => {
  const { type, body } = file(
    core.LazyResolverMatch.requestOf(c.get('resolverMatch')) as core.VersioningRequest,
  );
  return c.body(body as string, 200, { 'content-type': type });
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
export function versioned(urlconf: core.UrlConf, options: core.AdapterOptions<C>): Hono<VersioningEnv> {
  const mount = core.mountRoutes<Handler<VersioningEnv>>('hono', urlconf, options, 'hono', describeHandler, {
    prefixOf,
  });
  const app = new Hono<VersioningEnv>();
  for (const route of mount.routes) {
    const handle = handlerOf(route);
    for (const { path } of route.paths) {
      if (route.methods === null) app.all(path, handle);
      else app.on([...route.methods], path, handle);
    }
  }
  // Routes, not `notFound()`: a Hono app mounted with app.route() brings its routes, never its not-found handler.
  if (mount.problems) {
    app.all('*', (c) => {
      const path = core.pathOf(fetch.targetOf(c.req.url)).slice(prefixOf(c).length) || '/';
      const language = c.req.header('accept-language');
      return problemResponse(c, core.unrouted(mount.routes, path, c.req.method, language));
    });
  }
  return app;
}
