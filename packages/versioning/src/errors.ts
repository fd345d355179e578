import { gettextLazy, type LazyString } from './i18n/index.js';
import { mustBe, withCode } from './internal/arguments.js';

const statusTitles: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

/** RFC 9457 problem details, as `APIException.toJSON()` returns them. */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: string;
}

/**
 * Marks a real {@link APIException}. A registered symbol (`Symbol.for`) is the same in every copy of this package
 * in a process, so errors of another copy are recognised too; an error that merely has the shape is not.
 */
const apiExceptionBrand = Symbol.for('@restdash/versioning:APIException');

/**
 * Base of every error a client caused: carries the HTTP status, a (lazily translated) detail and a code.
 * `message` and `String(detail)` are read in the language active at that moment.
 * @example throw new APIException('Quota exceeded.', 'quota', 429)
 */
export class APIException extends Error {
  override name = 'APIException';
  readonly statusCode: number;
  readonly detail: LazyString | string;
  readonly code: string;

  /**
   * @param detail @default 'A server error occurred.'
   * @param code @default 'error'
   * @param statusCode @default 500
   */
  constructor(detail?: LazyString | string, code?: string, statusCode?: number) {
    super();
    this.detail = detail ?? gettextLazy('A server error occurred.');
    this.code = code ?? 'error';
    this.statusCode = statusCode ?? 500;
    // The message must follow the active language, so it is read through the detail on every access.
    Object.defineProperty(this, 'message', {
      get: () => String(this.detail),
      configurable: true,
      enumerable: false,
    });
  }

  static {
    Object.defineProperty(this.prototype, apiExceptionBrand, { value: true });
  }

  /** The RFC 9457 `application/problem+json` body, `detail` in the active language. */
  toJSON(): ProblemDetails {
    return {
      type: 'about:blank',
      title: statusTitles[this.statusCode] ?? 'Error',
      status: this.statusCode,
      detail: String(this.detail),
      code: this.code,
    };
  }
}

/** 404: the requested version (or resource) does not exist. Default detail `Not found.`, code `not_found`. */
export class NotFound extends APIException {
  override name = 'NotFound';
  constructor(detail?: LazyString | string, code?: string) {
    super(detail ?? gettextLazy('Not found.'), code ?? 'not_found', 404);
  }
}

/**
 * 406: nothing the API can render satisfies the request's `Accept` header, or its version is not allowed.
 * Default detail `Could not satisfy the request Accept header.`, code `not_acceptable`.
 */
export class NotAcceptable extends APIException {
  override name = 'NotAcceptable';
  constructor(detail?: LazyString | string, code?: string) {
    super(
      detail ?? gettextLazy('Could not satisfy the request Accept header.'),
      code ?? 'not_acceptable',
      406,
    );
  }
}

/** 405: the route exists but not for this method. Detail `Method "<method>" not allowed.`, code `method_not_allowed`. */
export class MethodNotAllowed extends APIException {
  override name = 'MethodNotAllowed';
  /** The methods the route does serve, for the `Allow` header. */
  readonly allowed: readonly string[];

  constructor(method: string, allowed: readonly string[] = []) {
    super(gettextLazy('Method "%(method)s" not allowed.', { method }), 'method_not_allowed', 405);
    this.allowed = Object.freeze([...allowed]);
  }
}

/**
 * 400: the request cannot be read, such as a URL path with a malformed percent-escape (`%E0%A4%A`). DRF's
 * `ParseError`: default detail `Malformed request.`, code `parse_error`.
 */
export class ParseError extends APIException {
  override name = 'ParseError';
  constructor(detail?: LazyString | string, code?: string) {
    super(detail ?? gettextLazy('Malformed request.'), code ?? 'parse_error', 400);
  }
}

/** One thing wrong with a request body: where (an RFC 6901 JSON Pointer into the body as sent) and what. */
export interface BodyError {
  /** `''` for the whole body, `/name` for its property `name`, `/items/0` for the first item. */
  readonly pointer: string;
  readonly detail: string;
}

/**
 * 400: a route's `request` schema refuses the body. Detail `Invalid request body.`, code `invalid_body`; the
 * problem's extension member `errors` lists what is wrong where.
 */
export class InvalidBody extends APIException {
  override name = 'InvalidBody';
  /** What is wrong where, in the order found. */
  readonly errors: readonly BodyError[];

  constructor(errors: readonly BodyError[] = []) {
    super(gettextLazy('Invalid request body.'), 'invalid_body', 400);
    this.errors = Object.freeze(errors.map(({ pointer, detail }) => Object.freeze({ pointer, detail })));
  }

  /** The problem body, with the `errors` member. */
  override toJSON(): ProblemDetails & { readonly errors: readonly BodyError[] } {
    return { ...super.toJSON(), errors: this.errors };
  }
}

/**
 * 500, in development (the adapters' option `checkResponses`): a 2xx JSON value a handler sent does not match the
 * route's `response` schema in `version`, as a client of that version would have received it (migrated down to an
 * older one). Code `invalid_response`; the problem's extension members `route` (its URL name, else its pattern),
 * `version` and `errors`, JSON Pointers into the value as it would have been sent, in that version's names.
 */
export class InvalidResponse extends APIException {
  override name = 'InvalidResponse';
  /** The route's URL name, else its pattern. */
  readonly route: string;
  /** The version whose schema the value does not match; `null` for a request without one, on a mount without a history. */
  readonly version: string | null;
  /** What is wrong where, in the order found. */
  readonly errors: readonly BodyError[];

  constructor(route: string, version: string | null, errors: readonly BodyError[] = []) {
    super(
      version === null
        ? gettextLazy('The response of route "%(route)s" does not match its response schema.', { route })
        : gettextLazy(
            'The response of route "%(route)s" does not match its response schema in version "%(version)s".',
            { route, version },
          ),
      'invalid_response',
      500,
    );
    this.route = route;
    this.version = version;
    this.errors = Object.freeze(errors.map(({ pointer, detail }) => Object.freeze({ pointer, detail })));
  }

  /** The problem body, with the `route`, `version` and `errors` members. */
  override toJSON(): ProblemDetails & {
    readonly route: string;
    readonly version: string | null;
    readonly errors: readonly BodyError[];
  } {
    return { ...super.toJSON(), route: this.route, version: this.version, errors: this.errors };
  }
}

/**
 * 415: a route with a `request` schema got a body that is not JSON (`application/json` or a `+json` type, UTF-8).
 * Detail `Unsupported media type "<type>" in request.` (DRF's), code `unsupported_media_type`.
 */
export class UnsupportedMediaType extends APIException {
  override name = 'UnsupportedMediaType';
  /** The `Content-Type` as the request sent it (`''` when it sent none). */
  readonly mediaType: string;

  constructor(mediaType: string) {
    super(
      gettextLazy('Unsupported media type "%(media_type)s" in request.', { media_type: mediaType }),
      'unsupported_media_type',
      415,
    );
    this.mediaType = mediaType;
  }
}

/**
 * 413: a request body longer than the adapter's `bodyLimit`. Detail
 * `Request body too large: more than <limit> bytes.`, code `payload_too_large`.
 */
export class PayloadTooLarge extends APIException {
  override name = 'PayloadTooLarge';
  /** The limit, in bytes. */
  readonly limit: number;

  constructor(limit: number) {
    super(
      gettextLazy('Request body too large: more than %(limit)s bytes.', { limit: String(limit) }),
      'payload_too_large',
      413,
    );
    this.limit = limit;
  }
}

/** 400: the `Host` (or trusted `X-Forwarded-Host`) header is malformed or not in `allowedHosts`. */
export class DisallowedHost extends APIException {
  override name = 'DisallowedHost';
  /** The rejected host exactly as received (never put it into a URL). */
  readonly host: string;

  constructor(host: string) {
    super(gettextLazy("Invalid HTTP_HOST header: '%(host)s'.", { host }), 'disallowed_host', 400);
    this.host = host;
  }
}

/**
 * 410: the request's version is past its sunset date (`enforceSunset`). Detail
 * `Version "<version>" is no longer available.`, code `version_sunset`.
 */
export class VersionSunset extends APIException {
  override name = 'VersionSunset';
  /** The retired version the request asked for. */
  readonly version: string;

  constructor(version: string) {
    super(gettextLazy('Version "%(version)s" is no longer available.', { version }), 'version_sunset', 410);
    this.version = version;
  }
}

/**
 * 400: the request carries no version where its scheme requires one (`versionRequired`). Detail
 * `A version is required.`, code `version_required`.
 */
export class VersionRequired extends APIException {
  override name = 'VersionRequired';

  constructor() {
    super(gettextLazy('A version is required.'), 'version_required', 400);
  }
}

/**
 * 400: the request's version is not of its scheme's `versionFormat`. Detail
 * `Invalid version "<raw>": expected a date like 2024-01-31.` (`'date'`) or
 * `Invalid version "<raw>": expected a version like 1.2.` (`'semver'`), code `invalid_version`.
 * @example throw new InvalidVersion('2024-13-01', 'date')
 */
export class InvalidVersion extends APIException {
  override name = 'InvalidVersion';
  /** The version as the request carried it. */
  readonly version: string;
  /** The form it should have had. */
  readonly format: 'date' | 'semver';

  constructor(version: string, format: 'date' | 'semver') {
    super(
      format === 'date'
        ? gettextLazy('Invalid version "%(version)s": expected a date like 2024-01-31.', { version })
        : gettextLazy('Invalid version "%(version)s": expected a version like 1.2.', { version }),
      'invalid_version',
      400,
    );
    this.version = version;
    this.format = format;
  }
}

/**
 * URL reversal found no route for the name and arguments given; the message names the view, the arguments tried
 * and the candidate patterns. Code `ERR_VERSIONING_NO_REVERSE_MATCH`.
 */
export class NoReverseMatch extends Error {
  override name = 'NoReverseMatch';
  /** Stable, for matching without the wording. */
  declare readonly code: 'ERR_VERSIONING_NO_REVERSE_MATCH';

  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    withCode(this, 'ERR_VERSIONING_NO_REVERSE_MATCH');
  }
}

/** A scheme did not override `determineVersion()`. Code `ERR_VERSIONING_NOT_IMPLEMENTED`. */
export class NotImplementedError extends Error {
  override name = 'NotImplementedError';
  /** Stable, for matching without the wording. */
  declare readonly code: 'ERR_VERSIONING_NOT_IMPLEMENTED';

  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    withCode(this, 'ERR_VERSIONING_NOT_IMPLEMENTED');
  }
}

/**
 * Whether `value` is an {@link APIException}, also one of another copy of this package. An error that only has
 * the shape (`statusCode`, `code`, `toJSON()`) is not: its `toJSON()` could reveal anything.
 */
export function isAPIException(value: unknown): value is APIException {
  return (
    value instanceof APIException ||
    (typeof value === 'object' &&
      value !== null &&
      (value as { [apiExceptionBrand]?: unknown })[apiExceptionBrand] === true)
  );
}

/**
 * 400: the request asks for more than one version (two sources disagree, or a header repeats with different
 * values). Detail `The request asks for more than one version: "<a>", "<b>".`, code `ambiguous_version`.
 * @example throw new AmbiguousVersion(['1', '2'])
 */
export class AmbiguousVersion extends APIException {
  override name = 'AmbiguousVersion';
  /** The versions the request asks for, each once, in the order they were read. */
  readonly versions: readonly string[];

  constructor(versions: readonly string[]) {
    const where = 'new AmbiguousVersion(versions)';
    const given: unknown = versions;
    if (!Array.isArray(given)) {
      throw mustBe(where, 'versions', 'an array of strings', given);
    }
    const bad = given.findIndex((version: unknown) => typeof version !== 'string');
    if (bad !== -1) {
      throw mustBe(where, `versions[${bad}]`, 'a string', given[bad]);
    }
    const quoted = versions.map((version) => JSON.stringify(version)).join(', ');
    super(
      gettextLazy('The request asks for more than one version: %(versions)s.', { versions: quoted }),
      'ambiguous_version',
      400,
    );
    this.versions = Object.freeze([...versions]);
  }
}
