// The load generator: autocannon with the same settings for every case, plus a correctness check
// so that no case is ever measured while it answers 404s.
import { request as httpRequest } from 'node:http';
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

/** Sends exactly `amount` requests to `port` over `connections` keep-alive connections; resolves with the counts. */
export async function send(port, requests, amount, connections) {
  const result = await autocannon({
    connections,
    pipelining: 1,
    url: `http://127.0.0.1:${port}`,
    amount,
    requests: requestsOf(requests),
  });
  return { total: result.requests.total, failures: result.errors + result.timeouts + result.non2xx };
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
