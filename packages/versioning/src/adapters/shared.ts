import { type ArgumentError, argumentError, describe, isPlainObject } from '../internal/arguments.js';
import { bodyCompiler } from '../pipeline/route-bodies.js';
import {
  compilePlan,
  type DescribeOptions,
  type PlanOptions,
  type PlanSettings,
  type RoutePlan,
} from '../pipeline/plan.js';
import type { BaseVersioning } from '../schemes/base.js';
import type { ResolverMatch, ReverseOptions, VersioningRequest } from '../types.js';
import { reverse } from '../urls/reverse.js';
import { include as coreInclude, path as corePath } from '../urls/route-builders.js';
import type { FlatRoute, Include, PathOptions, Route } from '../urls/route.types.js';
import { UrlConf as UrlConfClass } from '../urls/urlconf.js';
import type { UrlConf } from '../urls/urlconf.js';
import { type FileOf, uiRoutes } from './docs-ui.js';
import { describedVersions, describeEntries, type Documents, documentsOf } from './documents.js';
import { type RouteDialect, translateRoute } from './route-syntax.js';
import { schemeProblem } from './scheme-problem.js';

// Every adapter's options are the plan's, under the name a user of the adapters knows them by.
export type {
  DescribeOptions,
  PinnedVersion,
  PinVersion,
  PinVersionOptions,
  PlanOptions as AdapterOptions,
} from '../pipeline/plan.js';

/**
 * What an adapter puts on each request it routes: on the request (Express, Fastify, node:http) or `c.get()` (Hono).
 * `V` is the versions of the route's scheme: a typed `path()` given `{ versioning: scheme }` of a scheme typed by its
 * allow list (`allowedVersions: ['v1', 'v2'] as const`) makes `version` `'v1' | 'v2' | null`.
 */
export interface VersioningVariables<V extends string = string> {
  /** The version the route's scheme determined; `null` on a version-neutral route. */
  readonly version: V | null;
  /** The scheme that determined it; `null` on a version-neutral route. */
  readonly versioningScheme: BaseVersioning<V> | null;
  /** The UrlConf route the framework matched, with its names and decoded keyword arguments. */
  readonly resolverMatch: ResolverMatch;
  /**
   * The absolute URL of a named view, carrying this request's version the way its scheme does; a function of
   * its own, so it may be passed around.
   * @example reverse('users-detail', { kwargs: { pk: 7 } }) // 'http://localhost/v2/users/7/'
   */
  readonly reverse: (viewname: string, options?: Omit<ReverseOptions, 'request'>) => string;
}

/** The members every adapter gives a request of its routes, in one list. */
export const versioningMembers = Object.freeze([
  'version',
  'versioningScheme',
  'resolverMatch',
  'reverse',
] as const satisfies readonly (keyof VersioningVariables)[]);

/** `true` only when the list names every member of the interface: the line below stops compiling otherwise. */
type ListsEveryMember = [Exclude<keyof VersioningVariables, (typeof versioningMembers)[number]>] extends [
  never,
]
  ? true
  : false;
true satisfies ListsEveryMember;

/** The adapters. */
export type Framework = 'express' | 'fastify' | 'hono' | 'node' | 'nest';

declare const frameworkBrand: unique symbol;

/** A route made by an adapter's typed `path()`: the type checker keeps it out of another adapter's `include()`. */
export interface FrameworkRoute<F extends Framework> extends Route {
  readonly [frameworkBrand]?: F;
}

/** A group made by an adapter's typed `include()`. */
export interface FrameworkInclude<F extends Framework> extends Include {
  readonly [frameworkBrand]?: F;
}

/** The framework each typed `path()` declared a handler for. */
const declaredFor = new WeakMap<object, Framework>();

/**
 * An adapter's typed `path()`: the core's, remembering that `handler` was written for `framework`, so that
 * mounting it with another adapter is refused.
 */
export function frameworkPath(
  framework: Framework,
  route: string,
  handler: unknown,
  options?: PathOptions,
): Route {
  const entry = corePath(route, handler, options);
  if (typeof handler === 'function') declaredFor.set(handler, framework);
  return entry;
}

/** An adapter's typed `include()`: the core's, taking routes and groups of framework `F` only. */
export function includeFor<F extends Framework>(): (
  prefix: string,
  routes: readonly (FrameworkRoute<F> | FrameworkInclude<F>)[],
  options?: { readonly namespace?: string },
) => FrameworkInclude<F> {
  return coreInclude;
}

/** A route's plan as an adapter mounts it: with its paths in the framework's route syntax. */
export interface MountedRoute<Handler> extends RoutePlan {
  /** The paths in the framework's route syntax (Fastify and Hono: one per way through the optional groups). */
  readonly paths: readonly { readonly path: string; readonly wildcard: string | null }[];
  /** The route's handler, an ordinary handler of the framework. */
  readonly handler: Handler;
  /** Whether a request of the route may need its bodies handled (this route's or one answering in its place). */
  readonly hasBodies: boolean;
}

/** Everything `versioned()` worked out from its arguments. */
export interface Mounted<Handler> {
  readonly routes: readonly MountedRoute<Handler>[];
  /** `options.problems` */
  readonly problems: boolean;
  /** Whether some route of the mount reads request bodies. */
  readonly readsBodies: boolean;
}

/**
 * A handler of the adapter's framework that sends `file(request)`: its `body` with its `type` as `Content-Type` (the
 * `describe` document, `application/json`; the reference page and its files).
 */
export type DescribeHandler<Handler> = (file: FileOf) => Handler;

/** What mounting on `framework` is called in its errors: Nest's module, the other adapters' `versioned()`. */
export const mountName = (framework: Framework): string =>
  framework === 'nest' ? 'RestdashModule.forRoot(options)' : `${framework} versioned(urlconf, options)`;

/**
 * Compiles the plan of `urlconf` and `options` for `framework` (see `compilePlan`), checks that every handler is
 * a function declared for this framework, and translates each route into `dialect`. With `options.describe`, the
 * route of the documents is mounted too, its handler made by `describeHandler`. Throws a `TypeError` naming the
 * adapter, and the route when it is one's fault.
 */
export function mountRoutes<Handler>(
  framework: Framework,
  urlconf: UrlConf,
  options: PlanOptions<never>,
  dialect: RouteDialect,
  describeHandler: DescribeHandler<Handler>,
  settings: PlanSettings = {},
): Mounted<Handler> {
  const where = mountName(framework);
  const fail = (why: string): never => {
    throw argumentError(`${where}: ${why}`, 'ERR_VERSIONING_INVALID_ROUTE');
  };
  const checkRoute = (route: FlatRoute, scheme: BaseVersioning | null): void => {
    if (typeof route.handler !== 'function') {
      fail(
        `the handler of route ${JSON.stringify(route.pattern)} must be a function, got ${describe(route.handler)}`,
      );
    }
    const declared = declaredFor.get(route.handler as object);
    if (declared !== undefined && declared !== framework) {
      fail(
        `the handler of route ${JSON.stringify(route.pattern)} was declared with path() of @restdash/versioning/${declared}, so it is a ${declared} handler; declare it with path() of @restdash/versioning/${framework}`,
      );
    }
    const problem = schemeProblem(route, scheme);
    if (problem !== null) fail(problem);
  };
  // The options are checked by the plan first; the documents, which read them, are made after.
  let documents: Documents | null = null;
  const describes = isPlainObject(options) && options.describe !== undefined;
  const handler = describeHandler((request) => ({
    type: 'application/json',
    body: (documents as Documents).of(request),
  }));
  const uiTable = ({ info, ui }: DescribeOptions) =>
    ui === undefined
      ? []
      : uiRoutes(where, ui, {
          title: info.title,
          scheme: options.scheme,
          versions: describedVersions(options.scheme),
          documentIn: (version, request) => (documents as Documents).in(version, request),
        }).map(({ path, file }, index) =>
          corePath(path, describeHandler(file), {
            ...(index === 0 && { name: 'openapi-ui' }),
            methods: ['GET', 'HEAD'],
            versioning: null,
          }),
        );
  const plan = compilePlan(urlconf, options, where, {
    ...settings,
    checkRoute,
    compileBodies: bodyCompiler(),
    ...(describes && {
      describeTable: (described: DescribeOptions) =>
        new UrlConfClass([
          ...describeEntries(where, described.path, handler, options.scheme),
          ...uiTable(described),
        ]),
    }),
  });
  if (describes) documents = documentsOf(where, urlconf, options);
  const routes = plan.routes.map((routePlan): MountedRoute<Handler> => {
    const { route } = routePlan;
    let paths;
    try {
      paths = translateRoute(route, dialect).map(({ path, wildcard }) => ({ path, wildcard }));
    } catch (error) {
      throw argumentError(`${where}: ${(error as Error).message}`, 'ERR_VERSIONING_INVALID_ROUTE', {
        cause: error,
      });
    }
    // A later route of the same URL may answer some versions (since/until): its bodies count too.
    const hasBodies = plan.routes.some(
      (other) => other.route.pattern === route.pattern && routePlan.bodiesOf(other.route) !== null,
    );
    return { ...routePlan, paths, handler: route.handler as Handler, hasBodies };
  });
  return { routes, problems: plan.problems, readsBodies: plan.readsBodies };
}

/** `request`'s bound `reverse()`: absolute URLs that carry its version. */
export function reverseFor(request: VersioningRequest): VersioningVariables['reverse'] {
  return (viewname, options = {}) =>
    reverse(viewname, isPlainObject(options) ? { ...options, request } : options);
}

/**
 * A request's {@link ResolverMatch} for adapters that must hand over a value: its fields are worked out from the
 * route and the framework's parameters when one is first read.
 */
export class LazyResolverMatch implements ResolverMatch {
  readonly #request: VersioningRequest;

  constructor(request: VersioningRequest) {
    this.#request = request;
  }

  /** The request a match of this class was made for; `null` for any other value. */
  static requestOf(match: unknown): VersioningRequest | null {
    return match instanceof LazyResolverMatch ? match.#request : null;
  }

  get #match(): ResolverMatch {
    return this.#request.resolverMatch as ResolverMatch;
  }

  get route(): string {
    return this.#match.route;
  }

  get urlName(): string | null {
    return this.#match.urlName;
  }

  get namespace(): string {
    return this.#match.namespace;
  }

  get namespaces(): readonly string[] {
    return this.#match.namespaces;
  }

  get viewName(): string {
    return this.#match.viewName;
  }

  get args(): readonly string[] {
    return this.#match.args;
  }

  get kwargs(): Readonly<Record<string, string>> {
    return this.#match.kwargs;
  }

  get handler(): unknown {
    return this.#match.handler;
  }

  /** The match as a plain object, for `JSON.stringify()` and logs. */
  toJSON(): ResolverMatch {
    return this.#match;
  }
}

/** The members of `request`, as pairs of name and value (Hono's `c.set()`). */
export function membersOf(
  request: VersioningRequest,
): readonly (readonly [keyof VersioningVariables, unknown])[] {
  return [
    ['version', request.version],
    ['versioningScheme', request.versioningScheme],
    ['resolverMatch', new LazyResolverMatch(request)],
    ['reverse', reverseFor(request)],
  ];
}

/** Puts the members of `request` on a framework's request object (node:http). */
export function exposeOn(target: object, request: VersioningRequest): void {
  // Four stores rather than a loop over versioningMembers: this runs on every request.
  const members = target as { -readonly [K in keyof VersioningVariables]: VersioningVariables[K] };
  members.version = request.version;
  members.versioningScheme = request.versioningScheme;
  members.resolverMatch = new LazyResolverMatch(request);
  members.reverse = reverseFor(request);
}

/** The path of a request target (`/a/b?c` → `/a/b`). */
export function pathOf(target: string): string {
  const mark = target.search(/[?#]/);
  return mark === -1 ? target : target.slice(0, mark);
}

/**
 * What a framework registers for the mount's routes: each path with the methods no earlier route of the same path
 * took (`null` methods: every method the framework routes), so that a path is registered once per method and the
 * first route wins, as in `UrlConf.resolve()` (find-my-way refuses a path registered twice for a method).
 */
export function registrations<Handler>(
  routes: readonly MountedRoute<Handler>[],
  every: readonly string[],
): { mounted: MountedRoute<Handler>; url: string; wildcard: string | null; methods: string[] }[] {
  const taken = new Set<string>();
  const result = [];
  for (const mounted of routes) {
    for (const { path: url, wildcard } of mounted.paths) {
      const methods = (mounted.methods ?? every).filter((method) => !taken.has(`${method} ${url}`));
      for (const method of methods) taken.add(`${method} ${url}`);
      if (methods.length > 0) result.push({ mounted, url, wildcard, methods });
    }
  }
  return result;
}

/**
 * The error of a mount point with parameters (`/:tenant`), which the framework does not tell apart from the routes'
 * own, so that reversal could not put it in front of the paths it builds; `null` for a plain path.
 */
export function prefixProblem(where: string, how: string, prefix: string): ArgumentError | null {
  if (!/[:*]/.test(prefix)) return null;
  const fix = `Put the parameters in the UrlConf (include(${JSON.stringify(prefix)}, …)) instead`;
  return argumentError(
    `${where}: ${how} ${JSON.stringify(prefix)}, whose parameters are not told apart from the routes' own; reversal could not put it in front of the paths it builds. ${fix}`,
  );
}
