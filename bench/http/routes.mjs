// The one resource every server variant serves, and the requests the load generator sends to it.
// Bare servers route the same patterns without any versioning, so each restdash case has a
// like-for-like baseline; the restdash variants mount them through `restdash.mjs`.
export const PATTERNS = {
  path: '/:version/users/:pk/',
  accept: '/users/:pk/',
  query: '/items/:pk/',
  host: '/hosts/:pk/',
};

/** Requests with the `version` each must come back with (checked once before measuring). */
export const REQUESTS = {
  path: { path: '/v1/users/42/', headers: {}, version: 'v1' },
  accept: { path: '/users/42/', headers: { accept: 'application/json; version=1.0' }, version: '1.0' },
  query: { path: '/items/42/?version=1.0', headers: {}, version: '1.0' },
  host: { path: '/hosts/42/', headers: { host: 'v1.example.com' }, version: 'v1' },
  acceptVersion: { path: '/users/42/', headers: { 'accept-version': '1.0.0' }, version: '1.0.0' },
};

/** The body every handler sends. */
export const body = (pk, version) => ({ id: pk, version });
