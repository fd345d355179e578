import type { FrontMount } from './in-front.js';

/**
 * How the framework's router in front of which restdash runs matches a request path with a trailing slash (the part
 * of Nest's `RouteMatchingOptions` the front reads).
 */
export interface TrailingSlashMatching {
  /** Whether `/users/7/` is served by the `/users/7` route. */
  readonly ignoreTrailingSlash: boolean;
  /**
   * Whether the router removes the slash before it looks for a route (Fastify's find-my-way), rather than trying
   * each route with and without it (Express's router, where the path itself is tried first).
   */
  readonly removesTrailingSlash?: boolean;
}

/** What the front reads of Nest's HTTP adapter. */
export interface RouterOf {
  getType(): string;
  getRouteMatchingOptions?(): TrailingSlashMatching;
}

function withoutSlash(path: string): string | null {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : null;
}

/**
 * `mount` finding the route of a path with a trailing slash as the router does (see `TrailingSlashMatching`), so
 * that a request the router serves with a route of the mount is decided by the front too. The other differences a
 * router may have (case) are the port's to refuse. `router` is Nest's HTTP adapter.
 */
export function matchingLike(mount: FrontMount, router: RouterOf): FrontMount {
  // Nest ≥ 12 says how its router matches; before, Express's defaults (not strict) and Fastify's.
  const matching = router.getRouteMatchingOptions?.() ?? {
    ignoreTrailingSlash: router.getType() === 'express',
  };
  if (!matching.ignoreTrailingSlash) return mount;
  const find: FrontMount['find'] =
    matching.removesTrailingSlash === true
      ? (path, method) => mount.find(withoutSlash(path) ?? path, method)
      : (path, method) => {
          const found = mount.find(path, method);
          if (found !== null) return found;
          const stripped = withoutSlash(path);
          return stripped === null ? null : mount.find(stripped, method);
        };
  return { ...mount, find };
}
