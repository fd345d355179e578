import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FileOf } from './docs-ui.js';
import { nodePort } from './node-body.js';
import { isAPIException } from '../errors.js';
import type { ServeOutcome } from '../pipeline/decide.js';
import { decideNode } from '../pipeline/decide.js';
import { answerDecided, type Entry, enter, failure, untouched, whenEntered } from '../pipeline/exchange.js';
import { routeMatcher } from '../pipeline/match.js';
import { NamespaceVersioning } from '../schemes/namespace.js';
import type { ProblemOutcome } from '../pipeline/problem.js';
import type { UrlConf } from '../urls/urlconf.js';
import { argumentError, isPlainObject } from '../internal/arguments.js';
import {
  type AdapterOptions,
  exposeOn,
  type Framework,
  type MountedRoute,
  mountName,
  mountRoutes,
  pathOf,
  type VersioningVariables,
} from './shared.js';

/**
 * restdash in front of a framework's own router (Nest's, on Express or Fastify): the framework routes and calls its
 * handlers, and restdash, running first on every request, decides and enters the requests of the mount's routes.
 */
export interface FrontMount {
  /** The route of a request path and method, with its parameters under their UrlConf names; `null`: not the mount's. */
  find(
    path: string,
    method: string,
  ): { readonly route: FrontRoute; readonly params: Record<string, string> } | null;
  /**
   * The handlers of the `describe` routes, which the front answers itself (the document of a request's version, the
   * reference page and its files); `undefined` for any other handler.
   */
  file(handler: unknown): FileOf | undefined;
}

/** A route of a front mount; its handler is the framework's, never called by restdash. */
export type FrontRoute = MountedRoute<unknown>;

/** What the front keeps on a request it decided: the route, the decision, and what a port hides until the handler. */
export interface Kept<Hidden = unknown> {
  readonly route: FrontRoute;
  readonly serve: ServeOutcome;
  /** `Vary` as the response had it when the version was decided. */
  vary: unknown;
  hidden: Hidden | null;
  /** The request's members (`version`, `reverse`…) where a port serves them from `kept` (see `membersOf`). */
  members?: VersioningVariables;
}

const kKept = Symbol('restdash versioning');

/** The front's name for what it keeps on a request (a framework that wants its request decorated, decorates it). */
export const keptName: symbol = kKept;

/**
 * What the front keeps of a request whose framework did not decorate it with `keptName` (Express): in a WeakMap
 * rather than on the request, whose every new property costs microseconds on an Express request (its prototype set
 * per request), in Express's own code after it too. A decorated request (Fastify's) holds it itself.
 */
const keptOn = new WeakMap<object, Kept>();

/** What the front keeps on `request`; `undefined` for a request it does not version. */
export function keptOf<Hidden = unknown>(request: object): Kept<Hidden> | undefined {
  const own = (request as { [kKept]?: Kept<Hidden> | null })[kKept];
  return own ?? (keptOn.get(request) as Kept<Hidden> | undefined);
}

/** The members of a request the front versions, made on first use (see `Kept.members`); `undefined` for another. */
export function membersOf(request: object): VersioningVariables | undefined {
  const kept = keptOf(request);
  if (kept === undefined) return undefined;
  if (kept.members === undefined) {
    const members = {} as VersioningVariables;
    exposeOn(members, kept.serve.request);
    kept.members = members;
  }
  return kept.members;
}

/** Why `problems: true` is refused: the mount holds the `@Versioned()` routes only, not the application's others. */
const noProblems =
  "problems: true is not supported on Nest: restdash knows only the @Versioned() routes, not the application's others, so it cannot tell a path or method no route serves; Nest answers those (an exception filter of NotFoundException shapes its 404)";

/**
 * Why `NamespaceVersioning` is refused as `options.scheme`: it reads the version from the namespace of the route a
 * request matched, and the mount's routes, read from Nest's route table, have none: it would never read a version.
 */
const noNamespaces =
  "options.scheme is NamespaceVersioning, which reads the version from the namespace of an include(), but Nest's route table has no namespaces, so it would never read a version; use URLPathVersioning (@Controller(':version/users')) or another scheme";

/**
 * Why Nest's router cannot serve the mount's `routes` (`files` the handlers of the `describe` routes), if it cannot:
 * it serves a handler at its own path only (no route of a history's `movedFrom()`), and calls one handler per path
 * and method (no pattern split between handlers by `since`/`until`).
 */
function unservable(urlconf: UrlConf, routes: readonly FrontRoute[], files: Set<unknown>): string | null {
  const own = new Set([...urlconf.routes()].map(({ pattern }) => pattern));
  const taken = new Map<string, readonly string[]>();
  for (const { route } of routes) {
    if (files.has(route.handler)) continue;
    const [name, pattern] = [JSON.stringify(route.name), JSON.stringify(route.pattern)];
    if (!own.has(route.pattern))
      return `route ${name} moved from ${pattern} (route(name).movedFrom() in options.changes), but Nest's router serves a handler at its own path only; serve the old path with a route of its own`;
    const before = taken.get(route.pattern) ?? [];
    const methods = route.methods ?? ['*'];
    if (
      methods.some(
        (method) => before.includes(method) || before.includes('*') || (method === '*' && before.length > 0),
      )
    )
      return `route ${name} serves ${pattern} for a method another @Versioned() handler serves there (a pattern split by since/until), but Nest's router calls the first one only; serve every version from one handler (request.version tells them apart)`;
    taken.set(route.pattern, [...before, ...methods]);
  }
  return null;
}

/** Compiles the mount of `urlconf` for `framework` (see `mountRoutes`), its routes matched by the core's matcher. */
export function mountInFront(
  framework: Framework,
  urlconf: UrlConf,
  options: AdapterOptions<never>,
): FrontMount {
  if (isPlainObject(options) && options.problems === true)
    throw argumentError(`${mountName(framework)}: ${noProblems}`);
  if (isPlainObject(options) && options.scheme instanceof NamespaceVersioning)
    throw argumentError(`${mountName(framework)}: ${noNamespaces}`, 'ERR_VERSIONING_INVALID_ROUTE');
  const files = new Set<unknown>();
  const { routes } = mountRoutes(framework, urlconf, options, 'path-to-regexp', (made: FileOf) => {
    files.add(made);
    return made;
  });
  const unserved = unservable(urlconf, routes, files);
  if (unserved !== null)
    throw argumentError(`${mountName(framework)}: ${unserved}`, 'ERR_VERSIONING_INVALID_ROUTE');
  const match = routeMatcher(routes);
  return {
    find: (path, method) => {
      const found = match(path, method);
      return 'route' in found ? found : null;
    },
    file: (handler) => (files.has(handler) ? (handler as FileOf) : undefined),
  };
}

/** How a port writes out what the front decided about a request. */
export interface FrontWriters<T> {
  /** The request goes on to the framework's router, `entry` made what the handler reads (the `describe` route too). */
  serve(serve: ServeOutcome, entry: Extract<Entry, { kind: 'handle' }>): T;
  problem(problem: ProblemOutcome): T;
  /** An error that is not the request's problem, or `null`: a request the mount does not own. */
  pass(error: unknown): T;
}

/**
 * The way in of a request of `mount`, in front of the framework's router: the version decided, the body read,
 * validated and migrated (the `describe` route's skipped), kept on `native` (the framework's request); `res`, when
 * given, is where the request's report waits for its status (see `decideNode`). Answers at once when nothing is
 * pending, else a promise.
 */
export function enterInFront<T>(
  mount: FrontMount | null,
  req: IncomingMessage,
  native: object,
  write: FrontWriters<T>,
  res?: ServerResponse,
): T | Promise<T> {
  const found = mount?.find(pathOf(req.url ?? '/'), req.method ?? 'GET');
  if (found == null) return write.pass(null);
  const { route, params } = found;
  let version: string | null = null;
  const answer = (outcome: ServeOutcome | ProblemOutcome): T | Promise<T> => {
    if (outcome.kind === 'problem') return write.problem(outcome);
    version = outcome.request.version;
    const kept: Kept = { route, serve: outcome, vary: undefined, hidden: null };
    if (kKept in native) (native as { [kKept]?: Kept })[kKept] = kept;
    else keptOn.set(native, kept);
    const reads = route.hasBodies && mount?.file(outcome.handler) === undefined;
    const entered = reads ? enter(route, outcome, nodePort(req)) : untouched;
    return whenEntered(entered, (entry) =>
      entry.kind === 'problem' ? write.problem(entry.problem) : write.serve(outcome, entry),
    );
  };
  return answerDecided(
    () => decideNode(route, req, req.url ?? '/', params, '', native, res),
    answer,
    (error) => {
      if (!isAPIException(error)) return write.pass(error);
      return write.problem(failure(route, version, error, req.headers['accept-language'], route.vary));
    },
  ) as T | Promise<T>;
}
