// What a README example runs with, once turned into a program by readme-claims.ts: the checks its claim comments
// became, and servers moved to 127.0.0.1 on ephemeral ports. Bundled by esbuild next to the example's program.
import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Server } from 'node:net';

interface Listening {
  readonly server: Server;
  /** The port the example asked for (3000): requests name it in `Host`, so its links read as claimed. */
  readonly askedPort: number;
}

const servers: Listening[] = [];

// An example listens on a fixed port (`app.listen(3000)`, `serve({ port: 3000 })`); the test listens on
// 127.0.0.1 at a port the system picks, and remembers which port the example wanted. Ports from 32768 up
// are ephemeral ones a framework passes on (Fastify's second address), left alone.
const listen = Object.getOwnPropertyDescriptor(Server.prototype, 'listen')?.value as (
  this: Server,
  ...args: unknown[]
) => Server;
Server.prototype.listen = function readmeListen(this: Server, ...args: unknown[]): Server {
  const [first, ...rest] = args;
  const asked =
    typeof first === 'number' || typeof first === 'string'
      ? Number(first)
      : typeof first === 'object' && first !== null && 'port' in first
        ? Number(first.port)
        : Number.NaN;
  if (!(asked > 0 && asked < 32768)) return listen.apply(this, args);
  servers.push({ server: this, askedPort: asked });
  const callback = [...rest].reverse().find((arg) => typeof arg === 'function');
  const options = typeof first === 'object' && first !== null ? first : {};
  return listen.call(this, { ...options, port: 0, host: '127.0.0.1' }, callback);
} as typeof Server.prototype.listen;

/** Copies plain data out of null-prototype objects, so that a claim's object literal can equal them. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value !== 'object' || value === null) return value;
  if (Object.getPrototypeOf(value) !== null) {
    if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  }
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, plain(entry)]));
}

/** `expression; // value`: the expression's result equals the value. */
export async function value(actual: () => unknown, expected: () => unknown, where: string): Promise<void> {
  assert.deepStrictEqual(plain(await actual()), plain(expected()), `${where}: the claimed result`);
}

export interface ThrowsClaim {
  readonly name: string;
  readonly status: number | null;
  readonly message: string | null;
}

/** `expression; // NotFound (404): 'message'`: the expression throws that error. */
export async function throws(run: () => unknown, claim: ThrowsClaim, where: string): Promise<void> {
  let thrown: unknown = undefined;
  let threw = false;
  try {
    await run();
  } catch (error) {
    threw = true;
    thrown = error;
  }
  assert.ok(threw, `${where}: expected ${claim.name} to be thrown, nothing was`);
  const error = thrown as { name?: unknown; statusCode?: unknown; message?: unknown };
  const names = [error.name, (thrown as object | null)?.constructor.name];
  assert.ok(names.includes(claim.name), `${where}: expected ${claim.name}, got ${String(thrown)}`);
  if (claim.status !== null)
    assert.equal(error.statusCode, claim.status, `${where}: status of ${claim.name}`);
  if (claim.message !== null) assert.equal(String(error.message), claim.message, `${where}: message`);
}

export interface HttpClaim {
  readonly method: string;
  readonly target: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  /** A JSON request body, as written. */
  readonly requestBody: string | null;
  readonly status: number;
  readonly contentType: string | null;
  readonly body: unknown;
  readonly hasBody: boolean;
  readonly headers: Readonly<Record<string, string>>;
}

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

function send(port: number, claim: HttpClaim, host: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: claim.method,
        path: claim.target,
        headers: {
          host,
          ...(claim.requestBody === null ? {} : { 'content-type': 'application/json' }),
          ...claim.requestHeaders,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(claim.requestBody ?? undefined);
  });
}

/** `// GET /path → 404 problem+json {…}, Vary: Accept`: the server the example started answers so. */
export async function http(claim: HttpClaim, where: string): Promise<void> {
  const listening = servers.at(-1);
  assert.ok(listening !== undefined, `${where}: the example started no server`);
  const { server, askedPort } = listening;
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  assert.ok(typeof address === 'object' && address !== null);
  const answer = await send(address.port, claim, `localhost:${askedPort}`);
  const said = `${where}: ${claim.method} ${claim.target}`;
  assert.equal(answer.status, claim.status, `${said}: status (body ${answer.body})`);
  if (claim.contentType !== null) {
    const type = (answer.headers['content-type'] ?? '').split(';')[0]?.trim();
    assert.equal(type, claim.contentType, `${said}: Content-Type`);
  }
  if (claim.hasBody) {
    let body: unknown = answer.body;
    try {
      body = JSON.parse(answer.body);
    } catch {
      // Not JSON: compared as text.
    }
    assert.deepStrictEqual(body, claim.body, `${said}: body`);
  }
  for (const [name, expected] of Object.entries(claim.headers)) {
    const actual = answer.headers[name.toLowerCase()];
    assert.equal(Array.isArray(actual) ? actual.join(', ') : actual, expected, `${said}: ${name}`);
  }
}

/** Closes every server the example started, so that the process ends. */
export async function done(): Promise<void> {
  await Promise.all(
    servers.map(
      ({ server }) =>
        new Promise<void>((resolve) => {
          const closing = server as Server & { closeAllConnections?: () => void };
          closing.closeAllConnections?.();
          server.close(() => {
            resolve();
          });
        }),
    ),
  );
}
