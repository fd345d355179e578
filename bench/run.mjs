// `npm run bench`: runs the benchmark parts, prints one table per part and writes RESULTS.md.
//   --quick             short smoke run (writes .tmp/RESULTS.quick.md unless --out is given)
//   --soak              add the soak (part 4); --soak-seconds N sets its length (default 60)
//   --only a,b          run only these parts: cpu, http, micro, pagination, demo, soak
//   --out FILE          where to write the results
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderSection } from './lib/format.mjs';
import { machine, PART_ORDER, writeResults } from './lib/report.mjs';

// React, and the bundles, in production mode: development builds would measure React's own checks.
// Set before any part is imported, since React picks its build when first loaded.
process.env.NODE_ENV ??= 'production';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    soak: { type: 'boolean', default: false },
    'soak-seconds': { type: 'string' },
    only: { type: 'string' },
    out: { type: 'string' },
  },
});

const quick = args.quick;
const SETTINGS = {
  cpu: quick ? { amount: 10_000, warmup: 5_000, rounds: 3 } : { amount: 30_000, warmup: 50_000, rounds: 9 },
  http: quick ? { seconds: 1, warmup: 0, rounds: 1 } : { seconds: 5, warmup: 2, rounds: 5 },
  micro: quick ? { time: 50, rounds: 1 } : { time: 500, rounds: 5 },
  pagination: quick ? { time: 50, rounds: 1 } : { time: 500, rounds: 5 },
  demo: quick
    ? { searches: 100, peerSearches: 10, rounds: 1 }
    : { searches: 1000, peerSearches: 100, rounds: 5 },
  soak: { seconds: Number(args['soak-seconds'] ?? (quick ? 3 : 60)), warmup: quick ? 1 : 5 },
};
const PARTS = {
  cpu: async (s) => (await import('./http/cpu.mjs')).httpCpu(s),
  http: async (s) => (await import('./http/throughput.mjs')).httpThroughput(s),
  micro: async (s) => (await import('./versioning/micro.mjs')).micro(s),
  pagination: async (s) => (await import('./pagination/index.mjs')).pagination(s),
  demo: async (s) => (await import('./demo/search.mjs')).demoSearch(s),
  soak: async (s) => (await import('./http/soak.mjs')).soak(s),
};

const selected = args.only
  ? args.only.split(',').map((p) => p.trim())
  : ['cpu', 'http', 'micro', 'pagination', 'demo'];
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

for (const part of PART_ORDER.filter((p) => selected.includes(p))) {
  const partStarted = performance.now();
  const section = await PARTS[part](SETTINGS[part]);
  const seconds = ((performance.now() - partStarted) / 1000).toFixed(0);
  section.run = `Run ${new Date().toISOString()} · ${machine()} · \`${command}\`${quick ? ' (quick: smoke run, numbers are not meaningful)' : ''} · ${seconds} s`;
  sections.set(part, section);
  console.log(`\n${renderSection(section)}`);
}

writeResults(out, sections);
console.log(`\nWrote ${out} in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
