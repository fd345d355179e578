// A fetch for the round trips: every request goes to a server on 127.0.0.1, whatever host its URL names, with that
// host in `Host` (which fetch does not let a caller set), so that host-name versioning runs against a real server.
import { request as httpRequest } from 'node:http';
import type { FetchLike } from '../../src/client/versioned-fetch.js';

/** Sends each request to 127.0.0.1:`port`, its URL's host as `Host`. */
export function loopbackFetch(port: number): FetchLike {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body === null ? null : Buffer.from(await request.arrayBuffer());
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: request.method,
          path: url.pathname + url.search,
          headers: { ...Object.fromEntries(request.headers), host: url.host },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const one of Array.isArray(value) ? value : [value ?? '']) headers.append(name, one);
            }
            resolve(new Response(Buffer.concat(chunks), { status: incoming.statusCode ?? 0, headers }));
          });
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}
