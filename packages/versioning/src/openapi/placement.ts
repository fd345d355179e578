import { type APIException, InvalidVersion, NotAcceptable, NotFound, VersionRequired } from '../errors.js';
import { LazyString, withLanguage } from '../i18n/index.js';
import { AcceptHeaderVersioning } from '../schemes/accept-header.js';
import { versionOrder } from '../urls/version-window.js';
import type { BaseVersioning, VersionFormatName } from '../schemes/base.js';
import { CompositeVersioning } from '../schemes/composite.js';
import { HeaderVersioning } from '../schemes/header.js';
import { HostNameVersioning } from '../schemes/hostname.js';
import { MediaTypeVersioning } from '../schemes/media-type-versioning.js';
import { NamespaceVersioning } from '../schemes/namespace.js';
import { QueryParameterVersioning } from '../schemes/query-parameter.js';
import { URLPathVersioning } from '../schemes/url-path.js';
import type { ProblemDetails } from '../errors.js';
import { argumentError, describe, mustBe } from '../internal/arguments.js';

/** Where a request of a route carries its version, as a document shows it. */
export type Placement =
  | { readonly kind: 'neutral' }
  /** In the URL keyword `param`, written into the path; a path without it is the default version. */
  | { readonly kind: 'url-path'; readonly param: string; readonly defaultVersion: string | null }
  /** In the namespace of the route's includes. */
  | { readonly kind: 'namespace' }
  /** In a query or header parameter, `required` unless a request without it is served a default version. */
  | {
      readonly kind: 'parameter';
      readonly in: 'query' | 'header';
      readonly name: string;
      readonly required: boolean;
      /** The scheme's `versionFormat`: the parameter's schema says what its values look like. */
      readonly format: VersionFormatName | null;
    }
  /** In the media type's parameter `param`: `application/json; version=v2`. */
  | { readonly kind: 'accept'; readonly param: string }
  /** In a vendor media type, `template` with the version in place of `{version}`. */
  | { readonly kind: 'media-type'; readonly mediaType: string }
  /** In the host name, read by `regex` (group 1). */
  | { readonly kind: 'host'; readonly regex: RegExp };

/**
 * A scheme as one version's document shows it: where the version goes, and the problems its routes can answer while
 * it reads the version.
 */
export interface SchemeDocument {
  readonly scheme: BaseVersioning | null;
  readonly placement: Placement;
  /** The problem a refused version is answered with, `null` where the scheme refuses no version. */
  readonly invalidVersion: ProblemDetails | null;
  /**
   * The 406 of content negotiation, where reading the version negotiates the response's media type
   * (`AcceptHeaderVersioning`); `null` elsewhere.
   */
  readonly notAcceptable: ProblemDetails | null;
  /**
   * The 400s of choosing the version: `version_required` where the scheme requires one the client can leave out,
   * `invalid_version` where its versions have a format (an example of each); empty where neither applies.
   */
  readonly badVersion: Readonly<Record<string, ProblemDetails>>;
}

const formatExample: Readonly<Record<VersionFormatName, string>> = { date: 'yesterday', semver: 'latest' };

/** The 400s a request of `scheme`'s routes can get while its version is chosen, under `rules`' settings. */
function badVersionOf(scheme: BaseVersioning, rules: BaseVersioning): Record<string, ProblemDetails> {
  // A namespace's version is the server's: no request leaves it out or misspells it.
  if (scheme instanceof NamespaceVersioning) return {};
  const { versionFormat } = rules;
  return {
    ...(rules.versionRequired && { version_required: problemOf(new VersionRequired()) }),
    ...(versionFormat !== null && {
      invalid_version: problemOf(new InvalidVersion(formatExample[versionFormat], versionFormat)),
    }),
  };
}

/** What `{version}` of a `MediaTypeVersioning` template matches: the characters the scheme reads as a version. */
const versionInMediaType = /^[A-Za-z0-9._-]+$/;

export { parameterValue } from '../http/media-type.js';

/** The problem body an adapter sends for `error`, in English: documents do not depend on the active language. */
export function problemOf(error: APIException): ProblemDetails {
  return withLanguage('en', () => error.toJSON());
}

/** The scheme's own `invalidVersionMessage` when it has one (a subclass may set any text), else `fallback`. */
function messageOf(scheme: BaseVersioning, fallback: string): string {
  const message = (scheme as { invalidVersionMessage?: unknown }).invalidVersionMessage;
  if (typeof message === 'string') return message;
  return message instanceof LazyString ? withLanguage('en', () => message.toString()) : fallback;
}

/**
 * How the document of `version` shows the routes of `scheme` (`null`: version-neutral), schemes known by class.
 * A `CompositeVersioning` is shown the way its first member carries the version, as its reversal does, under the
 * composite's own `defaultVersion` and `allowedVersions` (its members' are not used). Throws a `TypeError` for a
 * scheme whose version it cannot place, naming `where`.
 */
export function schemeDocument(
  where: string,
  scheme: BaseVersioning | null,
  version: string,
): SchemeDocument {
  if (scheme === null)
    return {
      scheme,
      placement: { kind: 'neutral' },
      invalidVersion: null,
      notAcceptable: null,
      badVersion: {},
    };
  const member = memberDocument(where, scheme, version, scheme);
  const first = scheme instanceof CompositeVersioning ? (scheme.schemes[0] ?? scheme) : scheme;
  return { ...member, scheme, badVersion: badVersionOf(first, scheme) };
}

/** How `scheme` places the version when `rules` (itself, or the composite it is the first member of) decide. */
function memberDocument(
  where: string,
  scheme: BaseVersioning,
  version: string,
  rules: BaseVersioning,
): Omit<SchemeDocument, 'badVersion'> {
  if (scheme instanceof CompositeVersioning) {
    const [first] = scheme.schemes;
    if (first !== undefined) return memberDocument(where, first, version, rules);
  }
  // A request that leaves the version out is served the default version: a parameter it is in may be left out.
  const required = rules.defaultVersion === null;
  // Only an allow list refuses a version (null or empty: every version is allowed).
  const refuses = versionOrder(rules) !== null;
  const notFound = (fallback: string) =>
    refuses ? problemOf(new NotFound(messageOf(scheme, fallback))) : null;
  const invalidMediaType = () =>
    refuses ? problemOf(new NotAcceptable(messageOf(scheme, 'Invalid version in "Accept" header.'))) : null;
  if (scheme instanceof AcceptHeaderVersioning) {
    return {
      scheme,
      placement: { kind: 'accept', param: scheme.versionParam },
      invalidVersion: invalidMediaType(),
      // It reads the version out of the negotiated media type.
      notAcceptable: problemOf(new NotAcceptable()),
    };
  }
  const noNegotiation = { notAcceptable: null };
  if (scheme instanceof URLPathVersioning) {
    const placement = {
      kind: 'url-path',
      param: scheme.versionParam,
      // The version a path without it is served.
      defaultVersion: rules.defaultVersion,
    } as const;
    return { scheme, placement, invalidVersion: notFound('Invalid version in URL path.'), ...noNegotiation };
  }
  // A route of a namespace is reached only through its namespace's prefix, which holds the version already.
  if (scheme instanceof NamespaceVersioning)
    return { scheme, placement: { kind: 'namespace' }, invalidVersion: null, ...noNegotiation };
  if (scheme instanceof HostNameVersioning) {
    if (!(scheme.hostnameRegex instanceof RegExp)) {
      throw mustBe(where, 'hostnameRegex', 'a RegExp', scheme.hostnameRegex);
    }
    const placement = { kind: 'host', regex: scheme.hostnameRegex } as const;
    return { scheme, placement, invalidVersion: notFound('Invalid version in hostname.'), ...noNegotiation };
  }
  if (scheme instanceof QueryParameterVersioning) {
    const placement = {
      kind: 'parameter',
      in: 'query',
      name: scheme.versionParam,
      required,
      format: rules.versionFormat,
    } as const;
    return {
      scheme,
      placement,
      invalidVersion: notFound('Invalid version in query parameter.'),
      ...noNegotiation,
    };
  }
  if (scheme instanceof HeaderVersioning) {
    const { header } = scheme;
    const placement = {
      kind: 'parameter',
      in: 'header',
      name: header,
      required,
      format: rules.versionFormat,
    } as const;
    return {
      scheme,
      placement,
      invalidVersion: notFound(`Invalid version in "${header}" header.`),
      ...noNegotiation,
    };
  }
  if (scheme instanceof MediaTypeVersioning) {
    const { template } = scheme;
    if (!versionInMediaType.test(version)) {
      throw argumentError(
        `${where}: version ${JSON.stringify(version)} cannot appear in the media type ${JSON.stringify(template)} (only letters, digits, ".", "_" and "-" can)`,
      );
    }
    const placement = { kind: 'media-type', mediaType: template.replace('{version}', version) } as const;
    // It looks for its vendor type in `Accept` and negotiates nothing: a request without one gets plain JSON.
    return { scheme, placement, invalidVersion: invalidMediaType(), ...noNegotiation };
  }
  throw argumentError(
    `${where} is versioned by ${describe(scheme)}, whose version openapi() cannot place: it documents AcceptHeaderVersioning, URLPathVersioning, NamespaceVersioning, HostNameVersioning, QueryParameterVersioning, HeaderVersioning, MediaTypeVersioning, CompositeVersioning (and their subclasses)`,
  );
}
