// Part 1: server CPU time per request, bare vs restdash vs the framework's own version constraint. The
// server child reports process.cpuUsage() before and after a fixed number of requests, so the load
// generator's CPU (in this process) is not counted and neither is time spent waiting for a core.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startChild } from '../lib/child.mjs';
import { int, percent } from '../lib/format.mjs';
import { median, medianRatio, noTarget, spread, target } from '../lib/stats.mjs';
import { progress } from '../lib/progress.mjs';
import { check, pipelined } from './load.mjs';
import { REQUESTS } from './routes.mjs';

const SERVER = fileURLToPath(new URL('server.mjs', import.meta.url));
/** How the load is sent: 8 keep-alive connections with 8 pipelined requests in flight on each. */
const LOAD = { connections: 8, depth: 8 };
const KINDS = [
  { kind: 'path', what: 'URL path', route: '/:version/users/:pk/' },
  { kind: 'query', what: 'query parameter', route: '/items/:pk/?version=' },
  { kind: 'host', what: 'host name', route: '/hosts/:pk/, Host: v1.example.com' },
  { kind: 'accept', what: 'Accept header', route: '/users/:pk/, Accept: …; version=1.0' },
];

/**
 * Targets: on Fastify and Hono restdash adds at most 1 µs (and 3 %) to a URL path, query or host route and
 * 2 µs to an Accept route, and less than Fastify's own constraint; on Express and node:http at most 3 %.
 */
const TARGETS = {
  fastify: { path: 1, query: 1, host: 1, accept: 2 },
  hono: { path: 1, query: 1, host: 1, accept: 2 },
  express: {},
  node: {},
};
const MAX_RATIO = 1.03;

/**
 * A group's cases: per kind of route, bare and restdash. `second` adds another bare baseline for one kind (a cost
 * the framework itself puts on what restdash must do) and restdash's cost against it, with no target of its own.
 */
function group(framework, label, bareLabel, peer, second = null) {
  const cases = KINDS.flatMap(({ kind, what, route }) => [
    { id: `bare-${kind}`, name: `${bareLabel}, ${route}`, variant: 'bare', request: kind },
    {
      id: `ours-${kind}`,
      name: `${label} + restdash, ${what}`,
      variant: 'restdash',
      request: kind,
      kind,
      baseline: `bare-${kind}`,
    },
  ]);
  if (second) {
    const { kind, what } = KINDS.find((k) => k.kind === second.kind);
    cases.push(
      {
        id: `second-${kind}`,
        name: `${bareLabel}, ${second.name}`,
        variant: second.variant,
        request: kind,
        baseline: `bare-${kind}`,
      },
      {
        id: `ours-${kind}-vs-second`,
        measuredAs: `ours-${kind}`,
        name: `${label} + restdash, ${what}, against ${second.against}`,
        variant: 'restdash',
        request: kind,
        baseline: `second-${kind}`,
        informative: true,
      },
    );
  }
  if (peer) {
    cases.push(
      {
        id: 'bare-acceptVersion',
        name: `${bareLabel}, /users/:pk/, Accept-Version: 1.0.0`,
        variant: 'bare',
        request: 'acceptVersion',
        // The bare route ignores Accept-Version and answers its fixed version.
        version: '1.0',
      },
      {
        id: 'peer',
        name: peer.name,
        variant: peer.variant,
        request: 'acceptVersion',
        baseline: 'bare-acceptVersion',
      },
    );
  }
  return { framework, cases, peer: peer ? 'peer' : null };
}

const GROUPS = [
  group('fastify', 'Fastify', 'Fastify bare', {
    name: "Fastify `constraints: { version: '1.0.0' }`",
    variant: 'constraints',
  }),
  // Vary: Accept is what restdash must add to an Accept route; on Hono any header set before the handler answers
  // makes the response carry a fetch Headers object, which @hono/node-server then turns back into node's.
  group('hono', 'Hono', 'Hono bare', null, {
    kind: 'accept',
    variant: 'bare-vary',
    name: "/users/:pk/ with c.header('Vary', 'Accept')",
    against: 'that baseline',
  }),
  // The same bare routes on an express.Router() mounted with app.use(), as restdash mounts its routes: what the
  // router's own layer costs, and restdash's cost on top of it.
  group('express', 'Express', 'Express bare', null, {
    kind: 'path',
    variant: 'bare-router',
    name: '/:version/users/:pk/ in an express.Router() (app.use)',
    against: 'the Router baseline',
  }),
  group('node', 'node:http', 'node:http bare (path-to-regexp match())'),
];

/**
 * Pins every thread of the processes `pids` to `cpus` (a `taskset` list such as `1` or `0-1`) when `taskset`
 * (util-linux) is there and the machine has two cores or more; says whether it did. The servers share one core and
 * the load generator has the other: a server is then never moved between cores, or made to share one with the
 * load generator, in the middle of a round. Unpinned, rounds on this 2-core VM fell into two modes about 1.8×
 * apart, by which core each process happened to run on.
 */
function pin(pids, cpus) {
  if (availableParallelism() < 2) return false;
  try {
    for (const pid of pids) execFileSync('taskset', ['-a', '-cp', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

let pinned = false;

/** CPU µs the server spends on `amount` requests of `request`, per request. */
async function cpuPerRequest(server, request, amount, label) {
  const before = await server.ask('cpu');
  const { total, failures } = await pipelined(server.ready.port, REQUESTS[request], amount, LOAD);
  const after = await server.ask('cpu');
  if (failures > 0 || total < amount) throw new Error(`${label}: ${failures} failures in ${total} requests`);
  return (after.user + after.system - before.user - before.system) / amount;
}

async function measureGroup({ framework, cases: all }, { amount, warmup, rounds }) {
  // A case measured as another is a second view of that one's rounds.
  const cases = all.filter((c) => c.measuredAs === undefined);
  const variants = [...new Set(cases.map((c) => c.variant))];
  const started = await Promise.allSettled(variants.map((v) => startChild(SERVER, [framework, v])));
  const servers = new Map(
    started.flatMap((s, i) => (s.status === 'fulfilled' ? [[variants[i], s.value]] : [])),
  );
  try {
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    pinned =
      pin(
        [...servers.values()].map((server) => server.pid),
        '1',
      ) && pin([process.pid], '0');
    for (const c of cases) {
      const request = { ...REQUESTS[c.request], version: c.version ?? REQUESTS[c.request].version };
      await check(servers.get(c.variant).ready.port, request, c.name);
    }
    progress(`cpu: ${framework} warm-up, ${cases.length} cases × ${int(warmup)} requests`);
    for (const c of cases) await cpuPerRequest(servers.get(c.variant), c.request, warmup, c.name);
    const results = new Map(cases.map((c) => [c.id, []]));
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < cases.length; i++) {
        const c = cases[(i + round) % cases.length];
        progress(`cpu: ${framework} round ${round + 1}/${rounds}, ${c.name} (${int(amount)} requests)`);
        results.get(c.id).push(await cpuPerRequest(servers.get(c.variant), c.request, amount, c.name));
      }
    }
    return results;
  } finally {
    await Promise.all([...servers.values()].map((server) => server.stop()));
    // The parts after this one use both cores again.
    if (pinned) pin([process.pid], `0-${availableParallelism() - 1}`);
  }
}

const micros = (n) => (Number.isFinite(n) ? `${n.toFixed(2)} µs` : '—');
const signed = (n) => (n >= 0 ? `+${micros(n)}` : `−${micros(-n)}`);

function rows({ framework, cases, peer }, results) {
  const of = (id) => results.get(id);
  const added = (c) => median(of(c.measuredAs ?? c.id).map((value, i) => value - of(c.baseline)[i]));
  const peerAdded = peer ? added(cases.find((c) => c.id === peer)) : NaN;
  return cases.map((c) => {
    const cost = c.baseline ? added(c) : NaN;
    const ratio = c.baseline ? medianRatio(of(c.measuredAs ?? c.id), of(c.baseline)) : NaN;
    let verdict = noTarget;
    if (c.variant === 'restdash' && c.informative !== true) {
      const limit = TARGETS[framework][c.kind];
      const parts = [...(limit === undefined ? [] : [`≤ ${limit} µs`]), `≤ ${MAX_RATIO}×`];
      let met = ratio <= MAX_RATIO && (limit === undefined || cost <= limit);
      if (peer) {
        parts.push('< constraint');
        met &&= cost < peerAdded;
      }
      verdict = target(parts.join(', '), met);
    }
    return {
      case: c.name,
      cpu: micros(median(of(c.measuredAs ?? c.id))),
      spread: percent(spread(of(c.measuredAs ?? c.id))),
      added: c.baseline ? signed(cost) : '(baseline)',
      ratio: c.baseline ? `${ratio.toFixed(3)}×` : '—',
      ...(peer ? { vsPeer: c.variant === 'restdash' ? signed(cost - peerAdded) : '—' } : {}),
      ...verdict,
    };
  });
}

function columns(withPeer) {
  return [
    ['case', 'case'],
    ['cpu', 'server CPU per request (median)'],
    ['spread', 'spread of rounds'],
    ['added', 'added (median of rounds)'],
    ['ratio', 'ratio to bare'],
    ...(withPeer ? [['vsPeer', 'added − constraint’s added']] : []),
    ['target', 'target'],
    ['met', 'met?'],
  ];
}

const BEFORE = new URL('cpu-before.md', import.meta.url);

/** Runs part 1 and returns its section. */
export async function httpCpu(settings) {
  const tables = [];
  // BENCH_CPU_FRAMEWORKS=node,hono measures only those groups (a quicker look at one adapter).
  const only = process.env.BENCH_CPU_FRAMEWORKS?.split(',').map((name) => name.trim());
  for (const g of GROUPS) {
    if (only !== undefined && !only.includes(g.framework)) continue;
    tables.push({ columns: columns(g.peer !== null), rows: rows(g, await measureGroup(g, settings)) });
  }
  // The adapters before they were reworked (issue 10), measured by this part's first version, kept for comparison.
  if (existsSync(BEFORE)) {
    const [caption, ...table] = readFileSync(BEFORE, 'utf8').trim().split('\n');
    tables.push({ caption: caption.replace(/^#+\s*/, ''), markdown: table.join('\n').trim() });
  }
  return {
    title: '1a. HTTP: server CPU per request (this table decides the adapters’ cost)',
    tables,
    notes: [
      `Each server variant runs in its own child process and reports \`process.cpuUsage()\` (user + system, every thread) before and after exactly ${int(settings.amount)} requests sent from the parent process (whose own CPU is not counted) over ${LOAD.connections} keep-alive connections with ${LOAD.depth} pipelined requests in flight on each, so that the server always has work waiting and reads it in the same batches every round; ${settings.rounds} rounds, each case once per round in a rotating order, after a ${int(settings.warmup)}-request warm-up per case. ${pinned ? 'The server processes were pinned to core 1 and the load generator to core 0 (`taskset`).' : 'The processes were not pinned to cores (no `taskset`, or one core).'}`,
      '"added" is the median over rounds of (restdash − bare) in the same round, "ratio to bare" the median of the per-round ratios; "spread" is (max − min) / median of the rounds. This table decides whether restdash meets its cost targets: CPU time per request does not depend on how fast the load generator is or on who else uses the cores, which the req/s table does.',
      'Bare routes: the same patterns with no versioning, sent the same headers and query. The node:http baseline is a plain request listener that tries each pattern with a precompiled path-to-regexp `match()` and writes the JSON body by hand.',
      'Hono’s Accept rows also show a bare Accept route that sends `Vary: Accept` (`c.header()`), as a correct Accept route must: on Hono, any header set before the handler answers makes the response carry a fetch `Headers`, which @hono/node-server turns back into node’s, and restdash’s cost on top of that baseline (the row “against that baseline”, no target of its own).',
      'Express mounts restdash’s routes on an `express.Router()` (the adapter contract: the framework does the routing), so its rows also show the same bare routes on a Router mounted with `app.use()`: the Router’s own cost, and restdash’s cost on top of it (the row “against the Router baseline”, no target of its own).',
      'Fastify’s own `constraints: { version }` (find-my-way reading `Accept-Version`) is its version constraint; its "added" is against a bare route sent the same `Accept-Version` header. Express and Hono have no built-in version constraint.',
    ],
  };
}
