// `restdash-versioning`, the package's command (bin/restdash-versioning.mjs runs it): `snapshot` writes every
// version's contract, `check` compares them with the files. Returns what to print and the exit code: 0 clean,
// 1 failures or missing versions, 2 usage or load errors.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { checkApi, versionsOf } from './contract.js';
import { type AllowNewest, allowNewestModes, type FrozenApi } from './frozen.types.js';
import { renderReport } from './report.js';
import { checkSnapshots, writeSnapshots } from './snapshots.js';

/** What a run prints and how it exits. */
export interface CliResult {
  readonly exitCode: 0 | 1 | 2;
  readonly stdout: string;
  readonly stderr: string;
}

export const usage = `Usage:
  restdash-versioning snapshot <module> [--dir <dir>]
  restdash-versioning check <module> [--dir <dir>] [--json] [--allow-newest additive|any|none]

<module>  an ES module whose named export \`api\` (or default export) is { urlconf, scheme, changes?, policies? }
--dir     the folder of the contracts, one <version>.json each (default: contracts)
--json    print the result of checkSnapshots() as JSON
--allow-newest  what the newest version may change: additive (default: all but breaking changes), any, none

Exit code: 0 clean, 1 failures or missing versions, 2 usage or load errors.
`;

const usageError = (message: string): CliResult => ({
  exitCode: 2,
  stdout: '',
  stderr: `${message}\n\n${usage}`,
});

/** The API a module exports: its named export `api`, else its default export. */
async function loadApi(module: string): Promise<FrozenApi> {
  const url = pathToFileURL(resolve(module)).href;
  const exports = (await import(url)) as { api?: unknown; default?: unknown };
  const api = exports.api ?? exports.default;
  if (api === undefined) {
    throw new TypeError(
      `${module} exports no \`api\` and no default export: export { urlconf, scheme, changes?, policies? } as \`api\``,
    );
  }
  checkApi(`restdash-versioning: ${module}`, api);
  return api;
}

/** Runs the command `argv` (the arguments after the command's name) in the current directory. */
export async function runCli(argv: readonly string[]): Promise<CliResult> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        dir: { type: 'string', default: 'contracts' },
        json: { type: 'boolean', default: false },
        'allow-newest': { type: 'string', default: 'additive' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { exitCode: 0, stdout: usage, stderr: '' };
  const [command, module, ...extra] = positionals;
  if (command !== 'snapshot' && command !== 'check') {
    return usageError(
      command === undefined ? 'Missing command.' : `Unknown command ${JSON.stringify(command)}.`,
    );
  }
  if (module === undefined) return usageError(`Missing <module> for ${command}.`);
  if (extra.length > 0) return usageError(`Unexpected argument ${JSON.stringify(extra[0])}.`);
  const allowNewest = values['allow-newest'];
  if (!(allowNewestModes as readonly string[]).includes(allowNewest)) {
    return usageError(
      `--allow-newest must be one of ${allowNewestModes.join(', ')}, got ${JSON.stringify(allowNewest)}.`,
    );
  }
  if (command === 'snapshot' && (values.json || argv.some((arg) => arg.startsWith('--allow-newest')))) {
    return usageError('snapshot takes only --dir.');
  }
  const { dir } = values;
  try {
    const api = await loadApi(module);
    if (command === 'snapshot') {
      const files = await writeSnapshots(dir, api);
      return { exitCode: 0, stdout: files.map((file) => `wrote ${file}\n`).join(''), stderr: '' };
    }
    const result = await checkSnapshots(dir, api, { allowNewest: allowNewest as AllowNewest });
    const stdout = values.json
      ? `${JSON.stringify(result, null, 2)}\n`
      : renderReport(result, {
          dir,
          versions: versionsOf('restdash-versioning', api),
          history: api.changes ?? null,
          allowNewest,
        });
    return { exitCode: result.ok ? 0 : 1, stdout, stderr: '' };
  } catch (error) {
    return {
      exitCode: 2,
      stdout: '',
      stderr: `restdash-versioning ${command}: ${error instanceof Error ? error.message : String(error)}\n`,
    };
  }
}
