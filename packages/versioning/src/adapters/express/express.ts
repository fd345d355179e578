import express from 'express';
import type { RequestHandler, Router } from 'express';
import type { UrlConf } from '../../urls/urlconf.js';
import { type AdapterOptions, mountRoutes, type VersioningVariables } from '../shared.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own way to type what middleware adds
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the members into Express's Request
    interface Request extends VersioningVariables {}
  }
}

const where = 'express versioned(urlconf, options)';

function register(route: ReturnType<Router['route']>, method: string, handler: RequestHandler): void {
  const add: unknown = (route as unknown as Record<string, unknown>)[method.toLowerCase()];
  if (typeof add !== 'function')
    throw new TypeError(`${where}: Express cannot route method ${JSON.stringify(method)}`);
  (add as (this: typeof route, handler: RequestHandler) => void).call(route, handler);
}

/**
 * An Express router serving every route of `urlconf` with its handler (an ordinary Express handler), each request
 * versioned first: `req.version`, `req.versioningScheme`, `req.resolverMatch`, `req.reverse()`. Mount it at the
 * root: the UrlConf's reversal knows no other base path.
 * @example
 * const app = express();
 * app.use(versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) }));
 */
export function versioned(urlconf: UrlConf, options: AdapterOptions): Router {
  // Strict and case-sensitive, as UrlConf.resolve() matches: `/users` is not `/users/`, nor `/Users/`.
  const router = express.Router({ strict: true, caseSensitive: true });
  for (const mount of mountRoutes<RequestHandler>(where, urlconf, options, 'path-to-regexp')) {
    const handle: RequestHandler = (req, res, next) => {
      if (mount.varyAccept) res.vary('Accept');
      return mount.respond(req, req.params, {
        expose: (versioning) => Object.assign(req, versioning),
        call: () => mount.handler(req, res, next),
        answer: (problem, error) => {
          if (res.headersSent) next(error);
          else res.status(problem.status).set(problem.headers).send(problem.body);
        },
      });
    };
    const route = router.route(mount.path);
    if (mount.methods === null) route.all(handle);
    else for (const method of mount.methods) register(route, method, handle);
  }
  return router;
}
