// placeVersion() is the inverse of each scheme's determineVersion(): a request placed for a version, sent to a real
// server mounted with versioned(), is served that version. Through versionedFetch(), as a client sends it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { placeVersion } from '../../src/client/place-version.js';
import { versionedFetch } from '../../src/client/versioned-fetch.js';
import { path, versioned } from '../../src/adapters/node/index.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { listen, type Served } from '../adapters/support.js';
import { schemeCases } from './client.cases.js';
import { loopbackFetch } from './loopback.js';

const handler = path('/users/', (req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ version: req.version }));
}).handler;

describe.each(schemeCases)('$name', (schemeCase) => {
  const scheme = schemeCase.scheme(schemeCase.versions);
  let served: Served;
  let port: number;

  beforeAll(async () => {
    const urlconf = new UrlConf(schemeCase.routes(schemeCase.versions, handler));
    served = await listen(
      createServer(versioned(urlconf, { scheme, allowedHosts: ['127.0.0.1', 'localhost', '.example.com'] })),
    );
    port = Number(new URL(served.origin).port);
  });
  afterAll(() => served.close());

  const urlOf = () => `http://${schemeCase.host ?? `127.0.0.1:${String(port)}`}${schemeCase.url}`;

  test.each(schemeCase.versions)('a request placed for %s is served %s', async (version) => {
    const api = versionedFetch({ scheme, version, fetch: loopbackFetch(port) });
    const response = await api(urlOf());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ version });
  });

  test('the version goes where the scheme reads it, and only there', () => {
    const [first = '', second = ''] = schemeCase.versions;
    const one = placeVersion(scheme, first, { url: urlOf() });
    const two = placeVersion(scheme, second, { url: urlOf() });
    expect(schemeCase.sent(one)).toContain(first);
    expect(schemeCase.sent(two)).toContain(second);
    expect(schemeCase.sent(two)).toBe(schemeCase.sent(one)?.replace(first, second));
  });

  test('a version the server does not allow is sent all the same, and the server refuses it', async () => {
    const api = versionedFetch({ scheme, version: 'v9', fetch: loopbackFetch(port) });
    const response = await api(urlOf());
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });
});

test('served on its port, as a client writes the URL: fetch itself, no loopback', async () => {
  const schemeCase = schemeCases.find((candidate) => candidate.name === 'URLPathVersioning');
  if (schemeCase === undefined) throw new Error('no URLPathVersioning case');
  const scheme = schemeCase.scheme(schemeCase.versions);
  const urlconf = new UrlConf(schemeCase.routes(schemeCase.versions, handler));
  const server = createServer(versioned(urlconf, { scheme }));
  const served = await listen(server);
  try {
    const { port } = server.address() as AddressInfo;
    const response = await versionedFetch({ scheme, version: 'v2' })(
      `http://127.0.0.1:${String(port)}/{version}/users/`,
    );
    expect(await response.json()).toEqual({ version: 'v2' });
  } finally {
    await served.close();
  }
});
