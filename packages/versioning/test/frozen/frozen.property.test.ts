// Whatever the API, `check` right after `snapshot` finds nothing: the contracts are canonical and read back the same.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { change, field, VersionHistory } from '../../src/changes/index.js';
import { checkSnapshots, type FrozenApi, snapshot, writeSnapshots } from '../../src/frozen/index.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

const name = fc.stringMatching(/^[a-z][a-zA-Z]{0,6}$/);
const jsonType = fc.constantFrom('string', 'integer', 'boolean', 'number');

/** An API: a schema of random fields, some required, some enums; routes; versions; renames in the history. */
const apis = fc
  .record({
    fields: fc.uniqueArray(
      fc.tuple(name, jsonType, fc.boolean(), fc.option(fc.uniqueArray(name, { minLength: 1, maxLength: 3 }))),
      {
        minLength: 1,
        maxLength: 5,
        selector: ([field]) => field,
      },
    ),
    routes: fc.uniqueArray(fc.tuple(name, fc.subarray(['GET', 'PUT', 'POST', 'DELETE'], { minLength: 1 })), {
      minLength: 1,
      maxLength: 3,
      selector: ([segment]) => segment,
    }),
    count: fc.integer({ min: 1, max: 4 }),
    renames: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 2 }),
  })
  .map(({ fields, routes, count, renames }): FrozenApi => {
    const versions = Array.from({ length: count }, (_, index) => `v${index + 1}`);
    const properties = Object.fromEntries(
      fields.map(([key, type, , members]) => [
        key,
        members === null || type !== 'string' ? { type } : { type, enum: members },
      ]),
    );
    const Item = {
      $id: 'Item',
      type: 'object',
      properties,
      required: fields.filter(([, , required]) => required).map(([key]) => key),
    };
    const changes: Record<string, ReturnType<typeof change>[]> = {};
    if (count > 1) {
      const seen = new Set<string>();
      renames.forEach(([fieldIndex, versionIndex], index) => {
        const key = fields[fieldIndex % fields.length]![0];
        if (seen.has(key)) return;
        seen.add(key);
        const version = versions[1 + (versionIndex % (count - 1))]!;
        (changes[version] ??= []).push(
          change(`rename ${index}`, [field(Item, key).renamedFrom(`old${index}X`)]),
        );
      });
    }
    const history = new VersionHistory(versions, changes);
    const urlconf = new UrlConf(
      routes.map(([segment, methods]) =>
        path(`/:version/${segment}/:pk/`, segment, { name: segment, methods, request: Item, response: Item }),
      ),
    );
    return { urlconf, scheme: new URLPathVersioning({ allowedVersions: versions }), changes: history };
  });

test('check right after snapshot reports nothing, and snapshot gives the same contracts every time', async () => {
  await fc.assert(
    fc.asyncProperty(apis, async (api) => {
      const dir = mkdtempSync(join(tmpdir(), 'restdash-frozen-property-'));
      try {
        await writeSnapshots(dir, api);
        expect(await checkSnapshots(dir, api, { allowNewest: 'none' })).toEqual({
          ok: true,
          differences: [],
          failures: [],
          missing: [],
        });
        expect(JSON.stringify(snapshot(api))).toBe(JSON.stringify(snapshot(api)));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }),
    { numRuns: 40 },
  );
});
