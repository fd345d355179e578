/**
 * Version changes: handlers and schemas written for the newest version only; every older version derived from a
 * declarative history — requests migrated up, responses down.
 */
export { VersionHistory } from './history.js';
export { change, field, migrateProblem, migrateRequest, migrateResponse } from './instructions.js';
export type { Change, FieldInstructions, Instruction, JsonValue } from './instructions.js';
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
