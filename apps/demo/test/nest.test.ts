// `--framework nest`: the demo on NestJS (platform-fastify) answers as it does on Fastify with restdash's plugin —
// the same requests to both servers, once per scheme Nest runs (every one but namespace), the same answers.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, test } from 'vitest';
import { createServer } from '../src/server/server.js';
import { changelogPath } from '../src/server/changelog-page.js';
import { apiDocsPath, usagePath } from '../src/shared/api.js';
import type { Ask } from './schemes.cases.js';
import { schemeCases } from './schemes.cases.js';
import { ensureServerBuild } from './support/build.js';
import { serveDemo } from './support/demo-server.js';
import { get, send, type TestResponse } from './support/http.js';

/** The headers compared (the others are the frameworks' own: date, connection, content-length…). */
const compared = [
  'content-type',
  'content-language',
  'vary',
  'link',
  'deprecation',
  'sunset',
  'api-supported-versions',
  'api-deprecated-versions',
  'cache-control',
  'access-control-allow-origin',
  'allow',
];

/** What an answer says, its server's port written `PORT` (the two servers listen on different ports). */
function answerOf(response: TestResponse, port: string) {
  const unported = (text: string) => text.replaceAll(`:${port}`, ':PORT');
  const headers = Object.fromEntries(
    compared.map((name) => [name, unported(String(response.headers[name] ?? '—'))]),
  );
  const body = unported(response.text);
  // JSON parsed, so that a difference shows where it is.
  return {
    status: response.status,
    headers,
    body: /json/.test(response.contentType) && body !== '' ? JSON.parse(body) : body,
  };
}

/**
 * A document without the city detail's description. The one difference: on Fastify the detail is two routes of one
 * URL split by version (`since`/`until`), each described for its versions; Nest's router calls one handler per path
 * and method, so on Nest it is one route, described as the newest.
 */
function withoutDetailDescription(answer: ReturnType<typeof answerOf>) {
  const document = answer.body as { paths: Record<string, Record<string, Record<string, unknown>>> };
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item))
      if (operation['operationId'] === 'city_detail') delete operation['description'];
  return answer;
}

/** The same request to a server at `base`. */
function on(base: URL, ask: Ask): Ask {
  const url = new URL(ask.url);
  url.port = base.port;
  return { url: url.href, headers: ask.headers };
}

describe.each(schemeCases.filter(({ scheme }) => scheme !== 'namespace'))('the $scheme scheme', (scheme) => {
  const fastify = serveDemo({ scheme: scheme.scheme, port: 0, host: '127.0.0.1' });
  const nest = serveDemo({ scheme: scheme.scheme, framework: 'nest', port: 0, host: '127.0.0.1' });
  const [v1, v2, v3] = scheme.versions;

  /** The requests both servers get, built against the Fastify one. */
  function asks(): [string, string, Ask][] {
    const base = fastify.url;
    const list = (version: string, query = '') => {
      const ask = scheme.ask(base, version);
      const url = new URL(ask.url);
      for (const [key, value] of new URLSearchParams(query)) url.searchParams.set(key, value);
      return { url: url.href, headers: ask.headers };
    };
    const detail = (version: string, id: string) => {
      const ask = scheme.ask(base, version);
      const url = new URL(ask.url);
      url.pathname += `${id}/`;
      return { url: url.href, headers: ask.headers };
    };
    const site = (path: string, headers: Record<string, string> = {}) => ({
      url: new URL(path, base).href,
      headers,
    });
    const versioned = scheme.versions.flatMap((version): [string, string, Ask][] => [
      ['GET', `${version}: the list`, list(version)],
      ['GET', `${version}: a page of a search`, list(version, 'page=2&page_size=5&search=par&ordering=name')],
      ['GET', `${version}: a page past the end`, list(version, 'page=99999')],
      ['GET', `${version}: a page size too large`, list(version, 'page_size=101')],
      ['GET', `${version}: a city`, detail(version, '2643743')],
      ['GET', `${version}: a city that is not there`, detail(version, '1')],
      ['HEAD', `${version}: the list, HEAD`, list(version)],
    ]);
    const bad = scheme.ask(base, scheme.badVersion.version);
    /** restdash's document of `version` (`describe`), asked for the scheme's way. */
    const described = (version: string) => {
      const ask = scheme.ask(base, version);
      const url = new URL(ask.url);
      url.pathname = scheme.scheme === 'url-path' ? `/api/${version}/openapi.json` : '/api/openapi.json';
      return { url: url.href, headers: ask.headers };
    };
    return [
      ...versioned,
      ['GET', 'an unknown version', bad],
      [
        'GET',
        'an unknown version, in German',
        { ...bad, headers: { ...bad.headers, 'accept-language': 'de' } },
      ],
      ['GET', 'the meta', site('/api/meta')],
      ['GET', 'a path under no route', site('/api/nowhere/', { 'accept-language': 'fr' })],
      ['GET', 'the changelog', site(changelogPath)],
      ['GET', 'the usage', site(usagePath)],
      ['GET', `the demo's own document of ${v2}`, site(`/api/openapi/${v2}.json`)],
      ['GET', 'the reference page', site(apiDocsPath)],
      ...scheme.versions.map((version): [string, string, Ask] => [
        'GET',
        `the document of ${version}`,
        described(version),
      ]),
      ['GET', 'an asset that is not there', site('/assets/nowhere.js')],
      ['GET', 'the page', site('/')],
      ['GET', `the page asking for ${v3}`, site(`/?version=${v3}`)],
      ['GET', `${v1} before its sunset, deprecated`, list(v1)],
    ];
  }

  test('every request is answered alike: status, headers, body', async () => {
    const requests = asks();
    for (const [method, what, ask] of requests) {
      const [one, other] = await Promise.all([
        send(method, ask.url, ask.headers),
        send(method, on(nest.url, ask).url, ask.headers),
      ]);
      const [got, expected] = [answerOf(other, nest.url.port), answerOf(one, fastify.url.port)];
      if (what.startsWith('the document of')) [got, expected].forEach(withoutDetailDescription);
      expect(got, `${method} ${what} (${ask.url})`).toEqual(expected);
    }
  });

  test('a method the API does not serve: Fastify’s plugin answers 405 with Allow, Nest its 404, the same problem', async () => {
    const ask = scheme.ask(fastify.url, v2);
    const [one, other] = await Promise.all([
      send('DELETE', ask.url, ask.headers),
      send('DELETE', on(nest.url, ask).url, ask.headers),
    ]);
    expect([one.status, one.headers['allow']]).toEqual([405, 'GET, HEAD']);
    expect(other.status).toBe(404);
    expect(other.contentType).toBe(one.contentType);
    expect(other.json()).toMatchObject({ status: 404, detail: 'Not found.' });
  });
});

test('the namespace scheme cannot run on Nest: its versions are include() namespaces, which Nest routes lack', async () => {
  await expect(createServer({ scheme: 'namespace', framework: 'nest' })).rejects.toThrow(
    'createServer: the namespace scheme cannot run on Nest',
  );
});

test('npm start -- --framework nest starts the demo on Nest, says so, and serves the API', async () => {
  const child = spawn(process.execPath, [ensureServerBuild(), '--framework', 'nest', '--port', '0']);
  try {
    let output = '';
    child.stdout.setEncoding('utf8');
    for await (const chunk of child.stdout) {
      output += String(chunk);
      if (output.includes('\n')) break;
    }
    const banner =
      /^restdash demo: (http:\/\/127\.0\.0\.1:\d+\/) \(scheme: url-path, framework: nest\)$/m.exec(output);
    expect(banner).not.toBeNull();
    const list = await get(`${banner?.[1] ?? ''}api/v2/cities/`);
    expect([list.status, list.contentType]).toEqual([200, 'application/json; charset=utf-8']);
  } finally {
    child.kill('SIGTERM');
  }
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code).toBe(0);
}, 60_000);
