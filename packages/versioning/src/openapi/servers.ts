import { urlAroundHost } from '../http/uri.js';
import { argumentError } from '../internal/arguments.js';
import type { ServerObject } from './openapi.types.js';

/** What a document without `servers` means (OpenAPI's default). */
const defaultServers: readonly ServerObject[] = [{ url: '/' }];

/** `servers` with `version` in each URL's host: group 1 of `regex` replaced when it matches, else `<version>.` before. */
export function hostServers(
  where: string,
  servers: readonly ServerObject[] | null,
  regex: RegExp,
  version: string,
): readonly ServerObject[] {
  if (servers === null) {
    throw argumentError(
      `${where} is versioned by host name: give options.servers (such as [{ url: 'https://api.example.com' }]) for the version's host`,
    );
  }
  // A copy: the scheme's own regex may be global or sticky, and `d` gives group 1's place.
  const indexed = new RegExp(regex.source, `${regex.flags.replace(/[gyd]/g, '')}d`);
  return servers.map((server) => {
    const parts = urlAroundHost.exec(server.url);
    if (parts === null) {
      throw argumentError(
        `${where} is versioned by host name, but server ${JSON.stringify(server.url)} is not an absolute URL with a host`,
      );
    }
    const [, head = '', host = '', tail = ''] = parts;
    const span = indexed.exec(host)?.indices?.[1];
    const versioned = span ? host.slice(0, span[0]) + version + host.slice(span[1]) : `${version}.${host}`;
    if (indexed.exec(versioned)?.[1] !== version) {
      throw argumentError(
        `${where}: the host ${JSON.stringify(versioned)} made for version ${JSON.stringify(version)} from server ${JSON.stringify(server.url)} does not give that version to hostnameRegex ${String(regex)}`,
      );
    }
    return { ...server, url: head + versioned + tail };
  });
}

/** Whether two lists of servers (`null`: OpenAPI's default, `/`) name the same URLs with the same descriptions. */
export function sameServers(a: readonly ServerObject[] | null, b: readonly ServerObject[] | null): boolean {
  const left = a ?? defaultServers;
  const right = b ?? defaultServers;
  return (
    left.length === right.length &&
    left.every(
      (server, index) => server.url === right[index]?.url && server.description === right[index]?.description,
    )
  );
}

/** The servers an operation lists of its own: `servers` where they differ from the document's, else none. */
export function ownServers(
  servers: readonly ServerObject[] | null,
  documentServers: readonly ServerObject[] | null,
): readonly ServerObject[] | undefined {
  return sameServers(servers, documentServers) ? undefined : (servers ?? defaultServers);
}
