// Part 3: @restdash/pagination — the page-item model, React rendering against dbc's react-bootstrap
// composition, and bundle sizes against the usual React paginations.
import { fileURLToPath } from 'node:url';
import { renderToString } from 'react-dom/server';
import { paginationItems } from '@restdash/pagination';
import { startChild } from '../lib/child.mjs';
import { ratio } from '../lib/format.mjs';
import { opsPerSecond, opsRow, OPS_COLUMNS } from '../lib/ops.mjs';
import { medianRatio, noTarget, target } from '../lib/stats.mjs';
import { bundleSizes } from './bundle.mjs';
import { dashBundleSizes } from './dash-bundle.mjs';
import { dbc, ours, oursLinked, oursStatic, PROPS } from './components.mjs';

const RENDER_TARGET = 2;
const CLIENT = fileURLToPath(new URL('client-render.mjs', import.meta.url));
const collapsed = (max) => ({
  max_value: max,
  active_page: Math.floor(max / 2),
  fully_expanded: false,
  first_last: true,
  previous_next: true,
});
const ITEM_CASES = [
  {
    name: 'paginationItems, collapsed, max_value 10^15',
    fn: () => paginationItems(collapsed(1e15)),
    batch: 1000,
    length: 11,
  },
  {
    name: 'paginationItems, collapsed, max_value 100',
    fn: () => paginationItems(collapsed(100)),
    batch: 1000,
    length: 11,
  },
  {
    name: 'paginationItems, fully expanded, 10,000 numbers',
    fn: () => paginationItems({ max_value: 10_000 }),
    length: 10_000,
  },
];

/** Issue 16 sets the render target for these two; mounting is mostly jsdom's DOM work (see the README). */
const TARGETED = /renderToString|update/;

/** Rows comparing each `ours, …` case with its `dbc, …` twin. */
function renderRows(ops) {
  return [...ops.keys()]
    .filter((name) => name.startsWith('ours'))
    .flatMap((name) => {
      const peer = name.replace(/^ours/, 'dbc');
      const toPeer = medianRatio(ops.get(name), ops.get(peer));
      return [
        opsRow(ops, name, {
          toPeer: ratio(toPeer),
          ...(TARGETED.test(name) ? target(`≥ ${RENDER_TARGET}×`, toPeer >= RENDER_TARGET) : noTarget),
        }),
        opsRow(ops, peer, { toPeer: '(peer)', ...noTarget }),
      ];
    });
}

/**
 * The render comparisons in ten times as many rounds of a tenth of the time: ours and dbc then alternate
 * every few dozen milliseconds, so load from other processes on a shared machine hits both alike.
 */
function sliced({ time, rounds }) {
  return { time: time / 10, rounds: rounds * 10 };
}

/** StaticPagination's renderToString against dbc's (no target of its own: the issue sets none). */
function staticRow(ops) {
  const name = 'StaticPagination (ours, links), renderToString';
  const toPeer = medianRatio(ops.get(name), ops.get('dbc, renderToString'));
  return opsRow(ops, name, { toPeer: `${ratio(toPeer)} of dbc`, ...noTarget });
}

/** Runs part 3 and returns its section. */
export async function pagination(settings) {
  for (const c of ITEM_CASES) {
    if (c.fn().length !== c.length)
      throw new Error(`${c.name} gave ${c.fn().length} items, expected ${c.length}`);
  }
  const html = { ours: renderToString(ours(PROPS)), dbc: renderToString(dbc(PROPS)) };
  if (renderToString(oursStatic(PROPS)) !== renderToString(oursLinked(PROPS)))
    throw new Error('StaticPagination and Pagination with the same href render different HTML');
  const serverCases = [
    { name: 'ours, renderToString', fn: () => renderToString(ours(PROPS)) },
    { name: 'dbc, renderToString', fn: () => renderToString(dbc(PROPS)) },
    {
      name: 'StaticPagination (ours, links), renderToString',
      fn: () => renderToString(oursStatic(PROPS)),
    },
  ];
  const items = await opsPerSecond(ITEM_CASES, settings, 'pagination: page-item model');
  const renders = await opsPerSecond(serverCases, sliced(settings), 'pagination: renderToString');
  const ops = new Map([...items, ...renders]);
  const client = await startChild(CLIENT, [JSON.stringify(sliced(settings))]);
  await client.stop();
  const clientOps = new Map(client.ready.ops);

  const [large, small, expanded] = ITEM_CASES.map((c) => c.name);
  const itemRows = [
    opsRow(ops, large, {
      toPeer: `${ratio(medianRatio(ops.get(large), ops.get(small)))} of max 100`,
      ...noTarget,
    }),
    opsRow(ops, small, { toPeer: '—', ...noTarget }),
    opsRow(ops, expanded, { toPeer: '—', ...noTarget }),
  ];
  return {
    title: '3. Pagination',
    tables: [
      { caption: 'Page-item model', columns: OPS_COLUMNS, rows: itemRows },
      {
        caption: `React render, ${JSON.stringify(PROPS)}: ours vs dbc's composition of react-bootstrap`,
        columns: OPS_COLUMNS,
        rows: [
          ...renderRows(new Map(serverCases.map((c) => [c.name, ops.get(c.name)]))),
          staticRow(ops),
          ...renderRows(clientOps),
        ],
      },
      await bundleSizes(),
      await dashBundleSizes(),
    ],
    notes: [
      `tinybench, ${settings.time} ms per task and round, ${settings.rounds} rounds for the page-item model; the render comparisons in ${sliced(settings).rounds} rounds of ${sliced(settings).time} ms per task, so that ours and dbc alternate often. React in production mode (NODE_ENV=production).`,
      'Collapsed, the spec requires a cost that does not depend on the range (O(1)): the ratio column compares max_value 10^15 with max_value 100 (1.00× = same cost; read it against the spread). Fully expanded is linear; 10,000 numbers is the most it allows.',
      `renderToString in this process; client rendering in jsdom in a child process, with \`flushSync(() => root.render(…))\` so each call includes the DOM work. HTML length: ours ${html.ours.length} characters, dbc ${html.dbc.length}.`,
      "Issue 16's render target (≥ 2×) is on renderToString and client updates; mounting in jsdom is mostly jsdom creating and removing DOM nodes (packages/pagination/README.md, Performance), so that row has none.",
      "dbc composition: dash-bootstrap-components' Pagination.js reproduced over react-bootstrap 2.10 `Pagination.Item`/`Ellipsis`/`First`/`Prev`/`Next`/`Last` (bench/pagination/components.mjs).",
      'Bundle entries (bench/pagination/entries/) re-export one named export each, so tree-shaking is fair. Targets (issue 16): `Pagination` ≤ 2.0 KB, `StaticPagination` ≤ 1.2 KB; the headless hook, the core model with its validation and the description class (which describes a layout on the server side and is not what a browser loads) are listed for information. react-paginate ships only a prebuilt, minified UMD bundle (prop-types inlined), so nothing in it can be shaken off. Why `StaticPagination` misses its target: packages/pagination/README.md, Bundle size.',
      "Dash bundles (bench/pagination/dash-bundle.mjs): ours is the file a Dash app serves (the function that writes dist/dash/restdash_pagination.min.js); dbc's whole bundle is the one its npm package ships; its Pagination's share is dbc's own Pagination.js bundled alone with esbuild, React and ReactDOM from Dash's globals as in dbc's build (prop-types, react-bootstrap and its helpers inside: what the component costs where it is the only one; inside dbc's bundle it shares those helpers with the other components). No target: StaticPagination is listed for information.",
    ],
  };
}
