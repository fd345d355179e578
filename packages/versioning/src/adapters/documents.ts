import { BoundedCache } from '../http/bounded-cache.js';
import { normalizeHostName } from '../http/host.js';
import { urlAroundHost } from '../http/uri.js';
import { type ArgumentError, argumentError } from '../internal/arguments.js';
import { openapi } from '../openapi/document.js';
import type { OpenAPIOptions } from '../openapi/options.js';
import { describeName, type PlanOptions } from '../pipeline/plan.js';
import { NamespaceVersioning } from '../schemes/namespace.js';
import type { VersioningRequest } from '../types.js';
import { include, path } from '../urls/route-builders.js';
import type { Include, Route } from '../urls/route.types.js';
import type { UrlConf } from '../urls/urlconf.js';

/**
 * What answers the `describe` route: the JSON text of the OpenAPI document of a request's version (the newest allowed
 * one when the request has none), with `servers` the request's origin and the mount's prefix.
 */
export type DocumentOf = (request: VersioningRequest) => string;

/** The documents of a mount: the describe route's answer, and the document of a given version for a request. */
export interface Documents {
  readonly of: DocumentOf;
  readonly in: (version: string, request: VersioningRequest) => string;
}

/** The versions the documents describe, oldest first: the scheme's allowed versions, else its default. */
export function describedVersions(scheme: PlanOptions<never>['scheme'] | undefined): string[] {
  return (scheme?.allowedVersions ?? [scheme?.defaultVersion]).filter(
    (version): version is string => typeof version === 'string',
  );
}

/** The `:version` parameter of a describe path under `NamespaceVersioning`, which has no parameter of its own. */
const versionParam = /:version(?![\w$])/g;

/**
 * The routes of the `describe` document at `route` (the option's `path`), answered by `handler`. Under
 * `NamespaceVersioning`, which reads the version from the namespace of the matched route, one route per version in
 * `versions`, in the namespace of that version, `:version` in `route` written as it: so that each version's
 * `service-desc` link (`<version>:openapi-document`) leads to its own document. A path without `:version` is then a
 * `TypeError` naming it, for it could give every version but one the wrong document.
 */
export function describeEntries(
  where: string,
  route: string,
  handler: unknown,
  scheme: PlanOptions<never>['scheme'] | undefined,
): (Route | Include)[] {
  const options = { name: describeName, methods: ['GET', 'HEAD'] };
  if (!(scheme instanceof NamespaceVersioning)) return [path(route, handler, options)];
  if (route.search(versionParam) === -1) {
    throw argumentError(
      `${where}: options.describe.path ${JSON.stringify(route)} has no ":version", but NamespaceVersioning reads the version from the namespace of the route, so each version's document needs a URL of its own: write ":version" where it goes (${JSON.stringify('/:version/openapi.json')}); it is mounted once per version, in that version's namespace`,
      'ERR_VERSIONING_INVALID_ROUTE',
    );
  }
  // A version written into a pattern: the characters the route syntax gives a meaning to escaped.
  const literal = (version: string) => version.replace(/[{}()[\]+?!:*\\]/g, '\\$&');
  return describedVersions(scheme).map((version) =>
    include('', [path(route.replace(versionParam, literal(version)), handler, options)], {
      namespace: version,
    }),
  );
}

/** A document's JSON text cut where its server URL goes: the pieces, joined with that URL (JSON-escaped) per request. */
type Pieces = readonly string[];

/** A version's document: cut around the whole server URL, or, where it puts the version in the host, made per host. */
type VersionDocument =
  { readonly kind: 'origin'; readonly pieces: Pieces } | { readonly kind: 'host'; readonly hostless: Pieces };

/** What the server of a document read on a host that carries no version says of it. */
export const hostlessServer =
  'This host carries no version (hostnameRegex reads none from it): a request sent here is answered as one without a version.';

/**
 * The document JSON `text` with every server whose URL ends in `tail` (each one the version's host made from a
 * sample) named `url` instead, and described as a host that carries no version.
 */
function hostlessText(text: string, tail: string, url: string): string {
  return JSON.stringify(JSON.parse(text), (key, value: unknown) =>
    key === 'servers' && Array.isArray(value)
      ? value.map((server: { url?: unknown }) =>
          typeof server.url === 'string' && server.url.endsWith(tail)
            ? { ...server, url, description: hostlessServer }
            : server,
        )
      : value,
  );
}

/** `pieces` joined with `text` as a JSON string's content. */
function join(pieces: Pieces, text: string): string {
  return pieces.join(JSON.stringify(text).slice(1, -1));
}

/**
 * The documents of the `describe` option, from the options of the mount (checked): each version's made once per
 * mount and cut around its server URL, which is filled in per request, so that a new spelling of an allowed host
 * (port, case, trailing dot) or a new prefix costs no new document. A document that puts the version in the servers'
 * host (`HostNameVersioning`) depends on the host name itself: it is made once per host name, lower-cased and
 * without its trailing dot as the scheme reads it, and cut around what follows (port and prefix); on a host the
 * version cannot be put on (`127.0.0.1`), its servers are the request's origin and prefix, described as carrying no
 * version, rather than an error for every request. Every version's
 * document is made at mount, so that a route the documents cannot describe is refused there. `where` names the
 * adapter in errors.
 */
export function documentsOf(where: string, urlconf: UrlConf, options: PlanOptions<never>): Documents {
  const { describe: described, scheme, policies, enforceSunset, changes } = options;
  const info = described?.info ?? { title: '' };
  // The same history the mount serves with: each version's document is derived from it.
  const base: Omit<OpenAPIOptions, 'version' | 'info'> = {
    scheme,
    ...(policies !== undefined && { policies }),
    ...(enforceSunset !== undefined && { enforceSunset }),
    ...(changes !== undefined && { changes }),
  };
  const make = (version: string, server: string): string =>
    JSON.stringify(
      openapi(urlconf, { ...base, version, info: { ...info, version }, servers: [{ url: server }] }),
    );
  const versions = describedVersions(scheme);
  const newest = versions.at(-1);
  if (newest === undefined) {
    throw argumentError(
      `${where}: options.describe needs versions to describe: give options.scheme allowedVersions or a defaultVersion`,
    );
  }
  // Letters and digits only, so the same in JSON text, and in no document an application writes.
  const marker = `restdash${Math.random().toString(36).slice(2)}`;
  const tail = `/${marker}`;
  // A host a scheme that reads the version from the host name can put a version label on.
  const sample = `https://api.example.com${tail}`;
  const byVersion = new BoundedCache((version): VersionDocument => {
    const text = make(version, sample);
    const pieces = text.split(sample);
    // Every server URL the document holds ends in the marker: where each one is the sample itself, the document holds
    // the request's origin as it is; anywhere else, its host name carries the version.
    return pieces.every((piece) => !piece.includes(marker))
      ? { kind: 'origin', pieces }
      : { kind: 'host', hostless: hostlessText(text, tail, sample).split(sample) };
  });
  // `null` for a host the version cannot be put on (an IP address; a name hostnameRegex reads no version from).
  const byHost = new BoundedCache((key): Pieces | null => {
    const cut = key.indexOf('\n');
    try {
      return make(key.slice(0, cut), `${key.slice(cut + 1)}${tail}`).split(tail);
    } catch (error) {
      if (error instanceof TypeError) return null;
      throw error;
    }
  });
  try {
    for (const version of versions) byVersion.get(version);
  } catch (error) {
    const { message, code } = error as ArgumentError;
    // A message that quotes the server URL names it as the application would read it: without the marker.
    const text = message.replaceAll(tail, '');
    throw argumentError(`${where}: options.describe: ${text}`, code, { cause: error });
  }
  const textOf = (version: string, server: string): string => {
    const document = byVersion.get(version);
    if (document.kind === 'origin') return join(document.pieces, server);
    const [, start = '', host = '', rest = ''] = urlAroundHost.exec(server) ?? [];
    const pieces = byHost.get(`${version}\n${start}${normalizeHostName(host)}`);
    // On a host that cannot carry the version, the document names the request's own origin, and says why.
    return pieces === null ? join(document.hostless, server) : join(pieces, rest);
  };
  // The text for a server URL seen lately is kept: the same document string again is cheaper to send than a new one.
  const texts = new BoundedCache((key) => {
    const cut = key.indexOf('\n');
    return textOf(key.slice(0, cut), key.slice(cut + 1));
  });
  const documentIn = (version: string, request: VersioningRequest): string => {
    const prefix = request.scriptPrefix ?? '';
    const server = request.buildAbsoluteUri(prefix === '' ? '/' : prefix).replace(/\/$/, '');
    return texts.get(`${version}\n${server}`);
  };
  return { of: (request) => documentIn(request.version ?? newest, request), in: documentIn };
}
