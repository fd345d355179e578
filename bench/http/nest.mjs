// Part `nest`: server CPU per request on NestJS, platform-express and platform-fastify: the same two routes bare, with
// restdash's RestdashModule, and with Nest's own versioning (URI, header). Measured as part 1a is (cpu.mjs): each
// variant in a child process reporting process.cpuUsage() around a fixed number of pipelined requests, the cases
// alternating in rotating order over the rounds of one run.
import { fileURLToPath } from 'node:url';
import { startChild } from '../lib/child.mjs';
import { int, percent } from '../lib/format.mjs';
import { progress } from '../lib/progress.mjs';
import { median, medianRatio, noTarget, spread } from '../lib/stats.mjs';
import { check, pipelined } from './load.mjs';

const SERVER = fileURLToPath(new URL('server.mjs', import.meta.url));
const LOAD = { connections: 8, depth: 8 };
const REQUESTS = {
  path: { path: '/v1/users/42', headers: {}, version: 'v1' },
  header: { path: '/users/42', headers: { 'api-version': '1' }, version: '1' },
};
const KINDS = [
  { kind: 'path', bare: '/:version/users/:pk', ours: 'URLPathVersioning', own: 'URI', nest: 'nest-uri' },
  { kind: 'header', bare: '/users/:pk', ours: 'HeaderVersioning', own: 'HEADER', nest: 'nest-header' },
];

const CASES = KINDS.flatMap(({ kind, bare, ours, own, nest }) => [
  { id: `bare-${kind}`, name: `bare ${bare}`, kind },
  { id: `restdash-${kind}`, name: `RestdashModule, ${ours}`, kind, baseline: `bare-${kind}`, peer: nest },
  { id: nest, name: `Nest's enableVersioning({ type: ${own} })`, kind, baseline: `bare-${kind}` },
]);

async function cpuPerRequest(server, request, amount, label) {
  const before = await server.ask('cpu');
  const { total, failures } = await pipelined(server.ready.port, request, amount, LOAD);
  const after = await server.ask('cpu');
  if (failures > 0 || total < amount) throw new Error(`${label}: ${failures} failures in ${total} requests`);
  return (after.user + after.system - before.user - before.system) / amount;
}

async function measure(platform, { amount, warmup, rounds }) {
  const started = await Promise.allSettled(
    CASES.map((c) => startChild(SERVER, ['nest', `${platform}/${c.id}`])),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  try {
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const server = (c) => servers[CASES.indexOf(c)];
    for (const c of CASES) await check(server(c).ready.port, REQUESTS[c.kind], c.name);
    progress(`nest: ${platform} warm-up, ${CASES.length} cases × ${int(warmup)} requests`);
    for (const c of CASES) await cpuPerRequest(server(c), REQUESTS[c.kind], warmup, c.name);
    const results = new Map(CASES.map((c) => [c.id, []]));
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < CASES.length; i++) {
        const c = CASES[(i + round) % CASES.length];
        progress(`nest: ${platform} round ${round + 1}/${rounds}, ${c.name}`);
        results.get(c.id).push(await cpuPerRequest(server(c), REQUESTS[c.kind], amount, c.name));
      }
    }
    return results;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

const micros = (n) => (Number.isFinite(n) ? `${n.toFixed(2)} µs` : '—');
const signed = (n) => (Number.isFinite(n) ? (n >= 0 ? `+${micros(n)}` : `−${micros(-n)}`) : '—');

function rows(platform, results) {
  const of = (id) => results.get(id);
  const added = (id, baseline) => median(of(id).map((value, i) => value - of(baseline)[i]));
  return CASES.map((c) => ({
    case: `Nest (${platform}) ${c.name}`,
    cpu: micros(median(of(c.id))),
    spread: percent(spread(of(c.id))),
    added: c.baseline ? signed(added(c.id, c.baseline)) : '(baseline)',
    ratio: c.baseline ? `${medianRatio(of(c.id), of(c.baseline)).toFixed(3)}×` : '—',
    vsNest: c.peer ? signed(added(c.id, c.peer)) : '—',
    ...noTarget,
  }));
}

const COLUMNS = [
  ['case', 'case'],
  ['cpu', 'server CPU per request (median)'],
  ['spread', 'spread of rounds'],
  ['added', 'added to bare (median of rounds)'],
  ['ratio', 'ratio to bare'],
  ['vsNest', 'restdash − Nest’s own (median of rounds)'],
];

/** Runs the part and returns its section. */
export async function nestCpu(settings) {
  const tables = [];
  for (const platform of ['express', 'fastify'])
    tables.push({ columns: COLUMNS, rows: rows(platform, await measure(platform, settings)) });
  return {
    title: '1c. HTTP on NestJS: server CPU per request, restdash beside Nest’s own versioning',
    tables,
    notes: [
      `Each variant is a Nest application in its own child process (\`NestFactory.create\`, logger off) reporting \`process.cpuUsage()\` before and after exactly ${int(settings.amount)} requests sent from the parent over ${LOAD.connections} keep-alive connections with ${LOAD.depth} pipelined requests each; ${settings.rounds} rounds, each case once per round in a rotating order, after a ${int(settings.warmup)}-request warm-up per case.`,
      'Bare: the same controller routes with no versioning. RestdashModule: the route marked `@Versioned()`, versioned by `URLPathVersioning` (`/v1/users/42`) or `HeaderVersioning` (`Api-Version: 1`); the handler returns `{ id, version: request.version }` through restdash’s interceptor. Nest’s own: `app.enableVersioning({ type: URI })` (`/v1/users/42`) or `({ type: HEADER, header: "Api-Version" })`, the controller declared `version: ["1", "2"]`: routing only (no migrations, no lifecycle headers, no Vary).',
      '"restdash − Nest’s own" is the median over rounds of the difference in the same round. No targets: an informative comparison (restdash decides the version with the core’s matcher in front of Nest’s router, and does what Nest’s versioning does not: Vary, problem+json refusals, reversal).',
    ],
  };
}
