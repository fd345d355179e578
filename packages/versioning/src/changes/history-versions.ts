import { describe } from '../internal/arguments.js';
import { formatOfAll, firstOutOfOrder, type VersionFormatName } from '../internal/version-order.js';
import { historyError } from './history-error.js';

/** How each format orders versions, as the message of a history out of order says it. */
const ascending: Record<VersionFormatName, string> = {
  date: 'dates ascend: the oldest date first',
  semver: 'semantic versions ascend by number: "1.10" after "1.9"',
};

/**
 * Checks the versions of a history: a non-empty array of distinct non-empty strings, oldest first. When all are dates,
 * or all semantic versions, they must ascend; names with no order of their own are taken as listed. Throws the
 * `TypeError` of {@link historyError} naming `where` and what is wrong.
 */
export function checkVersions(where: string, versions: unknown): asserts versions is readonly string[] {
  if (!Array.isArray(versions) || versions.length === 0) {
    throw historyError(
      `${where}: versions must be a non-empty array of version strings, oldest first, got ${describe(versions)}`,
    );
  }
  versions.forEach((version: unknown, index) => {
    if (typeof version !== 'string' || version === '') {
      throw historyError(`${where}: versions[${index}] must be a non-empty string, got ${describe(version)}`);
    }
    if (versions.indexOf(version) !== index)
      throw historyError(`${where}: version ${JSON.stringify(version)} is listed twice`);
  });
  const list = versions as readonly string[];
  const format = formatOfAll(list);
  const pair = format === null ? null : firstOutOfOrder(list, format);
  if (format === null || pair === null) return;
  const before = JSON.stringify(pair.before);
  const after = JSON.stringify(pair.after);
  const why = pair.same
    ? `${before} and ${after} are the same version`
    : `${before} is listed before ${after} (${ascending[format]})`;
  // A list that descends all the way was written newest first, as some frameworks list theirs.
  const reversed =
    firstOutOfOrder([...list].reverse(), format) === null ? '; the list is newest first: reverse it' : '';
  throw historyError(`${where}: versions must be listed oldest first, but ${why}${reversed}`);
}
