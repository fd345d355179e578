// A small route group of its own beside the city API: date versions, as Stripe, Cadwyn and ASP.NET use them. A
// client sends any date in `Api-Version` and is served the newest version released on or before it.
import { HeaderVersioning, UrlConf } from '@restdash/versioning';
import { path, versioned } from '@restdash/versioning/fastify';
import type { FastifyPluginCallback } from 'fastify';

/** Where the group is mounted. */
export const datedPrefix = '/api/dated';

/** The versions of the dated API, oldest first: each the day it was released. */
export const datedVersions = ['2024-01-01', '2024-06-01', '2025-01-01'] as const;

/** What `GET /api/dated/changes/` answers: the date the client sent and the version that serves it. */
export interface DatedAnswer {
  /** The `Api-Version` header as sent, `null` without one. */
  readonly requested: string | null;
  /** The version that serves the request. */
  readonly version: string;
  /** Every version, oldest first. */
  readonly versions: readonly string[];
}

const scheme = new HeaderVersioning({
  allowedVersions: [...datedVersions],
  defaultVersion: '2025-01-01',
  versionFormat: 'date',
});

/** The dated API as a Fastify plugin, for `register(datedApi(allowedHosts), { prefix: datedPrefix })`. */
export function datedApi(allowedHosts: readonly string[]): FastifyPluginCallback {
  const urlconf = new UrlConf([
    path(
      '/changes/',
      (request): DatedAnswer => ({
        requested: request.headers['api-version']?.toString() ?? null,
        version: request.version ?? '',
        versions: datedVersions,
      }),
      { name: 'dated-changes', methods: ['GET'], versioning: scheme },
    ),
  ]);
  return versioned(urlconf, { scheme: null, allowedHosts });
}
