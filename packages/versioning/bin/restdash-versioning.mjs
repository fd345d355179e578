#!/usr/bin/env node
// The package's command: see src/frozen/cli.ts.
import { runCli } from '../dist/frozen/cli.js';

const { exitCode, stdout, stderr } = await runCli(process.argv.slice(2));
process.stdout.write(stdout);
process.stderr.write(stderr);
process.exitCode = exitCode;
