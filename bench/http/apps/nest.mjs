// NestJS variants, on platform-express or platform-fastify (variant `<platform>/<case>`): the same two routes with no
// versioning, through restdash's RestdashModule, and through Nest's own versioning (URI, header). Plain JavaScript:
// Nest's decorators are applied as the functions they are.
import { Controller, Get, Logger, Module, Param, Req, VersioningType } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

Logger.overrideLogger(false);

/** A controller class at `path` whose `get(pk, request)` handler (at `route`) answers `answer(pk, request)`. */
function controller(path, route, answer, decorate = []) {
  class Users {
    get(pk, request) {
      return answer(pk, request);
    }
  }
  const method = Object.getOwnPropertyDescriptor(Users.prototype, 'get');
  for (const decorator of [Get(route), ...decorate]) decorator(Users.prototype, 'get', method);
  Param('pk')(Users.prototype, 'get', 0);
  Req()(Users.prototype, 'get', 1);
  Controller(path)(Users);
  return Users;
}

function module(controllers, imports = []) {
  class App {}
  Module({ imports, controllers })(App);
  return App;
}

async function restdash(route, scheme) {
  const { RestdashModule, Versioned } = await import('@restdash/versioning/nest');
  const users = controller('', route, (pk, request) => ({ id: pk, version: request.version }), [Versioned()]);
  return { module: module([users], [RestdashModule.forRoot({ scheme })]) };
}

const cases = {
  'bare-path': () => ({
    module: module([
      controller('', ':version/users/:pk', (pk, request) => ({ id: pk, version: request.params.version })),
    ]),
  }),
  'bare-header': () => ({
    module: module([controller('', 'users/:pk', (pk) => ({ id: pk, version: '1' }))]),
  }),
  'restdash-path': async () => {
    const { URLPathVersioning } = await import('@restdash/versioning');
    return restdash(':version/users/:pk', new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }));
  },
  'restdash-header': async () => {
    const { HeaderVersioning } = await import('@restdash/versioning');
    return restdash('users/:pk', new HeaderVersioning({ allowedVersions: ['1', '2'] }));
  },
  'nest-uri': () => ({
    module: module([
      controller({ path: '', version: ['1', '2'] }, 'users/:pk', (pk) => ({ id: pk, version: 'v1' })),
    ]),
    versioning: { type: VersioningType.URI },
  }),
  'nest-header': () => ({
    module: module([
      controller({ path: '', version: ['1', '2'] }, 'users/:pk', (pk) => ({ id: pk, version: '1' })),
    ]),
    versioning: { type: VersioningType.HEADER, header: 'Api-Version' },
  }),
};

/** Starts `variant` (`express/restdash-path`…) on 127.0.0.1 and resolves with its port. */
export async function start(variant) {
  const [platform, name] = variant.split('/');
  const { module: App, versioning } = await cases[name]();
  const adapter =
    platform === 'fastify'
      ? new (await import('@nestjs/platform-fastify')).FastifyAdapter()
      : new (await import('@nestjs/platform-express')).ExpressAdapter();
  const app = await NestFactory.create(App, adapter);
  if (versioning) app.enableVersioning(versioning);
  await app.listen(0, '127.0.0.1');
  return app.getHttpServer().address().port;
}
