import { parseArgs } from 'node:util';
import { schemeNames } from '../shared/api.js';
import type { SchemeName } from '../shared/api.js';

/** What `npm start -- …` asked for. */
export interface CommandLine {
  /** @default 'url-path' */
  readonly scheme: SchemeName;
  /** The framework the API is served by. @default 'fastify' */
  readonly framework: Framework;
  /** `--port`, else the `PORT` environment variable. @default 3000 */
  readonly port: number;
  /** @default '127.0.0.1' */
  readonly host: string;
  readonly help: boolean;
}

/** The frameworks the demo runs on: Fastify with restdash's plugin, or NestJS on platform-fastify. */
export const frameworks = ['fastify', 'nest'] as const;
export type Framework = (typeof frameworks)[number];

/** The command line is wrong; the message says which option and value, and what is allowed. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Printed by `--help` and after a {@link UsageError}. */
export const usage = `Usage: npm start -- [--scheme <name>] [--framework <name>] [--port <n>] [--host <address>]

  --scheme     how clients pick the API version: ${schemeNames.join(' | ')} (default: url-path)
  --framework  what serves the API: ${frameworks.join(' | ')} (default: fastify; nest: every scheme but namespace)
  --port       TCP port (default: $PORT, else 3000; 0 picks a free one)
  --host       address to listen on (default: 127.0.0.1)`;

function isSchemeName(value: string): value is SchemeName {
  return (schemeNames as readonly string[]).includes(value);
}

function parsePort(value: string, source: string): number {
  if (!/^[0-9]{1,5}$/.test(value) || Number(value) > 65535) {
    throw new UsageError(
      `Invalid port ${JSON.stringify(value)} (from ${source}): expected a number from 0 to 65535.`,
    );
  }
  return Number(value);
}

/**
 * Reads the demo's options from `argv` (without `node` and the script) and `env`.
 * @example
 * parseCommandLine(['--scheme', 'namespace'], { PORT: '8080' }); // { scheme: 'namespace', port: 8080, … }
 */
export function parseCommandLine(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): CommandLine {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        scheme: { type: 'string' },
        framework: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }

  const scheme = values.scheme ?? 'url-path';
  if (!isSchemeName(scheme)) {
    throw new UsageError(
      `Unknown scheme ${JSON.stringify(scheme)}: choose one of ${schemeNames.join(', ')}.`,
    );
  }
  const framework = values.framework ?? 'fastify';
  if (!(frameworks as readonly string[]).includes(framework)) {
    throw new UsageError(
      `Unknown framework ${JSON.stringify(framework)}: choose one of ${frameworks.join(', ')}.`,
    );
  }
  if (framework === 'nest' && scheme === 'namespace') {
    throw new UsageError(
      'The namespace scheme cannot run on Nest: its versions are the namespaces of include(), which Nest routes do not have.',
    );
  }
  const envPort = env['PORT'];
  let port = 3000;
  if (values.port !== undefined) port = parsePort(values.port, '--port');
  else if (envPort !== undefined && envPort !== '') port = parsePort(envPort, 'PORT');
  const host = values.host ?? '127.0.0.1';
  if (host === '') throw new UsageError('Invalid host "": expected an address such as 127.0.0.1.');

  return { scheme, framework: framework as Framework, port, host, help: values.help ?? false };
}
