/**
 * Versions read from `Accept`, by `AcceptHeaderVersioning` (a parameter of the negotiated media type) and
 * `MediaTypeVersioning` (a vendor type), alone and together in a `CompositeVersioning`: an element that asks for a
 * version is read or refused, never dropped in favour of the default version.
 */

export type Outcome =
  | { readonly version: string | null }
  | {
      readonly error: 'NotAcceptable' | 'AmbiguousVersion';
      readonly status: number;
      readonly message: string;
    };

export interface AcceptCase {
  readonly title: string;
  readonly accept: string;
  readonly expected: Outcome;
}

const v = (version: string | null): Outcome => ({ version });
/** Negotiation's 406: what both schemes answer for an element that asks for a version they cannot read. */
const unreadable: Outcome = {
  error: 'NotAcceptable',
  status: 406,
  message: 'Could not satisfy the request Accept header.',
};
const notAllowed: Outcome = {
  error: 'NotAcceptable',
  status: 406,
  message: 'Invalid version in "Accept" header.',
};

/** `AcceptHeaderVersioning({ defaultVersion: '1.0', allowedVersions: ['1.0', '2.0'] })`. */
export const acceptHeaderCases: readonly AcceptCase[] = [
  { title: 'a concrete type with a version', accept: 'application/json; version=2.0', expected: v('2.0') },
  { title: 'the any-type range lends its version', accept: '*/*; version=2.0', expected: v('2.0') },
  { title: 'a subtype wildcard lends its version', accept: 'application/*; version=2.0', expected: v('2.0') },
  {
    title: '*/json with a version is no media range: refused, not the default version',
    accept: '*/json; version=2.0',
    expected: unreadable,
  },
  {
    title: '*/json with a version refused even beside */* (which would serve the default)',
    accept: '*/json; version=2.0, */*;q=0.5',
    expected: unreadable,
  },
  { title: 'a bare */json asks for no version: the default', accept: '*/json', expected: v('1.0') },
  { title: 'a malformed version parameter', accept: 'application/json; version=3:0', expected: unreadable },
  { title: 'a version not allowed', accept: 'application/json; version=3.0', expected: notAllowed },
];

/** `MediaTypeVersioning({ template: 'application/vnd.acme.{version}+json', defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] })`. */
export const mediaTypeCases: readonly AcceptCase[] = [
  { title: 'the vendor type', accept: 'application/vnd.acme.v2+json', expected: v('v2') },
  {
    title: 'the vendor type with well-formed parameters',
    accept: 'application/vnd.acme.v2+json; charset=utf-8',
    expected: v('v2'),
  },
  {
    title: 'the vendor type with a malformed parameter (as AcceptHeaderVersioning answers)',
    accept: 'application/vnd.acme.v2+json; version=3:0',
    expected: unreadable,
  },
  {
    title: 'the vendor type with an unterminated quoted parameter',
    accept: 'application/vnd.acme.v2+json; charset="utf-8',
    expected: unreadable,
  },
  {
    title: 'the vendor type with an invalid q',
    accept: 'application/vnd.acme.v2+json;q=2',
    expected: unreadable,
  },
  {
    title: 'a malformed vendor type beside a readable one is still refused',
    accept: 'application/vnd.acme.v2+json; x=3:0, application/vnd.acme.v1+json',
    expected: unreadable,
  },
  {
    title: 'the vendor type under a * type is no media range: refused',
    accept: '*/vnd.acme.v2+json',
    expected: unreadable,
  },
  {
    title: 'a malformed element that names no vendor type is skipped',
    accept: 'application/json; x=3:0, application/vnd.acme.v2+json',
    expected: v('v2'),
  },
  { title: 'no vendor type: the default', accept: 'application/json', expected: v('v1') },
  { title: 'a version not allowed', accept: 'application/vnd.acme.v3+json', expected: notAllowed },
];

/**
 * `CompositeVersioning([AcceptHeaderVersioning, MediaTypeVersioning])`, defaultVersion '1.0', allowedVersions
 * ['1.0', '2.0', 'v1', 'v2'], run in both member orders: when only one member carries a version, the order must
 * not matter.
 */
export const compositeCases: readonly AcceptCase[] = [
  {
    title: 'only the vendor type carries a version',
    accept: 'application/vnd.acme.v2+json',
    expected: v('v2'),
  },
  {
    title: 'only the vendor type, beside a JSON range without a version',
    accept: 'application/json;q=0.5, application/vnd.acme.v2+json',
    expected: v('v2'),
  },
  {
    title: 'only the media type parameter carries a version',
    accept: 'application/json; version=2.0',
    expected: v('2.0'),
  },
  { title: 'a wildcard with a version', accept: '*/*; version=2.0', expected: v('2.0') },
  { title: 'neither: the default', accept: 'application/json', expected: v('1.0') },
  { title: 'no Accept at all: the default', accept: '', expected: v('1.0') },
  {
    title: 'a vendor version the composite does not allow: the media type’s 406',
    accept: 'application/vnd.acme.v3+json',
    expected: notAllowed,
  },
  { title: 'an unreadable version parameter', accept: 'application/json; version=3:0', expected: unreadable },
  { title: 'an unreadable vendor type', accept: 'application/vnd.acme.v2+json; x=3:0', expected: unreadable },
  { title: '*/json with a version', accept: '*/json; version=2.0', expected: unreadable },
  { title: 'nothing renderable', accept: 'text/html', expected: unreadable },
];
