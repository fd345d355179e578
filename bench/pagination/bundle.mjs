// Part 3c: what each pagination costs the browser, min+gzip, bundled the same way for all.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { kb, ratio } from '../lib/format.mjs';
import { progress } from '../lib/progress.mjs';
import { noTarget, target } from '../lib/stats.mjs';

// Issue 16: the interactive component smaller than react-bootstrap's, the static one well below it.
const ENTRIES = [
  { file: 'restdash-react', name: '`Pagination` from @restdash/pagination/react', maxKb: 2.0 },
  { file: 'restdash-static', name: '`StaticPagination` from @restdash/pagination/static', maxKb: 1.2 },
  {
    file: 'restdash-react',
    name: '`Pagination`, development build (dev warning, full error messages; for information)',
    nodeEnv: 'development',
  },
  { file: 'restdash-use-pagination', name: '`usePagination` from @restdash/pagination/react (headless)' },
  {
    file: 'restdash-items',
    name: '`paginationItems` from @restdash/pagination (core model, with validation)',
  },
  {
    file: 'restdash-description',
    name: '`Pagination` description class from @restdash/pagination',
  },
  { file: 'react-bootstrap', name: 'react-bootstrap `Pagination` (what dbc uses)' },
  { file: 'mui-pagination', name: '@mui/material `Pagination`' },
  { file: 'mui-use-pagination', name: '@mui/material `usePagination`' },
  { file: 'react-paginate', name: 'react-paginate' },
];

export const BUNDLE_OPTIONS = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  metafile: true,
  write: false,
  logLevel: 'silent',
};

/** The package an input file belongs to (`@scope/name`, `name`, or `(own code)` outside node_modules). */
function packageOf(input) {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return input.includes('packages/pagination/') ? '@restdash/pagination' : '(entry)';
  const parts = input.slice(at + 'node_modules/'.length).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

async function measure(entry) {
  const result = await build({
    ...BUNDLE_OPTIONS,
    define: { 'process.env.NODE_ENV': JSON.stringify(entry.nodeEnv ?? 'production') },
    entryPoints: [fileURLToPath(new URL(`entries/${entry.file}.mjs`, import.meta.url))],
    outfile: 'out.js',
  });
  const code = result.outputFiles[0].contents;
  const byPackage = new Map();
  for (const [input, { bytesInOutput }] of Object.entries(Object.values(result.metafile.outputs)[0].inputs)) {
    const name = packageOf(input);
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
  }
  const pulls = [...byPackage]
    .filter(([name, bytes]) => name !== '(entry)' && bytes > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, bytes]) => `${name} ${kb(bytes)}`);
  return { ...entry, min: code.length, gzip: gzipSync(code, { level: 9 }).length, pulls };
}

const COLUMNS = [
  ['case', 'bundle'],
  ['min', 'min KB'],
  ['gzip', 'min+gzip KB'],
  ['toOurs', 'ratio to ours (component)'],
  ['target', 'target'],
  ['met', 'met?'],
  ['pulls', 'pulls in (min KB per package, before gzip)'],
];

/** Bundles every entry and returns the table. */
export async function bundleSizes() {
  const results = [];
  progress(`pagination: bundle sizes of ${ENTRIES.length} entries (esbuild)`);
  for (const entry of ENTRIES) results.push(await measure(entry));
  const ours = results[0].gzip;
  return {
    caption:
      'Bundle size: esbuild bundle + minify, ESM, browser, `process.env.NODE_ENV` defined as "production" (as bundlers do for production builds, so development-only code is dropped), react/react-dom/jsx-runtime external; gzip level 9; KB = 1024 bytes',
    columns: COLUMNS,
    rows: results.map((r) => ({
      case: r.name,
      min: kb(r.min),
      gzip: kb(r.gzip),
      toOurs: ratio(r.gzip / ours),
      ...(r.maxKb ? target(`≤ ${r.maxKb} KB`, r.gzip <= r.maxKb * 1024) : noTarget),
      pulls: r.pulls.join(', '),
    })),
  };
}
