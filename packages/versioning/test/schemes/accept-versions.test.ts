import type { IncomingMessage } from 'node:http';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { AmbiguousVersion, APIException } from '../../src/errors.js';
import { createRequest } from '../../src/http/request.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import type { BaseVersioning } from '../../src/schemes/base.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { acceptHeaderCases, compositeCases, mediaTypeCases, type Outcome } from './accept-versions.cases.js';

/** A request as node:http hands it over: any byte a client sends reaches the schemes. */
const requestWith = (accept: string) =>
  createRequest({
    method: 'GET',
    url: '/users/',
    headers: accept === '' ? {} : { accept },
  } as unknown as IncomingMessage);

function outcome(scheme: BaseVersioning, accept: string): Outcome {
  try {
    return { version: scheme.determineVersion(requestWith(accept)) };
  } catch (error) {
    if (!(error instanceof APIException)) throw error;
    return {
      error: error.name as 'NotAcceptable',
      status: error.statusCode,
      message: error.message,
    };
  }
}

const acceptHeader = () =>
  new AcceptHeaderVersioning({ defaultVersion: '1.0', allowedVersions: ['1.0', '2.0'] });
const mediaType = () =>
  new MediaTypeVersioning({
    template: 'application/vnd.acme.{version}+json',
    defaultVersion: 'v1',
    allowedVersions: ['v1', 'v2'],
  });
const compositeRules = { defaultVersion: '1.0', allowedVersions: ['1.0', '2.0', 'v1', 'v2'] };
const orders = [
  ['[AcceptHeader, MediaType]', () => new CompositeVersioning([acceptHeader(), mediaType()], compositeRules)],
  ['[MediaType, AcceptHeader]', () => new CompositeVersioning([mediaType(), acceptHeader()], compositeRules)],
] as const;

describe('AcceptHeaderVersioning: a range with a version is read or refused', () => {
  test.each(acceptHeaderCases)('$title: $accept', ({ accept, expected }) => {
    expect(outcome(acceptHeader(), accept)).toEqual(expected);
  });
});

describe('MediaTypeVersioning: a vendor type it cannot read is a 406, as for AcceptHeaderVersioning', () => {
  test.each(mediaTypeCases)('$title: $accept', ({ accept, expected }) => {
    expect(outcome(mediaType(), accept)).toEqual(expected);
  });

  test('the same mistake gets the same answer from both schemes', () => {
    expect(outcome(mediaType(), 'application/vnd.acme.v2+json; version=3:0')).toEqual(
      outcome(acceptHeader(), 'application/json; version=3:0'),
    );
  });
});

describe.each(orders)('CompositeVersioning %s', (_order, composite) => {
  test.each(compositeCases)('$title: $accept', ({ accept, expected }) => {
    expect(outcome(composite(), accept)).toEqual(expected);
  });

  test('a vendor version is served as the vendor type', () => {
    const request = requestWith('application/vnd.acme.v2+json');
    const scheme = composite();
    expect(scheme.determineVersion(request)).toBe('v2');
    expect(scheme.responseMediaType(request)).toBe('application/vnd.acme.v2+json');
  });
});

/** The elements Accept headers are made of here: versions in either place, wildcards, malformed ones, weights. */
const element = fc.constantFrom(
  'application/json',
  'application/json; version=2.0',
  'application/json; version=v1',
  'application/json; version=3:0',
  'application/json;q=0',
  '*/*',
  '*/*; version=1.0',
  'application/*; version=2.0',
  '*/json; version=2.0',
  '*/json',
  'application/vnd.acme.v1+json',
  'application/vnd.acme.v2+json',
  'application/vnd.acme.v3+json',
  'application/vnd.acme.v2+json; x=3:0',
  '*/vnd.acme.v1+json',
  'text/html',
  'garbage',
);
const weighted = fc.tuple(element, fc.constantFrom('', ';q=1', ';q=0.5', ';q=0'));
const acceptHeaders = fc
  .array(weighted, { maxLength: 5 })
  .map((elements) => elements.map(([range, q]) => range + q).join(', '));

/** The outcome with an ambiguity's versions sorted: they are listed in member order, which the orders differ in. */
function orderFree(scheme: BaseVersioning, accept: string): unknown {
  try {
    return { version: scheme.determineVersion(requestWith(accept)) };
  } catch (error) {
    if (!(error instanceof APIException)) throw error;
    const versions = error instanceof AmbiguousVersion ? [...error.versions].sort() : [];
    return {
      status: error.statusCode,
      code: error.code,
      message: versions.length > 0 ? '' : error.message,
      versions,
    };
  }
}

describe('CompositeVersioning of AcceptHeaderVersioning and MediaTypeVersioning', () => {
  test('answers every Accept header the same in either member order', () => {
    fc.assert(
      fc.property(acceptHeaders, (accept) => {
        expect(orderFree(orders[1][1](), accept)).toEqual(orderFree(orders[0][1](), accept));
      }),
      { numRuns: 2000 },
    );
  });
});
