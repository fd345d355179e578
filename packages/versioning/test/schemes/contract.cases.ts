import { NotAcceptable, NotFound } from '../../src/errors.js';
import { createRequest } from '../../src/http/request.js';
import type { LazyString } from '../../src/i18n/lazy.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import type { BaseVersioning, VersioningOptions } from '../../src/schemes/base.js';
import { CompositeVersioning as Composite } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { MediaTypeVersioning as MediaType } from '../../src/schemes/media-type-versioning.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { include, path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

/** A scheme class as the contract suite sees it. */
export type SchemeClass = new (options?: VersioningOptions) => BaseVersioning & {
  invalidVersionMessage?: LazyString;
};

export interface SchemeContract {
  readonly name: string;
  readonly Scheme: SchemeClass;
  /** What a version that is not allowed throws (seed § Errors). */
  readonly error: typeof NotFound | typeof NotAcceptable;
  readonly status: number;
  readonly code: string;
  readonly message: string;
  /** The message in German, DRF's own translation. */
  readonly german: string;
  /** Whether the client puts the version under `versionParam` (not so for namespaces and host names). */
  readonly usesVersionParam: boolean;
  /** Whether the constructor takes a `versionParam` option (the schemes that read no parameter refuse it). */
  readonly takesVersionParam: boolean;
  /** Whether the scheme has an `invalidVersionMessage` of its own (a composite refuses with its member's). */
  readonly ownsMessage: boolean;
  /** The version `scheme` determines for a request that carries `version` (`null`: carries none) under `param`. */
  readonly determine: (
    scheme: Pick<BaseVersioning, 'determineVersion'>,
    version: string | null,
    param: string,
  ) => string | null;
}

/** A route table whose only include is namespaced `version`, as NamespaceVersioning reads it. */
function namespacedRequest(version: string | null) {
  const users = [path('/users/', 'users', { name: 'users-list' })];
  const urlconf = new UrlConf(
    version === null ? [include('/plain', users)] : [include(`/${version}`, users, { namespace: version })],
  );
  return createRequest(new Request(`http://localhost/${version ?? 'plain'}/users/`), { urlconf });
}

/** MediaTypeVersioning with a template fixed, so that it is built like the others: `new Scheme(options?)`. */
const VendorMediaType = class MediaTypeVersioning extends MediaType {
  constructor(options: VersioningOptions = {}) {
    super({ template: 'application/vnd.acme.{version}+json', ...options });
  }
};

/** CompositeVersioning over a header and a query parameter, built like the others: `new Scheme(options?)`. */
const HeaderOrQuery = class CompositeVersioning extends Composite {
  constructor(options: VersioningOptions = {}) {
    super([new HeaderVersioning(), new QueryParameterVersioning()], options);
  }
};

/** A request whose `Api-Version` header is `version` (none for `null`). */
function headerRequest(version: string | null) {
  const headers: Record<string, string> = version === null ? {} : { 'api-version': version };
  return createRequest(new Request('http://localhost/users/', { headers }));
}

/**
 * The five seed schemes, each with the request shape the seed gives for it (§ Request shapes that carry the version),
 * then the three of SPEC § More schemes.
 */
export const schemeContracts: readonly SchemeContract[] = [
  {
    name: 'AcceptHeaderVersioning',
    Scheme: AcceptHeaderVersioning,
    error: NotAcceptable,
    status: 406,
    code: 'not_acceptable',
    message: 'Invalid version in "Accept" header.',
    german: 'Ungültige Version in der "Accept" Kopfzeile.',
    usesVersionParam: true,
    takesVersionParam: true,
    ownsMessage: true,
    determine: (scheme, version, param) => {
      const headers: Record<string, string> =
        version === null ? {} : { accept: `application/json; ${param}=${version}` };
      return scheme.determineVersion(createRequest(new Request('http://localhost/users/', { headers })));
    },
  },
  {
    name: 'URLPathVersioning',
    Scheme: URLPathVersioning,
    error: NotFound,
    status: 404,
    code: 'not_found',
    message: 'Invalid version in URL path.',
    german: 'Ungültige Version im URL-Pfad.',
    usesVersionParam: true,
    takesVersionParam: true,
    ownsMessage: true,
    determine: (scheme, version, param) => {
      const request = createRequest(new Request(`http://localhost/${version ?? ''}/users/`));
      return scheme.determineVersion(request, [], version === null ? {} : { [param]: version });
    },
  },
  {
    name: 'NamespaceVersioning',
    Scheme: NamespaceVersioning,
    error: NotFound,
    status: 404,
    code: 'not_found',
    message: 'Invalid version in URL path. Does not match any version namespace.',
    german: 'Ungültige Version im URL-Pfad. Entspricht keinem Versions-Namensraum.',
    usesVersionParam: false,
    takesVersionParam: true,
    ownsMessage: true,
    determine: (scheme, version) => scheme.determineVersion(namespacedRequest(version)),
  },
  {
    name: 'HostNameVersioning',
    Scheme: HostNameVersioning,
    error: NotFound,
    status: 404,
    code: 'not_found',
    message: 'Invalid version in hostname.',
    german: 'Ungültige Version im Hostname.',
    usesVersionParam: false,
    takesVersionParam: true,
    ownsMessage: true,
    determine: (scheme, version) => {
      const host = version === null ? 'example.com' : `${version}.example.com`;
      return scheme.determineVersion(
        createRequest(new Request(`http://${host}/users/`), { allowedHosts: ['.example.com'] }),
      );
    },
  },
  {
    name: 'QueryParameterVersioning',
    Scheme: QueryParameterVersioning,
    error: NotFound,
    status: 404,
    code: 'not_found',
    message: 'Invalid version in query parameter.',
    german: 'Ungültige Version im Anfrageparameter.',
    usesVersionParam: true,
    takesVersionParam: true,
    ownsMessage: true,
    determine: (scheme, version, param) => {
      const query = version === null ? '' : `?${new URLSearchParams({ [param]: version }).toString()}`;
      return scheme.determineVersion(createRequest(new Request(`http://localhost/users/${query}`)));
    },
  },
  {
    name: 'HeaderVersioning',
    Scheme: HeaderVersioning,
    error: NotFound,
    status: 404,
    code: 'not_found',
    message: 'Invalid version in "Api-Version" header.',
    german: 'Ungültige Version in der "Api-Version" Kopfzeile.',
    usesVersionParam: false,
    takesVersionParam: false,
    ownsMessage: true,
    determine: (scheme, version) => scheme.determineVersion(headerRequest(version)),
  },
  {
    name: 'MediaTypeVersioning',
    Scheme: VendorMediaType,
    error: NotAcceptable,
    status: 406,
    code: 'not_acceptable',
    message: 'Invalid version in "Accept" header.',
    german: 'Ungültige Version in der "Accept" Kopfzeile.',
    usesVersionParam: false,
    takesVersionParam: false,
    ownsMessage: true,
    determine: (scheme, version) => {
      const headers: Record<string, string> =
        version === null ? {} : { accept: `application/vnd.acme.${version}+json` };
      return scheme.determineVersion(createRequest(new Request('http://localhost/users/', { headers })));
    },
  },
  {
    name: 'CompositeVersioning',
    Scheme: HeaderOrQuery,
    error: NotFound,
    status: 404,
    code: 'not_found',
    message: 'Invalid version in "Api-Version" header.',
    german: 'Ungültige Version in der "Api-Version" Kopfzeile.',
    usesVersionParam: false,
    takesVersionParam: false,
    ownsMessage: false,
    determine: (scheme, version) => scheme.determineVersion(headerRequest(version)),
  },
];
