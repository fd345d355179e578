// Part 4 (--soak): every restdash adapter under sustained load, watching for errors and memory growth.
import { fileURLToPath } from 'node:url';
import { startChild } from '../lib/child.mjs';
import { int, mb, ms, percent } from '../lib/format.mjs';
import { progress } from '../lib/progress.mjs';
import { target } from '../lib/stats.mjs';
import { check, load, LOAD } from './load.mjs';
import { REQUESTS } from './routes.mjs';

const SERVER = fileURLToPath(new URL('server.mjs', import.meta.url));
const ADAPTERS = ['express', 'fastify', 'hono', 'node'];
const MAX_HEAP_GROWTH = 0.1;
const MAX_RSS_GROWTH = 0.05;
const SAMPLES = 12;

async function soakOne(framework, { seconds, warmup }) {
  const server = await startChild(SERVER, [framework, 'restdash'], { execArgv: ['--expose-gc'] });
  try {
    const { port } = server.ready;
    const requests = [REQUESTS.path, REQUESTS.accept];
    for (const request of requests) await check(port, request, `${framework} + restdash`);
    await load(port, requests, warmup);
    const warm = await server.ask('memory');
    const rss = [];
    const every = (seconds * 1000) / SAMPLES;
    const sampler = setInterval(() => void server.ask('rss').then((m) => rss.push(m.rss)), every);
    progress(`soak: ${framework} for ${seconds} s`);
    const result = await load(port, requests, seconds);
    clearInterval(sampler);
    const end = await server.ask('memory');
    const half = rss[Math.floor(rss.length / 2) - 1] ?? warm.rss;
    return {
      framework,
      idle: server.ready,
      warm,
      half,
      end,
      rssMax: Math.max(end.rss, ...rss),
      result,
      seconds,
    };
  } finally {
    await server.stop();
  }
}

function row({ framework, idle, warm, half, end, rssMax, result, seconds }) {
  const rssGrowth = end.rss / half - 1;
  const heapGrowth = end.heapUsed / warm.heapUsed - 1;
  const clean = result.errors + result.timeouts + result.non2xx === 0;
  return {
    adapter: framework,
    requests: int(result.total),
    rps: int(result.total / seconds),
    errors: int(result.errors + result.timeouts),
    non2xx: int(result.non2xx),
    p99: ms(result.p99),
    rss: `${mb(idle.rss)} → ${mb(warm.rss)} → ${mb(end.rss)} (max ${mb(rssMax)})`,
    rssGrowth: percent(rssGrowth),
    heap: `${mb(warm.heapUsed)} → ${mb(end.heapUsed)} (${percent(heapGrowth)})`,
    ...target(
      `0 errors; RSS 2nd half ≤ +${MAX_RSS_GROWTH * 100} %, heap ≤ +${MAX_HEAP_GROWTH * 100} %`,
      clean && rssGrowth <= MAX_RSS_GROWTH && heapGrowth <= MAX_HEAP_GROWTH,
    ),
  };
}

const COLUMNS = [
  ['adapter', 'adapter'],
  ['requests', 'requests'],
  ['rps', 'req/s'],
  ['errors', 'errors'],
  ['non2xx', 'non-2xx'],
  ['p99', 'p99 latency'],
  ['rss', 'RSS idle → after warm-up → end'],
  ['rssGrowth', 'RSS growth, 2nd half of soak'],
  ['heap', 'heap after GC, warm-up → end'],
  ['target', 'target'],
  ['met', 'met?'],
];

/** Runs part 4 and returns its section. */
export async function soak(settings) {
  const results = [];
  for (const framework of ADAPTERS) results.push(await soakOne(framework, settings));
  return {
    title: `4. Soak (${settings.seconds} s per adapter)`,
    tables: [{ columns: COLUMNS, rows: results.map(row) }],
    notes: [
      `Each adapter's server (restdash, URL path and Accept header routes alternating) in a child process with --expose-gc, under autocannon ${LOAD.connections} connections, pipelining ${LOAD.pipelining}, for ${settings.seconds} s after a ${settings.warmup} s warm-up.`,
      `Memory is reported by the server over IPC: idle (just listening), after warm-up and at the end (both after a forced GC), and RSS ${SAMPLES} times during the soak. "Flat memory" means: the post-GC heap grows ≤ ${MAX_HEAP_GROWTH * 100} % from warm-up to end (a leak of JS objects), and RSS grows ≤ ${MAX_RSS_GROWTH * 100} % over the second half of the soak (after the JIT and allocator have settled; a native or buffer leak keeps growing).`,
      'Only valid requests are sent (all should be 200); error responses are exercised by the test suite, not here.',
    ],
  };
}
