import { NotFound } from '../errors.js';
import { gettextLazy, type LazyString } from '../i18n/index.js';
import type { ReverseOptions, VersioningRequest } from '../types.js';
import { replaceQueryParam } from '../urls/reverse.js';
import { BaseVersioning, requestVersion } from './base.js';

const message = gettextLazy('Invalid version in query parameter.');

/**
 * Reads the version from the query parameter named `versionParam`: `GET /users/?version=1.0`. `reverse()`
 * sets that parameter in the URL it builds. A version that is not allowed is a 404 `NotFound`.
 * @example
 * const scheme = new QueryParameterVersioning({ allowedVersions: ['1.0', '2.0'] });
 * scheme.determineVersion(createRequest(new Request('http://localhost/users/?version=2.0'))); // '2.0'
 */
export class QueryParameterVersioning<V extends string = string> extends BaseVersioning<V> {
  /** Detail of the `NotFound` thrown for a version that is not allowed. */
  invalidVersionMessage: LazyString = message;

  override determineVersion(request: VersioningRequest): V | null {
    this.checkRequest('determineVersion(request)', request);
    const carried = request.queryParams.get(this.compiled().versionParam);
    return this.chooseVersion(carried, () => new NotFound(this.invalidVersionMessage));
  }

  /**
   * Reverses generically, then sets (or replaces) `versionParam` in the query to `request.version`, if any.
   */
  override reverse(viewname: string, options: ReverseOptions = {}): string {
    const url = super.reverse(viewname, options);
    const version = requestVersion(options);
    return version === null ? url : replaceQueryParam(url, this.versionParam, version);
  }
}
