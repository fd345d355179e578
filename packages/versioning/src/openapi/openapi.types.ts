// The OpenAPI objects a route's `openapi` option and a document are made of. They are declared with the routes
// (`urls/operation.types.ts`), which carry an operation each; the document's entry point exports them from here.
export type * from '../urls/operation.types.js';
