import { argumentError, describe, isPlainObject } from '../internal/arguments.js';
import { changelogOf, type ChangelogEntry } from './changelog.js';
import { historyError } from './history-error.js';
import { buildInternals, type HistoryInternals } from './history-internals.js';
import { checkVersions } from './history-versions.js';
import { type Change, isChange } from './instructions.js';
import {
  type Direction,
  type JsonSchemaObject,
  type Schema,
  type SchemaOutput,
  checkSchema,
} from './schema.js';
import { walkBetween } from './version-walk.js';
import { unfollowableError, type Walk } from './walk.js';

export type { HistoryInternals } from './history-internals.js';

// Set once, by the class's static block: the only code that can read a history's private field.
let hasInternals: (value: object) => boolean;
let readInternals: (history: VersionHistory) => HistoryInternals;

/**
 * Whether `value` is a {@link VersionHistory} made by this copy of the package: the one test of it, for every option
 * that takes a history. An object merely shaped like one (`versions`, `head`, `schemaFor`) is not, nor a history of
 * another copy, whose internals this copy cannot read.
 */
export function isVersionHistory(value: unknown): value is VersionHistory {
  return typeof value === 'object' && value !== null && hasInternals(value);
}

/** The internals of `history` (for the route planner), or a TypeError naming `where` when it is not a history. */
export function internalsOf(history: unknown, where: string): HistoryInternals {
  if (!isVersionHistory(history))
    throw argumentError(`${where}: changes must be a VersionHistory, got ${describe(history)}`);
  return readInternals(history);
}

/**
 * A history of version changes: the versions, oldest first (the last is the newest, HEAD), and the changes each
 * version introduced. Handlers and schemas are written for HEAD only; every older version is HEAD minus the changes
 * of the versions after it — requests migrated up to HEAD, responses down to the client's version. When every version
 * is a date (`YYYY-MM-DD`), or every one a semantic version (`MAJOR[.MINOR[.PATCH]]`, optional `v`), they must ascend
 * (`1.10` after `1.9`); other names are taken in the order listed.
 * @example
 * const history = new VersionHistory(['2024-01-01', '2024-06-01'] as const, {
 *   '2024-06-01': [change('A user\'s name is "fullName"', [field(User, 'fullName').renamedFrom('name')])],
 * });
 */
export class VersionHistory<V extends string = string> {
  /** The versions, oldest first. */
  readonly versions: readonly V[];
  /** The newest version: what handlers and schemas are written for. */
  readonly head: V;
  readonly #changeVersion = new Map<Change, number>();
  readonly #internals: HistoryInternals;
  /** `migrate()`'s walks, by schema and by `from × versions + to`: compiled on a pair's first call, then reused. */
  readonly #migrations = new WeakMap<Schema, (Walk | null | undefined)[]>();
  /** The last of them used, and what for: the same call again (a loop over a list) skips the look-ups. */
  #lastMigration: {
    readonly schema: Schema;
    readonly from: string;
    readonly to: string;
    readonly walk: Walk | null;
  } | null = null;

  static {
    hasInternals = (value) => #internals in value;
    readInternals = (history) => history.#internals;
  }

  constructor(versions: readonly V[], changes: { readonly [K in V]?: readonly Change[] }) {
    const where = 'new VersionHistory(versions, changes)';
    checkVersions(where, versions);
    if (!isPlainObject(changes))
      throw historyError(
        `${where}: changes must be an object of version → changes, got ${describe(changes)}`,
      );
    const list: readonly V[] = versions;
    this.versions = Object.freeze(list.slice());
    this.head = versions[versions.length - 1] as V;
    const byIndex: Change[][] = versions.map(() => []);
    for (const [key, list] of Object.entries(changes as Record<string, unknown>)) {
      const index = (versions as readonly string[]).indexOf(key);
      if (index === -1) {
        throw historyError(
          `${where}: changes name version ${JSON.stringify(key)}, which is not one of the versions (${versions.map((v) => JSON.stringify(v)).join(', ')})`,
        );
      }
      if (index === 0) {
        throw historyError(
          `${where}: changes name the oldest version ${JSON.stringify(key)}, which has nothing older to change from`,
        );
      }
      if (!Array.isArray(list))
        throw historyError(
          `${where}: changes[${JSON.stringify(key)}] must be an array of change(…), got ${describe(list)}`,
        );
      for (const item of list as unknown[]) {
        if (!isChange(item))
          throw historyError(
            `${where}: changes[${JSON.stringify(key)}] must hold only change(…) values, got ${describe(item)}`,
          );
        const listed = this.#changeVersion.get(item);
        if (listed !== undefined) {
          throw historyError(
            `${where}: the change ${JSON.stringify(item.description)} is listed twice (in ${JSON.stringify(versions[listed])} and ${JSON.stringify(key)})`,
          );
        }
        this.#changeVersion.set(item, index);
        (byIndex[index] as Change[]).push(item);
      }
    }
    this.#internals = buildInternals(this.versions, byIndex);
  }

  /**
   * Migrates `value` of `schema` from version `from` (default: the newest) to `to`: up when `from` is older, down
   * when newer — for data that leaves outside a response (webhooks, queued events, stored documents). Returns a new
   * value; `value` is never changed. Migration functions get `undefined` as their second argument.
   * @example history.migrate(User, user, { to: '2024-01-01' }) // the user as 2024-01-01 clients know it
   */
  migrate<S extends Schema>(
    schema: S,
    value: unknown,
    options: { readonly from?: V; readonly to: V },
  ): SchemaOutput<S> {
    const where = 'history.migrate(schema, value, { from, to })';
    const last = #lastMigration in this ? this.#lastMigration : null;
    if (schema !== last?.schema) checkSchema(where, 'schema', schema);
    if (!isPlainObject(options))
      throw argumentError(`${where}: options must be an object, got ${describe(options)}`);
    const inner = internalsOf(this, where);
    const fromVersion = options.from ?? this.head;
    const toVersion = options.to;
    if (last !== null && schema === last.schema && fromVersion === last.from && toVersion === last.to) {
      return (last.walk === null ? value : last.walk(value, undefined)) as SchemaOutput<S>;
    }
    const from = inner.indexOf(fromVersion, where);
    const to = inner.indexOf(toVersion, where);
    let walks = this.#migrations.get(schema);
    if (walks === undefined) this.#migrations.set(schema, (walks = []));
    const at = from * inner.versions.length + to;
    let walk = walks[at];
    if (walk === undefined) {
      const refuse = (pointer: string): never => {
        throw unfollowableError(where, 'the schema', pointer);
      };
      const normal = inner.normalOf(schema, 'response');
      walk = walks[at] = walkBetween(inner, normal, from, to, 'response', refuse, { filter: false });
    }
    this.#lastMigration = { schema, from: fromVersion, to: toVersion, walk };
    return (walk === null ? value : walk(value, undefined)) as SchemaOutput<S>;
  }

  /**
   * The JSON Schema (draft 2020-12) of `schema` in `version`: named schemas under `$defs` by name (a named root is a
   * `$ref`); `direction` `'request'` (default: the schema's input) or `'response'` (its output).
   */
  schemaFor(schema: Schema, version: V, direction: Direction = 'request'): JsonSchemaObject {
    const where = 'history.schemaFor(schema, version, direction)';
    checkSchema(where, 'schema', schema);
    if (direction !== 'request' && direction !== 'response') {
      throw argumentError(`${where}: direction must be 'request' or 'response', got ${describe(direction)}`);
    }
    const inner = internalsOf(this, where);
    return inner.schemaIn(inner.normalOf(schema, direction), inner.indexOf(version, where), direction);
  }

  /** Whether `version` has `change`: it is the version that introduced it, or a newer one. */
  isApplied(change: Change, version: V): boolean {
    const where = 'history.isApplied(change, version)';
    const index = internalsOf(this, where).indexOf(version, where);
    const at = this.#changeVersion.get(change);
    if (at === undefined)
      throw argumentError(
        `${where}: the change ${isChange(change) ? JSON.stringify(change.description) : describe(change)} is not in this history`,
      );
    return index >= at;
  }

  /** Each version's changes, newest version first, with one sentence per instruction. */
  changelog(): ChangelogEntry<V>[] {
    const inner = internalsOf(this, 'history.changelog()');
    return changelogOf(inner.steps, this.versions, (name, index) =>
      inner.defIn(name, index, 'response'),
    ) as ChangelogEntry<V>[];
  }
}
