// The versioning core an adapter runs per request, without any framework: decide() over a node:http-like message
// (make the request object, check its host, let the route's scheme determine the version, the lifecycle admit it).
// It prints ns per request, the median of 7 runs of 1,000,000, per kind of route. Not a part of `npm run bench`
// (no peer to compare with): it says how much of an adapter's added µs in the CPU table (1a) is this core.
// The last rows are choosing the version: a header-versioned route without and with the adapter option pinVersion,
// whose cost is nil where it is not set and, where it is, paid only by a request that carries no version.
// Usage (after a build): node bench/versioning/core-loop.mjs
// The request pipeline, from the build: the plan every adapter compiles at mount, the decision it asks per request.
import { decideNode } from '../../packages/versioning/dist/pipeline/decide.js';
import { compilePlan } from '../../packages/versioning/dist/pipeline/plan.js';
import { HeaderVersioning, path, UrlConf } from '@restdash/versioning';
import { benchOptions, benchUrlConf } from '../http/restdash.mjs';

// The CPU table's routes (1a): URL path, Accept header, query parameter, host name, in that order.
const { routes } = compilePlan(
  benchUrlConf(() => {}),
  benchOptions(),
  'core-loop',
);
const CASES = [
  ['URL path', routes[0], '/v1/users/42/', { host: '127.0.0.1' }, { version: 'v1', pk: '42' }],
  [
    'Accept header',
    routes[1],
    '/users/42/',
    { host: '127.0.0.1', accept: 'application/json; version=1.0' },
    { pk: '42' },
  ],
  ['query parameter', routes[2], '/items/42/?version=1.0', { host: '127.0.0.1' }, { pk: '42' }],
  ['host name', routes[3], '/hosts/42/', { host: 'v1.example.com' }, { pk: '42' }],
];
const RUNS = 7;
const LOOPS = 1_000_000;

/** The one route of a mount versioned by `Api-Version` (allowed 1 and 2, default 2), with the mount's `extra` options. */
function headerRoute(extra = {}, schemeOptions = {}) {
  const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2', ...schemeOptions });
  const urlconf = new UrlConf([path('/items/:pk/', () => {}, { versioning: scheme })]);
  return compilePlan(urlconf, { scheme: null, allowedHosts: ['127.0.0.1'], ...extra }, 'core-loop').routes[0];
}
const dated = { allowedVersions: ['2024-01-01', '2025-01-01'], defaultVersion: null, versionFormat: 'date' };
const sent = { host: '127.0.0.1', 'api-version': '1' };
const none = { host: '127.0.0.1' };
const params = { pk: '42' };
const syncPin = () => '1';
const asyncPin = () => Promise.resolve('1');
CASES.push(
  ['header, version sent, no pinVersion', headerRoute(), '/items/42/', sent, params],
  ['header, version sent, pinVersion set', headerRoute({ pinVersion: syncPin }), '/items/42/', sent, params],
  ['header, no version, no pinVersion (default)', headerRoute(), '/items/42/', none, params],
  [
    'header, no version, pinVersion answers at once',
    headerRoute({ pinVersion: syncPin }),
    '/items/42/',
    none,
    params,
  ],
  [
    'header, date sent, versionFormat date',
    headerRoute({}, dated),
    '/items/42/',
    { host: '127.0.0.1', 'api-version': '2024-03-15' },
    params,
  ],
);

const width = Math.max(
  ...CASES.map(([name]) => name.length),
  'header, no version, pinVersion answers with a promise'.length,
);
const medianOf = (run) => {
  for (let i = 0; i < 3; i++) run();
  const times = Array.from({ length: RUNS }, run).sort((a, b) => a - b);
  return times[RUNS >> 1];
};

for (const [name, mounted, url, headers, params] of CASES) {
  const ns = medianOf(() => {
    const started = process.hrtime.bigint();
    for (let i = 0; i < LOOPS; i++) {
      // A fresh message each time, as a server gets.
      const message = { method: 'GET', url, headers, socket: {} };
      decideNode(mounted, message, url, params, '');
    }
    return Number(process.hrtime.bigint() - started) / LOOPS;
  });
  console.log(`${name.padEnd(width)} ${ns.toFixed(0)} ns per request`);
}

// A pin that answers with a promise: the decision is a promise too, awaited as an adapter awaits it.
const pinned = headerRoute({ pinVersion: asyncPin });
const ASYNC_LOOPS = 200_000;
const asyncRun = async () => {
  const started = process.hrtime.bigint();
  for (let i = 0; i < ASYNC_LOOPS; i++) {
    const message = { method: 'GET', url: '/items/42/', headers: none, socket: {} };
    await decideNode(pinned, message, '/items/42/', params, '');
  }
  return Number(process.hrtime.bigint() - started) / ASYNC_LOOPS;
};
for (let i = 0; i < 3; i++) await asyncRun();
const asyncTimes = [];
for (let i = 0; i < RUNS; i++) asyncTimes.push(await asyncRun());
asyncTimes.sort((a, b) => a - b);
console.log(
  `${'header, no version, pinVersion answers with a promise'.padEnd(width)} ${asyncTimes[RUNS >> 1].toFixed(0)} ns per request`,
);
