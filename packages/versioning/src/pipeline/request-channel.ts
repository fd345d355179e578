// Who uses which version: every answered request of a versioned route is published on a node:diagnostics_channel
// channel, as Node's own `http.server.response.finish` is. Nothing of it runs while nobody subscribes: the adapters
// ask `hasSubscribers` once per request, before anything is made.
import { channel } from 'node:diagnostics_channel';
import type { ServerResponse } from 'node:http';
import { compileVersionRules } from '../schemes/compiled-attributes.js';
import type { BaseVersioning } from '../schemes/base.js';
import type { PipelineRequest } from '../http/request.js';
import type { RequestMessage, VersionChoice } from '../types.js';
import type { RoutePlan } from './plan.js';

/** The name of the channel restdash publishes a {@link RequestMessage} on, once per answered request. */
export const requestChannelName = 'restdash:versioning:request';

export type { RequestMessage, VersionChoice } from '../types.js';

/** The channel itself, for `hasSubscribers` and `publish`. */
export const requestChannel = channel(requestChannelName);

/** Publishes the message of one request once its status is known. */
export type Report = (status: number) => void;

// Every version allowed, no default: what a scheme answers under these rules is the version the request carries.
const carriedRules = compileVersionRules(null, null);
const noArgs: readonly string[] = Object.freeze([]);

/** The version `request` carries, as sent (`null`: none), or `null` where the scheme cannot tell. */
function carried(
  scheme: BaseVersioning,
  request: PipelineRequest,
  kwargs: Readonly<Record<string, string | undefined>>,
): string | null {
  try {
    return scheme.determineVersionWith(carriedRules, request, noArgs, kwargs);
  } catch {
    return null;
  }
}

function choiceOf(
  route: RoutePlan,
  request: PipelineRequest,
  kwargs: Readonly<Record<string, string | undefined>>,
  pinned: boolean,
): VersionChoice {
  const { scheme } = route;
  if (scheme === null) return 'default';
  const sent = carried(scheme, request, kwargs);
  if (sent === null || sent === '') return pinned ? 'pinned' : 'default';
  const { version } = request;
  return version !== null && version !== sent && scheme.versionFormat === 'date' ? 'waterfall' : 'sent';
}

/**
 * The report of a request of `route` once its version is decided (or refused), or `null` while nobody subscribes;
 * `pinned`: the mount's pin chose the version. Made when deciding, as the request's headers are read now.
 */
export function reportOf(
  route: RoutePlan,
  request: PipelineRequest,
  kwargs: Readonly<Record<string, string | undefined>>,
  pinned: boolean,
): Report | null {
  if (!requestChannel.hasSubscribers || route.scheme === null) return null;
  const how = choiceOf(route, request, kwargs, pinned);
  const { version } = request;
  const policy = version === null ? null : route.lifecycle.policy(version);
  const sunset = policy?.sunset ?? null;
  const { pattern } = route.route;
  const deprecated = policy != null && policy.deprecation !== null;
  const sunsetDate = sunset === null ? null : new Date(sunset);
  // A literal, not a spread of the fields and `status`: on V8 that spread takes hundreds of times longer.
  return (status) => {
    requestChannel.publish({
      version,
      route: pattern,
      how,
      deprecated,
      sunset: sunsetDate,
      status,
    } satisfies RequestMessage);
  };
}

/** Publishes `report` when `response` (node:http's, Express's, Fastify's `reply.raw`) is done: finished or closed. */
export function reportWhenDone(response: ServerResponse | undefined, report: Report | null): void {
  if (report === null || response === undefined) return;
  response.once('close', () => {
    report(response.statusCode);
  });
}
