import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { DiffRequest } from './differential.requests.js';
import { host } from './differential.mount.js';

/** One server's answer to a request, read whole. */
export interface Answer {
  /** `0` when no answer came (see {@link failure}). */
  readonly status: number;
  /** Node's headers: names lower-case, repeated fields joined with `, `. */
  readonly headers: IncomingHttpHeaders;
  /** The body's bytes as UTF-8. */
  readonly body: string;
  /** Why no whole answer came (the connection reset, closed, stalled), else `null`. */
  readonly failure: string | null;
}

/**
 * How long a server may take before its answer counts as missing: far beyond any answer of the run (a few
 * milliseconds each), only so that a server that never answers fails the run with the request named instead of
 * hanging it.
 */
const stalled = 20_000;

/**
 * Sends `request` to `origin` as it is: these headers (with `Host`, and `Content-Length` for a body), on a connection
 * of its own, the target unnormalized.
 */
export function send(origin: string, request: DiffRequest): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  const headers: Record<string, string> = { host, ...request.headers };
  if (request.body !== null) headers['content-length'] = String(request.body.length);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: Answer): void => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const outgoing = httpRequest(
      { method: request.method, hostname, port, path: request.path, headers, agent: false, setHost: false },
      (incoming) => {
        const chunks: Buffer[] = [];
        const done = (failure: string | null): void =>
          settle({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            failure,
          });
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => done(null));
        incoming.on('error', (error) => done(`the answer broke off: ${error.message}`));
        incoming.on('close', () => {
          if (!incoming.complete) done('the answer broke off');
        });
      },
    );
    outgoing.setTimeout(stalled, () => {
      outgoing.destroy(new Error(`no answer within ${stalled / 1000} s`));
    });
    outgoing.on('error', (error) => {
      const code = (error as NodeJS.ErrnoException).code;
      settle({ status: 0, headers: {}, body: '', failure: code ?? error.message });
    });
    if (request.body === null) outgoing.end();
    else outgoing.end(request.body);
  });
}
