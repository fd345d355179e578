// Writes the demo API's contracts, one folder per scheme (apps/demo/contracts/<scheme>/<version>.json), from the
// built server: run after an intended change to the API, review the diff, commit it. `npm test` checks them.
import { fileURLToPath } from 'node:url';
import { writeSnapshots } from '@restdash/versioning/frozen';
import { schemeNames } from '../dist/shared/api.js';
import { contractApi } from '../dist/server/api-contract.js';

const root = fileURLToPath(new URL('../contracts/', import.meta.url));
for (const scheme of schemeNames) {
  const written = await writeSnapshots(`${root}${scheme}`, contractApi(scheme));
  console.log(`${scheme}: ${written.length} contracts`);
}
