// A GET over real HTTP that reaches *.localhost hosts without DNS: it always connects to 127.0.0.1 and
// sends the URL's host in the Host header, as Chromium and curl do for *.localhost.
import { request } from 'node:http';

/** A response, body read as text. */
export interface TestResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
  readonly contentType: string;
  /** The body parsed as JSON. */
  json(): unknown;
}

/** GETs an absolute `http://` URL (host 127.0.0.1, localhost or *.localhost) with `headers`. */
export function get(url: string, headers: Readonly<Record<string, string>> = {}): Promise<TestResponse> {
  return send('GET', url, headers);
}

/** Sends a body-less `method` request to an absolute `http://` URL, as {@link get} does. */
export function send(
  method: string,
  url: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<TestResponse> {
  const target = new URL(url);
  if (target.protocol !== 'http:') throw new Error(`get() only speaks http://, not ${url}`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        method,
        host: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        headers: { host: target.host, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            contentType: res.headers['content-type'] ?? '',
            json: () => JSON.parse(text) as unknown,
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
