import { type FrontMount, mountInFront } from './in-front.js';
import type { AdapterOptions } from './shared.js';
import { decodeSegment } from '../urls/encoding.js';
import type { UrlConf } from '../urls/urlconf.js';

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

/** The mount of `urlconf` in front of Nest's `router` (see `mountInFront`), matching as it does (see `matchingLike`). */
export function mountMatching(
  urlconf: UrlConf,
  options: AdapterOptions<never>,
  router: RouterOf,
): FrontMount {
  return matchingLike(mountInFront('nest', urlconf, options), router);
}

type Found = ReturnType<FrontMount['find']>;

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
  const removes = matching.removesTrailingSlash === true;
  // Nest registers a route declared with a trailing slash without it: its router serves the path without the slash,
  // and with it where it ignores the slash. restdash's own routes (`describe`: `/docs/`) are found as they are.
  const declaredSlash = (found: Found): boolean =>
    found !== null &&
    found.route.route.pattern.endsWith('/') &&
    mount.file(found.route.handler) === undefined;
  const find: FrontMount['find'] = (path, method) => {
    const stripped = withoutSlash(path);
    if (stripped === null) {
      const found = mount.find(path, method);
      if (found !== null) return found;
      const slashed = mount.find(`${path}/`, method);
      return declaredSlash(slashed) ? slashed : null;
    }
    if (!matching.ignoreTrailingSlash) {
      const found = mount.find(path, method);
      return declaredSlash(found) ? null : found;
    }
    const [first, then] = removes ? [stripped, path] : [path, stripped];
    return mount.find(first, method) ?? mount.find(then, method);
  };
  return { ...mount, find };
}

/** One piece of a find-my-way path: an escaped colon, a parameter (its regular expression), a wildcard, or text. */
const findMyWayPiece = /::|:([^-./(]+)(?:\((?:[^()\\]|\\.)*\))?|\*|[^:*]+/g;
const identifier = /^[$_\p{ID_Start}][$\u200c\u200d\p{ID_Continue}]*$/u;
/** A parameter of a UrlConf pattern, its name quoted unless it is an identifier. */
const parameter = (name: string): string => (identifier.test(name) ? `:${name}` : `:${JSON.stringify(name)}`);
/** Text taken literally in a UrlConf pattern. */
const literal = (text: string): string => text.replace(/[{}()[\]+?!:*\\]/g, '\\$&');

/**
 * A route path as `router` writes it, as a UrlConf pattern (whose literal text is written decoded). Express's
 * matches its text percent-encoded, as requests carry it (`/caf%C3%A9`); Fastify's (find-my-way's syntax, which
 * Nest's platform-fastify registers as written) has its wildcard `*` named `*`, as Fastify names it, its escaped
 * colons and other text taken literally, its optional last parameter (`/:page?`) an optional group, and a
 * parameter's regular expression left to the router.
 * `declared` is the part of the route's path declared last (the method's, else the controller's).
 * @example patternOf('/files/*', fastify, 'files/*') // '/files/*"*"'
 */
export function patternOf(made: string, router: RouterOf, declared: string): string {
  // Nest strips the trailing slash a route was declared with: the pattern keeps it, as reverse() and the documents do.
  const path = made !== '/' && declared.length > 1 && declared.endsWith('/') ? `${made}/` : made;
  if (router.getType() !== 'fastify') {
    return path.replace(/(?:%[\dA-F]{2})+/gi, (escapes) => {
      const text = decodeSegment(escapes);
      return text === null || text.includes('/') ? escapes : literal(text);
    });
  }
  // find-my-way's optional parameter: the last one, after a "/".
  const optional = /\/:([^-./(]+)\?$/.exec(path);
  const head = optional === null ? path : path.slice(0, optional.index);
  const pattern = head.replace(findMyWayPiece, (piece, name?: string) => {
    if (name !== undefined) return parameter(name);
    return piece === '*' ? '*"*"' : literal(piece === '::' ? ':' : piece);
  });
  return optional === null ? pattern : `${pattern}{/${parameter(optional[1] as string)}}`;
}
