// The demo API as `@restdash/versioning/frozen` checks it: the routes, scheme, history and retirement policies the
// server mounts, per scheme. `apps/demo/contracts/<scheme>/<version>.json` holds each version's committed contract;
// `npm test` fails when a released version of the demo API changes (see the package README, "Freezing released
// versions"). Written with `npm run -w @restdash/demo contracts` after an intended change.
import { UrlConf } from '@restdash/versioning';
import type { BaseVersioning, VersionPolicy } from '@restdash/versioning';
import type { VersionHistory } from '@restdash/versioning/changes';
import type { SchemeName } from '../shared/api.js';
import { apiHistory } from './api-history.js';
import { apiRoutes, retirementPolicies, schemes, v1Sunset } from './schemes.js';
import { brownoutWindows } from './version-usage.js';

/** The day of v1's brownouts the contracts describe (the documents say that v1 has some, not when). */
const brownoutDay = Date.parse('2026-06-01T00:00:00Z');

/** What a contract is made from: as `restdash-versioning` reads a module's `api`. */
export interface ContractApi {
  readonly urlconf: UrlConf;
  readonly scheme: BaseVersioning;
  readonly changes: VersionHistory;
  readonly policies: Readonly<Record<string, VersionPolicy>>;
}

/** Documents only: the contracts describe the routes, they never answer a request. */
function notServed(): never {
  throw new Error('The contract API describes the demo routes; the demo server answers them.');
}

/** The demo API under `scheme`, as its contracts describe it. */
export function contractApi(scheme: SchemeName): ContractApi {
  const setup = schemes[scheme];
  const handlers = { list: notServed, detailV2: notServed, detailV3: notServed };
  return {
    urlconf: new UrlConf(apiRoutes(setup, handlers, notServed)),
    scheme: setup.createVersioning(),
    changes: apiHistory(setup.versions),
    policies: retirementPolicies(setup.versions, brownoutWindows(brownoutDay, v1Sunset)),
  };
}

/** The default scheme's (url-path): `npx restdash-versioning check apps/demo/dist/server/api-contract.js`. */
export const api = contractApi('url-path');
