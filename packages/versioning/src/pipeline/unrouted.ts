import { type APIException, MethodNotAllowed, NotFound, ParseError } from '../errors.js';
import { hasMalformedEscape } from '../urls/encoding.js';
import type { RoutePlan } from './plan.js';
import { type ProblemOutcome, problemOutcome } from './problem.js';

/**
 * What answers a path no route matched: 400 `ParseError` when its percent-encoding is malformed (`%E0%A4%A`), as
 * Express and Fastify answer it, else 404 `NotFound`.
 */
export function unroutablePath(path: string): APIException {
  return hasMalformedEscape(path) ? new ParseError() : new NotFound();
}

/**
 * The methods of a 405's `Allow`: `methods`, with `HEAD` after `GET` unless listed, as every adapter's framework
 * answers `HEAD` with a `GET` route.
 */
export function allowList(methods: ReadonlySet<string>): string[] {
  const list: string[] = [];
  for (const method of methods) {
    list.push(method);
    if (method === 'GET' && !methods.has('HEAD')) list.push('HEAD');
  }
  return list;
}

/** The error for a request whose path matched routes allowing only `allowed` (`null`: no route matched). */
export function unroutedError(
  path: string,
  method: string,
  allowed: ReadonlySet<string> | null,
): APIException {
  return allowed === null || allowed.size === 0
    ? unroutablePath(path)
    : new MethodNotAllowed(method, allowList(allowed));
}

/**
 * The answer to a request no route of `routes` serves with its method: a 405 with `Allow` listing the methods of
 * the routes matching `path` (percent-encoded, without the mount point), or when none does a 404 (a 400 for a
 * malformed percent-escape in it). As problem+json in the language `acceptLanguage` asks for.
 */
export function unrouted(
  routes: readonly RoutePlan[],
  path: string,
  method: string,
  acceptLanguage: string | null | undefined,
): ProblemOutcome {
  const allowed = new Set<string>();
  for (const { route, methods } of routes) {
    if (methods === null || !route.regexp.test(path)) continue;
    for (const name of methods) allowed.add(name);
  }
  return problemOutcome(unroutedError(path, method, allowed), acceptLanguage);
}
