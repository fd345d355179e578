// Part 3d: what the Dash component suite costs a Dash app's browser, beside dash-bootstrap-components (dbc).
// Ours is built by the same function that writes dist/dash/restdash_pagination.min.js; dbc's whole bundle is
// the one its npm package ships (dist/dash_bootstrap_components.min.js), and its Pagination's share is
// dbc's own Pagination.js source bundled alone, the way dbc bundles it (React and ReactDOM from Dash's
// globals; prop-types, react-bootstrap and ramda inside).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { dashBundle } from '../../scripts/build-dash.mjs';
import { kb, ratio } from '../lib/format.mjs';
import { BUNDLE_OPTIONS } from './bundle.mjs';

const require = createRequire(import.meta.url);
const dbcDir = dirname(require.resolve('dash-bootstrap-components/package.json'));
const dbcVersion = JSON.parse(readFileSync(join(dbcDir, 'package.json'), 'utf8')).version;

/** React and ReactDOM from Dash's globals, as dbc's webpack config maps them. */
const dbcGlobalsPlugin = {
  name: 'dbc-globals',
  setup(esbuild) {
    const globals = { react: 'React', 'react-dom': 'ReactDOM' };
    esbuild.onResolve({ filter: /^react(-dom)?$/ }, ({ path }) => ({ path, namespace: 'dash-global' }));
    esbuild.onLoad({ filter: /.*/, namespace: 'dash-global' }, ({ path }) => ({
      contents: `module.exports = window.${globals[path]};`,
      loader: 'js',
    }));
  },
};

/** dbc's Pagination.js (JSX in .js, as dbc writes it) bundled alone, minified for production. */
async function dbcPaginationAlone() {
  const result = await build({
    entryPoints: [join(dbcDir, 'src', 'components', 'pagination', 'Pagination.js')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
    loader: { '.js': 'jsx' },
    jsx: 'transform',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [dbcGlobalsPlugin],
    // dbc's own copy of React is not bundled (globals above); its other dependencies resolve from its folder.
    nodePaths: [join(dbcDir, 'node_modules')],
    logLevel: 'silent',
  });
  return result.outputFiles[0].contents;
}

/** `StaticPagination` the way part 3c bundles it (ESM, React external). */
async function staticPagination() {
  const result = await build({
    ...BUNDLE_OPTIONS,
    entryPoints: [new URL('entries/restdash-static.mjs', import.meta.url).pathname],
    outfile: 'out.js',
  });
  return result.outputFiles[0].contents;
}

const COLUMNS = [
  ['case', 'bundle'],
  ['min', 'min KB'],
  ['gzip', 'min+gzip KB'],
  ['toOurs', 'min+gzip, ratio to ours'],
];

/** Measures every bundle and returns the table. */
export async function dashBundleSizes() {
  const entries = [
    {
      name: 'ours: `restdash_pagination.min.js`, the whole Dash suite (`Pagination`)',
      code: await dashBundle('restdash_pagination.min.js'),
    },
    {
      name: `dbc ${dbcVersion}: \`dash_bootstrap_components.min.js\`, the whole suite (every component)`,
      code: readFileSync(join(dbcDir, 'dist', 'dash_bootstrap_components.min.js')),
    },
    {
      name: `dbc ${dbcVersion}: its Pagination's share (Pagination.js bundled alone)`,
      code: await dbcPaginationAlone(),
    },
    {
      name: '`StaticPagination` from @restdash/pagination/static (for information; not a Dash bundle)',
      code: await staticPagination(),
    },
  ].map((entry) => ({ ...entry, min: entry.code.length, gzip: gzipSync(entry.code, { level: 9 }).length }));
  const ours = entries[0].gzip;
  return {
    caption:
      'Dash bundles: what a Dash app loads for the component, minified, gzip level 9, KB = 1024 bytes; React, ReactDOM (and for ours PropTypes) from the UMD scripts Dash serves',
    columns: COLUMNS,
    rows: entries.map((entry) => ({
      case: entry.name,
      min: kb(entry.min),
      gzip: kb(entry.gzip),
      toOurs: ratio(entry.gzip / ours),
    })),
  };
}
