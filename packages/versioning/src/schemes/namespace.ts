import { isAPIException, NotFound } from '../errors.js';
import { gettextLazy, type LazyString } from '../i18n/index.js';
import type { ReverseOptions, VersioningRequest } from '../types.js';
import { mustBe } from '../internal/arguments.js';
import { BaseVersioning, requestVersion } from './base.js';
import { chooseVersion, isAllowedUnder, notAllowed } from './choose-version.js';
import type { VersionRules } from './compiled-attributes.js';

/**
 * The allowed version a namespace part names, or `null`: a part that is not of the scheme's version format is not a
 * version (the next part is looked at), and a date part is served like a request's date.
 */
function versionOfPart(rules: VersionRules, part: string): string | null {
  if (rules.format === null) return isAllowedUnder(rules, part) ? part : null;
  try {
    const chosen = chooseVersion(rules, part);
    return chosen === notAllowed ? null : chosen;
  } catch (error) {
    if (isAPIException(error)) return null;
    throw error;
  }
}

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
    const refuse = () => new NotFound(this.invalidVersionMessage);
    const rules = this.versionRules();
    if (match === null || match === undefined || !match.namespace) {
      // Unversioned routes keep working: without a namespace the default applies, unchecked (DRF does the
      // same), unless a version is required or pinned.
      if (rules.absent === 'default' && !rules.required) return this.defaultVersion;
      return this.chooseVersion(null, refuse);
    }
    for (const part of match.namespace.split(':')) {
      const version = versionOfPart(rules, part);
      // Allowed, so one of V.
      if (version !== null) return version as V;
    }
    throw refuse();
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
