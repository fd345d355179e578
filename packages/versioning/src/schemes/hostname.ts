import { NotFound } from '../errors.js';
import { BoundedCache } from '../http/bounded-cache.js';
import { normalizeHostName } from '../http/host.js';
import { gettextLazy, type LazyString } from '../i18n/index.js';
import type { VersioningRequest } from '../types.js';
import { mustBe } from '../internal/arguments.js';
import { BaseVersioning, type VersioningOptions } from './base.js';
import { defineCompiledAttributes } from './compiled-attributes.js';

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
   * @default /^([a-zA-Z0-9]+)\.[a-zA-Z0-9]+\.[a-zA-Z0-9]+$/
   */
  declare hostnameRegex: RegExp;
  /** Detail of the `NotFound` thrown for a version that is not allowed. */
  invalidVersionMessage: LazyString = message;

  /** The version in each host, by host, for the current `hostnameRegex`. */
  #versions: BoundedCache<string | null> | undefined;

  constructor(options: VersioningOptions<V> & { readonly allowedVersions: readonly (V | null)[] });
  constructor(options?: VersioningOptions);
  constructor(options?: VersioningOptions<V>) {
    super(options);
    this.hostnameRegex = /^([a-zA-Z0-9]+)\.[a-zA-Z0-9]+\.[a-zA-Z0-9]+$/;
  }

  override determineVersion(request: VersioningRequest): V | null {
    this.checkRequest('determineVersion(request)', request);
    this.checkAttributes();
    const carried = (this.#versions as BoundedCache<string | null>).get(request.getHost());
    return this.chooseVersion(carried, () => new NotFound(this.invalidVersionMessage));
  }

  protected override compileAttributes(): void {
    const regex: unknown = this.hostnameRegex;
    if (!(regex instanceof RegExp)) {
      throw mustBe(this.constructor.name, 'hostnameRegex', 'a RegExp', regex);
    }
    this.#versions = new BoundedCache((host) => {
      const colon = host.indexOf(':');
      // A global or sticky regex would carry lastIndex over from the previous host.
      regex.lastIndex = 0;
      return regex.exec(normalizeHostName(colon === -1 ? host : host.slice(0, colon)))?.[1] ?? null;
    });
  }
}

defineCompiledAttributes(HostNameVersioning, ['hostnameRegex']);
