import { BoundedCache } from '../http/bounded-cache.js';
import { normalizeHostName } from '../http/host.js';
import { urlAroundHost } from '../http/uri.js';
import { type ArgumentError, argumentError } from '../internal/arguments.js';
import { openapi } from '../openapi/document.js';
import type { OpenAPIOptions } from '../openapi/options.js';
import type { PlanOptions } from '../pipeline/plan.js';
import type { VersioningRequest } from '../types.js';
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

/** A document's JSON text cut where its server URL goes: the pieces, joined with that URL (JSON-escaped) per request. */
type Pieces = readonly string[];

/** A version's document: cut around the whole server URL, or, where it puts the version in the host, made per host. */
type VersionDocument = { readonly kind: 'origin'; readonly pieces: Pieces } | { readonly kind: 'host' };

/** `pieces` joined with `text` as a JSON string's content. */
function join(pieces: Pieces, text: string): string {
  return pieces.join(JSON.stringify(text).slice(1, -1));
}

/**
 * The documents of the `describe` option, from the options of the mount (checked): each version's made once per
 * mount and cut around its server URL, which is filled in per request, so that a new spelling of an allowed host
 * (port, case, trailing dot) or a new prefix costs no new document. A document that puts the version in the servers'
 * host (`HostNameVersioning`) depends on the host name itself: it is made once per host name, lower-cased and
 * without its trailing dot as the scheme reads it, and cut around what follows (port and prefix). Every version's
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
    const pieces = make(version, sample).split(sample);
    // Every server URL the document holds ends in the marker: where each one is the sample itself, the document holds
    // the request's origin as it is; anywhere else, its host name carries the version.
    return pieces.every((piece) => !piece.includes(marker)) ? { kind: 'origin', pieces } : { kind: 'host' };
  });
  const byHost = new BoundedCache((key): Pieces => {
    const cut = key.indexOf('\n');
    return make(key.slice(0, cut), `${key.slice(cut + 1)}${tail}`).split(tail);
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
    return join(byHost.get(`${version}\n${start}${normalizeHostName(host)}`), rest);
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
