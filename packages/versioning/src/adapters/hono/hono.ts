import { Hono } from 'hono';
import type { Handler } from 'hono';
import type { UrlConf } from '../../urls/urlconf.js';
import { type AdapterOptions, appendVary, mountRoutes, type VersioningVariables } from '../shared.js';

/** The Hono environment of a versioned app: `c.get('version')`, `c.get('reverse')(…)` are typed through it. */
export interface VersioningEnv {
  Variables: VersioningVariables;
}

/** A response that varies on `Accept`; a copy when its headers are immutable (a `fetch()` response's are). */
function varyOnAccept(response: Response): Response {
  const vary = appendVary(response.headers.get('vary'), 'Accept');
  try {
    response.headers.set('vary', vary);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('vary', vary);
    return copy;
  }
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
    const handle: Handler<VersioningEnv> = (c, next) =>
      mount.respond(c.req.raw, c.req.param(), {
        expose: (versioning) => {
          c.set('version', versioning.version);
          c.set('versioningScheme', versioning.versioningScheme);
          c.set('resolverMatch', versioning.resolverMatch);
          c.set('reverse', versioning.reverse);
        },
        call: async () => {
          // Whatever the handler gives back (a Response, or nothing after next()) goes back to Hono as it is.
          const response: unknown = await mount.handler(c, next);
          return (
            mount.varyAccept && response instanceof Response ? varyOnAccept(response) : response
          ) as Response;
        },
        answer: (problem) => new Response(problem.body, { status: problem.status, headers: problem.headers }),
      });
    if (mount.methods === null) app.all(mount.path, handle);
    else app.on([...mount.methods], mount.path, handle);
  }
  return app;
}
