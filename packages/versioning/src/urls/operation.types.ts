// The OpenAPI 3.1 objects `openapi()` builds, as plain JSON-serialisable types. Only the members a generated
// document or a route's `openapi` option uses are typed; `x-` extension members are allowed where OpenAPI allows them.

/** A JSON value. */
export type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A JSON Schema of OpenAPI 3.1's dialect (draft 2020-12): an object or a boolean. */
export type SchemaObject = { readonly [keyword: string]: JsonValue } | boolean;

/** `x-…` members, which OpenAPI allows on most objects. */
export interface Extensions {
  readonly [extension: `x-${string}`]: JsonValue;
}

/** The HTTP methods an OpenAPI 3.1 path item can document, in the order a path item lists them. */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

export interface ExternalDocumentationObject extends Extensions {
  readonly url: string;
  readonly description?: string;
}

export interface ExampleObject extends Extensions {
  readonly summary?: string;
  readonly description?: string;
  readonly value?: JsonValue;
  readonly externalValue?: string;
}

export interface MediaTypeObject extends Extensions {
  readonly schema?: SchemaObject;
  readonly example?: JsonValue;
  readonly examples?: Readonly<Record<string, ExampleObject>>;
  readonly encoding?: Readonly<Record<string, JsonValue>>;
}

export interface HeaderObject extends Extensions {
  readonly description?: string;
  readonly required?: boolean;
  readonly deprecated?: boolean;
  readonly schema?: SchemaObject;
  readonly example?: JsonValue;
  readonly examples?: Readonly<Record<string, ExampleObject>>;
}

/** A `$ref` to a member of the document's `components`, as generated documents use them. */
export interface ReferenceObject {
  readonly $ref: string;
}

export interface ParameterObject extends Extensions {
  readonly name: string;
  readonly in: 'query' | 'header' | 'path' | 'cookie';
  readonly description?: string;
  /** Always `true` for a path parameter. */
  readonly required?: boolean;
  readonly deprecated?: boolean;
  readonly allowEmptyValue?: boolean;
  readonly style?: string;
  readonly explode?: boolean;
  readonly allowReserved?: boolean;
  readonly schema?: SchemaObject;
  readonly example?: JsonValue;
  readonly examples?: Readonly<Record<string, ExampleObject>>;
  readonly content?: Readonly<Record<string, MediaTypeObject>>;
}

export interface RequestBodyObject extends Extensions {
  readonly description?: string;
  /** By media type (range): `application/json`. */
  readonly content: Readonly<Record<string, MediaTypeObject>>;
  readonly required?: boolean;
}

export interface ResponseObject extends Extensions {
  readonly description: string;
  readonly headers?: Readonly<Record<string, HeaderObject | ReferenceObject>>;
  /** By media type (range): `application/json`. */
  readonly content?: Readonly<Record<string, MediaTypeObject>>;
}

export interface ServerObject extends Extensions {
  readonly url: string;
  readonly description?: string;
}

export type SecurityRequirementObject = Readonly<Record<string, readonly string[]>>;

export interface OperationObject extends Extensions {
  readonly tags?: readonly string[];
  readonly summary?: string;
  readonly description?: string;
  readonly externalDocs?: ExternalDocumentationObject;
  /** Unique in the document. */
  readonly operationId?: string;
  readonly parameters?: readonly ParameterObject[];
  readonly requestBody?: RequestBodyObject;
  /** By status code (`200`, `4XX`) or `default`. */
  readonly responses: Readonly<Record<string, ResponseObject>>;
  readonly deprecated?: boolean;
  readonly security?: readonly SecurityRequirementObject[];
  readonly servers?: readonly ServerObject[];
}

/**
 * What `path(route, handler, { openapi })` adds to each operation generated for the route: any member of an
 * Operation Object. `parameters` are matched to the generated ones by `name` and `in` (a generated one is
 * completed or replaced, in place); `responses` by status code; every other member replaces the generated one.
 * @example
 * path('/users/:pk/', getUser, {
 *   name: 'users-detail',
 *   openapi: {
 *     summary: 'One user',
 *     parameters: [{ name: 'pk', in: 'path', schema: { type: 'integer' } }],
 *     responses: { 200: { description: 'The user', content: { 'application/json': { schema: { type: 'object' } } } } },
 *   },
 * })
 */
export type OpenAPIOperation = Partial<OperationObject>;

/** A path item: the operations of one path, by method. */
export type PathItemObject = { readonly [Method in HttpMethod]?: OperationObject };

export interface InfoObject extends Extensions {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
}

export interface ComponentsObject extends Extensions {
  readonly schemas?: Readonly<Record<string, SchemaObject>>;
  readonly headers?: Readonly<Record<string, HeaderObject>>;
}

/** An OpenAPI 3.1 document: a plain object, JSON-serialisable as it is. */
export interface OpenAPIDocument extends Extensions {
  readonly openapi: string;
  readonly info: InfoObject;
  readonly servers?: readonly ServerObject[];
  /** By path template (`/v2/users/{pk}/`), in route definition order. */
  readonly paths: Readonly<Record<string, PathItemObject>>;
  readonly components?: ComponentsObject;
}
