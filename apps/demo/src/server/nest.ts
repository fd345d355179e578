// `--framework nest`: the demo's UrlConf served by NestJS on platform-fastify. Each route becomes a controller whose
// handler calls the route's own (the handlers are written for Fastify, and Nest hands them Fastify's request and
// reply); `@Versioned()` gives it the route's options and RestdashModule versions it as the Fastify adapter does.
import {
  type ArgumentsHost,
  Catch,
  Controller,
  type ExceptionFilter,
  HttpCode,
  type INestApplication,
  Module,
  NotFoundException,
  Req,
  RequestMapping,
  RequestMethod,
  Res,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NotFound, type UrlConf } from '@restdash/versioning';
import type { AdapterOptions } from '@restdash/versioning/fastify';
import { RestdashModule, Versioned, type VersionedOptions } from '@restdash/versioning/nest';
import { sendProblem } from './problems.js';

type FlatRoute = ReturnType<UrlConf['routes']> extends Iterable<infer R> ? R : never;
type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * The routes Nest serves: one per pattern and methods. Routes of one pattern split by version (`since`/`until`) with
 * one handler are one route over both ranges (Nest's router calls one handler per path and method); the newest one's
 * options describe it.
 */
function nestRoutes(urlconf: UrlConf): FlatRoute[] {
  const merged = new Map<string, FlatRoute>();
  for (const route of urlconf.routes()) {
    const key = `${route.pattern} ${String(route.methods)}`;
    const before = merged.get(key);
    if (before !== undefined && before.handler !== route.handler)
      throw new TypeError(`${route.pattern}: two handlers at one path cannot be served by Nest`);
    merged.set(key, before === undefined ? route : { ...route, since: before.since });
  }
  return [...merged.values()];
}

/**
 * The reply a handler writes to: what it sends is returned to Nest instead (which sends it, after restdash's
 * interceptor filtered and migrated it); its status and headers are set on the reply itself.
 */
async function answer(handler: Handler, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  let sent: { value: unknown } | null = null;
  const writer: FastifyReply = new Proxy(reply, {
    get(target, key) {
      // Not a promise of the reply being sent (a reply is one), which a handler's `return reply.send(…)` would await.
      if (key === 'then') return undefined;
      if (key === 'send') {
        return (value: unknown) => {
          sent = { value };
          return writer;
        };
      }
      const member: unknown = Reflect.get(target, key, target);
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        const result: unknown = (member as (...a: unknown[]) => unknown).apply(target, args);
        return result === target ? writer : result;
      };
    },
  });
  const result = await handler(request, writer);
  return sent === null ? result : (sent as { value: unknown }).value;
}

/** A controller class serving `route` at its pattern (the demo's patterns read the same in Fastify's syntax). */
function controllerOf(route: FlatRoute, index: number): new () => object {
  const declared: VersionedOptions = {
    ...(route.name !== null && { name: route.name }),
    ...(route.versioning !== undefined && { versioning: route.versioning }),
    ...(route.request !== null && { request: route.request }),
    ...(route.response !== null && { response: route.response }),
    ...(route.since !== null && { since: route.since }),
    ...(route.until !== null && { until: route.until }),
    ...(route.openapi !== null && { openapi: route.openapi }),
  };
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- its methods are added below
  class Routed {}
  Object.defineProperty(Routed, 'name', { value: `Route${index}` });
  const { prototype } = Routed as { prototype: object };
  for (const method of route.methods ?? ['ALL']) {
    const key = method.toLowerCase();
    const handler = route.handler as Handler;
    const value = (request: FastifyRequest, reply: FastifyReply) => answer(handler, request, reply);
    Object.defineProperty(prototype, key, { value, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(prototype, key) as PropertyDescriptor;
    const requestMethod = RequestMethod[method as keyof typeof RequestMethod];
    RequestMapping({ path: route.pattern, method: requestMethod })(prototype, key, descriptor);
    Versioned(declared)(prototype, key, descriptor);
    HttpCode(200)(prototype, key, descriptor);
    Req()(prototype, key, 0);
    Res({ passthrough: true })(prototype, key, 1);
  }
  Controller()(Routed);
  return Routed;
}

/** Nest's 404 for a path no route serves, as the Fastify adapter's `problems: true` answers it: `Not found.` */
class NotFoundProblem implements ExceptionFilter {
  catch(_error: NotFoundException, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    sendProblem(http.getResponse<FastifyReply>(), new NotFound(), request.headers['accept-language']);
  }
}
Catch(NotFoundException)(NotFoundProblem);

/**
 * Serves `urlconf` with `options` through Nest on `app` (what is added to `app` before runs before restdash), ready to
 * listen. `problems: true` is Nest's to answer: its 404 is the same problem.
 */
export async function serveOnNest(
  app: FastifyInstance,
  urlconf: UrlConf,
  options: AdapterOptions,
): Promise<INestApplication> {
  const { problems: _problems, ...rest } = options;
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a Nest module is a decorated class
  class DemoModule {}
  Module({ imports: [RestdashModule.forRoot(rest)], controllers: nestRoutes(urlconf).map(controllerOf) })(
    DemoModule,
  );
  // Without Nest's log (its routes as it maps them), as Fastify's is off by default. Nest types its options with a
  // class it does not export: a literal, as its documentation writes them.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  const nest = await NestFactory.create(DemoModule, new FastifyAdapter(app), { logger: false });
  nest.useGlobalFilters(new NotFoundProblem());
  await nest.init();
  return nest;
}
