// The one mount of the differential run (differential.test.ts): one UrlConf shape and one options object, served by
// each adapter with handlers written the way its framework writes them.
import { createServer, type Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import express, { type ErrorRequestHandler } from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { path as expressPath, versioned as expressVersioned } from '../../src/adapters/express/index.js';
import { path as fastifyPath, versioned as fastifyVersioned } from '../../src/adapters/fastify/index.js';
import { path as honoPath, versioned as honoVersioned } from '../../src/adapters/hono/index.js';
import { path as nodePath, versioned as nodeVersioned } from '../../src/adapters/node/index.js';
import type { AdapterOptions } from '../../src/adapters/shared.js';
import { change, field, migrateProblem, VersionHistory } from '../../src/changes/index.js';
import { APIException } from '../../src/errors.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { bodies as expressBodies } from '../bodies/express.harness.js';
import { bodies as fastifyBodies } from '../bodies/fastify.harness.js';
import { bodies as honoBodies } from '../bodies/hono.harness.js';
import { bodies as nodeBodies } from '../bodies/node.harness.js';
import type { BodyHarness } from '../bodies/bodies.contract.js';
import { listen, type Served } from './support.js';

/** The versions, oldest first. */
export const versions = ['2024-01-01', '2024-06-01', '2025-01-01'] as const;

/** The Host every request of the run carries (the servers' ports differ; what a handler builds from it must not). */
export const host = 'api.example.test';

// The newest shapes. v1: `name` (not `fullName`); v2: `fullName`; v3: `address` and `age` too. The contact is a
// discriminated union (the library refuses version changes inside a union of object schemas: none here).
export const Place = z.object({ city: z.string(), street: z.string() }).meta({ id: 'Place' });
export const EmailContact = z
  .object({ kind: z.literal('email'), email: z.string() })
  .meta({ id: 'EmailContact' });
export const PhoneContact = z
  .object({ kind: z.literal('phone'), number: z.string(), countryCode: z.string() })
  .meta({ id: 'PhoneContact' });
export const Person = z
  .object({
    id: z.string(),
    fullName: z.string(),
    age: z.number().int().optional(),
    contact: z.discriminatedUnion('kind', [EmailContact, PhoneContact]),
    address: Place.nullable(),
  })
  .meta({ id: 'Person' });
/** The body a DELETE may carry. */
export const Removal = z.object({ reason: z.string() });
/** The body of the version-neutral route: open to other properties (so deep data could reach its handler). */
export const Note = z.looseObject({ text: z.string() });

export const history = new VersionHistory(versions, {
  '2024-06-01': [
    change('A person\'s name is "fullName"', [field(Person, 'fullName').renamedFrom('name')]),
    change('Problems sent to older clients say so', [
      migrateProblem((problem) => ({ ...problem, legacy: true })),
    ]),
  ],
  '2025-01-01': [
    change('People have an address', [field(Person, 'address').added({ default: null })]),
    change('People have an age', [field(Person, 'age').added()]),
  ],
});

/**
 * What the GET handler sends, shared by every request: newest shape, with properties no version's schema has at
 * the top, in the nested object and in the union's branch (never sent).
 */
export const storedPerson = Object.freeze({
  id: '7',
  fullName: 'Grace Hopper',
  age: 85,
  contact: Object.freeze({ kind: 'phone', number: '555-0100', countryCode: '+1', _verified: true }),
  address: Object.freeze({ city: 'Arlington', street: 'Army Navy Dr', _geo: [38.87, -77.05] }),
  _internal: 'never sent',
});

/** The problem the conflict route's handler sends itself. */
export const conflictProblem = Object.freeze({
  type: 'https://api.example.test/problems/conflict',
  title: 'Conflict',
  status: 409,
  detail: 'The person was changed meanwhile.',
  code: 'conflict',
});

/** An `APIException` of the application's own. */
export class Locked extends APIException {
  override name = 'Locked' as const;
  constructor() {
    super('The person is locked.', 'locked', 423);
  }
}

/** One framework's handlers for the mount, and its server. */
export interface DifferentialKit {
  readonly bodies: BodyHarness;
  /** A handler sending {@link conflictProblem} as `application/problem+json` through the framework's own JSON API. */
  readonly sendsProblem: never;
  /**
   * Serves `urlconf` mounted with `options` on 127.0.0.1, port 0, the framework's own error handling left as it is
   * (no handler of the application's: its answer is the framework's); what reaches it is pushed onto `errors`.
   */
  serve(urlconf: UrlConf, options: AdapterOptions, errors: unknown[]): Promise<Served>;
}

const problemType = 'application/problem+json';

export const kits: readonly DifferentialKit[] = [
  {
    bodies: expressBodies,
    sendsProblem: expressPath('/x/', (_req, res) => {
      res.status(409).type(problemType).json(conflictProblem);
    }).handler as never,
    serve: (urlconf, options, errors) => {
      const app = express();
      app.use(expressVersioned(urlconf, options));
      // Told, then passed on to Express's own final handler.
      app.use(((error, _req, _res, next) => {
        errors.push(error);
        next(error);
      }) satisfies ErrorRequestHandler);
      return listen(createServer(app));
    },
  },
  {
    bodies: fastifyBodies,
    sendsProblem: fastifyPath('/x/', (_request, reply) =>
      reply.code(409).type(problemType).send(conflictProblem),
    ).handler as never,
    serve: async (urlconf, options, errors) => {
      const app = Fastify();
      app.addHook('onError', async (_request, _reply, error) => {
        errors.push(error);
      });
      await app.register(fastifyVersioned(urlconf, options));
      const origin = await app.listen({ host: '127.0.0.1', port: 0 });
      return { origin, close: () => app.close() };
    },
  },
  {
    bodies: honoBodies,
    sendsProblem: honoPath('/x/', (c) => c.json(conflictProblem, 409, { 'content-type': problemType }))
      .handler as never,
    serve: (urlconf, options, errors) => {
      const app = new Hono();
      app.route('/', honoVersioned(urlconf, options));
      // Told, then answered as Hono's own error handler answers (Hono has no way to pass an error on to it).
      app.onError((error, c) => {
        errors.push(error);
        return error instanceof HTTPException ? error.getResponse() : c.text('Internal Server Error', 500);
      });
      return listen(createAdaptorServer({ fetch: app.fetch, hostname: '127.0.0.1' }) as Server);
    },
  },
  {
    bodies: nodeBodies,
    sendsProblem: nodePath('/x/', (_req, res) => {
      res.statusCode = 409;
      res.setHeader('content-type', problemType);
      res.json(conflictProblem);
    }).handler as never,
    serve: (urlconf, options, errors) =>
      listen(createServer(nodeVersioned(urlconf, { ...options, onError: (error) => errors.push(error) }))),
  },
];

/**
 * The UrlConf, the same shape for every framework. `splitByVersion: false` leaves out the second handler of
 * `/reports/` (its pattern split by `since`/`until`), which Nest's router cannot call (one handler per path and method).
 */
export function differentialUrlConf(kit: DifferentialKit, splitByVersion = true): UrlConf {
  const { bodies } = kit;
  const { path, echo } = bodies.adapter;
  const hidden = { _internal: 'never sent' };
  return new UrlConf([
    path('/users/', bodies.reflects(hidden), {
      name: 'users-create',
      methods: ['POST'],
      request: Person,
      response: Person,
    }),
    path(
      '/users/:id/',
      bodies.sends(() => storedPerson),
      { name: 'users-detail', methods: ['GET'], response: Person },
    ),
    path('/users/:id/', bodies.reflects(hidden), {
      name: 'users-replace',
      methods: ['PUT'],
      request: Person,
      response: Person,
    }),
    path('/users/:id/', bodies.echoBody, { name: 'users-delete', methods: ['DELETE'], request: Removal }),
    path('/users/:id/avatar/', echo, { name: 'avatar', methods: ['GET'], since: '2024-06-01' }),
    path('/reports/', echo, { name: 'reports-old', until: '2025-01-01' }),
    ...(splitByVersion ? [path('/reports/', echo, { name: 'reports-new', since: '2025-01-01' })] : []),
    path('/locked/', bodies.adapter.failing(new Locked()), { name: 'locked' }),
    path('/conflict/', kit.sendsProblem, { name: 'conflict', methods: ['GET', 'POST'] }),
    path('/health/', echo, { name: 'health', versioning: null }),
    path('/notes/', bodies.reflects({}), {
      name: 'notes',
      methods: ['POST'],
      versioning: null,
      request: Note,
    }),
  ]);
}

/** The most bytes of a body the adapters read. */
export const bodyLimit = 8192;

/** The one options object every adapter is mounted with. */
export const differentialOptions: AdapterOptions = {
  scheme: new HeaderVersioning({
    defaultVersion: '2025-01-01',
    allowedVersions: versions,
    versionFormat: 'date',
  }),
  changes: history,
  allowedHosts: [host],
  policies: {
    '2024-01-01': {
      deprecation: '2024-06-01',
      sunset: '2026-01-01T00:00:00Z',
      link: 'https://api.example.test/deprecations/2024-01-01',
    },
  },
  reportVersions: true,
  // Fixed, so that which versions are reported deprecated never depends on the day the test runs.
  clock: () => Date.UTC(2025, 2, 1),
  problems: true,
  describe: { path: '/openapi.json', info: { title: 'People', description: 'The differential run.' } },
  bodyLimit,
};
