import { compileWindow } from '../urls/version-window.js';
import { withMovedRoutes } from '../changes/moved-routes.js';
import { compilePlan, type PlanOptions, type RoutePlan } from '../pipeline/plan.js';
import type { BaseVersioning } from '../schemes/base.js';
import { argumentError, describe } from '../internal/arguments.js';
import type { FlatRoute } from '../urls/route.types.js';
import type { UrlConf } from '../urls/urlconf.js';
import type {
  HttpMethod,
  OpenAPIDocument,
  OperationObject,
  PathItemObject,
  ServerObject,
} from './openapi.types.js';
import { operationOf } from './operation-object.js';
import { checkOptions, checkServers, type OpenAPIOptions, where } from './options.js';
import { pathTemplates, type PathTemplate } from './paths.js';
import { type Placement, schemeDocument, type SchemeDocument } from './placement.js';
import { lifecycleHeaders, problemSchema, problemSchemaRef } from './problems.js';
import type { Context } from './responses.js';
import { DocumentSchemas, type SchemaVersion, writtenVersion } from './schemas.js';
import { hostServers } from './servers.js';

export type { OpenAPIOptions, OpenAPIVersionPolicy } from './options.js';

const httpMethods: readonly HttpMethod[] = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
];
const openapiVersion = '3.1.1';
const headersRef = '#/components/headers/';

/** How errors name a route. */
function labelOf(route: FlatRoute): string {
  return `${where}: route ${JSON.stringify(route.pattern)}`;
}

/** `viewName` as an identifier in most languages' generated clients: `v1:users-list` → `v1_users_list`. */
function identifierOf(viewName: string): string {
  const identifier = viewName.replace(/[^A-Za-z0-9_]+/g, '_');
  return /^[0-9]/.test(identifier) ? `_${identifier}` : identifier;
}

/** The version a `NamespaceVersioning` route has: its first allowed namespace, or the default with none. */
function namespaceVersion(scheme: BaseVersioning, route: FlatRoute): string | null {
  if (route.namespace === '') return scheme.defaultVersion;
  return route.namespaces.find((part) => scheme.isAllowedVersion(part)) ?? null;
}

/**
 * Throws a `TypeError` naming `where` when the route's `since`/`until` name no allowed version of its scheme, in the
 * words openapi() has always used; run on each route before the plan compiles the windows (which would refuse it
 * in the adapters' words). A range that holds no version is left to the plan.
 */
function checkWindow(where: string, route: FlatRoute, scheme: BaseVersioning | null): void {
  const compiled = compileWindow(route, scheme);
  if ('window' in compiled) return;
  const { problem } = compiled;
  if (problem.kind === 'empty') return;
  const [name, bound] =
    problem.kind === 'unknown-bound'
      ? [problem.name, problem.bound]
      : route.since !== null
        ? ['since', route.since]
        : ['until', route.until];
  throw argumentError(
    `${where}: ${name} must name an allowed version of the route's scheme (${JSON.stringify(scheme?.allowedVersions ?? [])}), got ${describe(bound)}`,
  );
}

/**
 * Whether the route of `plan` exists in `version`: its scheme allows it, its namespace carries it, and its window
 * (`since`/`until`, as the plan compiled it for the adapters) holds it.
 */
function existsIn(plan: RoutePlan, scheme: SchemeDocument, version: string): boolean {
  if (scheme.scheme !== null) {
    if (!scheme.scheme.isAllowedVersion(version)) return false;
    if (scheme.placement.kind === 'namespace' && namespaceVersion(scheme.scheme, plan.route) !== version)
      return false;
  }
  return plan.versions === null || plan.versions.includes(version);
}

/** The versions a route's pattern holds written in, and whether a path of it without them exists in `version`. */
function fillOf(
  where: string,
  route: FlatRoute,
  placement: Placement,
  version: string,
): { fill: ReadonlyMap<string, string>; keep: (template: PathTemplate) => boolean } {
  if (placement.kind !== 'url-path') return { fill: new Map(), keep: () => true };
  if (!route.params.some((param) => param.name === placement.param)) {
    throw argumentError(
      `${where} is versioned by URLPathVersioning but has no parameter ":${placement.param}" to carry the version`,
    );
  }
  // A path that leaves an optional version out is the default version's.
  return {
    fill: new Map([[placement.param, version]]),
    keep: (template) => template.filled.has(placement.param) || placement.defaultVersion === version,
  };
}

/** The methods a route documents: its own that OpenAPI 3.1 can name, in path-item order; `GET` without a list. */
function methodsOf(route: FlatRoute): readonly HttpMethod[] {
  if (route.methods === null) return ['get'];
  const own = new Set(route.methods.map((method) => method.toLowerCase()));
  return httpMethods.filter((method) => own.has(method));
}

/** Throws a `TypeError` when the route's own `openapi.parameters` name a path parameter its pattern lacks. */
function checkOwnPathParameters(where: string, route: FlatRoute): void {
  for (const parameter of (route.openapi || null)?.parameters ?? []) {
    if (parameter.in !== 'path' || route.params.some(({ name }) => name === parameter.name)) continue;
    throw argumentError(
      `${where}: openapi.parameters names the path parameter ${JSON.stringify(parameter.name)}, which the route does not have (it has ${JSON.stringify(route.params.map(({ name }) => name))})`,
    );
  }
}

/** Every `$ref` in `value`, a tree of JSON: what the document's components must hold. */
function referencesIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referencesIn(item, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.add(item);
      else referencesIn(item, found);
    }
  }
  return found;
}

/** One generated operation, before its `operationId` is chosen. */
interface Draft {
  readonly route: FlatRoute;
  readonly method: HttpMethod;
  /** The route documents more than one method, so its ids say which. */
  readonly several: boolean;
  readonly operation: Omit<OperationObject, 'operationId'>;
}

/** By path shape: the template (its parameters' names) and the drafts of its operations by method. */
type Paths = Map<string, { template: string; pattern: string; operations: Map<HttpMethod, Draft> }>;

/** Adds the operations of the route of `plan` (if it exists in the context's version) to `paths`. */
function addRoute(paths: Paths, plan: RoutePlan, scheme: SchemeDocument, context: Context): void {
  const { version } = context;
  const { route } = plan;
  const at = labelOf(route);
  if (!existsIn(plan, scheme, version)) return;
  const { fill, keep } = fillOf(at, route, scheme.placement, version);
  const templates = pathTemplates(at, route, fill).filter(keep);
  checkOwnPathParameters(at, route);
  const methods = methodsOf(route);
  for (const template of templates) {
    let entry = paths.get(template.shape);
    if (entry === undefined) {
      entry = { template: template.template, pattern: route.pattern, operations: new Map() };
      paths.set(template.shape, entry);
    } else if (
      entry.template !== template.template &&
      methods.some((method) => !entry?.operations.has(method))
    ) {
      throw argumentError(
        `${at}: its path ${JSON.stringify(template.template)} is the same OpenAPI path as ${JSON.stringify(entry.template)} of route ${JSON.stringify(entry.pattern)}, with other parameter names; give both routes the same names`,
      );
    }
    for (const method of methods) {
      // The same path and method in two routes: the first answers (as UrlConf.resolve does).
      if (entry.operations.has(method)) continue;
      const operation = operationOf(at, route, method, template, scheme, context);
      entry.operations.set(method, { route, method, several: methods.length > 1, operation });
    }
  }
}

/** The path items of `paths`, each operation given a unique `operationId` where its route has a name. */
function pathItems(paths: Paths): Record<string, PathItemObject> {
  const taken = new Set<string>();
  const identify = ({ operation, route, method, several }: Draft): OperationObject => {
    const named =
      (route.openapi || null)?.operationId ?? (route.name === null ? null : identifierOf(route.viewName));
    if (named === null) return operation;
    const base = several ? `${named}_${method}` : named;
    let operationId = base;
    for (let count = 2; taken.has(operationId); count++) operationId = `${base}_${count}`;
    taken.add(operationId);
    const { tags, summary, description, externalDocs, ...rest } = operation;
    return {
      ...(tags && { tags }),
      ...(summary !== undefined && { summary }),
      ...(description !== undefined && { description }),
      ...(externalDocs && { externalDocs }),
      operationId,
      ...rest,
    };
  };
  const items: Record<string, PathItemObject> = {};
  for (const { template, operations } of paths.values()) {
    const item: Partial<Record<HttpMethod, OperationObject>> = {};
    for (const method of httpMethods) {
      const draft = operations.get(method);
      if (draft !== undefined) item[method] = identify(draft);
    }
    items[template] = item;
  }
  return items;
}

/**
 * The OpenAPI 3.1 document of one version of an API: every route of `urlconf` that exists in `options.version`
 * (version-neutral ones too; not those `path()` was given `openapi: false`), at the paths that version's requests use, with the version where its scheme reads it
 * (written into the path, a `const` query or header parameter, the media type, or the servers' host) and the
 * problems a refused version is answered with. The result is plain JSON: the same input gives the same bytes.
 * Throws a `TypeError` naming what is wrong in the options or in a route it cannot document.
 * @example
 * const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
 * const urlconf = new UrlConf([path('/:version/users/:pk/', getUser, { name: 'users-detail', methods: ['GET'] })]);
 * openapi(urlconf, { version: 'v2', scheme, info: { title: 'Users' } }).paths;
 * // { '/v2/users/{pk}/': { get: { operationId: 'users_detail', parameters: [{ name: 'pk', in: 'path', … }], … } } }
 */
export function openapi(urlconf: UrlConf, options: OpenAPIOptions): OpenAPIDocument {
  checkOptions(urlconf, options);
  const { version, info } = options;
  const fallback = options.scheme ?? null;
  if (fallback !== null && !fallback.isAllowedVersion(version)) {
    throw argumentError(
      `${where}: options.version ${JSON.stringify(version)} is not allowed by options.scheme (allowedVersions ${JSON.stringify(fallback.allowedVersions)})`,
    );
  }
  // The plan the adapters serve from, compiled from the same options: the routes' schemes, windows and policies.
  const planOptions: PlanOptions = {
    scheme: fallback,
    ...(options.policies !== undefined && { policies: options.policies }),
    ...(options.enforceSunset !== undefined && { enforceSunset: options.enforceSunset }),
  };
  const moved = withMovedRoutes(where, urlconf, options.changes ?? null, fallback);
  const plan = compilePlan(moved, planOptions, where, {
    checkRoute: (route, scheme) => {
      checkWindow(labelOf(route), route, scheme);
    },
  });
  const servers = checkServers(options.servers);
  const policy = plan.policies.get(version) ?? null;
  const headers = policy === null ? {} : lifecycleHeaders(policy);
  const headerRefs = Object.fromEntries(
    Object.keys(headers).map((name) => [name, { $ref: `${headersRef}${name}` }]),
  );

  const schemes = new Map<BaseVersioning | null, SchemeDocument>();
  const schemeOf = (at: string, scheme: BaseVersioning | null): SchemeDocument => {
    let known = schemes.get(scheme);
    if (known === undefined) {
      known = schemeDocument(at, scheme, version);
      schemes.set(scheme, known);
    }
    return known;
  };
  const fallbackDocument = schemeOf(`${where}: options.scheme`, fallback);
  const documentServers: readonly ServerObject[] | null =
    fallbackDocument.placement.kind === 'host'
      ? hostServers(`${where}: options.scheme`, servers, fallbackDocument.placement.regex, version)
      : servers;
  const { enforceSunset } = plan;
  const history = options.changes ?? null;
  if (history !== null && !history.versions.includes(version)) {
    throw argumentError(
      `${where}: options.version ${JSON.stringify(version)} is not a version of options.changes (${history.versions.map((v) => JSON.stringify(v)).join(', ')})`,
    );
  }
  const inVersion: SchemaVersion | null = history === null ? null : { history, version };
  const inHead: SchemaVersion | null = history === null ? null : { history, version: history.head };
  const schemas = new DocumentSchemas();
  const context: Context = {
    version,
    policy,
    enforceSunset,
    servers,
    documentServers,
    headerRefs,
    schemas,
    schemaVersion: (versioned) =>
      inVersion === null || inHead === null
        ? { at: writtenVersion(), documented: null }
        : versioned || version === inHead.version
          ? { at: inVersion, documented: null }
          : { at: inHead, documented: inVersion },
  };

  const paths: Paths = new Map();
  for (const routePlan of plan.routes) {
    // `path(…, { openapi: false })`: served, never documented.
    if (routePlan.route.openapi === false) continue;
    addRoute(paths, routePlan, schemeOf(labelOf(routePlan.route), routePlan.scheme), context);
  }
  const documentPaths = pathItems(paths);

  const references = [...referencesIn(documentPaths)];
  const named = schemas.components();
  if (Object.hasOwn(named, 'Problem') && references.includes(problemSchemaRef)) {
    throw argumentError(
      `${where}: a route's schema is named "Problem", the name of the document's own problem details schema; rename it`,
      'ERR_VERSIONING_INVALID_SCHEMA',
    );
  }
  const componentSchemas = {
    ...(references.includes(problemSchemaRef) && { Problem: problemSchema }),
    ...named,
  };
  const components = {
    ...(Object.keys(componentSchemas).length > 0 && { schemas: componentSchemas }),
    ...(Object.keys(headers).length > 0 &&
      references.some((reference) => reference.startsWith(headersRef)) && { headers }),
  };
  const document: OpenAPIDocument = {
    openapi: openapiVersion,
    info: {
      title: info.title,
      version: info.version ?? version,
      ...(info.description !== undefined && { description: info.description }),
    },
    ...(documentServers !== null && { servers: documentServers }),
    paths: documentPaths,
    ...(Object.keys(components).length > 0 && { components }),
  };
  // A deep copy: no two parts of the document share an object, and nothing in it is the caller's or a route's.
  return JSON.parse(JSON.stringify(document)) as OpenAPIDocument;
}
