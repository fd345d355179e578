export { placeVersion } from './place-version.js';
export type { PlacedVersion, VersionTarget } from './place-version.js';
export { versionedFetch } from './versioned-fetch.js';
export type { DeprecationNotice, FetchLike, VersionedFetchOptions } from './versioned-fetch.js';
export { readLifecycle } from './lifecycle-headers.js';
export type { Lifecycle, Link } from './lifecycle-headers.js';
export { injectOptions } from './inject-options.js';
export type { InjectOptions } from './inject-options.js';
