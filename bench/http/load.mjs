// The load generator: autocannon with the same settings for every case, plus a correctness check
// so that no case is ever measured while it answers 404s.
import autocannon from 'autocannon';

export const LOAD = { connections: 50, pipelining: 1 };

/** Runs autocannon against `port` for `seconds`, cycling through `requests` (one or several). */
export async function load(port, requests, seconds) {
  const result = await autocannon({
    ...LOAD,
    url: `http://127.0.0.1:${port}`,
    duration: seconds,
    requests: [requests].flat().map(({ path, headers }) => ({ method: 'GET', path, headers })),
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

/** Sends `request` once and throws unless it gets 200 with the expected `version` in the JSON body. */
export async function check(port, request, label) {
  const response = await fetch(`http://127.0.0.1:${port}${request.path}`, { headers: request.headers });
  const text = await response.text();
  let version;
  try {
    version = JSON.parse(text).version;
  } catch {
    version = undefined;
  }
  if (response.status !== 200 || version !== request.version) {
    throw new Error(
      `${label}: GET ${request.path} answered ${response.status} ${text.slice(0, 200)} (expected 200 with version ${request.version})`,
    );
  }
}
