// The shared suites run on Nest, both platforms, through the harness that turns their UrlConfs into controllers
// (nest-urlconf.harness.ts); what Nest cannot do is skipped there by name (nestCannot).
import { describe } from 'vitest';
import { bodiesContract } from '../../bodies/bodies.contract.js';
import { checkResponsesContract } from '../../bodies/check-responses.contract.js';
import { brownoutContract } from '../brownout.contract.js';
import { choosingContract } from '../choosing.contract.js';
import { lifecycleContract } from '../lifecycle.contract.js';
import { moreSchemesContract } from '../more-schemes.contract.js';
import { nestAdapter, nestBodies } from './nest-urlconf.harness.js';

for (const platform of ['express', 'fastify'] as const) {
  describe(`nest on platform-${platform}: the shared suites`, () => {
    bodiesContract(nestBodies(platform));
    checkResponsesContract(nestBodies(platform));
    moreSchemesContract(nestAdapter(platform));
    lifecycleContract(nestAdapter(platform));
    choosingContract(nestAdapter(platform));
    brownoutContract(nestAdapter(platform));
  });
}
