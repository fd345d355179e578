import type { IncomingMessage } from 'node:http';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { AmbiguousVersion, APIException } from '../../src/errors.js';
import { createRequest } from '../../src/http/request.js';
import type { BaseVersioning } from '../../src/schemes/base.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { stringWork } from '../work-meter.js';

/**
 * A request as node:http hands it over, with these headers: unlike a fetch `Request`, Node lets through any byte a
 * client sends (as latin1), so garbage reaches the schemes as it would in production.
 */
function requestWith(headers: Record<string, string>, url = '/users/') {
  return createRequest({ method: 'GET', url, headers } as unknown as IncomingMessage);
}

/** What determineVersion() did: the version, or the APIException's class name and versions. */
type Outcome =
  { readonly version: string | null } | { readonly error: string; readonly versions: readonly string[] };

function outcome(scheme: BaseVersioning, request: ReturnType<typeof requestWith>): Outcome {
  try {
    return { version: scheme.determineVersion(request) };
  } catch (error) {
    if (!(error instanceof APIException)) throw error;
    return { error: error.name, versions: error instanceof AmbiguousVersion ? error.versions : [] };
  }
}

const pieces = (...extra: string[]) =>
  fc.constantFrom(
    ...extra,
    ',',
    ';',
    '/',
    '=',
    '"',
    '\\',
    ' ',
    '\t',
    '*',
    'q=0',
    'q=0.5',
    'q=1',
    'v1',
    'v2',
    '2.0',
    'é',
    '\u0000',
    '\u{1F600}',
  );
const anyText = (...extra: string[]) =>
  fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.array(pieces(...extra), { maxLength: 40 }).map((parts) => parts.join('')),
  );

/** The elements of a header value, trimmed of spaces and tabs, empty ones dropped, each once: a plain model. */
function listedVersions(value: string): string[] {
  const elements = value.split(',').map((element) => element.replace(/^[ \t]+/, '').replace(/[ \t]+$/, ''));
  return [...new Set(elements.filter((element) => element !== ''))];
}

describe('HeaderVersioning on any header value', () => {
  const scheme = new HeaderVersioning({ defaultVersion: 'd', allowedVersions: ['d', 'v1', 'v2', '2.0'] });

  test('answers as the model says, and throws nothing but NotFound and AmbiguousVersion', () => {
    fc.assert(
      fc.property(anyText(), (value) => {
        const listed = listedVersions(value);
        const result = outcome(scheme, requestWith({ 'api-version': value }));
        if (listed.length > 1) expect(result).toEqual({ error: 'AmbiguousVersion', versions: listed });
        else if (listed.length === 0) expect(result).toEqual({ version: 'd' });
        else if (scheme.isAllowedVersion(listed[0])) expect(result).toEqual({ version: listed[0] });
        else expect(result).toEqual({ error: 'NotFound', versions: [] });
      }),
      { numRuns: 1000 },
    );
  });

  test('a header listing 100,000 different versions is answered, naming each once', () => {
    const value = Array.from({ length: 100_000 }, (_, index) => ` ${index % 50_000}\t`).join(',');
    const result = outcome(scheme, requestWith({ 'api-version': value }));
    expect(result).toEqual({
      error: 'AmbiguousVersion',
      versions: Array.from({ length: 50_000 }, (_, index) => String(index)),
    });
  });

  test('a megabyte of whitespace around a version is answered', () => {
    const value = `${' '.repeat(500_000)}v2${'\t'.repeat(500_000)}x`;
    expect(outcome(scheme, requestWith({ 'api-version': value }))).toEqual({
      error: 'NotFound',
      versions: [],
    });
  });
});

describe('MediaTypeVersioning on any Accept header', () => {
  const template = 'application/vnd.acme.{version}+json';
  const vendorPieces = ['application/vnd.acme.', '+json', 'application/json', 'application/', 'vnd.acme'];

  test('throws nothing but NotAcceptable and AmbiguousVersion; a version it reads was sent as a vendor type', () => {
    const scheme = new MediaTypeVersioning({ template, defaultVersion: 'd' });
    fc.assert(
      fc.property(anyText(...vendorPieces), (accept) => {
        const request = requestWith({ accept });
        const result = outcome(scheme, request);
        if ('error' in result && result.error === 'NotAcceptable') {
          // A vendor type it cannot read (malformed parameters, a `*` type) is refused, never the default served.
          expect(accept.toLowerCase()).toMatch(/vnd\.acme\.[a-z0-9._-]+\+json/);
          return;
        }
        if ('error' in result) {
          expect(result.error).toBe('AmbiguousVersion');
          expect(result.versions.length).toBeGreaterThan(1);
          return;
        }
        if (result.version === 'd') return;
        expect(result.version).toMatch(/^[A-Za-z0-9._-]+$/);
        expect(accept.toLowerCase()).toContain(
          `application/vnd.acme.${String(result.version).toLowerCase()}+json`,
        );
        expect(request.acceptedMediaType).toBe(`application/vnd.acme.${String(result.version)}+json`);
      }),
      { numRuns: 2000 },
    );
  });

  test('of well-formed ranges, the vendor versions with the highest q count', () => {
    const range = fc.oneof(
      fc.record({ version: fc.stringMatching(/^[A-Za-z0-9._-]{1,6}$/), q: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ version: fc.constant(null), q: fc.integer({ min: 0, max: 3 }) }),
    );
    const scheme = new MediaTypeVersioning({ template, defaultVersion: 'd' });
    fc.assert(
      fc.property(fc.array(range, { maxLength: 8 }), (ranges) => {
        const weight = (q: number) => (q === 3 ? 1 : q / 10);
        const accept = ranges
          .map(({ version, q }) =>
            version === null
              ? `text/html;q=${weight(q)}`
              : `application/vnd.acme.${version}+json; q=${weight(q)}`,
          )
          .join(', ');
        const vendor = ranges.filter((r) => r.version !== null && weight(r.q) > 0);
        const top = Math.max(0, ...vendor.map((r) => weight(r.q)));
        const wanted = [
          ...new Set(vendor.filter((r) => weight(r.q) === top).map((r) => r.version as string)),
        ];
        const result = outcome(scheme, requestWith({ accept }));
        if (wanted.length === 0) expect(result).toEqual({ version: 'd' });
        else if (wanted.length === 1) expect(result).toEqual({ version: wanted[0] });
        else expect(result).toEqual({ error: 'AmbiguousVersion', versions: wanted });
      }),
      { numRuns: 1000 },
    );
  });

  test('a remembered answer is the answer worked out anew', () => {
    const shared = new MediaTypeVersioning({ template, defaultVersion: 'd' });
    fc.assert(
      fc.property(anyText(...vendorPieces), (accept) => {
        const fresh = outcome(
          new MediaTypeVersioning({ template, defaultVersion: 'd' }),
          requestWith({ accept }),
        );
        expect(outcome(shared, requestWith({ accept }))).toEqual(fresh);
        expect(outcome(shared, requestWith({ accept }))).toEqual(fresh);
      }),
      { numRuns: 500 },
    );
  });

  const adversarial: readonly (readonly [string, (size: number) => string])[] = [
    [
      'vendor ranges, all different',
      (size) => Array.from({ length: size / 30 }, (_, i) => `application/vnd.acme.v${i}+json`).join(','),
    ],
    ['one long almost-version', (size) => `application/vnd.acme.${'v'.repeat(size)}!+json`],
    ['a long prefix repeated', (size) => `application/${'vnd.acme.'.repeat(size / 9)}+json`],
    ['commas only', (size) => ','.repeat(size)],
  ];

  test.each(adversarial)(
    '%s: ten times the header costs about ten times the work (counted, not timed)',
    (_name, make) => {
      const scheme = new MediaTypeVersioning({ template });
      const steps = (accept: string) => stringWork(() => outcome(scheme, requestWith({ accept })));
      const ratio = steps(make(1_000_000)) / steps(make(100_000));
      expect(ratio).toBeGreaterThan(5);
      expect(ratio).toBeLessThan(20);
    },
  );
});

describe('CompositeVersioning on any header and query values', () => {
  const scheme = new CompositeVersioning([new HeaderVersioning(), new QueryParameterVersioning()], {
    defaultVersion: 'd',
  });
  const version = fc.oneof(
    fc.constant(null),
    fc.constantFrom('1', '2', ' 2', '1,2', ''),
    fc.string({ maxLength: 4 }),
  );

  test('explicit versions from either place: one is the answer, several are ambiguous', () => {
    fc.assert(
      fc.property(version, version, (header, query) => {
        const url = query === null ? '/' : `/?${new URLSearchParams({ version: query }).toString()}`;
        const result = outcome(scheme, requestWith(header === null ? {} : { 'api-version': header }, url));
        const fromHeader = header === null ? [] : listedVersions(header);
        if (fromHeader.length > 1) {
          expect(result).toEqual({ error: 'AmbiguousVersion', versions: fromHeader });
          return;
        }
        const explicit = [...new Set([...fromHeader, ...(query === null ? [] : [query])])];
        if (explicit.length > 1) expect(result).toEqual({ error: 'AmbiguousVersion', versions: explicit });
        else expect(result).toEqual({ version: explicit[0] ?? 'd' });
      }),
      { numRuns: 1000 },
    );
  });
});
