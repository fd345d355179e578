import type { Token } from 'path-to-regexp';
import { argumentError } from '../internal/arguments.js';
import type { BaseVersioning } from '../types.js';
import type { FlatRoute, RouteCopy } from '../urls/route.types.js';
import type { UrlConf } from '../urls/urlconf.js';
import { compileWindow, versionOrder } from '../urls/version-window.js';
import { internalsOf, type VersionHistory } from './history.js';

/** One `route(name).movedFrom(path, { methods })` of the history, with the version that lists it. */
interface Move {
  readonly route: string;
  readonly path: string;
  readonly methods: readonly string[] | null;
  readonly version: string;
  /** The version's index in the history: the route is at `path` in the versions before it. */
  readonly index: number;
  readonly description: string;
}

/** A copy of a route of the given table, with where it came from. */
interface Placed {
  readonly copy: RouteCopy;
  /** The route of the given table this one is a copy of. */
  readonly source: FlatRoute;
  /** The move whose old path this copy is at; `null` at the route's own path. */
  readonly move: Move | null;
}

/** A stretch of the scheme's allow list (positions `from` up to `to`) and the route's path there. */
interface Run {
  readonly from: number;
  readonly to: number;
  readonly move: Move | null;
}

function label(move: Move): string {
  return `route(${JSON.stringify(move.route)}).movedFrom(${JSON.stringify(move.path)}) in version ${JSON.stringify(move.version)} (${JSON.stringify(move.description)})`;
}

function invalid(where: string, move: Move, why: string): TypeError {
  return argumentError(`${where}: ${label(move)}: ${why}`, 'ERR_VERSIONING_INVALID_ROUTE');
}

/** The history's moves by route name, oldest first. */
function movesOf(history: VersionHistory, where: string): Map<string, Move[]> {
  const byRoute = new Map<string, Move[]>();
  internalsOf(history, where).steps.forEach((step, index) => {
    if (step === null) return;
    for (const { description, instructions } of step.changes) {
      for (const instruction of instructions) {
        if (instruction.type !== 'route') continue;
        const { route, change } = instruction;
        const move = {
          route,
          path: change.path,
          methods: change.methods,
          version: step.version,
          index,
          description,
        };
        byRoute.set(route, [...(byRoute.get(route) ?? []), move]);
      }
    }
  });
  return byRoute;
}

/** The path-to-regexp tokens of a pattern with the parameters' names left out: equal for patterns matching alike. */
function shapeOf(tokens: readonly Token[]): string {
  const strip = (list: readonly Token[]): unknown[] =>
    list.map((token) =>
      token.type === 'group'
        ? { group: strip(token.tokens) }
        : token.type === 'text'
          ? token.value
          : token.type,
    );
  return JSON.stringify(strip(tokens));
}

/** Checks what a move asks of `route`: versions in order, and, for some of its methods, a list of them. */
function checkMove(
  where: string,
  move: Move,
  route: FlatRoute,
  order: readonly (string | null)[] | null,
): void {
  const at = `route ${JSON.stringify(route.pattern)}`;
  if (order === null)
    throw invalid(
      where,
      move,
      `${at} is version-neutral or versioned by a scheme without allowedVersions, so it has no older versions to be served at another path in; give its scheme allowedVersions (oldest first)`,
    );
  if (move.methods !== null && route.methods === null)
    throw invalid(
      where,
      move,
      `${at} answers every method, so the methods that stay cannot be told apart from those that moved; list its methods (path(…, { methods }))`,
    );
}

/** Refuses an old path whose parameters are not the route's: the handler and reverse() take the same in every version. */
function checkParams(where: string, move: Move, route: FlatRoute, copy: FlatRoute): void {
  const names = (params: FlatRoute['params']): string =>
    params.map(({ name, kind }) => `${kind === 'wildcard' ? '*' : ':'}${name}`).join(', ');
  const sorted = (params: FlatRoute['params']): string =>
    names([...params].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));
  if (sorted(copy.params) !== sorted(route.params))
    throw invalid(
      where,
      move,
      `the old path's parameters (${names(copy.params) || 'none'}) are not route ${JSON.stringify(route.pattern)}'s (${names(route.params) || 'none'}); the handler and reverse() take the same keyword arguments in every version, so give the old path the same parameters`,
    );
}

/** The stretches of `order` within the route's own window, each at one path (runs of versions before each move). */
function runsOf(
  route: FlatRoute,
  moves: readonly Move[],
  order: readonly (string | null)[],
  history: VersionHistory,
): Run[] {
  const from = route.since === null ? 0 : order.indexOf(route.since);
  const to = route.until === null ? order.length : order.indexOf(route.until);
  const runs: { from: number; to: number; move: Move | null }[] = [];
  for (let position = from; position < to; position++) {
    const version = order[position] ?? null;
    // A request without a version is served the newest; a `null` entry starts no stretch of its own (no bound names it).
    const index = version === null ? history.versions.length : history.versions.indexOf(version);
    const move =
      version === null && runs.length > 0
        ? (runs.at(-1)?.move ?? null)
        : (moves.find((each) => index < each.index) ?? null);
    const last = runs.at(-1);
    if (last !== undefined && last.move === move) last.to = position + 1;
    else runs.push({ from: position, to: position + 1, move });
  }
  return runs;
}

/** `route` at its own pattern, methods and bounds. */
function own(route: FlatRoute): RouteCopy {
  const { pattern, prefix, methods, since, until } = route;
  return { route: pattern.slice(prefix.length), methods, since, until };
}

/**
 * The copies of `route` for its moves (oldest first): per group of methods moved alike, one per stretch of versions
 * at one path, newest first (so that reversal without a version gives the route's own path), each with the
 * `since`/`until` of its stretch.
 */
function split(
  where: string,
  route: FlatRoute,
  moves: readonly Move[],
  scheme: BaseVersioning | null,
  history: VersionHistory,
): Placed[] {
  const order = versionOrder(scheme);
  for (const move of moves) checkMove(where, move, route, order);
  // A route whose own window is wrong is left as it is, for the mount to refuse with its own message.
  if (order === null || !('window' in compileWindow(route, scheme)))
    return [{ copy: own(route), source: route, move: null }];
  const groups = new Map<string, { methods: string[] | null; moves: Move[] }>();
  for (const method of route.methods ?? [null]) {
    const applying = moves.filter(
      (move) => move.methods === null || (method !== null && move.methods.includes(method)),
    );
    const key = applying.map((move) => moves.indexOf(move)).join(',');
    const group = groups.get(key) ?? { methods: method === null ? null : [], moves: applying };
    if (method !== null) group.methods?.push(method);
    groups.set(key, group);
  }
  const placed: Placed[] = [];
  for (const { methods, moves: applying } of groups.values()) {
    for (const run of runsOf(route, applying, order, history).reverse()) {
      const since = run.from === 0 ? null : (order[run.from] ?? null);
      const until = run.to === order.length ? null : (order[run.to] ?? null);
      const path = run.move === null ? own(route).route : run.move.path;
      placed.push({ copy: { route: path, methods, since, until }, source: route, move: run.move });
    }
  }
  return placed;
}

/** The versions a route exists in, `null` for every one; none when its window is wrong (the mount refuses it). */
function versionsOf(route: FlatRoute, scheme: BaseVersioning | null): readonly (string | null)[] | null {
  const compiled = compileWindow(route, scheme);
  if (!('window' in compiled)) return [];
  return compiled.window === null ? null : [...compiled.window];
}

/** Refuses a copy at an old path that another route already has for one of its methods in one of its versions. */
function checkCollisions(
  where: string,
  routes: readonly FlatRoute[],
  placed: readonly Placed[],
  fallback: BaseVersioning | null,
): void {
  const schemeOf = (route: FlatRoute): BaseVersioning | null =>
    route.versioning === undefined ? fallback : route.versioning;
  const shapes = routes.map((route) => shapeOf(route.tokens));
  routes.forEach((moved, at) => {
    const { move, source } = placed[at] as Placed;
    if (move === null) return;
    const versions = versionsOf(moved, schemeOf(moved));
    routes.forEach((other, index) => {
      if ((placed[index] as Placed).source === source || shapes[index] !== shapes[at]) return;
      const methods =
        moved.methods === null
          ? other.methods
          : moved.methods.filter((method) => other.methods?.includes(method) ?? true);
      if (methods !== null && methods.length === 0) return;
      const others = versionsOf(other, schemeOf(other));
      const common =
        versions === null
          ? others
          : others === null
            ? versions
            : versions.filter((version) => others.includes(version));
      if (common !== null && common.length === 0) return;
      const named =
        other.name === null
          ? `route ${JSON.stringify(other.pattern)}`
          : `route ${JSON.stringify(other.viewName)} (${JSON.stringify(other.pattern)})`;
      const what = methods === null ? 'every method' : methods.join(', ');
      const when =
        common === null
          ? 'every version'
          : `version ${common.map((version) => JSON.stringify(version)).join(', ')}`;
      throw invalid(
        where,
        move,
        `the old path ${JSON.stringify(moved.pattern)} is also served by ${named} for ${what} in ${when}; give one of them another path, other methods or other since/until`,
      );
    });
  });
}

/** Refuses a move naming no route, or methods no route of its name answers. */
function checkNames(
  where: string,
  routes: readonly FlatRoute[],
  moves: ReadonlyMap<string, readonly Move[]>,
): void {
  for (const [name, list] of moves) {
    const named = routes.filter((route) => route.name !== null && route.viewName === name);
    if (named.length === 0) {
      const known = new Set(
        routes.flatMap((route) => (route.name === null ? [] : [JSON.stringify(route.viewName)])),
      );
      throw invalid(
        where,
        list[0] as Move,
        `no route of the UrlConf is named ${JSON.stringify(name)} (its names: ${[...known].join(', ') || 'none'}); name the route as reverse() does (namespace:name inside includes)`,
      );
    }
    for (const move of list) {
      const answered = new Set(named.flatMap((route) => route.methods ?? move.methods ?? []));
      const missing = (move.methods ?? []).filter((method) => !answered.has(method));
      if (missing.length > 0)
        throw invalid(
          where,
          move,
          `route ${JSON.stringify(name)} does not answer ${missing.join(', ')} (its methods: ${[...answered].join(', ')}); list only methods it answers`,
        );
    }
  }
}

/**
 * `urlconf` with the moves of `history` (`route(name).movedFrom(path, { methods })`) applied: each moved route split
 * into copies bounded by `since`/`until` over its scheme's allow list (`fallback` for routes naming none), at the old
 * path in the versions before each move and at its own path from the last on. `urlconf` itself when nothing moved.
 * What a mount serves and reverses with, and what a document describes. Throws a `TypeError` naming `where`, the
 * change and the fix: for a name no route has, methods the route does not answer, an old path with other parameters,
 * or one another route already has for the same methods and versions.
 * @example withMovedRoutes('versioned(urlconf, options)', urlconf, history, scheme).reverse('users-detail', …)
 */
export function withMovedRoutes(
  where: string,
  urlconf: UrlConf,
  history: VersionHistory | null,
  fallback: BaseVersioning | null,
): UrlConf {
  if (history === null) return urlconf;
  const moves = movesOf(history, where);
  if (moves.size === 0) return urlconf;
  checkNames(where, [...urlconf.routes()], moves);
  const placed: Placed[] = [];
  let moving: readonly Move[] = [];
  let derived: UrlConf;
  try {
    // Built through the table's own class (a document loads no router of its own).
    derived = urlconf.withCopies((route) => {
      const list = route.name === null ? undefined : moves.get(route.viewName);
      const scheme = route.versioning === undefined ? fallback : route.versioning;
      const copies =
        list === undefined
          ? [{ copy: own(route), source: route, move: null }]
          : split(where, route, list, scheme, history);
      moving = list ?? [];
      placed.push(...copies);
      return copies.map(({ copy }) => copy);
    });
  } catch (error) {
    const move = moving.find(({ path }) =>
      (error as Error).message.includes(JSON.stringify(path).slice(1, -1)),
    );
    if (move === undefined || (error as { code?: unknown }).code === undefined) throw error;
    throw invalid(where, move, `the old path is not a route pattern: ${(error as Error).message}`);
  }
  const routes = [...derived.routes()];
  routes.forEach((route, index) => {
    const { move, source } = placed[index] as Placed;
    if (move !== null) checkParams(where, move, source, route);
  });
  checkCollisions(where, routes, placed, fallback);
  return derived;
}
