import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { PathOptions, VersioningVariables } from '../core.js';

/** The metadata key `@Versioned()` sets on a handler. */
export const versionedKey = Symbol.for('@restdash/versioning/nest versioned');

/**
 * What `@Versioned()` declares of a route: its `PathOptions` but `methods`, which the route's own `@Get()`, `@Post()`…
 * give. `name` defaults to `<Controller>.<method>`.
 */
export type VersionedOptions<V extends string = string> = Omit<PathOptions<V>, 'methods'>;

/**
 * Makes a controller's route one of restdash's: at bootstrap, `RestdashModule` mounts it at the controller's path and
 * the method's, versioned by the module's `scheme` (or `options.versioning`), its body validated and migrated up
 * before `@Body()` reads it, its return value filtered and migrated down. A route without it is left to Nest.
 * @example
 * @Get(':pk') @Versioned({ name: 'user', response: User })
 * get(@Param('pk', ParseIntPipe) pk: number) { … }
 */
export function Versioned<V extends string = string>(options: VersionedOptions<V> = {}): MethodDecorator {
  return SetMetadata(versionedKey, options);
}

/**
 * Injects the request's version (`request.version`): the one the route's scheme decided, `null` on a version-neutral
 * route. Annotate the parameter with the scheme's versions (`'v1' | 'v2' | null`) to type it.
 * @example get(@ApiVersion() version: string | null) { … }
 */
export const ApiVersion: () => ParameterDecorator = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | null =>
    context.switchToHttp().getRequest<Partial<VersioningVariables>>().version ?? null,
);
