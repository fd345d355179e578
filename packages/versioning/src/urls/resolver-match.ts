import type { ResolverMatch } from '../types.js';
import type { FlatRoute } from './route.types.js';

// Apart from the compiled routes (and path-to-regexp, which compiles them): what every request's match is made of,
// for the request pipeline and for documents, which do not load the router.

/**
 * The {@link ResolverMatch} of `route` for values a router captured and decoded: what `resolve()` gives, for
 * adapters whose framework does the routing.
 */
export function resolverMatchOf(route: FlatRoute, kwargs: Readonly<Record<string, string>>): ResolverMatch {
  return Object.freeze({
    route: route.pattern,
    urlName: route.name,
    namespace: route.namespace,
    namespaces: route.namespaces,
    viewName: route.viewName,
    args: Object.freeze([]),
    kwargs: Object.freeze({ ...kwargs }),
    handler: route.handler,
  });
}
