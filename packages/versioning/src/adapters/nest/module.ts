import { Catch, NotFoundException, RequestMethod } from '@nestjs/common';
import type {
  ArgumentsHost,
  CallHandler,
  CanActivate,
  DynamicModule,
  ExecutionContext,
} from '@nestjs/common';
import { GUARDS_METADATA, INTERCEPTORS_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { APP_FILTER, ApplicationConfig, DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { HttpAdapterHost, MetadataScanner, Reflector } from '@nestjs/core';
import { PathsExplorer } from '@nestjs/core/router/paths-explorer.js';
import { RoutePathFactory } from '@nestjs/core/router/route-path-factory.js';
import { map } from 'rxjs';
import * as core from '../core.js';
import { type FrontMount, keptOf } from '../in-front.js';
import { type VersionedOptions, versionedKey } from './decorators.js';
import { mountMatching, patternOf, type RouterOf } from '../front-matching.js';
import { expressFront, fastifyFront, type FrontPlatform } from '../front-platforms.js';

const where = 'RestdashModule.forRoot(options)';
const reflector = new Reflector();

/** Every `@Versioned()` handler of Nest's controllers, at each path Nest serves it (global prefix included). */
function routesOf(discovery: DiscoveryService, config: ApplicationConfig, router: RouterOf): core.UrlConf {
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
          .flatMap((ctrl) =>
            path.flatMap((at) =>
              paths
                .create({ ctrlPath: ctrl, methodPath: at, globalPrefix: prefix })
                .map((made) => patternOf(made, router, at.length > 1 ? at : ctrl)),
            ),
          )
          .map((route) => core.frameworkPath('nest', route, targetCallback, declared));
      }),
  );
  return new core.UrlConf(routes);
}

/** The platform of a Nest response: Fastify's reply holds the Node response as `raw`, Express's is one. */
const platformOf = (response: object): FrontPlatform => ('raw' in response ? fastifyFront : expressFront);

/**
 * Nest's way out, both ways: a handler's value filtered and migrated down to the request's version (an interceptor
 * on the `@Versioned()` routes that have bodies), and restdash's errors (`APIException`) answered as problem+json in
 * that version (a filter); Nest answers the rest.
 */
class Exchange {
  intercept(context: ExecutionContext, next: CallHandler) {
    const http = context.switchToHttp();
    const kept = keptOf(http.getRequest<object>());
    const send = kept?.route.hasBodies === true ? core.sending(kept.route, kept.serve) : null;
    if (send === null) return next.handle();
    const response = http.getResponse<object>();
    const out = (value: unknown) =>
      value === undefined ? value : platformOf(response).send(response, send, value);
    return next.handle().pipe(map(out));
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
    platformOf(http.getResponse<object>()).problem(http.getResponse(), problem);
  }
}
Catch(core.APIException)(Exchange);
const exchange = new Exchange();

/**
 * The guard of every `@Versioned()` handler: a request Nest's router serves with it that restdash's front did not
 * decide for it (a path in another case on Express, whose router ignores case) is refused as Nest refuses a path no
 * route serves, never served unversioned.
 */
const decided: CanActivate = {
  canActivate(context) {
    const request = context.switchToHttp().getRequest<{ method: string; url: string }>();
    if (keptOf(request)?.serve.handler === context.getHandler()) return true;
    throw new NotFoundException(`Cannot ${request.method} ${request.url}`);
  },
};

/** Puts `value` first in the list of guards or interceptors of `handler`, once. */
function first(key: string, value: object, handler: object | undefined): void {
  const list = (Reflect.getMetadata(key, handler as object) ?? []) as unknown[];
  if (!list.includes(value)) Reflect.defineMetadata(key, [value, ...list], handler as object);
}

/** The module's provider: installs the platform's hooks when Nest makes it, compiles the mount at bootstrap. */
class Restdash {
  #mount: FrontMount | null = null;

  constructor(
    readonly options: core.AdapterOptions,
    readonly host: HttpAdapterHost,
    readonly discovery: DiscoveryService,
    readonly config: ApplicationConfig,
  ) {
    const type = host.httpAdapter.getType();
    const front = (type === 'express' && expressFront) || (type === 'fastify' && fastifyFront);
    if (front === false)
      throw new TypeError(`${where}: restdash needs platform-express or -fastify, not ${type}`);
    // Now, before Nest's body parsers and routes: the version is decided before either.
    front.install(host.httpAdapter.getInstance(), () => this.#mount);
    // And before Nest reads the routes' guards and interceptors: the way out only where a route may have bodies.
    for (const { metatype } of discovery.getControllers()) {
      const prototype = (metatype?.prototype ?? {}) as Record<string, object>;
      for (const name of new MetadataScanner().getAllMethodNames(prototype)) {
        const declared = reflector.get<VersionedOptions | undefined>(versionedKey, prototype[name] as never);
        if (declared === undefined) continue;
        if ((declared.request ?? declared.response ?? options.changes) !== undefined)
          first(INTERCEPTORS_METADATA, exchange, prototype[name]);
        first(GUARDS_METADATA, decided, prototype[name]);
      }
    }
  }

  onModuleInit(): void {
    if (this.config.getVersioning() !== undefined) {
      const fix =
        'remove app.enableVersioning(): restdash versions the @Versioned() routes by options.scheme';
      throw new TypeError(`${where}: Nest's own versioning is enabled too; ${fix}`);
    }
    const router = this.host.httpAdapter;
    this.#mount = mountMatching(routesOf(this.discovery, this.config, router), this.options, router);
  }
}

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
        { provide: APP_FILTER, useValue: exchange },
      ],
    };
  }
}
