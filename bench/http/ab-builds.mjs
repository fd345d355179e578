// Whether a change made the adapters slower, with less noise than the server CPU table: two builds of the package
// (this checkout's and another's, e.g. a `git worktree` of an older commit after `npm ci && node scripts/build.mjs`)
// serve the same route in one process next to a bare route, through the frameworks' own injection (Fastify's
// `inject()`, Hono's `app.request()`: no sockets). Batches rotate bare → other → this → bare; the figure is the
// median over rounds of (this − other), in µs of CPU per request.
//
//   node bench/http/ab-builds.mjs /path/to/other/checkout [rounds]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { Hono } from 'hono';

const [otherRoot, roundsArg = '41'] = process.argv.slice(2);
if (otherRoot === undefined) {
  console.error('usage: node bench/http/ab-builds.mjs /path/to/other/checkout [rounds]');
  process.exit(2);
}
const rounds = Number(roundsArg);
const dists = {
  other: resolve(otherRoot, 'packages/versioning/dist'),
  this: new URL('../../packages/versioning/dist', import.meta.url).pathname,
};
const load = (dist, file) => import(pathToFileURL(`${dist}/${file}`).href);
const pattern = '/:version/users/:pk/';
const body = (pk, version) => ({ id: pk, version });

/** The one versioned route of each build, mounted by that build's adapter for `framework`. */
async function versionedApp(framework, dist) {
  const core = await load(dist, 'index.js');
  const { versioned } = await load(dist, `adapters/${framework}/index.js`);
  const handler =
    framework === 'fastify'
      ? async (request) => body(request.params.pk, request.version)
      : (c) => c.json(body(c.req.param('pk'), 'v1'));
  const urlconf = new core.UrlConf([core.path(pattern, handler, { name: 'user-detail' })]);
  const options = {
    scheme: new core.URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
    allowedHosts: ['127.0.0.1'],
  };
  if (framework === 'fastify') {
    const app = Fastify({ logger: false });
    await app.register(versioned(urlconf, options));
    await app.ready();
    return app;
  }
  const app = new Hono();
  app.route('/', versioned(urlconf, options));
  return app;
}

async function bareApp(framework) {
  if (framework === 'fastify') {
    const app = Fastify({ logger: false });
    app.get(pattern, async (request) => body(request.params.pk, request.params.version));
    await app.ready();
    return app;
  }
  const app = new Hono();
  app.get(pattern, (c) => c.json(body(c.req.param('pk'), c.req.param('version'))));
  return app;
}

const calls = {
  fastify: (app) => app.inject({ method: 'GET', url: '/v1/users/42/', headers: { host: '127.0.0.1' } }),
  hono: (app) => app.request('http://127.0.0.1/v1/users/42/'),
};
const statusOf = (reply) => reply.statusCode ?? reply.status;
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

for (const framework of ['fastify', 'hono']) {
  const call = calls[framework];
  const apps = {
    bare: await bareApp(framework),
    other: await versionedApp(framework, dists.other),
    this: await versionedApp(framework, dists.this),
  };
  for (const [name, app] of Object.entries(apps)) {
    const status = statusOf(await call(app));
    if (status !== 200) throw new Error(`${framework} ${name}: status ${status}`);
  }
  const batch = async (app, n = 1000) => {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) await call(app);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / n;
  };
  for (let i = 0; i < 5; i++) for (const app of Object.values(apps)) await batch(app);
  const added = { other: [], this: [] };
  for (let round = 0; round < rounds; round++) {
    const before = await batch(apps.bare);
    const other = await batch(apps.other);
    const mine = await batch(apps.this);
    const bare = (before + (await batch(apps.bare))) / 2;
    added.other.push(other - bare);
    added.this.push(mine - bare);
  }
  const change = median(added.this.map((value, index) => value - added.other[index]));
  console.log(
    `${framework}: added over bare — other ${median(added.other).toFixed(2)} µs, this ${median(added.this).toFixed(2)} µs; this − other ${change >= 0 ? '+' : ''}${change.toFixed(2)} µs (median of ${rounds} rounds)`,
  );
}
