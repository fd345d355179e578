import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServeOutcome } from '../../pipeline/decide.js';
import { reverseFor, versioningMembers, type VersioningVariables } from '../shared.js';

/** The request's serve outcome, which the getters of the other members and the route's `onSend` read. */
export const kOutcome = Symbol('restdash versioning outcome');
/** The reply's `Vary` as the route found it (what hooks in front set), kept whatever the handler sets after. */
export const kUpstreamVary = Symbol('restdash upstream vary');

/** A request of the plugin's routes, as the adapter decorates it. */
export interface Decorated {
  [kOutcome]: ServeOutcome | null;
  [kUpstreamVary]: unknown;
  version: string | null;
  versioningScheme: VersioningVariables['versioningScheme'];
}

/** The members worked out when read: a handler that never asks for them never pays for them. */
const lazyMembers: Partial<Record<(typeof versioningMembers)[number], (this: FastifyRequest) => unknown>> = {
  resolverMatch() {
    return (this as unknown as Decorated)[kOutcome]?.request.resolverMatch ?? null;
  },
  reverse() {
    const outcome = (this as unknown as Decorated)[kOutcome];
    return outcome === null ? null : reverseFor(outcome.request);
  },
};

/** Decorates the plugin's requests, once per encapsulation context, with the versioning members. */
export function decorate(app: FastifyInstance): void {
  if (app.hasRequestDecorator(kOutcome)) return;
  app.decorateRequest(kOutcome, null);
  app.decorateRequest(kUpstreamVary, null);
  for (const name of versioningMembers) {
    const getter = lazyMembers[name];
    // The others (the version and its scheme) are stored on each request.
    if (getter === undefined) app.decorateRequest(name, null);
    else app.decorateRequest(name, { getter: getter as (this: FastifyRequest) => null });
  }
}
