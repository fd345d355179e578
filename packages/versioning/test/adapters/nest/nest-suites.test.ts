// The adapter suites on Nest, both platforms, through the harness that turns their UrlConfs into controllers
// (nest-urlconf.harness.ts, which names what Nest cannot do); the shared suites are in nest-shared.test.ts.
import { describe } from 'vitest';
import { serialisedContract } from '../../bodies/serialised.contract.js';
import { adapterContract } from '../contract.js';
import { describeContract } from '../describe.contract.js';
import { docsUiContract } from '../docs-ui.contract.js';
import { hardeningContract } from '../hardening.js';
import { movedContract } from '../moved.contract.js';
import { requestChannelContract } from '../request-channel.contract.js';
import { nestAdapter, nestBodies, nestHardening } from './nest-urlconf.harness.js';

for (const platform of ['express', 'fastify'] as const) {
  describe(`nest on platform-${platform}: the adapter suites`, () => {
    adapterContract(nestAdapter(platform));
    hardeningContract(nestHardening(platform));
    describeContract(nestAdapter(platform));
    requestChannelContract(nestAdapter(platform));
    docsUiContract(nestAdapter(platform));
    movedContract(nestBodies(platform));
    serialisedContract(nestBodies(platform));
  });
}
