import type { IncomingMessage } from 'node:http';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { APIException } from '../../src/errors.js';
import { createRequest } from '../../src/http/request.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { compareSemverKeys, isIsoDate, semverKey } from '../../src/schemes/version-format.js';
import { stringWork } from '../work-meter.js';

/** The reference: a date the calendar has, by `Date`'s own arithmetic. */
function referenceIsDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const semverPattern = /^v?(0|[1-9]\d*)(?:\.(0|[1-9]\d*))?(?:\.(0|[1-9]\d*))?$/;

const dateLike = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(
    ([y, m, d]) =>
      `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
  );
const pieces = fc.constantFrom(
  '0',
  '1',
  '9',
  '10',
  '01',
  '.',
  'v',
  'V',
  '-',
  '+',
  'beta',
  ' ',
  '2024',
  '-01',
);
const garbage = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.array(pieces).map((p) => p.join('')),
);

describe('isIsoDate', () => {
  test('agrees with the calendar on date-shaped text, and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(dateLike, garbage), (text) => {
        expect(isIsoDate(text)).toBe(referenceIsDate(text));
      }),
      { numRuns: 5000 },
    );
  });

  test('is constant time: a megabyte is refused without being read', () => {
    expect(stringWork(() => isIsoDate('2024-01-01'.repeat(100_000)))).toBe(0);
  });
});

describe('semverKey', () => {
  test('reads exactly MAJOR[.MINOR[.PATCH]] with an optional v, and never throws', () => {
    fc.assert(
      fc.property(garbage, (text) => {
        const key = semverKey(text);
        expect(key !== null).toBe(semverPattern.test(text));
      }),
      { numRuns: 5000 },
    );
  });

  test('every spelling of a version has one key, the numbers padded with zeros', () => {
    const number = fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String);
    fc.assert(
      fc.property(number, number, fc.boolean(), (major, minor, v) => {
        const prefix = v ? 'v' : '';
        expect(semverKey(`${prefix}${major}`)).toBe(`${major}.0.0`);
        expect(semverKey(`${major}.${minor}`)).toBe(`${major}.${minor}.0`);
        expect(semverKey(`${prefix}${major}.${minor}.0`)).toBe(`${major}.${minor}.0`);
      }),
    );
  });

  test('keys compare as their numbers do, whatever their length', () => {
    const part = fc.bigInt({ min: 0n, max: 10n ** 25n });
    const version = fc.tuple(part, part, part);
    fc.assert(
      fc.property(version, version, (a, b) => {
        const key = (parts: bigint[]) => semverKey(parts.join('.')) as string;
        const expected = a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2];
        const same = a.every((value, index) => value === b[index]);
        const compared = compareSemverKeys(key(a), key(b));
        expect(compared === 0).toBe(same);
        if (!same) expect(compared < 0).toBe(expected);
      }),
    );
  });

  test('is linear in the length of what it reads', () => {
    const steps = (length: number) => stringWork(() => semverKey('1'.repeat(length)));
    const ratio = steps(1_000_000) / steps(100_000);
    expect(ratio).toBeGreaterThan(5);
    expect(ratio).toBeLessThan(20);
  });
});

describe('a formatted scheme on any header value', () => {
  const request = (value: string) =>
    createRequest({
      method: 'GET',
      url: '/',
      headers: { 'api-version': value },
    } as unknown as IncomingMessage);
  const schemes = [
    new HeaderVersioning({ allowedVersions: ['2024-01-01', '2025-01-01'], versionFormat: 'date' }),
    new HeaderVersioning({ allowedVersions: ['1.0', '2.0'], versionFormat: 'semver', versionRequired: true }),
  ];

  test('answers a version of its list or a problem, never anything else', () => {
    fc.assert(
      fc.property(fc.oneof(dateLike, garbage), fc.constantFrom(...schemes), (value, scheme) => {
        try {
          const version = scheme.determineVersion(request(value));
          expect(scheme.allowedVersions).toContain(version);
        } catch (error) {
          expect(error).toBeInstanceOf(APIException);
          expect([400, 404]).toContain((error as APIException).statusCode);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
