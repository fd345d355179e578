export { openapi } from './document.js';
export type { OpenAPIOptions, OpenAPIVersionPolicy } from './options.js';
export type {
  ComponentsObject,
  ExampleObject,
  ExternalDocumentationObject,
  HeaderObject,
  HttpMethod,
  InfoObject,
  JsonValue,
  MediaTypeObject,
  OpenAPIDocument,
  OpenAPIOperation,
  OperationObject,
  ParameterObject,
  PathItemObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
  SecurityRequirementObject,
  ServerObject,
} from './openapi.types.js';
