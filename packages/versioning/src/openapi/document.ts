import { DisallowedHost, type ProblemDetails } from '../errors.js';
import { parsePolicyDate, type VersionPolicy } from '../lifecycle/policies.js';
import type { BaseVersioning } from '../schemes/base.js';
import { argumentError, checkKnownKeys, describe, isPlainObject, mustBe } from '../internal/arguments.js';
import { isScheme, isUrlConf } from '../internal/recognize.js';
import type { FlatRoute } from '../urls/route.types.js';
import type { UrlConf } from '../urls/urlconf.js';
import type {
  HeaderObject,
  HttpMethod,
  MediaTypeObject,
  OpenAPIDocument,
  OpenAPIOperation,
  OperationObject,
  ParameterObject,
  PathItemObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  ServerObject,
} from './openapi.types.js';
import { pathTemplates, type PathTemplate } from './paths.js';
import {
  parameterValue,
  type Placement,
  problemOf,
  schemeDocument,
  type SchemeDocument,
} from './placement.js';
import { lifecycleHeaders, problemMediaType, problemResponse, problemSchema } from './problems.js';

/** What a version's policy says: the adapters' `VersionPolicy`, read the same way. */
export type OpenAPIVersionPolicy = VersionPolicy;

/** Options of {@link openapi}. */
export interface OpenAPIOptions {
  /** The version the document describes. */
  readonly version: string;
  /**
   * Scheme of every route whose `path()` names no `versioning` of its own, as the adapters' `scheme`.
   * @default null (such routes are version-neutral)
   */
  readonly scheme?: BaseVersioning | null;
  /** The document's `info`. @default version: the version described */
  readonly info: { readonly title: string; readonly version?: string; readonly description?: string };
  /**
   * The document's `servers`. Required when routes are versioned by host name: each URL's host then gets the version
   * (`https://example.com` → `https://v2.example.com`). @default undefined (no `servers`: OpenAPI's `/`)
   */
  readonly servers?: readonly { readonly url: string; readonly description?: string }[];
  /** Lifecycle policies by version, as given to the adapters. @default {} */
  readonly policies?: Readonly<Record<string, OpenAPIVersionPolicy>>;
  /**
   * Whether the server answers a version past its sunset with 410, as the adapters' `enforceSunset`: only then do
   * the operations of a version whose policy has a `sunset` document that 410.
   * @default false
   */
  readonly enforceSunset?: boolean;
}

interface Policy {
  readonly deprecation: Date | null;
  readonly sunset: Date | null;
  readonly link: string | null;
}

const optionNames = ['version', 'scheme', 'info', 'servers', 'policies', 'enforceSunset'];
const infoNames = ['title', 'version', 'description'];
const serverNames = ['url', 'description'];
const policyNames = ['deprecation', 'sunset', 'link'];
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
const defaultServers: readonly ServerObject[] = [{ url: '/' }];
/** The absolute URL forms whose host a server can change: `scheme://[userinfo@]host[:port][rest]`. */
const serverUrl = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^/?#@]*@)?)(\[[^\]/?#]*\]|[^:/?#]*)(.*)$/s;

function checkText(where: string, value: unknown, optional: boolean): void {
  if (optional && value === undefined) return;
  if (typeof value !== 'string' || value === '') {
    throw argumentError(`${where} must be a non-empty string, got ${describe(value)}`);
  }
}

/** A date of a policy, read exactly as the adapters read it. */
function dateOf(where: string, value: unknown): Date | null {
  return value === undefined ? null : new Date(parsePolicyDate(where, value));
}

function checkPolicies(where: string, policies: unknown): ReadonlyMap<string, Policy> {
  const checked = new Map<string, Policy>();
  if (policies === undefined) return checked;
  if (!isPlainObject(policies)) throw argumentError(`${where} must be an object, got ${describe(policies)}`);
  for (const [version, policy] of Object.entries(policies)) {
    const at = `${where}[${JSON.stringify(version)}]`;
    if (!isPlainObject(policy)) throw argumentError(`${at} must be an object, got ${describe(policy)}`);
    checkKnownKeys(at, policy, policyNames);
    checkText(`${at}.link`, policy['link'], true);
    checked.set(version, {
      deprecation: dateOf(`${at}.deprecation`, policy['deprecation']),
      sunset: dateOf(`${at}.sunset`, policy['sunset']),
      link: (policy['link'] as string | undefined) ?? null,
    });
  }
  return checked;
}

function checkServers(where: string, servers: unknown): readonly ServerObject[] | null {
  if (servers === undefined) return null;
  if (!Array.isArray(servers)) throw argumentError(`${where} must be an array, got ${describe(servers)}`);
  return servers.map((server: unknown, index) => {
    const at = `${where}[${index}]`;
    if (!isPlainObject(server)) throw argumentError(`${at} must be an object, got ${describe(server)}`);
    checkKnownKeys(at, server, serverNames);
    checkText(`${at}.url`, server['url'], false);
    checkText(`${at}.description`, server['description'], true);
    return { ...server } as unknown as ServerObject;
  });
}

function checkOptions(urlconf: unknown, options: unknown): asserts options is OpenAPIOptions {
  const where = 'openapi(urlconf, options)';
  if (!isUrlConf(urlconf)) throw mustBe(where, 'urlconf', 'a UrlConf', urlconf);
  if (!isPlainObject(options)) throw mustBe(where, 'options', 'an object', options);
  checkKnownKeys(where, options, optionNames);
  checkText(`${where}: options.version`, options['version'], false);
  const scheme = options['scheme'];
  if (scheme !== undefined && scheme !== null && !isScheme(scheme)) {
    throw mustBe(
      where,
      'options.scheme',
      'a versioning scheme (such as new URLPathVersioning()) or null',
      scheme,
    );
  }
  const enforceSunset = options['enforceSunset'];
  if (enforceSunset !== undefined && typeof enforceSunset !== 'boolean') {
    throw mustBe(where, 'options.enforceSunset', 'a boolean', enforceSunset);
  }
  const info = options['info'];
  if (!isPlainObject(info)) throw mustBe(where, 'options.info', 'an object', info);
  checkKnownKeys(`${where}: options.info`, info, infoNames);
  checkText(`${where}: options.info.title`, info['title'], false);
  checkText(`${where}: options.info.version`, info['version'], true);
  if (info['description'] !== undefined && typeof info['description'] !== 'string') {
    throw mustBe(where, 'options.info.description', 'a string', info['description']);
  }
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
 * Whether the route's `since`/`until` (version lifecycle) let it exist in `version`, ordered as its scheme's
 * `allowedVersions`. Throws a `TypeError` when they name no allowed version of the scheme.
 */
function inLifecycle(
  where: string,
  route: FlatRoute,
  scheme: BaseVersioning | null,
  version: string,
): boolean {
  const { since, until } = route as { readonly since?: unknown; readonly until?: unknown };
  const bounds = [
    ['since', since],
    ['until', until],
  ].filter(([, bound]) => bound !== undefined && bound !== null) as [string, unknown][];
  if (bounds.length === 0) return true;
  const order = scheme?.allowedVersions ?? [];
  const indexes = bounds.map(([key, bound]) => {
    const index = typeof bound === 'string' ? order.indexOf(bound) : -1;
    if (index === -1) {
      throw argumentError(
        `${where}: ${key} must name an allowed version of the route's scheme (${JSON.stringify(order)}), got ${describe(bound)}`,
      );
    }
    return [key, index] as const;
  });
  const at = order.indexOf(version);
  return at !== -1 && indexes.every(([key, index]) => (key === 'since' ? at >= index : at < index));
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

/** `servers` with `version` in each URL's host: group 1 of `regex` replaced when it matches, else `<version>.` before. */
function hostServers(
  where: string,
  servers: readonly ServerObject[] | null,
  regex: RegExp,
  version: string,
): readonly ServerObject[] {
  if (servers === null) {
    throw argumentError(
      `${where} is versioned by host name: give options.servers (such as [{ url: 'https://api.example.com' }]) for the version's host`,
    );
  }
  // A copy: the scheme's own regex may be global or sticky, and `d` gives group 1's place.
  const indexed = new RegExp(regex.source, `${regex.flags.replace(/[gyd]/g, '')}d`);
  return servers.map((server) => {
    const parts = serverUrl.exec(server.url);
    if (parts === null) {
      throw argumentError(
        `${where} is versioned by host name, but server ${JSON.stringify(server.url)} is not an absolute URL with a host`,
      );
    }
    const [, head = '', host = '', tail = ''] = parts;
    const span = indexed.exec(host)?.indices?.[1];
    const versioned = span ? host.slice(0, span[0]) + version + host.slice(span[1]) : `${version}.${host}`;
    if (indexed.exec(versioned)?.[1] !== version) {
      throw argumentError(
        `${where}: the host ${JSON.stringify(versioned)} made for version ${JSON.stringify(version)} from server ${JSON.stringify(server.url)} does not give that version to hostnameRegex ${String(regex)}`,
      );
    }
    return { ...server, url: head + versioned + tail };
  });
}

/** The methods a route documents: its own that OpenAPI 3.1 can name, in path-item order; `GET` without a list. */
function methodsOf(route: FlatRoute): readonly HttpMethod[] {
  if (route.methods === null) return ['get'];
  const own = new Set(route.methods.map((method) => method.toLowerCase()));
  return httpMethods.filter((method) => own.has(method));
}

/** The essence of a media type (`application/json`), lower-case. */
function essenceOf(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether `mediaType` has the parameter `name` (names are case-insensitive) already. */
function hasParameter(mediaType: string, name: string): boolean {
  const lower = name.toLowerCase();
  return mediaType
    .split(';')
    .slice(1)
    .some((parameter) => (parameter.split('=')[0] ?? '').trim().toLowerCase() === lower);
}

function isJson(mediaType: string): boolean {
  const essence = essenceOf(mediaType);
  return essence === 'application/json' || (essence.endsWith('+json') && essence !== problemMediaType);
}

/**
 * `content` with the version where the placement puts it: the media type's parameter (`accept`; in a request body
 * JSON types only) or, in responses, the vendor type for JSON (`media-type`: the scheme reads `Accept` only, and JSON
 * body parsers expect `application/json`). Problem details keep their own type.
 */
function versionedContent(
  content: Readonly<Record<string, MediaTypeObject>>,
  placement: Placement,
  version: string,
  body: 'request' | 'response',
): Record<string, MediaTypeObject> {
  const result: Record<string, MediaTypeObject> = {};
  for (const [mediaType, entry] of Object.entries(content)) {
    let key = mediaType;
    const essence = essenceOf(mediaType);
    if (essence !== problemMediaType && !essence.includes('*')) {
      if (
        placement.kind === 'accept' &&
        (body === 'response' || isJson(mediaType)) &&
        !hasParameter(mediaType, placement.param)
      ) {
        key = `${mediaType}; ${placement.param}=${parameterValue(version)}`;
      } else if (placement.kind === 'media-type' && body === 'response' && essence === 'application/json') {
        key = placement.mediaType;
      }
    }
    if (!Object.hasOwn(result, key)) result[key] = entry;
  }
  return result;
}

/** Response keys in status order, `default` last. */
function byStatus([a]: readonly [string, unknown], [b]: readonly [string, unknown]): number {
  if (a === b) return 0;
  if (a === 'default') return 1;
  if (b === 'default') return -1;
  return a < b ? -1 : 1;
}

/** Everything the operations of one document share. */
interface Context {
  readonly version: string;
  readonly policy: Policy | null;
  /** The server answers a version past its sunset with 410. */
  readonly enforceSunset: boolean;
  readonly servers: readonly ServerObject[] | null;
  /** The document's top-level `servers`, when it has them. */
  readonly documentServers: readonly ServerObject[] | null;
  readonly headerRefs: Readonly<Record<string, ReferenceObject>>;
}

/** The version problems a route's operations document, by status: those its server can answer, no other. */
function problemResponses(scheme: SchemeDocument, context: Context): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = {};
  const { invalidVersion: refused, notAcceptable } = scheme;
  if (refused?.status === 404) {
    responses['404'] = problemResponse(
      'Not Found: the request asks for a version this route does not allow.',
      {
        invalid_version: refused,
      },
    );
  }
  const refusedAccept = refused?.status === 406 ? refused : null;
  if (refusedAccept !== null || notAcceptable !== null) {
    const asks = [
      ...(refusedAccept === null ? [] : ['a version this route does not allow']),
      ...(notAcceptable === null ? [] : ['a media type it cannot render']),
    ];
    responses['406'] = problemResponse(`Not Acceptable: the request asks for ${asks.join(', or for ')}.`, {
      ...(refusedAccept !== null && { invalid_version: refusedAccept }),
      ...(notAcceptable !== null && { not_acceptable: notAcceptable }),
    });
  }
  if (scheme.placement.kind === 'host') {
    responses['400'] = problemResponse('Bad Request: the host is not one the server accepts.', {
      disallowed_host: problemOf(new DisallowedHost('unknown.example.com')),
    });
  }
  // The adapters refuse a version past its sunset only when told to, and only on a route that has a version.
  if (scheme.scheme !== null && context.enforceSunset && context.policy?.sunset) {
    const gone: ProblemDetails = {
      type: 'about:blank',
      title: 'Gone',
      status: 410,
      detail: `Version "${context.version}" is no longer available.`,
      code: 'version_sunset',
    };
    responses['410'] = problemResponse(
      `Gone: version ${context.version} is past its sunset (${context.policy.sunset.toUTCString()}), when the server enforces it.`,
      { version_sunset: gone },
    );
  }
  return responses;
}

/** The responses of an operation: the route's own merged over the generated success and version problems. */
function responsesOf(
  own: OpenAPIOperation,
  scheme: SchemeDocument,
  context: Context,
): Record<string, ResponseObject> {
  const given = own.responses ?? {};
  const documentsSuccess = Object.keys(given).some((code) => code === 'default' || /^[123]/.test(code));
  const problems = problemResponses(scheme, context);
  const merged: Record<string, ResponseObject> = {
    ...(documentsSuccess ? {} : { 200: { description: 'OK', content: { 'application/json': {} } } }),
    ...problems,
    ...given,
  };
  const lifecycle = scheme.placement.kind !== 'neutral' && context.policy !== null;
  return Object.fromEntries(
    Object.entries(merged)
      .sort(byStatus)
      .map(([code, response]): [string, ResponseObject] => {
        const isProblem = problems[code] === response;
        let result = response;
        if (!isProblem && response.content !== undefined) {
          result = {
            ...result,
            content: versionedContent(response.content, scheme.placement, context.version, 'response'),
          };
        }
        if (!isProblem && lifecycle && Object.keys(context.headerRefs).length > 0) {
          const headers: Record<string, HeaderObject | ReferenceObject> = {
            ...context.headerRefs,
            ...response.headers,
          };
          // Keep the response's members in OpenAPI's order: description, headers, content.
          const { description, content, ...rest } = result;
          result = { description, headers, ...(content === undefined ? {} : { content }), ...rest };
        }
        return [code, result];
      }),
  );
}

/** The parameters of an operation: the path's, the version's, then the route's own, merged by name and place. */
function parametersOf(
  template: PathTemplate,
  own: OpenAPIOperation,
  placement: Placement,
  version: string,
): ParameterObject[] {
  const parameters: ParameterObject[] = template.params.map(({ name, kind }) => ({
    name,
    in: 'path',
    required: true,
    ...(kind === 'wildcard' ? { description: 'One or more path segments, separated by "/".' } : {}),
    schema: { type: 'string', minLength: 1 },
  }));
  if (placement.kind === 'parameter') {
    parameters.push({
      name: placement.name,
      in: placement.in,
      description: 'The API version.',
      required: placement.required,
      schema: { type: 'string', const: version },
    });
  }
  const inPath = new Set(template.params.map(({ name }) => name));
  for (const parameter of own.parameters ?? []) {
    // A path parameter of an optional group that this path leaves out.
    if (parameter.in === 'path' && !inPath.has(parameter.name)) continue;
    const index = parameters.findIndex(
      (generated) => generated.name === parameter.name && generated.in === parameter.in,
    );
    const generated = index === -1 ? undefined : parameters[index];
    // A parameter has `schema` or `content`, never both: the route's `content` replaces the generated schema.
    const { schema: _schema, ...withoutSchema } = generated ?? {};
    const merged: ParameterObject = {
      ...(parameter.content === undefined ? generated : withoutSchema),
      ...parameter,
      ...(parameter.in === 'path' ? { required: true } : {}),
    };
    if (index === -1) parameters.push(merged);
    else parameters[index] = merged;
  }
  // Every value a request carries in a path, query, header or cookie is text.
  return parameters.map((parameter) =>
    parameter.schema === undefined && parameter.content === undefined
      ? { ...parameter, schema: { type: 'string' } }
      : parameter,
  );
}

/** One generated operation, before its `operationId` is chosen. */
interface Draft {
  readonly route: FlatRoute;
  readonly method: HttpMethod;
  /** The route documents more than one method, so its ids say which. */
  readonly several: boolean;
  readonly operation: Omit<OperationObject, 'operationId'>;
}

function operationOf(
  where: string,
  route: FlatRoute,
  template: PathTemplate,
  scheme: SchemeDocument,
  context: Context,
): Omit<OperationObject, 'operationId'> {
  const own = route.openapi ?? {};
  const { placement } = scheme;
  const parameters = parametersOf(template, own, placement, context.version);
  // Servers of its own where they differ from the document's (OpenAPI's default being `/`).
  const servers =
    placement.kind === 'host'
      ? hostServers(where, context.servers, placement.regex, context.version)
      : context.servers;
  const ownServers =
    JSON.stringify(servers ?? defaultServers) === JSON.stringify(context.documentServers ?? defaultServers)
      ? undefined
      : (servers ?? defaultServers);
  const requestBody: RequestBodyObject | undefined = own.requestBody && {
    ...own.requestBody,
    content: versionedContent(own.requestBody.content, placement, context.version, 'request'),
  };
  // Members in the order OpenAPI lists them; the route's own extensions last.
  const {
    tags,
    summary,
    description,
    externalDocs,
    operationId: _operationId,
    parameters: _parameters,
    requestBody: _requestBody,
    responses: _responses,
    deprecated: ownDeprecated,
    security,
    servers: givenServers,
    ...extensions
  } = own;
  const deprecated =
    ownDeprecated ?? (placement.kind !== 'neutral' && context.policy?.deprecation ? true : null);
  return {
    ...(tags && { tags }),
    ...(summary !== undefined && { summary }),
    ...(description !== undefined && { description }),
    ...(externalDocs && { externalDocs }),
    ...(parameters.length > 0 && { parameters }),
    ...(requestBody && { requestBody }),
    responses: responsesOf(own, scheme, context),
    ...(deprecated !== null && { deprecated }),
    ...(security && { security }),
    ...(givenServers !== undefined ? { servers: givenServers } : ownServers && { servers: ownServers }),
    ...extensions,
  };
}

/**
 * The OpenAPI 3.1 document of one version of an API: every route of `urlconf` that exists in `options.version`
 * (version-neutral ones too), at the paths that version's requests use, with the version where its scheme reads it
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
  const where = 'openapi(urlconf, options)';
  const { version, info } = options;
  const fallback = options.scheme ?? null;
  if (fallback !== null && !fallback.isAllowedVersion(version)) {
    throw argumentError(
      `${where}: options.version ${JSON.stringify(version)} is not allowed by options.scheme (allowedVersions ${JSON.stringify(fallback.allowedVersions)})`,
    );
  }
  const servers = checkServers(`${where}: options.servers`, options.servers);
  const policy = checkPolicies(`${where}: options.policies`, options.policies).get(version) ?? null;
  const headers = policy === null ? {} : lifecycleHeaders(policy);
  const headerRefs = Object.fromEntries(
    Object.keys(headers).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
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
  const documentServers =
    fallbackDocument.placement.kind === 'host'
      ? hostServers(`${where}: options.scheme`, servers, fallbackDocument.placement.regex, version)
      : servers;
  const enforceSunset = options.enforceSunset ?? false;
  const context: Context = { version, policy, enforceSunset, servers, documentServers, headerRefs };

  // By path shape: the template (its parameters' names) and the drafts of its operations by method.
  const paths = new Map<string, { template: string; pattern: string; operations: Map<HttpMethod, Draft> }>();
  for (const route of urlconf.routes()) {
    const at = `${where}: route ${JSON.stringify(route.pattern)}`;
    const scheme = schemeOf(at, route.versioning === undefined ? fallback : route.versioning);
    if (!existsIn(at, route, scheme, version)) continue;
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
        const operation = operationOf(at, route, template, scheme, context);
        entry.operations.set(method, { route, method, several: methods.length > 1, operation });
      }
    }
  }

  const taken = new Set<string>();
  const identify = (draft: Draft): OperationObject => {
    const { operation, route, method, several } = draft;
    const named = route.openapi?.operationId ?? (route.name === null ? null : identifierOf(route.viewName));
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
  const documentPaths: Record<string, PathItemObject> = {};
  for (const { template, operations } of paths.values()) {
    const item: Partial<Record<HttpMethod, OperationObject>> = {};
    for (const method of httpMethods) {
      const draft = operations.get(method);
      if (draft !== undefined) item[method] = identify(draft);
    }
    documentPaths[template] = item;
  }

  const usesProblems = JSON.stringify(documentPaths).includes(problemMediaType);
  const components = {
    ...(usesProblems && { schemas: { Problem: problemSchema } }),
    ...(Object.keys(headers).length > 0 &&
      JSON.stringify(documentPaths).includes('#/components/headers/') && { headers }),
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

/** Whether `route` exists in `version`: its scheme allows it, its namespace carries it, its lifecycle includes it. */
function existsIn(where: string, route: FlatRoute, scheme: SchemeDocument, version: string): boolean {
  if (scheme.scheme === null) return inLifecycle(where, route, null, version);
  if (!scheme.scheme.isAllowedVersion(version)) return false;
  if (scheme.placement.kind === 'namespace' && namespaceVersion(scheme.scheme, route) !== version)
    return false;
  return inLifecycle(where, route, scheme.scheme, version);
}

/** Throws a `TypeError` when the route's own `openapi.parameters` name a path parameter its pattern lacks. */
function checkOwnPathParameters(where: string, route: FlatRoute): void {
  for (const parameter of route.openapi?.parameters ?? []) {
    if (parameter.in !== 'path' || route.params.some(({ name }) => name === parameter.name)) continue;
    throw argumentError(
      `${where}: openapi.parameters names the path parameter ${JSON.stringify(parameter.name)}, which the route does not have (it has ${JSON.stringify(route.params.map(({ name }) => name))})`,
    );
  }
}
