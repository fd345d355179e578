// The shared suites on Nest: a UrlConf of the shared contracts (built with the core's path(), handlers of the shape
// below) turned into Nest controllers at runtime, one controller class per route and one handler method per HTTP
// method, with Nest's decorators applied as the functions they are and @Versioned() given the route's options; the
// application then mounts them through RestdashModule.forRoot(options), which builds its own UrlConf back from Nest's
// route table. What the shared suites ask that Nest cannot do is listed in `nestCannot`, each with its reason.
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCors from '@fastify/cors';
import cors from 'cors';
import express from 'express';
import Fastify from 'fastify';
import {
  type ArgumentsHost,
  Catch,
  Controller,
  HttpCode,
  HttpException,
  type INestApplication,
  type NestApplicationOptions,
  Module,
  Req,
  RequestMapping,
  RequestMethod,
  Res,
} from '@nestjs/common';
import { BaseExceptionFilter, HttpAdapterHost, NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { RestdashModule, Versioned, type VersionedOptions } from '../../../src/adapters/nest/index.js';
import { mountInFront } from '../../../src/adapters/in-front.js';
import { translateRoute } from '../../../src/adapters/route-syntax.js';
import type { AdapterOptions } from '../../../src/adapters/shared.js';
import { isAPIException } from '../../../src/errors.js';
import { createRequest } from '../../../src/http/request.js';
import { path } from '../../../src/urls/route-builders.js';
import type { FlatRoute } from '../../../src/urls/route.types.js';
import type { UrlConf } from '../../../src/urls/urlconf.js';
import type { BodyHarness } from '../../bodies/bodies.contract.js';
import { type AdapterHarness, echo, type ServeSetup } from '../contract.js';
import { hardeningHosts, type HardeningHarness } from '../hardening.js';
import type { Served } from '../support.js';
import { start } from './nest.harness.js';
import './nest-express.harness.js'; // Logger off

/** A request as a Nest handler sees it with `@Req()` (Express's or Fastify's), restdash's members on it. */
export interface NestRequest {
  readonly params: Record<string, unknown>;
  readonly query: unknown;
  readonly body?: unknown;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly version: string | null;
  readonly reverse: (...args: never[]) => string;
}

/** The platform's response (`@Res({ passthrough: true })`): both have `status()` and `header()`. */
export interface NestResponse {
  status(code: number): unknown;
  header(name: string, value: string): unknown;
}

/** The handler shape of the Nest harness: what it returns, Nest sends (JSON for an object). */
export type NestHandler = (request: NestRequest, response: NestResponse) => unknown;

/**
 * What the shared suites ask of an adapter that Nest cannot do; a shared test that asks one is skipped by
 * `harness.cannot`, naming it:
 * - `namespaces`: NamespaceVersioning reads the namespace of an `include()`; Nest's route table, from which the
 *   module builds its UrlConf, has none. As `options.scheme` it is a TypeError at bootstrap (nest-shared.test.ts
 *   asserts it on both platforms).
 * - `strict trailing slash`: Nest registers a route's path without its trailing slash (`@Get('users/')` is
 *   `/users`), so its router serves the path without the slash too; restdash keeps the slash the route was declared
 *   with (reversal, documents) and decides both.
 * - `handlers at one path`: two handlers of one path and method (a pattern split by since/until) — Nest's router
 *   calls the first; the guard refuses a request restdash decided for the other.
 * - `problems`: `problems: true` is a TypeError at bootstrap (nest-paths.test.ts): restdash knows only the
 *   `@Versioned()` routes, and Nest answers a path or method no route serves.
 * - `moved routes`: `route(name).movedFrom()` is a TypeError at bootstrap (the moved suite asserts it): Nest's router
 *   serves a handler at its own path only, so an older version's path would reach no handler.
 * - `parameter names` (platform-fastify): Nest serves a route whose parameter name path-to-regexp cannot read
 *   (`:person id`) only for the requests that path matches as path-to-regexp reads it, none: Nest answers 404.
 */
const nestCannot = [
  'namespaces',
  'strict trailing slash',
  'handlers at one path',
  'problems',
  'moved routes',
];

/** What Nest cannot do on `platform` (see `nestCannot`). */
export const cannotOn = (platform: 'express' | 'fastify'): ReadonlySet<string> =>
  new Set(platform === 'fastify' ? [...nestCannot, 'parameter names'] : nestCannot);

/**
 * The Nest methods of `route`. On Fastify, which serves HEAD with each GET route itself, a HEAD beside a GET is
 * left to it (Nest's @Head() beside @Get() on one path is a Fastify error at bootstrap).
 */
const methodsOf = (route: FlatRoute, platform: 'express' | 'fastify'): RequestMethod[] =>
  route.methods === null
    ? [RequestMethod.ALL]
    : route.methods
        .filter((method) => platform === 'express' || method !== 'HEAD' || !route.methods?.includes('GET'))
        .map((method) => RequestMethod[method as keyof typeof RequestMethod]);

/** The name of the controller class of a route's pattern: `/users/:pk/` → `Route_users_pk_`. */
const controllerName = (pattern: string): string => `Route${pattern.replace(/\W+/g, '_')}`;

/** A controller class serving `route` (at each of its paths in the platform's route syntax). */
function controllerOf(route: FlatRoute, platform: 'express' | 'fastify'): new () => object {
  // On Fastify, an optional version parameter at the end is find-my-way's optional parameter (`/:version?`), one
  // route, versioned by URLPathVersioning with or without it; other groups are a route per way through them (a route
  // each, which keeps a trailing slash the group is followed by).
  const optional = /^(.*)\{\/:(version)\}\/?$/.exec(route.pattern);
  const paths =
    platform === 'fastify' && optional !== null
      ? [`${optional[1] ?? ''}/:${optional[2] ?? ''}?`]
      : translateRoute(route, platform === 'express' ? 'path-to-regexp' : 'fastify').map(
          ({ path: translated }) => translated,
        );
  const handler = route.handler as NestHandler;
  const declared: VersionedOptions = {
    ...(route.name !== null && { name: route.name }),
    ...(route.versioning !== undefined && { versioning: route.versioning }),
    ...(route.request !== null && { request: route.request }),
    ...(route.response !== null && { response: route.response }),
    ...(route.since !== null && { since: route.since }),
    ...(route.until !== null && { until: route.until }),
  };
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- its methods are added below
  class Routed {}
  // An unnamed route is named `<Controller>.<method>`: see `nameOf`.
  Object.defineProperty(Routed, 'name', { value: controllerName(route.pattern) });
  const { prototype } = Routed as { prototype: object };
  methodsOf(route, platform).forEach((method, at) => {
    const key = `${RequestMethod[method].toLowerCase()}${at}`;
    const value = (request: NestRequest, response: NestResponse) => handler(request, response);
    Object.defineProperty(prototype, key, { value, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(prototype, key) as PropertyDescriptor;
    RequestMapping({ path: paths, method })(prototype, key, descriptor);
    Versioned(declared)(prototype, key, descriptor);
    // The other frameworks answer a handler's JSON 200 whatever the method; Nest's POST would be 201.
    HttpCode(200)(prototype, key, descriptor);
    Req()(prototype, key, 0);
    Res({ passthrough: true })(prototype, key, 1);
  });
  Controller()(Routed);
  return Routed;
}

/** Any error but Nest's and restdash's answers (an HttpException, an APIException), to `instanceof`. */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a class only to match with @Catch()
class NotAnAnswer {
  static [Symbol.hasInstance](error: unknown): boolean {
    return !(error instanceof HttpException) && !isAPIException(error);
  }
}

/**
 * The errors that reach Nest's exception handling and are no answer (a handler's, a schema's, a migration's),
 * pushed on the suite's list, then answered as Nest answers them; restdash's filter still answers its own.
 */
function recorder(frameworkErrors: unknown[], host: HttpAdapterHost): BaseExceptionFilter {
  @Catch(NotAnAnswer)
  class Recorder extends BaseExceptionFilter {
    override catch(error: unknown, context: ArgumentsHost): void {
      frameworkErrors.push(error);
      super.catch(error, context);
    }
  }
  return new Recorder(host.httpAdapter);
}

/**
 * The platform's own application with what `setup` puts in front (middleware setting `Vary`, the platform's CORS
 * middleware), handed to Nest's adapter: what is added to it before Nest makes the module runs before restdash.
 */
async function platformOf(platform: 'express' | 'fastify', setup: ServeSetup) {
  const { varyInFront, upstream = false } = setup;
  const fronts = [...(varyInFront === undefined ? [] : [varyInFront]), ...(upstream ? ['Cookie'] : [])];
  if (platform === 'express') {
    const app = express();
    for (const vary of fronts)
      app.use((_req: unknown, res: ServerResponse, next: () => void) => {
        res.setHeader('vary', vary);
        next();
      });
    if (upstream) app.use(cors({ origin: ['http://app.example'] }));
    return new ExpressAdapter(app);
  }
  // The shared suites send their routes' trailing slashes: Fastify serves them the route without it so.
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  for (const vary of fronts)
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('vary', vary);
    });
  if (upstream) await app.register(fastifyCors, { origin: ['http://app.example'] });
  return new FastifyAdapter(app);
}

/**
 * An application of `urlconf`'s routes, mounted by RestdashModule with `options`, not yet started; `bodyParser:
 * false` leaves out the body parsers Nest puts on platform-express (restdash reads the bodies of the routes with
 * schemas).
 */
async function applicationOn(
  platform: 'express' | 'fastify',
  urlconf: UrlConf,
  options: AdapterOptions,
  frameworkErrors: unknown[],
  setup: ServeSetup,
  bodyParser: boolean,
): Promise<INestApplication> {
  // Fastify refuses a second handler of a path and method at bootstrap; Nest on Express calls the first (the
  // suites' tests of such routes ask 'handlers at one path'): the first is served on both.
  const seen = new Set<string>();
  const routes = [...urlconf.routes()].filter(({ pattern, methods }) =>
    (methods ?? ['*']).every(
      (method) => !seen.has(`${method} ${pattern}`) && seen.add(`${method} ${pattern}`),
    ),
  );
  const controllers = routes.map((route) => controllerOf(route, platform));
  @Module({ imports: [RestdashModule.forRoot(options)], controllers })
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a Nest module is a decorated class
  class App {}
  const adapter = await platformOf(platform, setup);
  const app: INestApplication = await NestFactory.create(App, adapter, bodyParser ? undefined : parserless);
  app.useGlobalFilters(recorder(frameworkErrors, app.get(HttpAdapterHost)));
  return app;
}

/** The application of `urlconf`'s routes mounted with `options` (see `applicationOn`), listening. */
export async function serveOn(
  platform: 'express' | 'fastify',
  urlconf: UrlConf,
  options: AdapterOptions,
  frameworkErrors: unknown[],
  setup: ServeSetup = {},
  bodyParser = true,
): Promise<Served> {
  return start(await applicationOn(platform, urlconf, options, frameworkErrors, setup, bodyParser));
}

/**
 * What starting the application of `urlconf`'s routes mounted with `options` on `platform` (listening, as `serveOn`
 * does) rejects with, `null` when it starts; the application is closed after, either way.
 */
export async function startError(
  platform: 'express' | 'fastify',
  urlconf: UrlConf,
  options: AdapterOptions,
): Promise<unknown> {
  const app = await applicationOn(platform, urlconf, options, [], {}, true);
  try {
    await start(app);
    return null;
  } catch (error) {
    return error;
  } finally {
    await app.close();
  }
}

// Nest types its options with a class it does not export: a literal, as its documentation writes them.
// eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
const parserless: NestApplicationOptions = { bodyParser: false };

const route = (handler: NestHandler) => handler as never;

/** The shared adapter harness on Nest's `platform`. */
export function nestAdapter(platform: 'express' | 'fastify'): AdapterHarness {
  return {
    // The shared suites branch on the platform's framework where its own answers differ (its 404, its parsers).
    framework: platform,
    path,
    // What RestdashModule compiles at bootstrap, with the same checks: the suites' mount-time TypeErrors.
    versioned: (urlconf, options) => mountInFront('nest', urlconf, options),
    echo: route((request) => echo(request as never, request.params)),
    failing: (error) =>
      route(() => {
        throw error;
      }),
    varying: (value, error) =>
      route((_request, response) => {
        response.header('vary', value);
        if (error !== undefined) throw error;
        return { ok: true };
      }),
    // Express's segments; Fastify's, as its own wildcard `*`, which Nest registers as written.
    ...(platform === 'express'
      ? { wildcard: ['a', 'b c', 'd.txt'] }
      : { wildcard: 'a/b c/d.txt', wildcardName: '*' }),
    uncarriableName: null,
    keepsVaryInFront: true,
    mounting: 'RestdashModule.forRoot(options)',
    // An unnamed @Versioned() route is named `<Controller>.<method>` (the harness's controller and method names).
    nameOf: (pattern, method) => `${controllerName(pattern)}.${method.toLowerCase()}0`,
    prefixes: 'none',
    cannot: cannotOn(platform),
    serve: (urlconf, options, frameworkErrors, setup) =>
      serveOn(platform, urlconf, options, frameworkErrors, setup),
  };
}

/** The hardening harness on Nest's `platform`. */
export function nestHardening(platform: 'express' | 'fastify'): HardeningHarness {
  return {
    ...nestAdapter(platform),
    absoluteUri: route((request) => {
      const native = (request as { raw?: IncomingMessage }).raw ?? (request as unknown as IncomingMessage);
      return { uri: createRequest(native, { allowedHosts: hardeningHosts }).buildAbsoluteUri() };
    }),
  };
}

/** The shared body harness on Nest's `platform`. */
export function nestBodies(platform: 'express' | 'fastify'): BodyHarness {
  return {
    adapter: nestAdapter(platform),
    echoBody: route((request) => ({
      body: request.body ?? null,
      version: request.version,
      query: request.query,
      flag: request.headers['x-flag'] ?? null,
    })),
    sends: (value, status = 200) =>
      route((_request, response) => {
        response.status(status);
        return value();
      }),
    reflects: (extra) => route((request) => ({ ...(request.body as object), ...extra })),
  };
}
