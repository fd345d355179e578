import { argumentError, checkKnownKeys, describe, isPlainObject, mustBe } from '../internal/arguments.js';
import { isToken } from '../internal/field-syntax.js';
import { isScheme } from '../internal/recognize.js';
import type { BaseVersioning } from '../types.js';
import { checkSchema } from './body-schema.js';
import { checkRangeBound, isBounded, versionWindow } from './version-window.js';
import { compilePattern } from './route-pattern.js';
import type { Include, PathOptions, Route } from './route.types.js';
import type { OpenAPIOperation } from './operation.types.js';
import { checkOperation } from './route-operation.js';

/** Objects made by {@link path} and {@link include}: the only entries route lists accept. */
const made = new WeakSet<Route | Include>();

function checkName(where: string, what: 'name' | 'namespace', value: unknown): string {
  if (typeof value !== 'string' || value === '' || value.includes(':')) {
    throw mustBe(where, what, 'a non-empty string without ":"', value);
  }
  return value;
}

export function checkEntries(where: string, routes: unknown): readonly (Route | Include)[] {
  if (!Array.isArray(routes)) {
    throw mustBe(where, 'routes', 'an array of path() and include() results', routes);
  }
  routes.forEach((entry: unknown, index) => {
    if (!made.has(entry as Route)) {
      throw mustBe(where, `routes[${index}]`, 'made by path() or include()', entry);
    }
  });
  return Object.freeze([...(routes as (Route | Include)[])]);
}

/**
 * Declares a route: a path-to-regexp pattern (`/users/:pk/`, `*rest` wildcard, `{…}` optional) and its handler.
 * The pattern is checked now; it is compiled when a `UrlConf` is built from it.
 * @example path('/users/:pk/', getUser, { name: 'users-detail', methods: ['GET'] })
 */
export function path<V extends string = string>(
  route: string,
  handler: unknown,
  options: PathOptions<V> = {},
): Route {
  const where = `path(${typeof route === 'string' ? JSON.stringify(route) : '…'})`;
  if (typeof route !== 'string' || !route.startsWith('/')) {
    throw mustBe('path(route)', 'route', 'a string starting with "/"', route);
  }
  if (!isPlainObject(options)) {
    throw mustBe(where, 'options', 'an object', options);
  }
  checkKnownKeys(where, options, [
    'name',
    'methods',
    'versioning',
    'openapi',
    'since',
    'until',
    'request',
    'response',
  ]);
  compilePattern(where, route);
  const { name, methods, versioning } = options;
  const range = {
    since: checkRangeBound(where, 'since', options.since),
    until: checkRangeBound(where, 'until', options.until),
  };
  if (versioning !== undefined && versioning !== null && !isScheme(versioning)) {
    throw mustBe(where, 'versioning', 'a versioning scheme (BaseVersioning), null or left out', versioning);
  }
  const scheme: BaseVersioning | null | undefined = versioning;
  // With the adapter's scheme the range is checked when mounting; with the route's own, now.
  if (scheme !== undefined && isBounded(range)) {
    versionWindow(where, range, scheme);
  }
  const entry: Route = Object.freeze({
    kind: 'route',
    route,
    handler,
    name: name === undefined ? null : checkName(where, 'name', name),
    methods: methods === undefined ? null : checkMethods(where, methods),
    versioning: scheme,
    ...range,
    openapi: checkOpenapiOption(where, options.openapi),
    request: options.request === undefined ? null : checkSchema(where, 'options.request', options.request),
    response:
      options.response === undefined ? null : checkSchema(where, 'options.response', options.response),
  });
  made.add(entry);
  return entry;
}

/** The `openapi` option of `path()`: `false` (left out of the documents), or Operation Object members, checked. */
function checkOpenapiOption(where: string, openapi: unknown): OpenAPIOperation | false | null {
  if (openapi === undefined) return null;
  if (openapi === false) return false;
  if (!isPlainObject(openapi)) {
    throw mustBe(where, 'options.openapi', 'an object of OpenAPI Operation members, or false', openapi);
  }
  return checkOperation(`${where}: options.openapi`, openapi);
}

function checkMethods(where: string, methods: unknown): readonly string[] {
  if (!Array.isArray(methods) || methods.length === 0) {
    throw mustBe(where, 'methods', 'a non-empty array of HTTP method names', methods);
  }
  const upper = methods.map((method: unknown) => {
    if (typeof method !== 'string' || !isToken(method)) {
      throw argumentError(`${where}: methods holds ${describe(method)}, which is not an HTTP method token`);
    }
    return method.toUpperCase();
  });
  return Object.freeze([...new Set(upper)]);
}

/**
 * Groups routes under a prefix (joined with exactly one `/`) and, optionally, a namespace (`v1:users-list`).
 * @example include('/v1', [path('/users/', listUsers, { name: 'users-list' })], { namespace: 'v1' })
 */
export function include(
  prefix: string,
  routes: readonly (Route | Include)[],
  options: { readonly namespace?: string } = {},
): Include {
  if (typeof prefix !== 'string' || (prefix !== '' && !prefix.startsWith('/'))) {
    throw mustBe('include(prefix)', 'prefix', '"" or a string starting with "/"', prefix);
  }
  const where = `include(${JSON.stringify(prefix)})`;
  if (!isPlainObject(options)) {
    throw mustBe(where, 'options', 'an object', options);
  }
  checkKnownKeys(where, options, ['namespace']);
  if (prefix !== '') compilePattern(where, prefix);
  const entry: Include = Object.freeze({
    kind: 'include',
    prefix,
    routes: checkEntries(where, routes),
    namespace: options.namespace === undefined ? null : checkName(where, 'namespace', options.namespace),
  });
  made.add(entry);
  return entry;
}
