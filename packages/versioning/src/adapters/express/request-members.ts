import type { ServerResponse } from 'node:http';
import type { RouteBodies } from '../../pipeline/body.js';
import type { VersioningRequest } from '../../types.js';
import { outgoingNodeJson } from '../node-body.js';
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

/** Where a response of a route with bodies keeps what `res.json()` migrates by: in `res.locals`, as above. */
export const kBodies = Symbol('@restdash/versioning bodies');

interface JsonContext {
  readonly bodies: RouteBodies;
  readonly version: string | null;
}

const jsonPrototypes = new WeakMap<object, object>();
const ownJsonPrototypes = new WeakSet<object>();

/**
 * A prototype of restdash's own for responses whose prototype is `parent` (an app's `app.response`): `parent` with a
 * `json()` that hands the body, migrated to the request's version, to the parent's `json()` (the app's `json
 * replacer` and `json spaces` still apply). Made once per parent; set only on responses of routes with bodies.
 */
export function jsonPrototype(parent: object): object {
  if (ownJsonPrototypes.has(parent)) return parent;
  let proto = jsonPrototypes.get(parent);
  if (proto === undefined) {
    const parentJson = (parent as { json: (this: unknown, body: unknown) => unknown }).json;
    const made = Object.create(parent) as object;
    Object.defineProperty(made, 'json', {
      configurable: true,
      writable: true,
      value: function json(this: ServerResponse & { locals?: Record<PropertyKey, unknown> }, body: unknown) {
        const context = this.locals?.[kBodies] as JsonContext | undefined;
        const sent =
          context === undefined ? body : outgoingNodeJson(this, context.bodies, context.version, body);
        return parentJson.call(this, sent);
      },
    });
    jsonPrototypes.set(parent, made);
    ownJsonPrototypes.add(made);
    proto = made;
  }
  return proto;
}
