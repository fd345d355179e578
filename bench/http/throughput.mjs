// Part 1: HTTP throughput of each framework bare, with restdash, and with its own versioning peer.
// Every server runs in its own child process; the cases of one framework are interleaved round by round
// (and the order rotates each round) so drift and ordering hit all of them alike.
import { fileURLToPath } from 'node:url';
import { startChild } from '../lib/child.mjs';
import { int, ms, percent, ratio } from '../lib/format.mjs';
import { median, medianRatio, noTarget, spread, target } from '../lib/stats.mjs';
import { progress } from '../lib/progress.mjs';
import { check, load, LOAD } from './load.mjs';
import { REQUESTS } from './routes.mjs';

const SERVER = fileURLToPath(new URL('server.mjs', import.meta.url));
const MAX_COST = 0.03;

/** The cases of one framework; `peer` is its own versioning solution, if it has one. */
function cases(framework, label, peer) {
  return {
    framework,
    cases: [
      { id: 'bare-path', name: `${label} bare, /:version/users/:pk/`, variant: 'bare', request: 'path' },
      {
        id: 'ours-path',
        name: `${label} + restdash, URL path`,
        variant: 'restdash',
        request: 'path',
        baseline: 'bare-path',
      },
      {
        id: 'ours-lifecycle',
        name: `${label} + restdash, URL path, deprecated v1 (policies, reportVersions, enforceSunset)`,
        variant: 'restdash-lifecycle',
        request: 'path',
        baseline: 'bare-path',
      },
      {
        id: 'bare-accept',
        name: `${label} bare, /users/:pk/ (Accept sent)`,
        variant: 'bare',
        request: 'accept',
      },
      {
        id: 'ours-accept',
        name: `${label} + restdash, Accept header`,
        variant: 'restdash',
        request: 'accept',
        baseline: 'bare-accept',
        peer: peer && 'peer',
      },
      ...(peer
        ? [
            {
              id: 'peer',
              name: peer.name,
              variant: peer.variant,
              request: 'acceptVersion',
              baseline: 'bare-accept',
            },
          ]
        : []),
    ],
  };
}

const GROUPS = [
  cases('fastify', 'Fastify', {
    name: "Fastify `constraints: { version: '1.0.0' }`, Accept-Version",
    variant: 'constraints',
  }),
  cases('express', 'Express', {
    name: 'Express + express-routes-versioning, Accept-Version',
    variant: 'routes-versioning',
  }),
  cases('hono', 'Hono', null),
];

async function measureGroup({ framework, cases }, { seconds, warmup, rounds }) {
  const variants = [...new Set(cases.map((c) => c.variant))];
  const started = await Promise.allSettled(variants.map((v) => startChild(SERVER, [framework, v])));
  const servers = new Map(
    started.flatMap((s, i) => (s.status === 'fulfilled' ? [[variants[i], s.value]] : [])),
  );
  const port = (c) => servers.get(c.variant).ready.port;
  try {
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    for (const c of cases) await check(port(c), REQUESTS[c.request], c.name);
    if (warmup > 0) {
      progress(`http: ${framework} warm-up, ${cases.length} cases × ${warmup} s`);
      for (const c of cases) await load(port(c), REQUESTS[c.request], warmup);
    }
    const results = new Map(cases.map((c) => [c.id, []]));
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < cases.length; i++) {
        const c = cases[(i + round) % cases.length];
        progress(`http: ${framework} round ${round + 1}/${rounds}, ${c.name} (${seconds} s)`);
        results.get(c.id).push(await load(port(c), REQUESTS[c.request], seconds));
      }
    }
    return results;
  } finally {
    await Promise.all([...servers.values()].map((server) => server.stop()));
  }
}

function rows(group, results) {
  const rps = (id) => results.get(id).map((r) => r.rps);
  return group.cases.map((c) => {
    const runs = results.get(c.id);
    const toBare = c.baseline ? medianRatio(rps(c.id), rps(c.baseline)) : NaN;
    const failures = runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
    return {
      case: c.name,
      rps: int(median(rps(c.id))),
      p99: ms(median(runs.map((r) => r.p99))),
      spread: percent(spread(rps(c.id))),
      failures: failures === 0 ? '0' : `**${int(failures)}**`,
      toBare: c.baseline ? ratio(toBare) : '(baseline)',
      toPeer: c.peer ? ratio(medianRatio(rps(c.id), rps(c.peer))) : '—',
      ...(c.variant === 'restdash' ? target(`≥ ${1 - MAX_COST}× bare`, toBare >= 1 - MAX_COST) : noTarget),
    };
  });
}

const COLUMNS = [
  ['case', 'case'],
  ['rps', 'req/s (median)'],
  ['p99', 'p99 latency'],
  ['spread', 'spread of rounds'],
  ['failures', 'errors + non-2xx'],
  ['toBare', 'ratio to bare'],
  ['toPeer', 'ratio to versioning peer'],
  ['target', 'target'],
  ['met', 'met?'],
];

/** Runs part 1 and returns its section. */
export async function httpThroughput(settings) {
  const tables = [];
  for (const group of GROUPS) {
    tables.push({ columns: COLUMNS, rows: rows(group, await measureGroup(group, settings)) });
  }
  return {
    title: '1b. HTTP throughput (autocannon, 127.0.0.1; for context, the CPU table above decides)',
    tables,
    notes: [
      `autocannon ${LOAD.connections} connections, pipelining ${LOAD.pipelining}, ${settings.seconds} s per round, ${settings.rounds} rounds, ${settings.warmup} s warm-up per case first; GET of a small JSON body.`,
      'Each server runs in its own child process (node:child_process fork); the load generator runs in the parent. On a 2-core machine they take one core each, so absolute req/s are bounded by both; the ratios are what this part is for.',
      'The server CPU table (1a) decides whether restdash meets its cost targets; this one is for context. Target: restdash costs ≤ 3 % of the bare framework on the same route shape (ratio ≥ 0.97). Rounds of one framework are interleaved and their order rotates, ratios are medians of per-round ratios; "spread" is (max − min) / median of the rounds, so a ratio within the spread of 1.00 is noise.',
      'Bare routes: the same patterns with no versioning (the Accept case sends the same Accept header to the bare route). Versioning peers read `Accept-Version: 1.0.0`; their ratio to bare is shown for context.',
    ],
  };
}
