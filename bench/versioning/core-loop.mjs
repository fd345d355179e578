// The versioning core an adapter runs per request, without any framework: decide() over a node:http-like message
// (make the request object, check its host, let the route's scheme determine the version, the lifecycle admit it).
// It prints ns per request, the median of 7 runs of 1,000,000, per kind of route. Not a part of `npm run bench`
// (no peer to compare with): it says how much of an adapter's added µs in the CPU table (1a) is this core.
// Usage (after a build): node bench/versioning/core-loop.mjs
// The request pipeline, from the build: the plan every adapter compiles at mount, the decision it asks per request.
import { decideNode } from '../../packages/versioning/dist/pipeline/decide.js';
import { compilePlan } from '../../packages/versioning/dist/pipeline/plan.js';
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

for (const [name, mounted, url, headers, params] of CASES) {
  const run = () => {
    const started = process.hrtime.bigint();
    for (let i = 0; i < LOOPS; i++) {
      // A fresh message each time, as a server gets.
      const message = { method: 'GET', url, headers, socket: {} };
      decideNode(mounted, message, url, params, '');
    }
    return Number(process.hrtime.bigint() - started) / LOOPS;
  };
  for (let i = 0; i < 3; i++) run();
  const times = Array.from({ length: RUNS }, run).sort((a, b) => a - b);
  console.log(`${name.padEnd(16)} ${times[RUNS >> 1].toFixed(0)} ns per request`);
}
