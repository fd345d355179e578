import express from 'express';
import type { Request, RequestHandler, Router } from 'express';
import type { UrlConf } from '../../urls/urlconf.js';
import {
  type AdapterOptions,
  catchProblems,
  exposeOn,
  mountRoutes,
  type VersioningVariables,
} from '../shared.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own way to type what middleware adds
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the members into Express's Request
    interface Request extends VersioningVariables {}
  }
}

const where = 'express versioned(urlconf, options)';

type Members = { -readonly [K in keyof VersioningVariables]?: VersioningVariables[K] };

const members = ['version', 'versioningScheme', 'resolverMatch', 'reverse'] as const;
const membersOf = new WeakMap<object, Members>();
const patched = new WeakSet<object>();

/**
 * Whether the requests whose prototype is `proto` have the four versioning members as accessors over
 * {@link membersOf}, where they behave like plain properties; gives them the accessors when `proto` is an Express
 * app's `app.request`. Express changes each request's prototype, after which V8 makes every property added to
 * the request cost microseconds: four of them would cost more than the rest of versioning together.
 */
function hasAccessors(proto: object | null): boolean {
  if (proto === null) return false;
  if (patched.has(proto)) return true;
  // Only an app's `app.request` (it has `app`): a router used without an app gets plain properties.
  if (!Object.hasOwn(proto, 'app')) return false;
  for (const name of members) {
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: object) {
        return membersOf.get(this)?.[name];
      },
      set(this: object, value: unknown) {
        membersOf.set(this, { ...membersOf.get(this), [name]: value });
      },
    });
  }
  patched.add(proto);
  return true;
}

function expose(req: Request, versioning: VersioningVariables): void {
  if (hasAccessors(Object.getPrototypeOf(req) as object | null)) membersOf.set(req, versioning);
  else exposeOn(req, versioning);
}

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
      if (mount.vary !== '') res.vary(mount.vary);
      return catchProblems(
        () => {
          const versioning = mount.version(req, mount.matchOf(req.params), (name, value) => {
            res.append(name, value);
          });
          expose(req, versioning);
          return versioning.handler(req, res, next);
        },
        (error) => {
          if (res.headersSent) {
            next(error);
            return;
          }
          const problem = mount.problem(error, req.headers['accept-language']);
          res.status(problem.status).set(problem.headers).send(problem.body);
        },
      );
    };
    const route = router.route(mount.path);
    if (mount.methods === null) route.all(handle);
    else for (const method of mount.methods) register(route, method, handle);
  }
  return router;
}
