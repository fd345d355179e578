import { decodeSegment, decodeWildcard, normalizePercentEncoding } from '../urls/encoding.js';
import { compilePattern } from '../urls/route-pattern.js';
import type { RoutePlan } from './plan.js';

/** How a route's captures are read: the parameter each capture group holds (optional groups repeat them). */
interface Captures {
  readonly names: readonly string[];
  readonly wildcards: readonly boolean[];
}

/** A route found for a request: its plan and its decoded parameters under their UrlConf names. */
export interface Found<R extends RoutePlan> {
  readonly route: R;
  readonly params: Record<string, string>;
}

/** What the matcher found for a path and method: a route, or the methods of the routes on the path (maybe none). */
export type MatchResult<R extends RoutePlan> = Found<R> | { readonly allowed: ReadonlySet<string> | null };

function answers(methods: readonly string[] | null, method: string): boolean {
  return methods === null || methods.includes(method) || (method === 'HEAD' && methods.includes('GET'));
}

/** The decoded parameters of a match, under their names; `null` when one holds a malformed escape. */
function paramsOf(captures: Captures, found: RegExpExecArray): Record<string, string> | null {
  // A plain object, as Express's `req.params`: V8 keeps it fast, where `Object.create(null)` makes a dictionary
  // (about 30 ns more a request to make and fill on the bench machine).
  const params: Record<string, string> = {};
  const { names, wildcards } = captures;
  for (let index = 0; index < names.length; index++) {
    const raw = found[index + 1];
    if (raw === undefined) continue;
    const value = wildcards[index] === true ? decodeWildcard(raw) : decodeSegment(raw);
    if (value === null) return null;
    const name = names[index] as string;
    // Assigning `__proto__` would set the prototype; the parameter is an own property like any other.
    if (name === '__proto__')
      Object.defineProperty(params, name, { value, enumerable: true, writable: true, configurable: true });
    else params[name] = value;
  }
  return params;
}

/**
 * The core's matcher over the routes of a plan, for a server without a router of its own (node:http): each route's
 * compiled UrlConf pattern, tried in order, as `UrlConf.resolve()` matches (escapes of unreserved characters
 * decoded first), the first route that answers the method winning.
 */
export function routeMatcher<R extends RoutePlan>(
  routes: readonly R[],
): (path: string, method: string) => MatchResult<R> {
  const table = routes.map((plan) => {
    const { keys } = compilePattern(plan.route.pattern, plan.route.pattern);
    const captures: Captures = {
      names: keys.map((key) => key.name),
      wildcards: keys.map((key) => key.type === 'wildcard'),
    };
    return { plan, regexp: plan.route.regexp, captures };
  });
  return (path, method) => {
    const routed = normalizePercentEncoding(path);
    let allowed: Set<string> | null = null;
    for (const { plan, regexp, captures } of table) {
      const found = regexp.exec(routed);
      if (found === null) continue;
      const params = paramsOf(captures, found);
      if (params === null) continue;
      if (!answers(plan.methods, method)) {
        allowed ??= new Set<string>();
        for (const name of plan.methods ?? []) allowed.add(name);
        continue;
      }
      return { route: plan, params };
    }
    return { allowed };
  };
}
