// The order of a history's versions: oldest first. Dates and semantic versions must ascend (a list written newest
// first is refused, not served backwards); names with no order of their own are taken as listed; at mount, a scheme
// whose versionFormat orders the history's versions otherwise is refused.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { versioned as expressVersioned } from '../../src/adapters/express/index.js';
import { versioned as fastifyVersioned } from '../../src/adapters/fastify/index.js';
import { versioned as honoVersioned } from '../../src/adapters/hono/index.js';
import { versioned as nodeVersioned } from '../../src/adapters/node/index.js';
import { VersionHistory } from '../../src/changes/index.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { thrown } from './schemas.js';

interface OrderCase {
  readonly name: string;
  readonly versions: readonly string[];
  /** `null` when the history is accepted; otherwise what the message of its refusal must hold. */
  readonly refused: readonly string[] | null;
}

const orders: readonly OrderCase[] = [
  { name: 'dates ascending', versions: ['2024-01-01', '2024-06-01', '2025-01-01'], refused: null },
  { name: 'one version', versions: ['2025-01-01'], refused: null },
  {
    name: 'dates newest first, as Cadwyn lists them',
    versions: ['2025-01-01', '2024-06-01', '2024-01-01'],
    refused: [
      'new VersionHistory(versions, changes)',
      'oldest first',
      '"2025-01-01" is listed before "2024-06-01"',
      'dates ascend',
      'the list is newest first: reverse it',
    ],
  },
  {
    name: 'two dates newest first',
    versions: ['2025-01-01', '2024-01-01'],
    refused: ['oldest first', '"2025-01-01" is listed before "2024-01-01"'],
  },
  {
    name: 'one date out of place: the first pair out of order is named',
    versions: ['2024-01-01', '2025-01-01', '2024-06-01', '2023-01-01'],
    refused: ['oldest first', '"2025-01-01" is listed before "2024-06-01"'],
  },
  { name: 'semver 1.9 then 1.10', versions: ['1.2', '1.9', '1.10'], refused: null },
  {
    name: 'semver 1.10 then 1.9',
    versions: ['1.10', '1.9'],
    refused: ['oldest first', '"1.10" is listed before "1.9"', '"1.10" after "1.9"'],
  },
  { name: 'v1, v2, v10', versions: ['v1', 'v2', 'v10'], refused: null },
  {
    name: 'with and without v, one to three numbers',
    versions: ['v1', '1.1', 'v2.0.1', '10'],
    refused: null,
  },
  { name: 'v2 then v1', versions: ['v2', 'v1'], refused: ['oldest first', '"v2" is listed before "v1"'] },
  {
    name: 'two spellings of one version',
    versions: ['v1', '1.0', '2'],
    refused: ['oldest first', '"v1" and "1.0" are the same version'],
  },
  { name: 'names with no order of their own', versions: ['beta', 'alpha', 'gamma'], refused: null },
  { name: 'semver and a name: taken as listed', versions: ['v2', 'v1', 'beta'], refused: null },
  {
    name: 'dates and a name: taken as listed',
    versions: ['2025-01-01', '2024-01-01', 'preview'],
    refused: null,
  },
  { name: 'dates and semver: taken as listed', versions: ['2024-01-01', '1.0'], refused: null },
  {
    name: 'a date the calendar lacks is a name: taken as listed',
    versions: ['2024-02-30', '2024-01-01'],
    refused: null,
  },
];

describe('new VersionHistory(versions, changes): versions oldest first', () => {
  test.each(orders)('$name', ({ versions, refused }) => {
    if (refused === null) {
      expect(new VersionHistory(versions, {}).versions).toEqual(versions);
      return;
    }
    const error = thrown(() => new VersionHistory(versions, {}));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.code).toBe('ERR_VERSIONING_INVALID_HISTORY');
    for (const piece of refused) expect(error.message).toContain(piece);
  });
});

const date = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((day) => day.toISOString().slice(0, 10));
/** A semantic version by its numbers, and one of its spellings (`v` or not, trailing zero parts left out or not). */
const semver = fc
  .tuple(fc.nat(30), fc.nat(30), fc.nat(30), fc.boolean(), fc.boolean())
  .map(([major, minor, patch, v, short]) => ({
    key: [major, minor, patch] as const,
    text: `${v ? 'v' : ''}${short && patch === 0 ? (minor === 0 ? major : `${major}.${minor}`) : `${major}.${minor}.${patch}`}`,
  }));
const byNumber = (a: readonly number[], b: readonly number[]): number =>
  (a[0]! - b[0]!) * 10_000 + (a[1]! - b[1]!) * 100 + (a[2]! - b[2]!);

/** Lists of at least two distinct dates or semantic versions, oldest first. */
const ascending = fc.oneof(
  fc.uniqueArray(date, { minLength: 2, maxLength: 12 }).map((dates) => [...dates].sort()),
  fc
    .uniqueArray(semver, { minLength: 2, maxLength: 12, selector: ({ key }) => key.join('.') })
    .map((versions) => [...versions].sort((a, b) => byNumber(a.key, b.key)).map(({ text }) => text)),
);

describe('the order, over generated histories', () => {
  test('any list of dates or semantic versions oldest first is accepted', () => {
    fc.assert(
      fc.property(ascending, (versions) => {
        expect(new VersionHistory(versions, {}).versions).toEqual(versions);
      }),
    );
  });

  test('the same list with one adjacent pair swapped is refused, naming that pair', () => {
    const swapped = ascending.chain((versions) =>
      fc.nat(versions.length - 2).map((at) => ({ versions, at })),
    );
    fc.assert(
      fc.property(swapped, ({ versions, at }) => {
        const list = [...versions];
        const [older, newer] = [list[at]!, list[at + 1]!];
        list[at] = newer;
        list[at + 1] = older;
        const error = thrown(() => new VersionHistory(list, {}));
        expect(error).toBeInstanceOf(TypeError);
        expect(error.code).toBe('ERR_VERSIONING_INVALID_HISTORY');
        expect(error.message).toContain('oldest first');
        expect(error.message).toContain(`${JSON.stringify(newer)} is listed before ${JSON.stringify(older)}`);
      }),
    );
  });
});

const adapters = [
  ['express', expressVersioned],
  ['fastify', fastifyVersioned],
  ['hono', honoVersioned],
  ['node', nodeVersioned],
] as const;

const handler = () => undefined;

describe.each(adapters)(
  '%s versioned(): a scheme whose versionFormat disagrees with the history',
  (name, versioned) => {
    const urlconf = new UrlConf([path('/:version/users/', handler, { name: 'users' })]);

    test('the mount is refused, naming the scheme, its format and both versions', () => {
      // Semantic versions and a name: no order of their own, so the history takes them as listed.
      const changes = new VersionHistory(['v2', 'v1', 'beta'], {});
      const scheme = new URLPathVersioning({ versionFormat: 'semver', allowedVersions: ['v1', 'v2'] });
      const error = thrown(() => versioned(urlconf, { scheme, changes }));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.code).toBe('ERR_VERSIONING_CONFLICTING_OPTIONS');
      for (const piece of [
        `${name} versioned(urlconf, options)`,
        'options.changes lists "v2" before "v1" (oldest first)',
        'options.scheme (a URLPathVersioning, versionFormat "semver") puts "v1" first',
      ])
        expect(error.message).toContain(piece);
    });

    test('a route’s own scheme is held to it too; two spellings of one version are named', () => {
      const changes = new VersionHistory(['1', 'beta', '1.0'], {});
      const own = new HeaderVersioning({ versionFormat: 'semver', allowedVersions: ['1'] });
      const routes = new UrlConf([path('/users/', handler, { name: 'users', versioning: own })]);
      const error = thrown(() => versioned(routes, { scheme: null, changes }));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.code).toBe('ERR_VERSIONING_CONFLICTING_OPTIONS');
      expect(error.message).toContain(
        'options.changes lists "1" before "1.0" (oldest first), but the scheme of route "/users/" (a HeaderVersioning, versionFormat "semver") reads "1" and "1.0" as the same version',
      );
    });

    test('a history in the scheme’s order mounts', () => {
      const changes = new VersionHistory(['v1', 'v2', 'beta'], {});
      const scheme = new URLPathVersioning({ versionFormat: 'semver', allowedVersions: ['v1', 'v2'] });
      expect(() => versioned(urlconf, { scheme, changes })).not.toThrow();
    });
  },
);
