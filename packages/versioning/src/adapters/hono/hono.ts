import { Hono } from 'hono';
import type { Context, Handler } from 'hono';
import type { UrlConf } from '../../urls/urlconf.js';
import {
  type AdapterOptions,
  appendVary,
  catchProblems,
  mountRoutes,
  type Problem,
  type VersioningVariables,
} from '../shared.js';
import { refuseMalformedValues } from '../malformed-path.js';

/** The Hono environment of a versioned app: `c.get('version')`, `c.get('reverse')(…)` are typed through it. */
export interface VersioningEnv {
  Variables: VersioningVariables;
}

/** A response that varies on `fields`; a copy when its headers are immutable (a `fetch()` response's are). */
function varyOn(response: Response, fields: string): Response {
  const current = response.headers.get('vary');
  const vary = appendVary(current, fields);
  if (vary === current) return response;
  try {
    response.headers.set('vary', vary);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('vary', vary);
    return copy;
  }
}

/** `response` with the version lifecycle's header fields appended; a copy when its headers are immutable. */
function withFields(response: Response, fields: readonly (readonly [string, string])[]): Response {
  if (fields.length === 0) return response;
  const append = (target: Response): Response => {
    for (const [name, value] of fields) target.headers.append(name, value);
    return target;
  };
  try {
    return append(response);
  } catch {
    // Immutable headers refuse the first append already, so the copy starts from the original ones.
    return append(new Response(response.body, response));
  }
}

function expose(c: Context<VersioningEnv>, versioning: VersioningVariables): void {
  c.set('version', versioning.version);
  c.set('versioningScheme', versioning.versioningScheme);
  c.set('resolverMatch', versioning.resolverMatch);
  c.set('reverse', versioning.reverse);
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as Partial<PromiseLike<unknown>> | null)?.then === 'function';
}

function problemResponse(problem: Problem): Response {
  return new Response(problem.body, { status: problem.status, headers: problem.headers });
}

/**
 * A Hono app serving every route of `urlconf` with its handler (an ordinary Hono handler), each request versioned
 * first: `c.get('version')`, `c.get('versioningScheme')`, `c.get('resolverMatch')`, `c.get('reverse')(…)`.
 * Mount it at the root (`app.route('/', versioned(…))`): the UrlConf's reversal knows no other base path.
 * @example
 * const app = new Hono();
 * app.route('/', versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) }));
 */
export function versioned(urlconf: UrlConf, options: AdapterOptions): Hono<VersioningEnv> {
  const app = new Hono<VersioningEnv>();
  for (const mount of mountRoutes<Handler<VersioningEnv>>(
    'hono versioned(urlconf, options)',
    urlconf,
    options,
    'hono',
  )) {
    const handle: Handler<VersioningEnv> = (c, next) => {
      // The version lifecycle's headers, put on whatever response this request gets.
      const fields: [string, string][] = [];
      // Whatever the handler gives back (a Response, or nothing after next()) goes back to Hono as it is.
      const finish = (response: unknown): unknown =>
        response instanceof Response
          ? withFields(mount.vary !== '' ? varyOn(response, mount.vary) : response, fields)
          : response;
      return catchProblems(
        () => {
          // One by one: c.req.param() would decode all of them into a new object first.
          const params: Record<string, string | undefined> = {};
          for (const key of mount.paramKeys) params[key] = c.req.param(key);
          refuseMalformedValues(params, c.req.raw.url);
          const versioning = mount.version(c.req.raw, mount.matchOf(params), (name, value) => {
            fields.push([name, value]);
          });
          expose(c, versioning);
          // Responses the handler makes with `c` carry it from the start, so finish() finds it there.
          if (mount.vary !== '') c.header('vary', mount.vary);
          const response: unknown = versioning.handler(c, next);
          // A handler that answers synchronously is answered synchronously: Hono then skips a promise too.
          return isPromiseLike(response) ? Promise.resolve(response).then(finish) : finish(response);
        },
        (error) => withFields(problemResponse(mount.problem(error, c.req.header('accept-language'))), fields),
      ) as Response | Promise<Response>;
    };
    if (mount.methods === null) app.all(mount.path, handle);
    else app.on([...mount.methods], mount.path, handle);
  }
  return app;
}
