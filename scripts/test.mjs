// `npm test`: formatting, lint (files of at most 300 lines of code), typecheck, the import rules (layers, no cycle:
// .dependency-cruiser.mjs), the adapters' size (scripts/structure.mjs), then every Vitest project (unit, jsdom,
// properties, packaging, real servers, real Chromium). Ends with one line `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const extraArgs = process.argv.slice(2);

let passed = 0;
let failed = 0;

function step(label, command, args, env = {}) {
  console.log(`\n== ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

for (const [label, command, args] of [
  ['prettier --check', bin('prettier'), ['--check', '--log-level=warn', '.']],
  ['eslint (type-aware)', bin('eslint'), ['--max-warnings=0', '.']],
  ['tsc --noEmit (sources and tests)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  [
    'dependency-cruiser (layers, no import cycle)',
    bin('depcruise'),
    [
      'packages/versioning/src',
      'packages/pagination/src',
      '--config',
      '.dependency-cruiser.mjs',
      '--output-type',
      'err-long',
    ],
  ],
  [
    'adapter size (at most 150 lines of code each)',
    process.execPath,
    [join(root, 'scripts', 'structure.mjs')],
  ],
]) {
  if (step(label, command, args)) passed += 1;
  else {
    failed += 1;
    console.error(`FAILED: ${label}`);
  }
}

const browserEnv = {};
const browserSkipped = !existsSync(chromium);
if (browserSkipped) {
  const bar = '!'.repeat(78);
  console.error(`\n${bar}\n!! Chromium not found at ${chromium}: the browser suites are NOT running.`);
  console.error(`!! Install it with: apt-get update && apt-get install -y chromium\n${bar}\n`);
  browserEnv.RESTDASH_SKIP_BROWSER = '1';
}

const report = join(root, '.test-results', 'vitest.json');
rmSync(report, { force: true });
mkdirSync(join(root, '.test-results'), { recursive: true });
step(
  'vitest (all projects)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs],
  browserEnv,
);

if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  // A suite that fails to load has no failed tests but must still fail the run.
  const brokenFiles = json.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  );
  for (const file of brokenFiles) console.error(`FAILED to load: ${file.name}\n${file.message}`);
  failed += brokenFiles.length;
  if (json.numTotalTests === 0) {
    console.error('FAILED: no test ran');
    failed += 1;
  }
} else {
  console.error('FAILED: vitest wrote no report');
  failed += 1;
}

// A run without Chromium must not read like a complete one.
const skippedNote = browserSkipped ? ' (browser suites skipped: no Chromium)' : '';
console.log(`tests: ${passed} passed, ${failed} failed${skippedNote}`);
process.exit(failed === 0 ? 0 : 1);
