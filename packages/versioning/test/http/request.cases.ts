/** The `ALLOWED_HOSTS` of Django's own `test_http_get_host` (tests/requests_tests). */
export const djangoAllowedHosts = [
  'forward.com',
  'example.com',
  'internal.com',
  '12.34.56.78',
  '[2001:19f0:feee::dead:beef:cafe]',
  'xn--4ca9at.com',
  '.multitenant.com',
  'INSENSITIVE.com',
  '[::ffff:169.254.169.254]',
] as const;

export interface HostCase {
  readonly host: string;
  readonly allowed: boolean;
}

/** Django's legitimate and poisoned hosts, plus the edges of the domain and port rules. */
export const hostCases: readonly HostCase[] = [
  // Django's legit_hosts
  { host: 'example.com', allowed: true },
  { host: 'example.com:80', allowed: true },
  { host: '12.34.56.78', allowed: true },
  { host: '12.34.56.78:443', allowed: true },
  { host: '[2001:19f0:feee::dead:beef:cafe]', allowed: true },
  { host: '[2001:19f0:feee::dead:beef:cafe]:8080', allowed: true },
  { host: 'xn--4ca9at.com', allowed: true },
  { host: 'anything.multitenant.com', allowed: true },
  { host: 'multitenant.com', allowed: true },
  { host: 'insensitive.com', allowed: true },
  { host: 'example.com.', allowed: true },
  { host: 'example.com.:80', allowed: true },
  { host: '[::ffff:169.254.169.254]', allowed: true },
  // Django's poisoned_hosts
  { host: 'example.com@evil.tld', allowed: false },
  { host: 'example.com:dr.frankenstein@evil.tld', allowed: false },
  { host: 'example.com:dr.frankenstein@evil.tld:80', allowed: false },
  { host: 'example.com:80/badpath', allowed: false },
  { host: 'example.com: recovermypassword.com', allowed: false },
  // the rules' edges
  { host: 'EXAMPLE.com', allowed: true },
  { host: 'deep.sub.multitenant.com', allowed: true },
  { host: 'evilmultitenant.com', allowed: false },
  { host: 'multitenant.com.evil.com', allowed: false },
  { host: 'other.com', allowed: false },
  { host: 'example.com..', allowed: false },
  { host: 'example.com:', allowed: false },
  { host: 'example.com:abc', allowed: false },
  { host: '[2001:19f0:feee::dead:beef:cafe', allowed: false },
  { host: '2001:19f0:feee::dead:beef:cafe', allowed: false },
  { host: 'exa mple.com', allowed: false },
  { host: 'ex\u00e4mple.com', allowed: false },
  { host: '', allowed: false },
  { host: '.', allowed: false },
];

/** Without `allowedHosts`: this machine only (Django's DEBUG defaults). */
export const defaultHostCases: readonly HostCase[] = [
  { host: 'localhost', allowed: true },
  { host: 'localhost:8000', allowed: true },
  { host: 'api.localhost', allowed: true },
  { host: '127.0.0.1:3000', allowed: true },
  { host: '[::1]', allowed: true },
  { host: '[::1]:8080', allowed: true },
  { host: 'example.com', allowed: false },
  { host: 'localhost.example.com', allowed: false },
  { host: '127.0.0.2', allowed: false },
];

export interface AbsoluteUriCase {
  readonly title: string;
  readonly location: string | undefined;
  readonly expected: string;
}

/** `buildAbsoluteUri()` of a request for `http://testserver/path/to/?x=1` (Django's rules). */
export const absoluteUriCases: readonly AbsoluteUriCase[] = [
  { title: 'the request’s own URL', location: undefined, expected: 'http://testserver/path/to/?x=1' },
  { title: 'an absolute path', location: '/foo/bar/', expected: 'http://testserver/foo/bar/' },
  {
    title: 'with query and fragment',
    location: '/foo/?a=1&b=2#top',
    expected: 'http://testserver/foo/?a=1&b=2#top',
  },
  {
    title: 'colons in the path',
    location: '/path/with:colons',
    expected: 'http://testserver/path/with:colons',
  },
  {
    title: 'an absolute URL as it is',
    location: 'https://example.com/foo?x',
    expected: 'https://example.com/foo?x',
  },
  {
    title: 'a scheme-relative URL',
    location: '//example.com/?foo=bar',
    expected: 'http://example.com/?foo=bar',
  },
  { title: 'an empty authority is a path', location: '///foo/bar/', expected: 'http://testserver/foo/bar/' },
  { title: 'a relative path', location: 'bar/', expected: 'http://testserver/path/to/bar/' },
  { title: 'a parent path', location: '../up', expected: 'http://testserver/path/up' },
  { title: 'a query only', location: '?page=2', expected: 'http://testserver/path/to/?page=2' },
  { title: 'dot segments are resolved', location: '/foo/./bar/', expected: 'http://testserver/foo/bar/' },
  { title: 'parent segments are resolved', location: '/foo/../bar/', expected: 'http://testserver/bar/' },
  {
    title: 'non-ASCII and spaces are percent-encoded',
    location: '/café/ a',
    expected: 'http://testserver/caf%C3%A9/%20a',
  },
  {
    title: 'a backslash stays in the path',
    location: '/\\evil.com',
    expected: 'http://testserver/%5Cevil.com',
  },
  {
    title: 'a lone surrogate becomes U+FFFD',
    location: '/a\ud800',
    expected: 'http://testserver/a%EF%BF%BD',
  },
];
