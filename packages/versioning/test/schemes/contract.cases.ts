import { NotAcceptable, NotFound } from '../../src/errors.js';
import { createRequest } from '../../src/http/request.js';
import type { LazyString } from '../../src/i18n/lazy.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import type { BaseVersioning, VersioningOptions } from '../../src/schemes/base.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { include, path, UrlConf } from '../../src/urls/urlconf.js';

/** A scheme class as the contract suite sees it. */
export type SchemeClass = new (options?: VersioningOptions) => BaseVersioning & {
  invalidVersionMessage: LazyString;
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

/** The five schemes, each with the request shape the seed gives for it (§ Request shapes that carry the version). */
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
    determine: (scheme, version, param) => {
      const query = version === null ? '' : `?${new URLSearchParams({ [param]: version }).toString()}`;
      return scheme.determineVersion(createRequest(new Request(`http://localhost/users/${query}`)));
    },
  },
];
