import type { VersioningRequest } from '../../types.js';
import { reverseFor, versioningMembers } from '../shared.js';

/**
 * Where each request's {@link VersioningRequest} is kept: in `res.locals`, Express's own per-request store, under a
 * key no application uses. (A WeakMap keyed by the request costs Express's garbage collector about 16 µs a
 * request; a property stored on the request itself about 9 µs.)
 */
export const kVersioning = Symbol('@restdash/versioning request');

interface WithLocals {
  readonly res?: { readonly locals?: Record<PropertyKey, unknown> };
}

/** Each member, worked out from the request's {@link VersioningRequest} when read. */
const getters: Readonly<Record<(typeof versioningMembers)[number], (request: VersioningRequest) => unknown>> =
  {
    version: (request) => request.version,
    versioningScheme: (request) => request.versioningScheme,
    resolverMatch: (request) => request.resolverMatch,
    reverse: (request) => reverseFor(request),
  };

/** Prototypes restdash made, each inheriting from the Express request prototype it was made for. */
const versionedPrototypes = new WeakMap<object, object>();
const ownPrototypes = new WeakSet<object>();

/**
 * A prototype of restdash's own for requests whose prototype is `parent` (an app's `app.request`): `parent`
 * with the versioning members as getters reading `res.locals`. Express's own prototypes are left alone; a
 * prototype per parent, made once, so a request costs one `setPrototypeOf` rather than four own properties.
 */
export function versionedPrototype(parent: object): object {
  if (ownPrototypes.has(parent)) return parent;
  let proto = versionedPrototypes.get(parent);
  if (proto === undefined) {
    const made: object = Object.create(parent) as object;
    for (const name of versioningMembers) {
      const read = getters[name];
      Object.defineProperty(made, name, {
        configurable: true,
        get(this: WithLocals) {
          const request = this.res?.locals?.[kVersioning] as VersioningRequest | undefined;
          return request === undefined ? undefined : read(request);
        },
      });
    }
    versionedPrototypes.set(parent, made);
    ownPrototypes.add(made);
    proto = made;
  }
  return proto;
}
