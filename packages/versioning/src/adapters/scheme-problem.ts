import type { BaseVersioning } from '../schemes/base.js';
import { URLPathVersioning } from '../schemes/url-path.js';
import type { FlatRoute } from '../urls/route.types.js';

/** The reason `scheme` cannot version `route`, if it cannot. */
export function schemeProblem(route: FlatRoute, scheme: BaseVersioning | null): string | null {
  if (!(scheme instanceof URLPathVersioning)) return null;
  const param = route.params.find((candidate) => candidate.name === scheme.versionParam);
  if (param?.kind === 'param') return null;
  const name = JSON.stringify(scheme.versionParam);
  return param === undefined
    ? `route ${JSON.stringify(route.pattern)} is versioned by ${scheme.constructor.name}, which reads the version from its parameter ${name}, but its pattern has none; add ":${scheme.versionParam}" to it or give it another versioning`
    : `route ${JSON.stringify(route.pattern)} is versioned by ${scheme.constructor.name}, which reads the version from its parameter ${name}, but that is a wildcard; make it a ":${scheme.versionParam}" parameter`;
}
