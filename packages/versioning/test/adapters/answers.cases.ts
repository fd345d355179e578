/** One request to the table's UrlConf and the answer every adapter must give it. */
export interface AnswerCase {
  readonly title: string;
  readonly method?: string;
  readonly path: string;
  /** Sent as they are (`Host` too). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly status: number;
  /** The version the handler saw (200), or the problem's `code`. */
  readonly answer: { readonly version: string | null } | { readonly code: string };
  /** The `Vary` fields, lower-cased, in order; `[]`: no `Vary` at all. */
  readonly vary: readonly string[];
  /** Other headers and their exact values (names lower-case); `null`: absent. */
  readonly headersOut?: Readonly<Record<string, string | null>>;
}

const host = '127.0.0.1';

/**
 * The table: every scheme served, refused and reported (lifecycle headers, `supportedVersions`), the Host check,
 * since/until, unrouted paths and methods. Served with `reportVersions`, a policy on v1 and `problems: true`.
 */
export const answerCases: readonly AnswerCase[] = [
  {
    title: 'URL path v2: served, reported',
    path: '/v2/users/7/',
    status: 200,
    answer: { version: 'v2' },
    vary: [],
    headersOut: { 'api-supported-versions': 'v1, v2', deprecation: null },
  },
  {
    title: 'URL path v1: served with its policy',
    path: '/v1/users/7/',
    status: 200,
    answer: { version: 'v1' },
    vary: [],
    headersOut: { 'api-supported-versions': 'v1, v2', deprecation: '@4102444800' },
  },
  {
    title: 'URL path v9: 404, the reported versions still sent',
    path: '/v9/users/7/',
    status: 404,
    answer: { code: 'not_found' },
    vary: ['accept-language'],
    headersOut: { 'api-supported-versions': 'v1, v2', 'content-language': 'en' },
  },
  {
    title: 'Accept 2.0: served, varying on Accept',
    path: '/accept/items/',
    headers: { accept: 'application/json; version=2.0' },
    status: 200,
    answer: { version: '2.0' },
    vary: ['accept'],
  },
  {
    title: 'Accept 3.0: 406, varying on Accept and Accept-Language',
    path: '/accept/items/',
    headers: { accept: 'application/json; version=3.0' },
    status: 406,
    answer: { code: 'not_acceptable' },
    vary: ['accept', 'accept-language'],
  },
  {
    title: 'query 2.0: served',
    path: '/query/items/?version=2.0',
    status: 200,
    answer: { version: '2.0' },
    vary: [],
  },
  {
    title: 'host v2: served',
    path: '/host/items/',
    headers: { host: 'v2.example.com' },
    status: 200,
    answer: { version: 'v2' },
    vary: [],
  },
  {
    title: 'a host not allowed: 400, on a version-neutral route too',
    path: '/health/',
    headers: { host: 'evil.test' },
    status: 400,
    answer: { code: 'disallowed_host' },
    vary: ['accept-language'],
  },
  {
    title: 'a version-neutral route: served without a version',
    path: '/health/',
    headers: { host },
    status: 200,
    answer: { version: null },
    vary: [],
    headersOut: { 'api-supported-versions': null },
  },
  {
    title: 'since v2: v2 answered by the later route',
    path: '/v2/reports/',
    status: 200,
    answer: { version: 'v2' },
    vary: [],
  },
  {
    title: 'until v2: v1 answered by the first route',
    path: '/v1/reports/',
    status: 200,
    answer: { version: 'v1' },
    vary: [],
  },
  {
    title: 'no route on the path: 404',
    path: '/nowhere/',
    status: 404,
    answer: { code: 'not_found' },
    vary: ['accept-language'],
  },
  {
    title: 'a route without the method: 405 with Allow',
    method: 'DELETE',
    path: '/v1/users/',
    status: 405,
    answer: { code: 'method_not_allowed' },
    vary: ['accept-language'],
    headersOut: { allow: 'GET, HEAD' },
  },
];
