import { reshapedResponse } from '../changes/route-reshapes.js';
import type { FlatRoute } from '../urls/route.types.js';
import { invalidBodyExample } from './body-example.js';
import { versionedContent } from './content.js';
import type {
  HttpMethod,
  OpenAPIOperation,
  OperationObject,
  ParameterObject,
  RequestBodyObject,
  SchemaObject,
} from './openapi.types.js';
import type { PathTemplate } from './paths.js';
import type { Placement, SchemeDocument } from './placement.js';
import { type Context, responsesOf } from './responses.js';
import { hostServers, ownServers } from './servers.js';

/** What a version parameter says of its values, by the scheme's `versionFormat`. */
const versionDescription = {
  plain: 'The API version.',
  date: 'The API version, a date: a request is served by the newest version on or before the date it sends.',
  semver:
    'The API version, MAJOR[.MINOR[.PATCH]] with an optional "v" in front: 1, 1.0 and v1.0.0 are one version.',
} as const;

/** The schema members of a version parameter besides its `const`, by the scheme's `versionFormat`. */
const versionSchema = {
  plain: {},
  date: { format: 'date' },
  semver: { pattern: '^v?(0|[1-9][0-9]*)(\\.(0|[1-9][0-9]*)){0,2}$' },
} as const;

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
      description: versionDescription[placement.format ?? 'plain'],
      required: placement.required,
      schema: { type: 'string', ...versionSchema[placement.format ?? 'plain'], const: version },
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

/** Methods whose requests carry no body: a route's `request` schema is not theirs. */
const bodiless: ReadonlySet<HttpMethod> = new Set(['get', 'head', 'options']);

/** The body schemas of an operation, in the document's version (a `$ref` to a component for a named schema). */
interface BodySchemas {
  readonly request: SchemaObject | null;
  readonly response: SchemaObject | null;
}

function bodySchemasOf(
  where: string,
  route: FlatRoute,
  method: HttpMethod,
  scheme: SchemeDocument,
  context: Context,
): BodySchemas {
  const { at, documented } = context.schemaVersion(scheme.scheme !== null);
  // A body a `{ route }` migration reshapes in this version: the shape its `schema` gives.
  const response = reshapedResponse(at.history, route.name, at.version) ?? route.response;
  return {
    request:
      route.request === null || bodiless.has(method)
        ? null
        : context.schemas.body(route.request, at, { where, direction: 'request' }, documented),
    response:
      response === null
        ? null
        : context.schemas.body(response, at, { where, direction: 'response' }, documented),
  };
}

/**
 * The operation of `route` for `method` at `template`, before its `operationId` is chosen; `where` names the route
 * in errors.
 */
export function operationOf(
  where: string,
  route: FlatRoute,
  method: HttpMethod,
  template: PathTemplate,
  scheme: SchemeDocument,
  context: Context,
): Omit<OperationObject, 'operationId'> {
  const own = route.openapi || {};
  const bodies = bodySchemasOf(where, route, method, scheme, context);
  const { placement } = scheme;
  const parameters = parametersOf(template, own, placement, context.version);
  // Servers of its own where they differ from the document's (OpenAPI's default being `/`).
  const servers =
    placement.kind === 'host'
      ? hostServers(where, context.servers, placement.regex, context.version)
      : context.servers;
  const operationServers = ownServers(servers, context.documentServers);
  // The route's own requestBody wins over the one its `request` schema gives, as every member of its `openapi` does.
  const body: RequestBodyObject | undefined =
    own.requestBody ??
    (bodies.request === null
      ? undefined
      : { required: true, content: { 'application/json': { schema: bodies.request } } });
  const requestBody: RequestBodyObject | undefined = body && {
    ...body,
    content: versionedContent(body.content, placement, context.version, 'request'),
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
    ownDeprecated ?? (placement.kind !== 'neutral' && context.policy?.deprecation != null ? true : null);
  return {
    ...(tags && { tags }),
    ...(summary !== undefined && { summary }),
    ...(description !== undefined && { description }),
    ...(externalDocs && { externalDocs }),
    ...(parameters.length > 0 && { parameters }),
    ...(requestBody && { requestBody }),
    responses: responsesOf(own, scheme, context, {
      success: bodies.response,
      bodyProblems:
        bodies.request === null
          ? null
          : invalidBodyExample(bodies.request, (schema) => context.schemas.resolve(schema)),
    }),
    ...(deprecated !== null && { deprecated }),
    ...(security && { security }),
    ...(givenServers !== undefined
      ? { servers: givenServers }
      : operationServers && { servers: operationServers }),
    ...extensions,
  };
}
