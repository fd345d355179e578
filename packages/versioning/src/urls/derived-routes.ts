import { include, path } from './route-builders.js';
import type { FlatRoute, Include, PathOptions, Route, RouteCopy } from './route.types.js';

/** The options `path()` takes to make `route` again, with the methods and bounds of `copy`. */
function optionsOf(route: FlatRoute, copy: RouteCopy): PathOptions {
  const options: { -readonly [K in keyof PathOptions]: PathOptions[K] } = {};
  if (route.name !== null) options.name = route.name;
  if (copy.methods !== null) options.methods = copy.methods;
  if (route.versioning !== undefined) options.versioning = route.versioning;
  if (copy.since !== null) options.since = copy.since;
  if (copy.until !== null) options.until = copy.until;
  if (route.openapi !== null) options.openapi = route.openapi;
  if (route.request !== null) options.request = route.request;
  if (route.response !== null) options.response = route.response;
  return options;
}

interface Placed {
  readonly route: Route;
  readonly namespaces: readonly string[];
}

/** The entries again, each route inside includes (prefix `''`) of its namespaces; its pattern is whole. */
function nest(placed: readonly Placed[], depth: number): (Route | Include)[] {
  const entries: (Route | Include)[] = [];
  for (let start = 0; start < placed.length;) {
    const namespace = placed[start]?.namespaces[depth];
    if (namespace === undefined) {
      entries.push((placed[start] as Placed).route);
      start++;
      continue;
    }
    // A namespace appears once per level (UrlConf refuses it twice), so its routes follow each other.
    let end = start;
    while (end < placed.length && placed[end]?.namespaces[depth] === namespace) end++;
    entries.push(include('', nest(placed.slice(start, end), depth + 1), { namespace }));
    start = end;
  }
  return entries;
}

/**
 * Route entries equivalent to `routes` (a UrlConf's, includes applied), each route replaced by its copies: same
 * handler, name, namespaces and options, the pattern (relative to the same includes), methods and bounds of the copy.
 */
export function derivedEntries(
  routes: readonly FlatRoute[],
  copiesOf: (route: FlatRoute) => readonly RouteCopy[],
): (Route | Include)[] {
  const placed = routes.flatMap((route) =>
    copiesOf(route).map((copy) => ({
      route: path(route.prefix + copy.route, route.handler, optionsOf(route, copy)),
      namespaces: route.namespaces,
    })),
  );
  return nest(placed, 0);
}
