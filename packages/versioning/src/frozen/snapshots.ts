import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkKnownKeys, describe, isPlainObject, mustBe } from '../internal/arguments.js';
import { compareContracts } from './compare.js';
import { checkApi, contractOf, contractText, versionsOf } from './contract.js';
import {
  type AllowNewest,
  allowNewestModes,
  type CheckOptions,
  type CheckResult,
  type Contract,
  type Difference,
  type FrozenApi,
} from './frozen.types.js';

function checkDir(where: string, dir: unknown): asserts dir is string {
  if (typeof dir !== 'string' || dir === '') throw mustBe(where, 'dir', 'a non-empty string (a folder)', dir);
}

/** `options.allowNewest`, checked; `'additive'` when not given. */
function allowNewestOf(where: string, options: unknown): AllowNewest {
  if (options === undefined) return 'additive';
  if (!isPlainObject(options)) throw mustBe(where, 'options', 'an object', options);
  checkKnownKeys(`${where}: options`, options, ['allowNewest']);
  const mode = options['allowNewest'] ?? 'additive';
  if (!(allowNewestModes as readonly unknown[]).includes(mode)) {
    throw mustBe(
      where,
      'options.allowNewest',
      `one of ${allowNewestModes.map((m) => `'${m}'`).join(', ')}`,
      mode,
    );
  }
  return mode as AllowNewest;
}

/** The file of `version`'s contract in `dir`. */
export function fileOf(dir: string, version: string): string {
  return join(dir, `${version}.json`);
}

/** The text of a file, `null` when there is none. */
async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The committed contract of a file's text; an `Error` naming the file when it is no JSON object. */
function parseContract(file: string, text: string): Contract {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not a JSON contract: ${(error as Error).message}`, { cause: error });
  }
  if (!isPlainObject(parsed)) throw new Error(`${file} is not a JSON contract: it holds ${describe(parsed)}`);
  return parsed as Contract;
}

/**
 * Writes every version's contract to `<dir>/<version>.json` (2-space JSON, a trailing newline), creating `dir`: what
 * `checkSnapshots()` compares with from then on. Resolves to the files written, oldest version first.
 * @example await writeSnapshots('contracts', { urlconf, scheme, changes: history });
 */
export async function writeSnapshots(dir: string, api: FrozenApi): Promise<string[]> {
  const where = 'writeSnapshots(dir, api)';
  checkDir(where, dir);
  checkApi(where, api);
  const versions = versionsOf(where, api);
  const texts = versions.map((version) => contractText(contractOf(api, version)));
  await mkdir(dir, { recursive: true });
  const files = versions.map((version) => fileOf(dir, version));
  await Promise.all(files.map((file, index) => writeFile(file, texts[index] as string)));
  return files;
}

/** The files of `dir` that name no version of `versions`: versions retired since they were written. */
async function retiredVersions(dir: string, versions: readonly string[]): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter((version) => !versions.includes(version))
    .sort();
}

/**
 * Compares every version's contract with its file in `dir`: each difference with its JSON Pointer, kind and whether it
 * can break a client (oasdiff's rules). Every difference of an older version fails; of the newest version, as
 * `options.allowNewest` says. A version without a file is `missing` (never written here); a file that names no
 * version any more (a retired version) is a breaking difference at `''`, until the file is deleted.
 * @example
 * const { ok, failures, missing } = await checkSnapshots('contracts', { urlconf, scheme, changes: history });
 */
export async function checkSnapshots(
  dir: string,
  api: FrozenApi,
  options?: CheckOptions,
): Promise<CheckResult> {
  const where = 'checkSnapshots(dir, api, options)';
  checkDir(where, dir);
  checkApi(where, api);
  const allowNewest = allowNewestOf(where, options);
  const versions = versionsOf(where, api);
  const newest = versions.at(-1);
  const differences: Difference[] = [];
  const missing: string[] = [];
  for (const version of versions) {
    const contract = contractOf(api, version);
    const file = fileOf(dir, version);
    const text = await readText(file);
    if (text === null) {
      missing.push(version);
      continue;
    }
    // The file as writeSnapshots() writes it: nothing to compare.
    if (text === contractText(contract)) continue;
    differences.push(...compareContracts(version, parseContract(file, text), contract));
  }
  for (const version of await retiredVersions(dir, versions)) {
    const file = fileOf(dir, version);
    const before = parseContract(file, (await readText(file)) ?? '');
    differences.push({ version, pointer: '', kind: 'removed', before, after: undefined, breaking: true });
  }
  const failures = differences.filter(
    ({ version, breaking }) =>
      version !== newest || allowNewest === 'none' || (allowNewest === 'additive' && breaking),
  );
  return { ok: failures.length === 0 && missing.length === 0, differences, failures, missing };
}

/** One line of a difference, for messages: `v1 /paths/… removed (breaking)`. */
export function lineOf({ version, pointer, kind, breaking }: Difference): string {
  return `${version} ${pointer === '' ? '(the whole contract)' : pointer} ${kind}${breaking ? ' (breaking)' : ''}`;
}

/**
 * `checkSnapshots(dir, api)` for a test runner: resolves when every version matches its file, else rejects with an
 * `Error` whose message lists each failure and missing version.
 * @example test('released versions never change', () => expectFrozen('contracts', api));
 */
export async function expectFrozen(dir: string, api: FrozenApi): Promise<void> {
  const where = 'expectFrozen(dir, api)';
  checkDir(where, dir);
  checkApi(where, api);
  const { ok, failures, missing } = await checkSnapshots(dir, api);
  if (ok) return;
  const lines = [
    `${failures.length} difference${failures.length === 1 ? '' : 's'} from the contracts in ${dir}, ${missing.length} version${missing.length === 1 ? '' : 's'} without a contract:`,
    ...failures.map((failure) => `  ${lineOf(failure)}`),
    ...missing.map((version) => `  ${version}: no ${fileOf(dir, version)}`),
    'A released version must not change: add a history entry or a new version; to accept, run `restdash-versioning snapshot`.',
  ];
  throw new Error(lines.join('\n'));
}
