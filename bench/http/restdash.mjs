// The restdash side of the HTTP cases, loaded only by the restdash variants (so bare servers never load
// the package): a urlconf with one route per scheme (URL path by default, then query parameter, host name and
// Accept header), mounted through the framework's adapter.
import {
  AcceptHeaderVersioning,
  HostNameVersioning,
  path,
  QueryParameterVersioning,
  URLPathVersioning,
  UrlConf,
} from '@restdash/versioning';
import { PATTERNS } from './routes.mjs';

/**
 * The version lifecycle at work on every request of the URL path case: v1 deprecated with a sunset ahead (five
 * header fields added, the clock read), enforcement on.
 */
export const LIFECYCLE = {
  policies: {
    v1: { deprecation: '2025-01-01', sunset: '2099-01-01', link: 'https://api.example.com/docs/retiring-v1' },
  },
  reportVersions: true,
  enforceSunset: true,
};

/**
 * `versioned(urlconf, options)` of `@restdash/versioning/<framework>`, every route served by `handler`; `extra` are
 * more adapter options (the lifecycle's).
 */
export async function restdashAdapter(framework, handler, extra = {}) {
  const { versioned } = await import(`@restdash/versioning/${framework}`);
  return versioned(benchUrlConf(handler), benchOptions(extra));
}

/** The bench's UrlConf: one route per scheme, every one served by `handler`. */
export function benchUrlConf(handler) {
  return new UrlConf([
    path(PATTERNS.path, handler, { name: 'user-detail' }),
    path(PATTERNS.accept, handler, {
      name: 'user-detail-by-accept',
      versioning: new AcceptHeaderVersioning({ allowedVersions: ['1.0', '2.0'] }),
    }),
    path(PATTERNS.query, handler, {
      name: 'item-detail',
      versioning: new QueryParameterVersioning({ allowedVersions: ['1.0', '2.0'] }),
    }),
    path(PATTERNS.host, handler, {
      name: 'host-detail',
      versioning: new HostNameVersioning({ allowedVersions: ['v1', 'v2'] }),
    }),
  ]);
}

/** The adapter options of the bench: URL path versioning by default, its allowed hosts, and `extra`. */
export function benchOptions(extra = {}) {
  return {
    scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
    allowedHosts: ['localhost', '127.0.0.1', '.example.com'],
    ...extra,
  };
}
