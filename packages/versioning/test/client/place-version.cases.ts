// placeVersion() case tables: where each scheme puts the version, and what it refuses.
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import type { BaseVersioning } from '../../src/schemes/base.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';

export interface PlaceCase {
  readonly title: string;
  readonly scheme: BaseVersioning;
  readonly version: string;
  readonly url: string | URL;
  readonly headers?: HeadersInit;
  /** The placed URL's href. */
  readonly href: string;
  /** Headers of the placed request, names lower-case. */
  readonly sent: Readonly<Record<string, string>>;
}

export const placeCases: readonly PlaceCase[] = [
  {
    title: 'Accept: application/json with the parameter by default',
    scheme: new AcceptHeaderVersioning(),
    version: '2.0',
    url: 'https://api.example.com/users/',
    href: 'https://api.example.com/users/',
    sent: { accept: 'application/json; version=2.0' },
  },
  {
    title: 'Accept: every range gets it, an existing one (any case) is replaced, weights stay last',
    scheme: new AcceptHeaderVersioning({ versionParam: 'v' }),
    version: '3',
    url: 'https://api.example.com/users/',
    headers: { Accept: 'application/json;V=1;q=0.9, text/html ,*/*;q=0.1' },
    href: 'https://api.example.com/users/',
    sent: { accept: 'application/json; v=3;q=0.9, text/html; v=3, */*; v=3;q=0.1' },
  },
  {
    title: 'Accept: a version that is no token is quoted',
    scheme: new AcceptHeaderVersioning(),
    version: '1 "beta"',
    url: 'https://api.example.com/users/',
    href: 'https://api.example.com/users/',
    sent: { accept: 'application/json; version="1 \\"beta\\""' },
  },
  {
    title: 'query: set, another parameter and the fragment kept',
    scheme: new QueryParameterVersioning(),
    version: '2.0',
    url: 'https://api.example.com/users/?page=2#top',
    href: 'https://api.example.com/users/?page=2&version=2.0#top',
    sent: {},
  },
  {
    title: 'query: replaced, every repetition removed',
    scheme: new QueryParameterVersioning({ versionParam: 'api' }),
    version: 'a b&c',
    url: 'https://api.example.com/users/?api=1&page=2&api=3',
    href: 'https://api.example.com/users/?api=a+b%26c&page=2',
    sent: {},
  },
  {
    title: 'header: its own, other headers kept',
    scheme: new HeaderVersioning({ header: 'X-API-Version' }),
    version: '2',
    url: 'https://api.example.com/users/',
    headers: [['Authorization', 'Bearer t']],
    href: 'https://api.example.com/users/',
    sent: { authorization: 'Bearer t', 'x-api-version': '2' },
  },
  {
    title: 'media type: the vendor type replaces Accept',
    scheme: new MediaTypeVersioning({ template: 'application/vnd.acme.{version}+json' }),
    version: 'v2',
    url: 'https://api.example.com/users/',
    headers: { accept: 'application/json' },
    href: 'https://api.example.com/users/',
    sent: { accept: 'application/vnd.acme.v2+json' },
  },
  {
    title: 'URL path: {version} in the path, percent-encoded, whatever the versionParam',
    scheme: new URLPathVersioning({ versionParam: 'api' }),
    version: 'v 2/β',
    url: 'https://api.example.com/{version}/users/',
    href: 'https://api.example.com/v%202%2F%CE%B2/users/',
    sent: {},
  },
  {
    title: 'URL path: a URL object’s %7Bversion%7D counts, the query is left alone',
    scheme: new URLPathVersioning(),
    version: 'v1',
    url: new URL('https://api.example.com/{version}/users/?q={version}'),
    href: 'https://api.example.com/v1/users/?q={version}',
    sent: {},
  },
  {
    title: 'host name: {version} in the host',
    scheme: new HostNameVersioning(),
    version: 'v2',
    url: 'https://{version}.example.com:8443/users/',
    href: 'https://v2.example.com:8443/users/',
    sent: {},
  },
  {
    title: 'composite: the way its first scheme does',
    scheme: new CompositeVersioning([new QueryParameterVersioning(), new HeaderVersioning()]),
    version: '2',
    url: 'https://api.example.com/users/',
    href: 'https://api.example.com/users/?version=2',
    sent: {},
  },
];

export interface RefusalCase {
  readonly title: string;
  readonly call: () => unknown;
  readonly code: string;
  /** A part of the message. */
  readonly message: string;
}
