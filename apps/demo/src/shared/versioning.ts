// The versioning scheme of each way of running the demo, built the same by the server (which is versioned by it) and
// by the page (which sends its requests through it with @restdash/versioning/client).
import {
  AcceptHeaderVersioning,
  CompositeVersioning,
  HeaderVersioning,
  HostNameVersioning,
  MediaTypeVersioning,
  NamespaceVersioning,
  QueryParameterVersioning,
  URLPathVersioning,
} from '@restdash/versioning';
import type { BaseVersioning } from '@restdash/versioning';
import type { SchemeName } from './api.js';

/** Three version labels, oldest first. */
export type Labels = readonly [string, string, string];

/** The labels of the schemes whose versions go into a URL or a vendor type. */
export const pathLabels = ['v1', 'v2', 'v3'] as const;
/** The labels of the schemes whose versions go into a header, a query or an Accept parameter. */
export const numberLabels = ['1', '2', '3'] as const;

/** The header `HeaderVersioning` reads (its default), as the demo's clients spell it. */
export const versionHeader = 'Api-Version';
/** The vendor media type of `media-type` versioning: `application/vnd.restdash.v2+json`. */
export const vendorTemplate = 'application/vnd.restdash.{version}+json';

/** The version labels of each scheme, oldest first. */
export const schemeLabels: Readonly<Record<SchemeName, Labels>> = {
  'url-path': pathLabels,
  namespace: pathLabels,
  'accept-header': numberLabels,
  hostname: pathLabels,
  query: numberLabels,
  header: numberLabels,
  'media-type': pathLabels,
  composite: numberLabels,
};

/** The first version as default, all three allowed, the version read from `version` where a scheme reads a parameter. */
function options(versions: Labels) {
  return { defaultVersion: versions[0], allowedVersions: versions, versionParam: 'version' };
}

/** The three schemes that read no parameter (header, media type, composite) refuse `versionParam`. */
function headerOptions(versions: Labels) {
  return { defaultVersion: versions[0], allowedVersions: versions };
}

/** A new instance of the scheme the demo runs with under `name`. */
export function createVersioning(name: SchemeName): BaseVersioning {
  const labels = schemeLabels[name];
  switch (name) {
    case 'url-path':
      return new URLPathVersioning(options(labels));
    case 'namespace':
      return new NamespaceVersioning(options(labels));
    case 'accept-header':
      return new AcceptHeaderVersioning(options(labels));
    case 'hostname':
      return new HostNameVersioning(options(labels));
    case 'query':
      return new QueryParameterVersioning(options(labels));
    case 'header':
      return new HeaderVersioning(headerOptions(labels));
    case 'media-type':
      return new MediaTypeVersioning({ template: vendorTemplate, ...headerOptions(labels) });
    case 'composite':
      // The header first: the documents describe it, links are bare (reversal is the first member's), and the page
      // sends it.
      return new CompositeVersioning(
        [new HeaderVersioning(), new QueryParameterVersioning()],
        headerOptions(labels),
      );
  }
}
