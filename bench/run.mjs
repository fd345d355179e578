// `npm run bench`: runs the benchmark parts, prints one table per part and writes RESULTS.md. A progress line per
// case (or round) goes to stderr as it runs.
//   (default)           http, micro, changes, frozen, pagination and demo, with fewer rounds: about 4 minutes on 2 cores
//   --full              every part but the soak, at full length, the CPU table (1a) included: about 17 minutes
//                       on a quiet machine, over 20 on a busy one (RESULTS.md says how long each part took)
//   --quick             short smoke run of every part but the soak (writes .tmp/RESULTS.quick.md unless --out is given)
//   --soak              add the soak (part 4); --soak-seconds N sets its length (default 60)
//   --only a,b          run only these parts: cpu, http, nest, micro, changes, frozen, pagination, demo, soak (full length with --full;
//                       the CPU table is always full length but with --quick)
//   BENCH_CPU_FRAMEWORKS=node,hono (environment) limits the CPU table to those frameworks' groups
//   --out FILE          where to write the results
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderSection } from './lib/format.mjs';
import { progress } from './lib/progress.mjs';
import { machine, PART_ORDER, writeResults } from './lib/report.mjs';

// React, and the bundles, in production mode: development builds would measure React's own checks.
// Set before any part is imported, since React picks its build when first loaded.
process.env.NODE_ENV ??= 'production';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    full: { type: 'boolean', default: false },
    soak: { type: 'boolean', default: false },
    'soak-seconds': { type: 'string' },
    only: { type: 'string' },
    out: { type: 'string' },
  },
});

const { quick, full } = args;
if (quick && full) throw new Error('--quick and --full exclude each other.');
/** Every part at full length: what `--full` runs (the CPU table always runs so). */
const FULL = {
  cpu: { amount: 30_000, warmup: 50_000, rounds: 9 },
  nest: { amount: 20_000, warmup: 20_000, rounds: 7 },
  http: { seconds: 5, warmup: 2, rounds: 5 },
  micro: { time: 500, rounds: 5 },
  changes: { time: 500, rounds: 5 },
  frozen: { rounds: 5 },
  pagination: { time: 500, rounds: 5 },
  demo: { searches: 1000, peerSearches: 100, rounds: 5 },
};
/** The default run: fewer and shorter rounds (each table's notes say how many), no CPU table. */
const DEFAULT = {
  ...FULL,
  http: { seconds: 3, warmup: 1, rounds: 3 },
  micro: { time: 500, rounds: 3 },
  changes: { time: 500, rounds: 3 },
  frozen: { rounds: 3 },
  pagination: { time: 500, rounds: 3 },
  demo: { searches: 1000, peerSearches: 100, rounds: 3 },
};
const QUICK = {
  cpu: { amount: 10_000, warmup: 5_000, rounds: 3 },
  nest: { amount: 5_000, warmup: 5_000, rounds: 2 },
  http: { seconds: 1, warmup: 0, rounds: 1 },
  micro: { time: 50, rounds: 1 },
  changes: { time: 50, rounds: 1 },
  frozen: { rounds: 1 },
  pagination: { time: 50, rounds: 1 },
  demo: { searches: 100, peerSearches: 10, rounds: 1 },
};
const SETTINGS = {
  ...(quick ? QUICK : full ? FULL : DEFAULT),
  soak: { seconds: Number(args['soak-seconds'] ?? (quick ? 3 : 60)), warmup: quick ? 1 : 5 },
};
const PARTS = {
  cpu: async (s) => (await import('./http/cpu.mjs')).httpCpu(s),
  http: async (s) => (await import('./http/throughput.mjs')).httpThroughput(s),
  nest: async (s) => (await import('./http/nest.mjs')).nestCpu(s),
  micro: async (s) => (await import('./versioning/micro.mjs')).micro(s),
  changes: async (s) => (await import('./versioning/changes.mjs')).changes(s),
  frozen: async (s) => (await import('./versioning/frozen.mjs')).frozen(s),
  pagination: async (s) => (await import('./pagination/index.mjs')).pagination(s),
  demo: async (s) => (await import('./demo/search.mjs')).demoSearch(s),
  soak: async (s) => (await import('./http/soak.mjs')).soak(s),
};

const selected = args.only
  ? args.only.split(',').map((p) => p.trim())
  : [...(quick || full ? ['cpu', 'nest'] : []), 'http', 'micro', 'changes', 'frozen', 'pagination', 'demo'];
if (args.soak && !selected.includes('soak')) selected.push('soak');
const unknown = selected.filter((part) => !PART_ORDER.includes(part));
if (unknown.length)
  throw new Error(`Unknown part(s) ${unknown.join(', ')}; parts are ${PART_ORDER.join(', ')}.`);
if (!(SETTINGS.soak.seconds > 0))
  throw new Error(`--soak-seconds expects a positive number, received ${args['soak-seconds']}.`);

const command = ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(
  ' ',
);
const out =
  args.out ?? fileURLToPath(new URL(quick ? '.tmp/RESULTS.quick.md' : 'RESULTS.md', import.meta.url));
const sections = new Map();
const started = performance.now();

const parts = PART_ORDER.filter((p) => selected.includes(p));
const kind = quick ? 'smoke run (--quick)' : full ? 'full run (--full)' : 'default run';
progress(
  `bench: ${kind} of ${parts.join(', ')}${quick || full || args.only ? '' : '; the CPU table (1a) and full-length rounds: npm run bench -- --full'}`,
);
for (const [index, part] of parts.entries()) {
  progress(`bench: part ${part} (${index + 1}/${parts.length})`);
  const partStarted = performance.now();
  const section = await PARTS[part](SETTINGS[part]);
  const seconds = ((performance.now() - partStarted) / 1000).toFixed(0);
  const length = quick
    ? ' (quick: smoke run, numbers are not meaningful)'
    : full || part === 'cpu' || part === 'soak'
      ? ''
      : ' (default run: fewer rounds than --full)';
  section.run = `Run ${new Date().toISOString()} · ${machine()} · \`${command}\`${length} · ${seconds} s`;
  sections.set(part, section);
  console.log(`\n${renderSection(section)}`);
  progress(`bench: part ${part} done in ${seconds} s`);
}

writeResults(out, sections);
console.log(`\nWrote ${out} in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
