// The shared suites run on Nest, both platforms, through the harness that turns their UrlConfs into controllers
// (nest-urlconf.harness.ts); what Nest cannot do is skipped there by name (nestCannot). Of those, NamespaceVersioning
// as the module's scheme is refused at bootstrap: the last test asserts it on each platform.
import { describe, expect, test } from 'vitest';
import { NamespaceVersioning } from '../../../src/schemes/namespace.js';
import { include, path } from '../../../src/urls/route-builders.js';
import { UrlConf } from '../../../src/urls/urlconf.js';
import { bodiesContract } from '../../bodies/bodies.contract.js';
import { checkResponsesContract } from '../../bodies/check-responses.contract.js';
import { brownoutContract } from '../brownout.contract.js';
import { choosingContract } from '../choosing.contract.js';
import { lifecycleContract } from '../lifecycle.contract.js';
import { moreSchemesContract } from '../more-schemes.contract.js';
import { nestAdapter, nestBodies, startError } from './nest-urlconf.harness.js';

for (const platform of ['express', 'fastify'] as const) {
  describe(`nest on platform-${platform}: the shared suites`, () => {
    bodiesContract(nestBodies(platform));
    checkResponsesContract(nestBodies(platform));
    moreSchemesContract(nestAdapter(platform));
    lifecycleContract(nestAdapter(platform));
    choosingContract(nestAdapter(platform));
    brownoutContract(nestAdapter(platform));

    test('NamespaceVersioning as the scheme is a TypeError at bootstrap: Nest routes have no namespaces', async () => {
      const { echo } = nestAdapter(platform);
      const urlconf = new UrlConf(
        ['v1', 'v2'].map((version) =>
          include(`/${version}`, [path('/things/', echo, { name: 'things' })], { namespace: version }),
        ),
      );
      const scheme = new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] });
      const error = await startError(platform, urlconf, { scheme });
      expect(error).toBeInstanceOf(TypeError);
      expect(error).toHaveProperty('code', 'ERR_VERSIONING_INVALID_ROUTE');
      expect((error as Error).message).toBe(
        "RestdashModule.forRoot(options): options.scheme is NamespaceVersioning, which reads the version from the namespace of an include(), but Nest's route table has no namespaces, so it would never read a version; use URLPathVersioning (@Controller(':version/users')) or another scheme",
      );
    });
  });
}
