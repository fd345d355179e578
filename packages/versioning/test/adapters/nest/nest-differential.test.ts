// The differential run on Nest (differential.test.ts): the same UrlConf shape and options mounted on the Express and
// Fastify adapters and on Nest over both platforms, each request of the seeded generator sent to the four, the answers
// compared field by field with the Express adapter's. What Nest cannot mount is left out of all four (see
// nest-urlconf.harness.ts): `problems: true`, so the requests are those of a route and method the mount owns (any
// other is each framework's own answer), and the second handler of a pattern split by version.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mountInFront } from '../../../src/adapters/in-front.js';
import { pathOf } from '../../../src/adapters/shared.js';
import { canonical, type Field, type Observed, observe } from '../differential.compare.js';
import {
  conflictProblem,
  type DifferentialKit,
  differentialOptions,
  differentialUrlConf,
  kits,
} from '../differential.mount.js';
import { coverageRequests, describeRequest, generatedRequests } from '../differential.requests.js';
import { send } from '../differential.send.js';
import { closeAll, inPool, type Served, startAll } from '../support.js';
import { type NestHandler, nestBodies, serveOn } from './nest-urlconf.harness.js';

const seed = Number(process.env['DIFFERENTIAL_SEED'] ?? 20_250_601);
const generated = 600;
const options = { ...differentialOptions, problems: false };

/** Nest on `platform`: the body harness's handlers, a handler sending its own problem+json through Nest. */
const nestKit = (platform: 'express' | 'fastify'): DifferentialKit => {
  const bodies = nestBodies(platform);
  const sendsProblem: NestHandler = (_request, response) => {
    response.status(409);
    response.header('content-type', 'application/problem+json');
    return conflictProblem;
  };
  return {
    bodies,
    sendsProblem: sendsProblem as never,
    // Without Nest's body parsers, as the adapters compared have none in front.
    serve: (urlconf, mounted, errors) => serveOn(platform, urlconf, mounted, errors, {}, false),
  };
};

const [expressKit, fastifyKit] = kits as [DifferentialKit, DifferentialKit];
const names = ['express', 'fastify', 'nest on platform-express', 'nest on platform-fastify'] as const;
const servers: Served[] = [];

beforeAll(async () => {
  await startAll(
    servers,
    [expressKit, fastifyKit, nestKit('express'), nestKit('fastify')].map((kit) =>
      kit.serve(differentialUrlConf(kit, false), options, []),
    ),
  );
}, 30_000);

afterAll(() => closeAll(servers));

/**
 * A document with the operations of `/conflict/` unnamed: Nest calls one handler per method, so a route of two
 * methods is two routes of one name there, whose operations are numbered (`conflict`, `conflict_2`) rather than named
 * by method (`conflict_get`, `conflict_post`).
 */
function withoutConflictIds(observed: Observed): Observed {
  const document = observed.json as
    { paths?: Record<string, Record<string, { operationId?: string }>> } | undefined;
  const item = document?.paths?.['/conflict/'];
  if (item === undefined) return observed;
  for (const operation of Object.values(item)) delete operation.operationId;
  return { ...observed, values: { ...observed.values, body: canonical(document) } };
}

test(`Nest on both platforms answers ${generated} generated requests (seed ${seed}) and the coverage set as the adapters do`, async () => {
  const owned = mountInFront('nest', differentialUrlConf(nestKit('express'), false), options);
  const requests = [...coverageRequests(), ...generatedRequests(seed, generated)].filter(
    ({ path, method }) => owned.find(pathOf(path), method) !== null,
  );
  expect(requests.length).toBeGreaterThan(400);
  const differences = (
    await inPool(requests, 8, async (request) => {
      const answers = await Promise.all(servers.map(({ origin }) => send(origin, request)));
      const [reference, ...others] = answers
        .map(observe)
        .map((seen) => (request.path === '/openapi.json' ? withoutConflictIds(seen) : seen));
      // Fastify's own content-type parsers answer a body on a route restdash reads none of (no request schema), before
      // the route: Nest on Fastify is compared for the others.
      const parsedByFastify =
        request.body !== null &&
        owned.find(pathOf(request.path), request.method)?.route.route.request === null;
      return others.flatMap(({ values }, index) =>
        index === 2 && parsedByFastify
          ? []
          : (Object.keys(values) as Field[])
              .filter((field) => values[field] !== reference?.values[field])
              .map(
                (field) =>
                  `${describeRequest(request)}\n  ${field}: ${names[0]} ${reference?.values[field] ?? ''}\n  ${' '.repeat(field.length)}  ${names[index + 1] ?? ''} ${values[field]}`,
              ),
      );
    })
  ).flat();
  expect(differences.slice(0, 20).join('\n'), `${differences.length} differences`).toBe('');
}, 120_000);
