// What the NestJS adapter promises (SPEC § "NestJS"), run on a real Nest server of each platform: the documentation's
// three-version users API (migrations both ways, errors in old names, refused versions, lifecycle headers, describe),
// and Nest's own machinery around a versioned route (guards, pipes, filters, HttpException, neutral routes, 201).
import {
  type ArgumentsHost,
  type CanActivate,
  Catch,
  Controller,
  type ExceptionFilter,
  type ExecutionContext,
  Get,
  Inject,
  Module,
  NotFoundException,
  Param,
  ParseIntPipe,
  Post,
  Req,
  UseFilters,
  UseGuards,
  VersioningType,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiVersion, RestdashModule, Versioned } from '../../../src/adapters/nest/index.js';
import type { VersioningVariables } from '../../../src/adapters/shared.js';
import { NotFound } from '../../../src/errors.js';
import { URLPathVersioning } from '../../../src/schemes/url-path.js';
import { fetchReply, type Reply, type Served } from '../support.js';
import { ada, AppModule } from './users.example.js';
import { bootstrapError, type NestHarness, start } from './nest.harness.js';

type VersionedRequest = VersioningVariables & { readonly headers: Record<string, unknown> };

/** The versions each guard saw, in order. */
const guardSaw: (string | null | undefined)[] = [];

class NotTheOldest implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { version } = context.switchToHttp().getRequest<VersionedRequest>();
    guardSaw.push(version);
    return version !== 'v1';
  }
}

class Teapot extends Error {}

@Catch(Teapot)
class TeapotFilter implements ExceptionFilter {
  constructor(@Inject(HttpAdapterHost) private readonly host: HttpAdapterHost) {}

  catch(_error: Teapot, context: ArgumentsHost): void {
    this.host.httpAdapter.reply(context.switchToHttp().getResponse(), { teapot: true }, 418);
  }
}

@Controller(':version/things')
@UseFilters(TeapotFilter)
class ThingsController {
  @Get('guarded')
  @Versioned({ name: 'guarded' })
  @UseGuards(NotTheOldest)
  guarded(@ApiVersion() version: string | null) {
    return { version };
  }

  @Get('teapot')
  @Versioned()
  teapot(): never {
    throw new Teapot();
  }

  @Get('missing')
  @Versioned()
  missing(): never {
    throw new NotFoundException('No such thing.');
  }

  @Get('gone')
  @Versioned()
  gone(): never {
    throw new NotFound('Gone for good.');
  }

  @Get(':pk')
  @Versioned({ name: 'thing' })
  get(@Param('pk', ParseIntPipe) pk: number, @Req() request: VersionedRequest) {
    return { pk, version: request.version, self: request.reverse('thing', { kwargs: { pk } }) };
  }
}

@Controller('health')
class HealthController {
  @Get()
  health(@Req() request: Partial<VersionedRequest>) {
    // Fastify's requests are decorated (with null) as Fastify asks: none of them has a value here.
    return { version: request.version ?? null, reverse: typeof request.reverse === 'function' };
  }

  @Post()
  ping() {
    return { ok: true };
  }
}

@Module({
  imports: [
    RestdashModule.forRoot({
      scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
      allowedHosts: ['127.0.0.1'],
    }),
  ],
  controllers: [ThingsController, HealthController],
})
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a Nest module is a decorated class
class ThingsModule {}

const json = (reply: Reply): unknown => JSON.parse(reply.body);

export function nestContract(harness: NestHarness): void {
  describe('the documented example: three versions of a users API', () => {
    let served: Served;
    beforeAll(async () => {
      const app = await harness.example(0);
      const { port } = app.getHttpServer().address() as { port: number };
      served = { origin: `http://127.0.0.1:${port}`, close: () => app.close() };
    });
    afterAll(() => served.close());

    test.each([
      ['2025-01-01', ada],
      [
        '2024-06-01',
        {
          ...ada,
          createdAt: 1709251200,
          addresses: [{ city: 'London', line1: '12 St James Sq' }],
          phone: null,
        },
      ],
      [
        '2024-01-01',
        { id: 7, name: 'Ada Lovelace', email: 'ada@example.com', createdAt: 1709251200, phone: null },
      ],
    ])('GET /%s/users is migrated down to that version', async (version, user) => {
      const reply = await fetchReply(`${served.origin}/${version}/users`);
      expect(reply.status).toBe(200);
      expect(json(reply)).toEqual({ data: [user] });
    });

    test('a POST in the oldest version is migrated up for @Body(), answered 201 and migrated back down', async () => {
      const reply = await fetchReply(`${served.origin}/2024-01-01/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Grace', email: 'grace@example.com' }),
      });
      expect(reply.status).toBe(201);
      expect(json(reply)).toEqual({
        id: 8,
        name: 'Grace',
        email: 'grace@example.com',
        createdAt: 1709251200,
        phone: null,
      });
    });

    test("a body's errors name the fields in the client's version", async () => {
      const send = (version: string) =>
        fetchReply(`${served.origin}/${version}/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'grace@example.com' }),
        });
      const old = await send('2024-01-01');
      expect(old.status).toBe(400);
      expect(old.header('content-type')).toMatch(/^application\/problem\+json/);
      expect(json(old)).toMatchObject({ code: 'invalid_body', errors: [{ pointer: '/name' }] });
      expect(json(await send('2025-01-01'))).toMatchObject({ errors: [{ pointer: '/fullName' }] });
    });

    test('a version the scheme refuses is a 404 problem naming the supported versions', async () => {
      const reply = await fetchReply(`${served.origin}/2023-01-01/users`);
      expect(reply.status).toBe(404);
      expect(json(reply)).toMatchObject({
        code: 'not_found',
        supportedVersions: ['2024-01-01', '2024-06-01', '2025-01-01'],
      });
    });

    test('the deprecated version carries Deprecation, Sunset and Link; the newest does not', async () => {
      const old = await fetchReply(`${served.origin}/2024-01-01/users`);
      expect(old.header('deprecation')).toBe(`@${Date.UTC(2024, 5, 1) / 1000}`);
      expect(old.header('sunset')).toBe('Tue, 01 Jan 2030 00:00:00 GMT');
      expect(old.header('link')).toContain(
        '<https://example.com/deprecations/2024-01-01>; rel="deprecation"',
      );
      const newest = await fetchReply(`${served.origin}/2025-01-01/users`);
      expect(newest.header('deprecation')).toBeNull();
      expect(newest.header('link')).toContain('rel="service-desc"');
    });

    test("describe serves each version's document, in that version's names", async () => {
      const reply = await fetchReply(`${served.origin}/2024-01-01/openapi.json`);
      expect(reply.status).toBe(200);
      const document = json(reply) as { paths: object; components: { schemas: Record<string, unknown> } };
      expect(Object.keys(document.paths)).toContain('/2024-01-01/users');
      expect(JSON.stringify(document.components.schemas['User'])).toContain('"name"');
      expect(JSON.stringify(document.components.schemas['User'])).not.toContain('fullName');
    });

    test("Nest's pipes run on a versioned route: ParseIntPipe answers a bad parameter, NotFoundException a missing user", async () => {
      const bad = await fetchReply(`${served.origin}/2025-01-01/users/ada`);
      expect(bad.status).toBe(400);
      expect(json(bad)).toMatchObject({
        statusCode: 400,
        message: 'Validation failed (numeric string is expected)',
      });
      const missing = await fetchReply(`${served.origin}/2025-01-01/users/9`);
      expect(missing.status).toBe(404);
      expect(json(missing)).toMatchObject({ statusCode: 404, message: 'No user 9.' });
    });
  });

  describe("Nest's own machinery around versioned routes", () => {
    let served: Served;
    beforeAll(async () => {
      served = await start(await harness.create(ThingsModule));
    });
    afterAll(() => served.close());

    test('guards run after the version is decided: they read request.version', async () => {
      guardSaw.length = 0;
      const allowed = await fetchReply(`${served.origin}/v2/things/guarded`);
      expect([allowed.status, json(allowed)]).toEqual([200, { version: 'v2' }]);
      const refused = await fetchReply(`${served.origin}/v1/things/guarded`);
      expect(refused.status).toBe(403);
      expect(json(refused)).toMatchObject({ statusCode: 403, message: 'Forbidden resource' });
      expect(guardSaw).toEqual(['v2', 'v1']);
      // A version the scheme refuses never reaches the guard.
      expect((await fetchReply(`${served.origin}/v9/things/guarded`)).status).toBe(404);
      expect(guardSaw).toEqual(['v2', 'v1']);
    });

    test("the application's exception filter answers its errors; an HttpException is answered by Nest", async () => {
      const teapot = await fetchReply(`${served.origin}/v1/things/teapot`);
      expect([teapot.status, json(teapot)]).toEqual([418, { teapot: true }]);
      const missing = await fetchReply(`${served.origin}/v1/things/missing`);
      expect(missing.status).toBe(404);
      expect(missing.header('content-type')).toMatch(/^application\/json/);
      expect(json(missing)).toMatchObject({ statusCode: 404, message: 'No such thing.' });
    });

    test("restdash's APIException is problem+json, translated, in the request's version", async () => {
      const reply = await fetchReply(`${served.origin}/v1/things/gone`, {
        headers: { 'accept-language': 'fr' },
      });
      expect(reply.status).toBe(404);
      expect(reply.header('content-type')).toMatch(/^application\/problem\+json/);
      expect(json(reply)).toMatchObject({ status: 404, code: 'not_found', detail: 'Gone for good.' });
    });

    test('a versioned route reads its parameters through pipes and reverses its own URL', async () => {
      const reply = await fetchReply(`${served.origin}/v2/things/5`);
      expect(json(reply)).toEqual({ pk: 5, version: 'v2', self: `${served.origin}/v2/things/5` });
    });

    test('a route without @Versioned() is untouched: no version, no members; a POST answers 201', async () => {
      const reply = await fetchReply(`${served.origin}/health`);
      expect([reply.status, json(reply)]).toEqual([200, { version: null, reverse: false }]);
      expect(reply.header('vary')).toBeNull();
      expect((await fetchReply(`${served.origin}/health`, { method: 'POST' })).status).toBe(201);
    });

    test('under a global prefix the routes match there, and reversal puts it in front', async () => {
      const app = await harness.create(ThingsModule);
      app.setGlobalPrefix('api');
      const prefixed = await start(app);
      try {
        const reply = await fetchReply(`${prefixed.origin}/api/v1/things/3`);
        expect(json(reply)).toEqual({ pk: 3, version: 'v1', self: `${prefixed.origin}/api/v1/things/3` });
      } finally {
        await prefixed.close();
      }
    });

    test("Nest's own enableVersioning() beside the module is a TypeError at bootstrap naming the fix", async () => {
      const app = await harness.create(AppModule);
      app.enableVersioning({ type: VersioningType.URI });
      const error = await bootstrapError(app);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe(
        "RestdashModule.forRoot(options): Nest's own versioning is enabled too; remove app.enableVersioning(): restdash versions the @Versioned() routes by options.scheme",
      );
    });
  });
}
