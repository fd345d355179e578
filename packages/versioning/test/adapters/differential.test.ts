// The differential run (STYLE habit 19, SPEC "The exchange: one answer on every framework"): one UrlConf and one
// options object mounted on all four adapters, each request of a seeded generator sent to the four servers, their
// answers compared field by field. Every disagreement is collected; the test then fails once, grouped by kind.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { compare, type Disagreement, frameworks, report } from './differential.compare.js';
import { differentialOptions, differentialUrlConf, kits } from './differential.mount.js';
import { coverageRequests, type DiffRequest, generatedRequests } from './differential.requests.js';
import { send } from './differential.send.js';
import { closeAll, inPool, type Served, startAll } from './support.js';

/** The seed of the generated requests: fixed, so that every run sends the same; another through the environment. */
const seed = Number(process.env['DIFFERENTIAL_SEED'] ?? 20_250_601);
const generated = 600;
/** Requests in flight at once (each to the four servers). */
const concurrency = 8;

const servers: Served[] = [];
/** What reached each framework's own error handling (node:http: the adapter's `onError`), by framework. */
const frameworkErrors: unknown[][] = frameworks.map(() => []);

beforeAll(async () => {
  expect(kits.map(({ bodies }) => bodies.adapter.framework)).toEqual(frameworks);
  await startAll(
    servers,
    kits.map((kit, index) =>
      kit.serve(differentialUrlConf(kit), differentialOptions, frameworkErrors[index] ?? []),
    ),
  );
}, 30_000);

afterAll(() => closeAll(servers));

/**
 * What reached each framework's error handling, by error code or name: to read beside the disagreements (an error a
 * framework handled is no disagreement by itself: Fastify's plugin answers an APIException through its handler).
 */
function errorsSeen(): string[] {
  return frameworkErrors.flatMap((list, index) => {
    if (list.length === 0) return [];
    const counts = new Map<string, number>();
    for (const error of list) {
      const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
      const key = typeof code === 'string' ? code : typeof name === 'string' ? name : typeof error;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const listed = [...counts].map(([key, count]) => `${key} ×${count}`).join(', ');
    return [`Errors ${frameworks[index] ?? ''}'s own error handling saw: ${listed}.`];
  });
}

test(`every adapter answers ${generated} generated requests (seed ${seed}) and the coverage set alike`, async () => {
  const requests: DiffRequest[] = [...coverageRequests(), ...generatedRequests(seed, generated)];
  const disagreements = (
    await inPool(requests, concurrency, async (request) => {
      const answers = await Promise.all(servers.map((served) => send(served.origin, request)));
      return compare(request, answers);
    })
  ).filter((disagreement): disagreement is Disagreement => disagreement !== null);

  if (disagreements.length > 0) {
    const header = [
      `The adapters answered ${disagreements.length} of ${requests.length} requests differently ` +
        `(seed ${seed}; DIFFERENTIAL_SEED=${seed} sends the same requests again).`,
      'Content-Type parameters that differ are a kind of their own: the kind of a request that differs in more ' +
        'leaves them out (they are shown in its example).',
      ...errorsSeen(),
    ].join('\n');
    expect.fail(`${header}\n\n${report(disagreements)}`);
  }
}, 60_000);
