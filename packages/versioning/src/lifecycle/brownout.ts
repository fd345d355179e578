import { APIException } from '../errors.js';
import { gettextLazy } from '../i18n/index.js';

/**
 * 410: the request's version is inside one of its policy's `brownouts` windows, a scheduled outage before its sunset.
 * Detail `Version "<version>" is unavailable during a scheduled brownout before its sunset.`, code
 * `version_brownout`; the answer carries `Retry-After`, the seconds to the window's end (the detail names no time, so
 * that a document's example of it stays the same whatever the windows).
 */
export class VersionBrownout extends APIException {
  override name = 'VersionBrownout';
  /** The version the request asked for. */
  readonly version: string;
  /** When the window ends and the version answers again. */
  readonly end: Date;

  constructor(version: string, end: Date) {
    super(
      gettextLazy('Version "%(version)s" is unavailable during a scheduled brownout before its sunset.', {
        version,
      }),
      'version_brownout',
      410,
    );
    this.version = version;
    this.end = end;
  }
}
