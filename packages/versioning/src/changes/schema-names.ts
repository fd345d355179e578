import { historyError } from './history-error.js';
import type { HistoryInternals } from './history-internals.js';

/** A name a schema has in an older version, and the rename that gave it. */
export interface OlderName {
  /** The schema's name in that version: what its component is called there. */
  readonly name: string;
  /** The version whose change lists the rename (`schema(S).renamedFrom(name)`). */
  readonly renamedIn: string;
}

/**
 * The names that named schemas have in version `index` of a history where a `schema(S).renamedFrom(old)` of a newer
 * version gave them another: the newest (current) name → its name there; a schema not renamed is absent. Renames
 * apply from the newest version down, each naming its schema by its current name, so a chain
 * (`schema(User).renamedFrom('Customer')` in v3, `schema(User).renamedFrom('Client')` in v2) names it `Client` in v1.
 *
 * A `TypeError` (`ERR_VERSIONING_INVALID_HISTORY`) when two schemas would share a name in that version, or a rename
 * names the name its schema has there already. What the history alone cannot see — a rename onto the name of a
 * schema it never mentions, which only a route's schemas bring — is refused where the version's document collects
 * its components (`openapi()`); so this is called there, and both refusals are raised at `openapi()`.
 */
export function olderSchemaNames(
  internals: Pick<HistoryInternals, 'steps' | 'versions'>,
  index: number,
): ReadonlyMap<string, OlderName> {
  const names = new Map<string, OlderName>();
  for (let step = internals.steps.length - 1; step > index; step -= 1) {
    const found = internals.steps[step];
    if (found === null || found === undefined) continue;
    for (const change of found.changes) {
      for (const instruction of change.instructions) {
        if (instruction.type !== 'schema') continue;
        const { name: current, change: rename } = instruction;
        const before = names.get(current)?.name ?? current;
        const where = `schema(${current}).renamedFrom(${JSON.stringify(rename.old)}) in version ${JSON.stringify(found.version)}`;
        if (rename.old === before)
          throw historyError(`${where}: the schema is named ${JSON.stringify(before)} there already`);
        names.set(current, { name: rename.old, renamedIn: found.version });
      }
    }
  }
  const owners = new Map<string, string>();
  for (const [current, { name }] of names) owners.set(name, current);
  for (const [current, { name, renamedIn }] of names) {
    const owner = owners.get(name);
    if (owner === current) continue;
    throw historyError(
      `schema(${current}).renamedFrom(${JSON.stringify(name)}) in version ${JSON.stringify(renamedIn)}: ${JSON.stringify(name)} is the name of ${owner ?? 'another schema'} in version ${JSON.stringify(internals.versions[index])} too; two schemas cannot share a name`,
    );
  }
  return names;
}
