import { createServer, request, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real node:http server on 127.0.0.1 whose requests are handed, as they arrive, to the test that sent them. */
export interface IncomingServer {
  readonly port: number;
  /**
   * Sends `GET path` with `headers` (and a `Host` header unless `setHost` is false) and returns what `inspect`
   * computed from the server's `IncomingMessage`.
   */
  capture<T>(
    path: string,
    headers: OutgoingHttpHeaders,
    inspect: (message: IncomingMessage) => T,
    setHost?: boolean,
  ): Promise<T>;
  close(): Promise<void>;
}

export async function startIncomingServer(): Promise<IncomingServer> {
  let inspectNext: ((message: IncomingMessage) => void) | null = null;
  // Host-less requests must reach the handler: the fallback to the socket's address is under test.
  const server = createServer({ requireHostHeader: false }, (message, response) => {
    const inspect = inspectNext;
    inspectNext = null;
    inspect?.(message);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    capture: (path, headers, inspect, setHost = true) =>
      new Promise((resolve, reject) => {
        inspectNext = (message) => {
          try {
            resolve(inspect(message));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        };
        const outgoing = request(
          { host: '127.0.0.1', port, path, headers, setHost, agent: false },
          (response) => {
            response.resume();
          },
        );
        outgoing.on('error', reject);
        outgoing.end();
      }),
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
