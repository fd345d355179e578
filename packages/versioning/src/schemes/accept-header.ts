import { NotAcceptable } from '../errors.js';
import { BoundedCache } from '../http/bounded-cache.js';
import { parseMediaType } from '../http/media-type.js';
import { gettextLazy, type LazyString } from '../i18n/index.js';
import type { VersioningRequest } from '../types.js';
import { BaseVersioning } from './base.js';

const varyAccept: readonly string[] = Object.freeze(['Accept']);
const message = gettextLazy('Invalid version in "Accept" header.');
// The parameters of each negotiated media type, parsed once: a request rarely brings a new one.
const paramsOf = new BoundedCache((mediaType) => parseMediaType(mediaType).params);

/**
 * Reads the version from a parameter of the negotiated media type: `Accept: application/json; version=1.0`. A
 * version that is not allowed is a 406 `NotAcceptable`.
 * @example
 * const scheme = new AcceptHeaderVersioning({ allowedVersions: ['1.0', '2.0'] });
 * const accept = 'application/json; version=2.0';
 * scheme.determineVersion(createRequest(new Request('http://localhost/', { headers: { accept } }))); // '2.0'
 */
export class AcceptHeaderVersioning<V extends string = string> extends BaseVersioning<V> {
  /** Detail of the `NotAcceptable` thrown for a version that is not allowed. */
  invalidVersionMessage: LazyString = message;

  override get varyHeaders(): readonly string[] {
    return varyAccept;
  }

  override determineVersion(request: VersioningRequest): V | null {
    this.checkRequest('determineVersion(request)', request);
    const params = paramsOf.get(request.acceptedMediaType);
    // Media-type parameter names are case-insensitive (RFC 9110 §8.3.2); the parser stores them lower-cased.
    const carried = params.get(this.compiled().versionParam.toLowerCase()) ?? null;
    return this.chooseVersion(carried, () => new NotAcceptable(this.invalidVersionMessage));
  }
}
