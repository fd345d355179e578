import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A response, read whole. */
export interface Reply {
  readonly status: number;
  /** A header's value, `null` when absent (repeated headers joined with `, `). */
  header(name: string): string | null;
  /** Every header value, to check none of them carries something. */
  readonly headerValues: readonly string[];
  /** Every header field as `[name, value]`, the name lower-cased, each field line of its own where it can be. */
  readonly fields: readonly (readonly [string, string])[];
  readonly body: string;
}

/** A server the adapter under test runs on, listening on 127.0.0.1. */
export interface Served {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1, on a port the system picks. */
export function listen(server: Server): Promise<Served> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done()));
        },
      });
    });
  });
}

/** GET (or `method`) through fetch. */
/**
 * Starts servers together. Those that start are added to `servers` even when another fails (so that an `afterAll`
 * closes them); then the first failure is thrown.
 */
export async function startAll(servers: Served[], starting: readonly Promise<Served>[]): Promise<void> {
  const started = await Promise.allSettled(starting);
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
}

/** Closes every server, whatever becomes of the others. */
export async function closeAll(servers: readonly Served[]): Promise<void> {
  await Promise.allSettled(servers.map((served) => served.close()));
}

export async function fetchReply(url: string, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(url, init);
  const body = await response.text();
  return {
    status: response.status,
    header: (name) => response.headers.get(name),
    headerValues: [...response.headers.values()],
    fields: [...response.headers.entries()],
    body,
  };
}

/**
 * A request with exactly these headers, `Host` included, which fetch does not let a caller set, and the request
 * target as it is (fetch would normalize `/./` and `%2e`).
 */
export function rawReply(
  origin: string,
  path: string,
  headers: Readonly<Record<string, string>>,
  method = 'GET',
): Promise<Reply> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const options = { method, hostname, port, path, headers, agent: false, setHost: false };
    const outgoing = request(options, (incoming) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () => {
        const headerValues = Object.values(incoming.headers).flatMap((value) => value ?? []);
        const { rawHeaders } = incoming;
        const fields: [string, string][] = [];
        for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
          fields.push([(rawHeaders[index] as string).toLowerCase(), rawHeaders[index + 1] as string]);
        }
        resolve({
          status: incoming.statusCode ?? 0,
          header: (name) => {
            const value = incoming.headers[name.toLowerCase()];
            return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
          },
          headerValues,
          fields,
          body,
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Runs `task` over `items` with at most `concurrency` in flight; the results in item order. */
export async function inPool<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** The fields of a `Vary` header, lower-cased. */
export function varyFields(reply: Reply): string[] {
  return (reply.header('vary') ?? '')
    .split(',')
    .map((field) => field.trim().toLowerCase())
    .filter((field) => field !== '');
}
