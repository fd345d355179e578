import { internalsOf, type VersionHistory } from './history.js';
import type { Schema } from './schema.js';

const where = 'reshapedResponse(history, route, version)';

/**
 * What the `migrateResponse({ route }, fn, { schema })` instructions of `history` make of the body of the route named
 * `route` in `version`: `undefined` when none runs for it (the route's `response` schema, through the history,
 * describes it); else the `schema` of the last one to run, the oldest version's change listed first in it (`null`
 * when it gave none: no schema describes the body).
 */
export function reshapedResponse(
  history: VersionHistory,
  route: string | null,
  version: string,
): Schema | null | undefined {
  if (route === null) return undefined;
  const inner = internalsOf(history, where);
  for (let step = inner.indexOf(version, where) + 1; step < inner.versions.length; step += 1) {
    for (const change of inner.steps[step]?.changes ?? []) {
      for (const instruction of change.instructions) {
        if (
          instruction.type === 'response' &&
          instruction.target.kind === 'route' &&
          instruction.target.route === route
        )
          return instruction.schema;
      }
    }
  }
  return undefined;
}
