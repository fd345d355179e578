import { Catch, RequestMethod } from '@nestjs/common';
import type {
  ArgumentsHost,
  CallHandler,
  DynamicModule,
  ExecutionContext,
  NestInterceptor,
} from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import {
  APP_FILTER,
  APP_INTERCEPTOR,
  ApplicationConfig,
  DiscoveryModule,
  DiscoveryService,
} from '@nestjs/core';
import { HttpAdapterHost, MetadataScanner, Reflector } from '@nestjs/core';
import { PathsExplorer } from '@nestjs/core/router/paths-explorer.js';
import { RoutePathFactory } from '@nestjs/core/router/route-path-factory.js';
import { map } from 'rxjs';
import * as core from '../core.js';
import { type FrontMount, keptOf, mountInFront } from '../in-front.js';
import { type VersionedOptions, versionedKey } from './decorators.js';
import { expressFront, fastifyFront, type FrontPlatform } from '../front-platforms.js';

const where = 'RestdashModule.forRoot(options)';
const reflector = new Reflector();

/** Every `@Versioned()` handler of Nest's controllers, at each path Nest serves it (global prefix included). */
function routesOf(discovery: DiscoveryService, config: ApplicationConfig): core.UrlConf {
  const explorer = new PathsExplorer(new MetadataScanner());
  const paths = new RoutePathFactory(config);
  const prefix = config.getGlobalPrefix().replace(/^\/*(?=.)/, '/');
  const routes = discovery.getControllers().flatMap(({ metatype, instance }) =>
    explorer
      .scanForPaths(instance as object)
      .flatMap(({ path, requestMethod, targetCallback, methodName }) => {
        const options = reflector.get<VersionedOptions | undefined>(versionedKey, targetCallback);
        if (options === undefined || metatype == null) return [];
        const methods =
          requestMethod === RequestMethod.ALL ? {} : { methods: [RequestMethod[requestMethod]] };
        const declared = { name: `${metatype.name}.${methodName}`, ...options, ...methods };
        return [reflector.get<string | string[]>(PATH_METADATA, metatype)]
          .flat()
          .flatMap((ctrlPath) =>
            path.flatMap((methodPath) => paths.create({ ctrlPath, methodPath, globalPrefix: prefix })),
          )
          .map((route) => core.frameworkPath('nest', route, targetCallback, declared));
      }),
  );
  return new core.UrlConf(routes);
}

/** The module's provider: installs the platform's hooks when Nest makes it, compiles the mount at bootstrap. */
class Restdash {
  #mount: FrontMount | null = null;
  readonly platform: FrontPlatform;

  constructor(
    readonly options: core.AdapterOptions,
    host: HttpAdapterHost,
    readonly discovery: DiscoveryService,
    readonly config: ApplicationConfig,
  ) {
    const type = host.httpAdapter.getType();
    if (type !== 'express' && type !== 'fastify')
      throw new TypeError(
        `${where}: Nest runs on ${type}; restdash needs platform-express or platform-fastify`,
      );
    this.platform = type === 'express' ? expressFront : fastifyFront;
    // Now, before Nest's body parsers and routes: the version is decided before either.
    this.platform.install(host.httpAdapter.getInstance(), () => this.#mount);
  }

  onModuleInit(): void {
    if (this.config.getVersioning() !== undefined) {
      const fix =
        'remove app.enableVersioning(): restdash versions the @Versioned() routes by options.scheme';
      throw new TypeError(`${where}: Nest's own versioning is enabled too; ${fix}`);
    }
    this.#mount = mountInFront('nest', routesOf(this.discovery, this.config), this.options);
  }
}

/**
 * Nest's way out, both ways: a handler's value filtered and migrated down to the request's version (an interceptor),
 * and restdash's errors (`APIException`) answered as problem+json in that version (a filter); Nest answers the rest.
 */
class Exchange implements NestInterceptor {
  constructor(readonly platform: FrontPlatform) {}

  intercept(context: ExecutionContext, next: CallHandler) {
    const http = context.switchToHttp();
    const kept = context.getType() === 'http' ? keptOf(http.getRequest<object>()) : undefined;
    const send = kept?.route.hasBodies === true ? core.sending(kept.route, kept.serve) : null;
    if (send === null) return next.handle();
    const response = http.getResponse<unknown>();
    return next
      .handle()
      .pipe(
        map((value: unknown) => (value === undefined ? value : this.platform.send(response, send, value))),
      );
  }

  catch(error: core.APIException, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<{ headers: Record<string, string | undefined> }>();
    const kept = keptOf(request);
    const language = request.headers['accept-language'];
    const problem =
      kept === undefined
        ? core.problemOutcome(error, language)
        : core.failure(kept.route, kept.serve.request.version, error, language, kept.serve.vary);
    this.platform.problem(http.getResponse(), problem);
  }
}
Catch(core.APIException)(Exchange);

/**
 * restdash in a Nest application (platform-express or platform-fastify): each route marked `@Versioned()` is versioned
 * by `options.scheme` (or its own `versioning`), its bodies validated and migrated both ways; Nest's guards, pipes,
 * interceptors and filters run as always, and every other route is Nest's alone. Takes every adapter option.
 * @example
 * @Module({ imports: [RestdashModule.forRoot({ scheme, changes })], controllers: [UsersController] })
 * class AppModule {}
 */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- Nest's idiom: a module class with forRoot()
export class RestdashModule {
  static forRoot(options: core.AdapterOptions): DynamicModule {
    const exchange = { useFactory: (made: Restdash) => new Exchange(made.platform), inject: [Restdash] };
    return {
      module: RestdashModule,
      imports: [DiscoveryModule],
      providers: [
        {
          provide: Restdash,
          useFactory: (...args: [HttpAdapterHost, DiscoveryService, ApplicationConfig]) =>
            new Restdash(options, ...args),
          inject: [HttpAdapterHost, DiscoveryService, ApplicationConfig],
        },
        { provide: APP_INTERCEPTOR, ...exchange },
        { provide: APP_FILTER, ...exchange },
      ],
    };
  }
}
