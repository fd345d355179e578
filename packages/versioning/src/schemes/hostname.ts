import { NotFound } from '../errors.js';
import { BoundedCache } from '../http/bounded-cache.js';
import { normalizeHostName } from '../http/host.js';
import { gettextLazy, type LazyString } from '../i18n/index.js';
import type { VersioningRequest } from '../types.js';
import { describe } from '../urls/describe.js';
import { BaseVersioning } from './base.js';

const message = gettextLazy('Invalid version in hostname.');

/**
 * Reads the version from the first label of a three-label host name: `Host: v1.example.com`. The host comes
 * from `request.getHost()` (validated against `allowedHosts`), its port cut off, lower-cased and one trailing
 * dot dropped. Not allowed is a 404 `NotFound`.
 * @example
 * const scheme = new HostNameVersioning({ allowedVersions: ['v1', 'v2'] });
 * const request = createRequest(new Request('http://v2.example.com/'), { allowedHosts: ['.example.com'] });
 * scheme.determineVersion(request); // 'v2'
 */
export class HostNameVersioning<V extends string = string> extends BaseVersioning<V> {
  /**
   * Matched against the host name without its port, lower-cased and without a trailing dot (`V2.Example.com.`
   * is matched as `v2.example.com`); group 1 is the version. Override it for other layouts.
   */
  hostnameRegex: RegExp = /^([a-zA-Z0-9]+)\.[a-zA-Z0-9]+\.[a-zA-Z0-9]+$/;
  /** Detail of the `NotFound` thrown for a version that is not allowed. */
  invalidVersionMessage: LazyString = message;

  #matches: BoundedCache<string | null> | undefined;
  #matchesOf: RegExp | undefined;

  override determineVersion(request: VersioningRequest): V | null {
    this.checkRequest('determineVersion(request)', request);
    const regex = this.hostnameRegex;
    if (!(regex instanceof RegExp)) {
      throw new TypeError(`${this.constructor.name}: hostnameRegex must be a RegExp, got ${describe(regex)}`);
    }
    const version = this.#versionIn(regex, request.getHost()) ?? this.defaultVersion;
    if (!this.isAllowedVersion(version)) throw new NotFound(this.invalidVersionMessage);
    // Allowed, so one of V (or the default, which is V too).
    return version as V | null;
  }

  /** Group 1 of `regex` in the host's name (its port cut off), remembered per host while `regex` is in use. */
  #versionIn(regex: RegExp, host: string): string | null {
    if (this.#matches === undefined || this.#matchesOf !== regex) {
      this.#matchesOf = regex;
      this.#matches = new BoundedCache((key) => {
        const colon = key.indexOf(':');
        // A global or sticky regex would carry lastIndex over from the previous host.
        regex.lastIndex = 0;
        return regex.exec(normalizeHostName(colon === -1 ? key : key.slice(0, colon)))?.[1] ?? null;
      });
    }
    return this.#matches.get(host);
  }
}
