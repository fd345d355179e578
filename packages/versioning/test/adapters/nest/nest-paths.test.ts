// Which requests reach a @Versioned() handler: every one Nest's router serves with it, and each of them through the
// exchange (SPEC § "NestJS": the version is decided before guards run). A trailing slash is matched as the platform's
// router matches it (Express: not strict by default; Fastify: with ignoreTrailingSlash); a path Nest's router serves
// but restdash's front does not match (another case, on Express, whose router ignores case) is refused with Nest's
// own 404, never served unversioned.
import { Controller, Get, Module, Param, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import express from 'express';
import { describe, expect, test } from 'vitest';
import { RestdashModule, Versioned } from '../../../src/adapters/nest/index.js';
import { URLPathVersioning } from '../../../src/schemes/url-path.js';
import { rawReply } from '../support.js';
import { harness as onExpress } from './nest-express.harness.js';
import { harness as fastify } from './nest-fastify.harness.js';
import { bootstrapError, type NestHarness, start } from './nest.harness.js';

const handled: string[] = [];

@Controller(':version/users')
class UsersController {
  @Get(':pk')
  @Versioned({ name: 'user' })
  get(@Param('pk') pk: string, @Req() request: { version?: string | null; url: string }) {
    handled.push(request.url);
    return { pk, version: request.version ?? 'unversioned' };
  }
}

@Module({
  imports: [
    RestdashModule.forRoot({
      scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
      allowedHosts: ['127.0.0.1'],
    }),
  ],
  controllers: [UsersController],
})
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a Nest module is a decorated class
class UsersModule {}

/** The status and body of each path, and which of them reached the handler. */
async function answers(create: NestHarness['create'], paths: readonly string[]) {
  handled.length = 0;
  const served = await start(await create(UsersModule));
  try {
    const replies = [];
    for (const path of paths) {
      const reply = await rawReply(served.origin, path, { host: '127.0.0.1' });
      replies.push([path, reply.status, JSON.parse(reply.body) as unknown] as const);
    }
    return { replies, handled: [...handled] };
  } finally {
    await served.close();
  }
}

const v1 = { pk: '7', version: 'v1' };
const nest404 = (path: string) => ({ message: `Cannot GET ${path}`, error: 'Not Found', statusCode: 404 });
const paths = [
  '/v1/users/7',
  '/v1/users/7/',
  '/v1/users/7/?q=1',
  '/v1/users/7//',
  '/V1/users/7',
  '/v1/USERS/7',
];

describe('the paths that reach a @Versioned() handler', () => {
  test('platform-express: a trailing slash is the route without it; a path in another case is 404', async () => {
    const { replies, handled } = await answers((module) => onExpress.create(module), paths);
    expect(replies).toEqual([
      ['/v1/users/7', 200, v1],
      ['/v1/users/7/', 200, v1],
      ['/v1/users/7/?q=1', 200, v1],
      ['/v1/users/7//', 404, nest404('/v1/users/7//')],
      // The version is a parameter: restdash decides it, and refuses it.
      ['/V1/users/7', 404, expect.objectContaining({ code: 'not_found', supportedVersions: ['v1', 'v2'] })],
      ['/v1/USERS/7', 404, nest404('/v1/USERS/7')],
    ]);
    expect(handled).toEqual(['/v1/users/7', '/v1/users/7/', '/v1/users/7/?q=1']);
  });

  test('platform-fastify: a trailing slash is not the route, as Fastify routes by default', async () => {
    const { replies, handled } = await answers((module) => fastify.create(module), paths.slice(0, 2));
    expect(replies.map(([path, status]) => [path, status])).toEqual([
      ['/v1/users/7', 200],
      ['/v1/users/7/', 404],
    ]);
    expect(handled).toEqual(['/v1/users/7']);
  });

  test('platform-fastify with ignoreTrailingSlash: the slash is removed before the route is found', async () => {
    const create = (module: object) =>
      NestFactory.create(module, new FastifyAdapter({ routerOptions: { ignoreTrailingSlash: true } }));
    const { replies } = await answers(create, ['/v1/users/7/', '/v1/users/7/?q=1']);
    expect(replies).toEqual([
      ['/v1/users/7/', 200, v1],
      ['/v1/users/7/?q=1', 200, v1],
    ]);
  });

  test("platform-express with 'strict routing': a trailing slash is not the route", async () => {
    const create = async (module: object) => {
      // Set before the application's router exists: Express reads it when it makes the router.
      const app = express();
      app.set('strict routing', true);
      return NestFactory.create(module, new ExpressAdapter(app));
    };
    const { replies, handled } = await answers(create, ['/v1/users/7/', '/v1/users/7']);
    expect(replies).toEqual([
      ['/v1/users/7/', 404, nest404('/v1/users/7/')],
      ['/v1/users/7', 200, v1],
    ]);
    expect(handled).toEqual(['/v1/users/7']);
  });
});

test('problems: true is a TypeError at bootstrap saying why: restdash knows only the @Versioned() routes', async () => {
  const module = RestdashModule.forRoot({ scheme: new URLPathVersioning(), problems: true });
  @Module({ imports: [module], controllers: [UsersController] })
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a Nest module is a decorated class
  class WithProblems {}
  for (const harness of [onExpress, fastify]) {
    const error = await bootstrapError(await harness.create(WithProblems));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(
      "RestdashModule.forRoot(options): problems: true is not supported on Nest: restdash knows only the @Versioned() routes, not the application's others, so it cannot tell a path or method no route serves; Nest answers those (an exception filter of NotFoundException shapes its 404)",
    );
    expect((error as { code?: unknown }).code).toBe('ERR_VERSIONING_INVALID_ARGUMENT');
  }
});
