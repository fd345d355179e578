import { NotFound } from '../errors.js';
import { gettextLazy, type LazyString } from '../i18n/index.js';
import type { ReverseOptions, VersioningRequest } from '../types.js';
import { mustBe } from '../internal/arguments.js';
import { BaseVersioning, requestVersion } from './base.js';

const message = gettextLazy('Invalid version in URL path. Does not match any version namespace.');

/**
 * Reads the version from the namespace of the matched route: `include('/v1', routes, { namespace: 'v1' })`.
 * Nested namespaces are searched left to right for an allowed version. `reverse()` prefixes the view name
 * with the request's version (`users-list` → `v1:users-list`). No part allowed is a 404 `NotFound`.
 * @example
 * const scheme = new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] });
 * scheme.determineVersion(createRequest(new Request('http://localhost/v2/users/'), { urlconf })); // 'v2'
 */
export class NamespaceVersioning<V extends string = string> extends BaseVersioning<V> {
  /** Detail of the `NotFound` thrown when no namespace part is an allowed version. */
  invalidVersionMessage: LazyString = message;

  override determineVersion(request: VersioningRequest): V | null {
    this.checkRequest('determineVersion(request)', request);
    const match = request.resolverMatch;
    // Unversioned routes keep working: without a namespace the default applies, unchecked (DRF does the
    // same).
    if (match === null || match === undefined || !match.namespace) return this.defaultVersion;
    for (const part of match.namespace.split(':')) {
      if (this.isAllowedVersion(part)) return part as V;
    }
    throw new NotFound(this.invalidVersionMessage);
  }

  /** Reverses `<request.version>:<viewname>` when the request has a version, else `viewname` as given. */
  override reverse(viewname: string, options: ReverseOptions = {}): string {
    const version = requestVersion(options);
    if (version === null || !options.request) return super.reverse(viewname, options);
    return super.reverse(this.getVersionedViewname(viewname, options.request), options);
  }

  /**
   * The request's version, a colon, then `viewname`.
   * @example scheme.getVersionedViewname('users-list', request) // 'v1:users-list'
   */
  getVersionedViewname(viewname: string, request: VersioningRequest): string {
    if (typeof viewname !== 'string') {
      throw mustBe(
        'NamespaceVersioning.getVersionedViewname(viewname, request)',
        'viewname',
        'a string',
        viewname,
      );
    }
    this.checkRequest('getVersionedViewname(viewname, request)', request);
    if (typeof request.version !== 'string') {
      throw mustBe(
        'NamespaceVersioning.getVersionedViewname(viewname, request)',
        'request.version',
        'a string',
        request.version,
      );
    }
    return `${request.version}:${viewname}`;
  }
}
