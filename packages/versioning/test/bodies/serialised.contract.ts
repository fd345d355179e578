import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { planRouteSchemas } from '../../src/changes/route-schemas.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { disguise, history, Member, member, versions } from '../changes/serialise.fixtures.js';
import { fetchReply, type Served } from '../adapters/support.js';
import type { BodyHarness } from './bodies.contract.js';

const MemberList = z.object({ data: z.array(Member), next: z.string().nullable() });
const scheme = new HeaderVersioning({ defaultVersion: 'v4', allowedVersions: [...versions] });
/** The general path of the same route: what the compiled serialiser must write, byte for byte. */
const plan = planRouteSchemas(
  'contract',
  { label: '/members/', name: 'members', response: MemberList },
  history,
).response!;
/** A sample of lists as handlers send them (fixed seed: every adapter gets the same ones). */
const lists = fc.sample(
  fc.record({ data: fc.array(disguise(member), { maxLength: 4 }), next: fc.constant(null) }),
  { numRuns: 24, seed: 37 },
);

/**
 * Runs the compiled-serialiser contract against one framework: a route with a `response` schema and a history sends,
 * through the framework's own JSON helper, in every version, exactly the text of `JSON.stringify` of what the general
 * path sends — whether the compiled serialiser wrote it or handed it to the general path.
 */
export function serialisedContract(h: BodyHarness): void {
  const { adapter } = h;
  let sent: unknown = null;
  let served: Served;
  beforeAll(async () => {
    const urlconf = new UrlConf([
      adapter.path(
        '/members/',
        h.sends(() => sent),
        { name: 'members', methods: ['GET'], response: MemberList },
      ),
    ]);
    // Values of every kind, some no schema accepts: what is checked is what is sent, not whether it fits.
    served = await adapter.serve(urlconf, { scheme, changes: history, checkResponses: false }, []);
  });
  afterAll(() => served.close());

  describe('compiled serialiser', () => {
    test.each(versions)(
      'in %s, every sampled list is sent as the general path writes it, byte for byte',
      async (version) => {
        for (const list of lists) {
          sent = list;
          const reply = await fetchReply(`${served.origin}/members/`, {
            headers: { 'api-version': version },
          });
          expect(reply.status, reply.body).toBe(200);
          expect(reply.header('content-type')).toMatch(/^application\/json/);
          expect(reply.body).toBe(JSON.stringify(plan.down(list, version, undefined)));
        }
      },
    );
  });
}
