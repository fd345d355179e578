// The demo API's released versions never change: each scheme's committed contracts (apps/demo/contracts/) are what
// the routes, schemes and history derive today. An edit to the newest schemas without a history entry fails here;
// `npm run -w @restdash/demo contracts` accepts an intended change (review and commit the diff).
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { checkSnapshots, expectFrozen } from '@restdash/versioning/frozen';
import { change, field, VersionHistory } from '@restdash/versioning/changes';
import { schemeNames } from '../src/shared/api.js';
import { contractApi } from '../src/server/api-contract.js';
import { City } from '../src/server/api-schemas.js';
import { apiHistory } from '../src/server/api-history.js';

const contracts = (scheme: string) => fileURLToPath(new URL(`../contracts/${scheme}/`, import.meta.url));

describe('the demo API’s committed contracts', () => {
  test.each(schemeNames)('under %s, every version is what its contract says', async (scheme) => {
    await expectFrozen(contracts(scheme), contractApi(scheme));
  });

  test('a history that forgets a change fails every older version it reaches, naming pointer and kind', async () => {
    const api = contractApi('url-path');
    const [v1, v2, v3] = api.scheme.allowedVersions as [string, string, string];
    // The real history, but the v2 rename of "country" to "countryCode" left out.
    const full = apiHistory([v1, v2, v3]);
    expect(
      full.changelog().some((entry) => entry.changes.some((c) => c.description.includes('countryCode'))),
    ).toBe(true);
    const forgetful = new VersionHistory([v1, v2, v3], {
      [v2]: [
        change('Cities have an id, a location and a URL', [
          field(City, 'id').added(),
          field(City, 'location').added(),
          field(City, 'url').added(),
        ]),
      ],
    });
    const result = await checkSnapshots(contracts('url-path'), { ...api, changes: forgetful });
    expect(result.ok).toBe(false);
    const v1Failures = result.failures.filter((failure) => failure.version === v1);
    expect(v1Failures.map((failure) => [failure.pointer, failure.kind])).toContainEqual([
      '/components/schemas/City/properties/country',
      'removed',
    ]);
  });
});
