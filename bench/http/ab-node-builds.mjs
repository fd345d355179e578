// Whether a change made the Express or node:http adapter slower: two builds of the package (this checkout's and
// another's, e.g. a `git worktree` of an older commit after `npm ci && node scripts/build.mjs`) serve the same route
// in one process through light-my-request (Fastify's injector, which takes any node:http handler: no sockets).
// Batches alternate other → this; the figure is the median over rounds of (this − other), in µs of CPU per request.
//
//   node bench/http/ab-node-builds.mjs /path/to/other/checkout [rounds]
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import express from 'express';

const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
const inject = fastifyRequire('light-my-request');
const [otherRoot, roundsArg = '21'] = process.argv.slice(2);
if (otherRoot === undefined) {
  console.error('usage: node bench/http/ab-node-builds.mjs /path/to/other/checkout [rounds]');
  process.exit(2);
}
const rounds = Number(roundsArg);
const dists = {
  other: resolve(otherRoot, 'packages/versioning/dist'),
  this: new URL('../../packages/versioning/dist', import.meta.url).pathname,
};
const load = (dist, file) => import(pathToFileURL(`${dist}/${file}`).href);
async function app(framework, dist) {
  const core = await load(dist, 'index.js');
  const { versioned, path } = await load(dist, `adapters/${framework}/index.js`);
  const handler = (req, res) => res.json({ id: req.params.pk, version: req.version });
  const urlconf = new core.UrlConf([path('/:version/users/:pk/', handler, { name: 'user-detail' })]);
  const options = {
    scheme: new core.URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
    allowedHosts: ['localhost'],
  };
  if (framework === 'express') {
    const a = express();
    a.use(versioned(urlconf, options));
    return a;
  }
  return versioned(urlconf, options);
}
const batch = async (h, n) => {
  const t = process.cpuUsage();
  for (let i = 0; i < n; i++) await inject(h, { url: '/v1/users/7/' });
  const u = process.cpuUsage(t);
  return (u.user + u.system) / n;
};
for (const fw of ['express', 'node']) {
  const other = await app(fw, dists.other),
    mine = await app(fw, dists.this);
  for (let i = 0; i < 3; i++) {
    await batch(other, 2000);
    await batch(mine, 2000);
  }
  const diffs = [];
  for (let r = 0; r < rounds; r++) {
    const o = await batch(other, 1500);
    const m = await batch(mine, 1500);
    diffs.push(m - o);
  }
  diffs.sort((a, b) => a - b);
  console.log(
    `${fw}: this − other ${diffs[diffs.length >> 1].toFixed(2)} µs CPU per request (median of ${rounds} alternating rounds)`,
  );
}
