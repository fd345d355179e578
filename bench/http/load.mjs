// The load generator: autocannon with the same settings for every case, plus a correctness check
// so that no case is ever measured while it answers 404s.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import autocannon from 'autocannon';

export const LOAD = { connections: 50, pipelining: 1 };

function requestsOf(requests) {
  return [requests].flat().map(({ path, headers }) => ({ method: 'GET', path, headers }));
}

/** Runs autocannon against `port` for `seconds`, cycling through `requests` (one or several). */
export async function load(port, requests, seconds) {
  const result = await autocannon({
    ...LOAD,
    url: `http://127.0.0.1:${port}`,
    duration: seconds,
    requests: requestsOf(requests),
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The bytes of one keep-alive GET of `path` with `headers` (`Host: 127.0.0.1` unless they name one). */
function requestBytes({ path, headers }) {
  const fields = { host: '127.0.0.1', ...headers };
  const lines = [
    `GET ${path} HTTP/1.1`,
    ...Object.entries(fields).map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

const STATUS_LINE = 'HTTP/1.1 ';

/**
 * Sends exactly `amount` GETs of `request` to `port` over `connections` keep-alive sockets, each keeping `depth`
 * requests in flight (HTTP/1.1 pipelining), and resolves with the responses counted and the non-200 ones among
 * them. The client is a few lines over `node:net`, so it costs far less than the server it loads: the server is
 * never waiting for it, reads its requests in the same batches every round, and its CPU time per request is
 * steady from one round to the next (with autocannon's 50 connections and no pipelining, how many requests
 * a wake-up found depended on how fast the client was, and the rounds spread by 20–95 %).
 */
export function pipelined(port, request, amount, { connections, depth }) {
  const one = requestBytes(request);
  let sent = 0;
  let total = 0;
  let failures = 0;
  return new Promise((resolve, reject) => {
    let open = connections;
    for (let index = 0; index < connections; index++) {
      const socket = connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      socket.setEncoding('latin1');
      let inFlight = 0;
      let tail = '';
      const topUp = () => {
        let more = 0;
        while (inFlight < depth && sent < amount) {
          inFlight++;
          sent++;
          more++;
        }
        if (more > 0) socket.write(more === 1 ? one : Buffer.concat(Array(more).fill(one)));
        else if (inFlight === 0) socket.end();
      };
      socket.on('data', (chunk) => {
        // Responses are counted by their status lines; one may be cut between two chunks.
        const text = tail + chunk;
        let position = 0;
        for (;;) {
          const at = text.indexOf(STATUS_LINE, position);
          if (at === -1 || at + STATUS_LINE.length + 3 > text.length) {
            tail =
              at === -1 ? text.slice(Math.max(position, text.length - STATUS_LINE.length)) : text.slice(at);
            break;
          }
          if (text.slice(at + STATUS_LINE.length, at + STATUS_LINE.length + 3) !== '200') failures++;
          inFlight--;
          total++;
          position = at + STATUS_LINE.length + 3;
        }
        topUp();
      });
      socket.on('error', reject);
      socket.on('close', () => {
        if (--open === 0) resolve({ total, failures });
      });
      topUp();
    }
  });
}

/** GET `path` with exactly `headers` (a `Host` too, which fetch would not send), read whole. */
function get(port, path, headers) {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk) => (text += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode, text }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Sends `request` once and throws unless it gets 200 with the expected `version` in the JSON body. */
export async function check(port, request, label) {
  const { status, text } = await get(port, request.path, request.headers);
  let version;
  try {
    version = JSON.parse(text).version;
  } catch {
    version = undefined;
  }
  if (status !== 200 || version !== request.version) {
    throw new Error(
      `${label}: GET ${request.path} answered ${status} ${text.slice(0, 200)} (expected 200 with version ${request.version})`,
    );
  }
}
