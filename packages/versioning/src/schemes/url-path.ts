import { NotFound } from '../errors.js';
import { gettextLazy, type LazyString } from '../i18n/index.js';
import type { ReverseOptions, VersioningRequest } from '../types.js';
import { isPlainObject, mustBe } from '../internal/arguments.js';
import { isDotOrEmptySegment } from '../urls/encoding.js';
import { BaseVersioning, requestVersion } from './base.js';

const message = gettextLazy('Invalid version in URL path.');

/**
 * Reads the version from the URL keyword argument named `versionParam`: `path('/:version/users/', …)`.
 * `reverse()` fills that keyword from `request.version`. A version that is not allowed is a 404 `NotFound`, and
 * so is one a URL cannot carry back (empty, `.` or `..`), even when every version is allowed.
 * @example
 * const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
 * scheme.determineVersion(request, [], { version: 'v1' }); // 'v1'
 */
export class URLPathVersioning<V extends string = string> extends BaseVersioning<V> {
  /** Detail of the `NotFound` thrown for a version that is not allowed. */
  invalidVersionMessage: LazyString = message;

  override determineVersion(
    request: VersioningRequest,
    _args?: readonly string[],
    kwargs?: Readonly<Record<string, string | undefined>>,
  ): V | null {
    this.checkRequest('determineVersion(request, args, kwargs)', request);
    if (kwargs !== undefined && kwargs !== null && typeof kwargs !== 'object') {
      throw mustBe(
        'URLPathVersioning.determineVersion(request, args, kwargs)',
        'kwargs',
        'an object',
        kwargs,
      );
    }
    const { versionParam } = this.compiled();
    // Own keys only: a path may capture `__proto__` or `constructor`, which must read as absent, not
    // inherited.
    const captured: unknown =
      kwargs && Object.hasOwn(kwargs, versionParam) ? kwargs[versionParam] : undefined;
    if (captured !== undefined && captured !== null && typeof captured !== 'string') {
      throw mustBe(
        'URLPathVersioning.determineVersion(request, args, kwargs)',
        `kwargs.${versionParam}`,
        'a string',
        captured,
      );
    }
    // A version the URL cannot carry back (`/./`, `/%2e%2e/`) would make reverse() fail inside the handler.
    if (typeof captured === 'string' && isDotOrEmptySegment(captured)) {
      throw new NotFound(this.invalidVersionMessage);
    }
    return this.chooseVersion(captured ?? null, () => new NotFound(this.invalidVersionMessage));
  }

  /**
   * Reverses with `kwargs[versionParam]` set to `request.version` when there is one. A value the caller
   * passes for that keyword wins, the caller's object is never changed, and positional `args` are left as
   * they are.
   */
  override reverse(viewname: string, options: ReverseOptions = {}): string {
    const version = requestVersion(options);
    if (version === null || (options.args !== undefined && options.args.length > 0)) {
      return super.reverse(viewname, options);
    }
    const kwargs: unknown = options.kwargs ?? {};
    if (!isPlainObject(kwargs) || Object.hasOwn(kwargs, this.versionParam))
      return super.reverse(viewname, options);
    return super.reverse(viewname, {
      ...options,
      kwargs: { ...kwargs, [this.versionParam]: version } as Readonly<Record<string, string | number>>,
    });
  }
}
