/**
 * Version changes: handlers and schemas written for the newest version only; every older version derived from a
 * declarative history — requests migrated up, responses down.
 */
export { VersionHistory } from './history.js';
export { change, field } from './instructions.js';
export { migrateProblem, migrateRequest, migrateResponse } from './migrations.js';
export type {
  Change,
  EnumChange,
  EnumMember,
  FieldChange,
  FieldInstructions,
  Instruction,
  JsonValue,
  SchemaTarget,
} from './instructions.js';
export { enumOf } from './enum-instructions.js';
export type { EnumInstructions } from './enum-instructions.js';
export { route, schema } from './named-instructions.js';
export type { RouteInstructions, SchemaInstructions } from './named-instructions.js';
export type { ChangelogEntry } from './changelog.js';
export type { RequestInfo, ResponseInfo } from './info.js';
export type {
  Direction,
  JsonSchema,
  JsonSchemaLike,
  JsonSchemaObject,
  Schema,
  SchemaInput,
  SchemaOutput,
  StandardJsonSchema,
} from './schema.js';
