// Part 2: micro-benchmarks of @restdash/versioning's hot paths against the packages people use today.
import Negotiator from 'negotiator';
import { compile } from 'path-to-regexp';
import {
  AcceptHeaderVersioning,
  CompositeVersioning,
  createRequest,
  HeaderVersioning,
  HostNameVersioning,
  include,
  MediaTypeVersioning,
  NamespaceVersioning,
  negotiate,
  path,
  QueryParameterVersioning,
  reverse,
  URLPathVersioning,
  UrlConf,
} from '@restdash/versioning';
import { path as honoPath, versioned as honoVersioned } from '@restdash/versioning/hono';
import { Hono } from 'hono';
import { ratio } from '../lib/format.mjs';
import { opsPerSecond, opsRow, OPS_COLUMNS } from '../lib/ops.mjs';
import { median, medianRatio, noTarget, target } from '../lib/stats.mjs';

const BATCH = 1000;
const SCHEME_TARGET = 5e6;
const REVERSE_TARGET = 3e6;
const NEGOTIATE_TARGET = 2;
/**
 * A Host spelling the mount has not seen costs a copy of the document's text (a new string to send), never a new
 * document: making one costs some thirty requests.
 */
const DESCRIBE_SPELLING_TARGET = 0.25;
const DESCRIBE_VERSIONS = ['v1', 'v2', 'v3', 'v4', 'v5', 'v6'];
const DESCRIBE_ROUTES = 40;

const ACCEPT_HEADERS = {
  Chrome:
    'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
  Firefox: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'API client': 'application/json; version=2.0',
};
const RENDERERS = ['application/json'];
// More spellings than negotiate() remembers answers for (256 per renderer list), so that cycling through them,
// every call works its answer out.
const SPELLINGS = 900;

/**
 * `header` in SPELLINGS spellings that differ in one number (a q-value the answer does not depend on, or the
 * version asked for). Each is made flat from bytes, as Node's HTTP parser makes header values: a string built by
 * replace() or + is a rope, slower to read character by character than any header a server receives.
 */
function spellings(header) {
  return Array.from({ length: SPELLINGS }, (_, index) => {
    const number = String(100 + index);
    const spelt = header.includes('xml;q=0.9')
      ? header.replace('xml;q=0.9', `xml;q=0.${number}`)
      : header.replace('version=2.0', `version=2.${number}`);
    return Buffer.from(spelt, 'latin1').toString('latin1');
  });
}

const urlconf = new UrlConf(
  ['v1', 'v2'].map((version) =>
    include(`/${version}`, [path('/users/:pk/posts/:slug/', null, { name: 'post-detail' })], {
      namespace: version,
    }),
  ),
);

/** A request as the adapters build it, already resolved, so each case measures only the scheme. */
function prebuiltRequest(accept = 'application/json; version=1.0') {
  const request = createRequest(
    new Request('http://v1.example.com/v1/users/42/posts/hello/?version=1.0', {
      headers: { accept, 'api-version': '1.0' },
    }),
    { urlconf, allowedHosts: ['.example.com'] },
  );
  request.resolverMatch = urlconf.resolve(request.path);
  return request;
}

function schemeCases() {
  const request = prebuiltRequest();
  const vendorRequest = prebuiltRequest('application/vnd.acme.1.0+json');
  const urlVersions = { allowedVersions: ['v1', 'v2'] };
  const numbered = { allowedVersions: ['1.0', '2.0'] };
  const kwargs = { version: 'v1', pk: '42', slug: 'hello' };
  return [
    ['URLPathVersioning', new URLPathVersioning(urlVersions), 'v1', true],
    ['QueryParameterVersioning', new QueryParameterVersioning(numbered), '1.0', true],
    ['HostNameVersioning', new HostNameVersioning(urlVersions), 'v1', true],
    ['AcceptHeaderVersioning', new AcceptHeaderVersioning(numbered), '1.0', false],
    ['NamespaceVersioning', new NamespaceVersioning(urlVersions), 'v1', false],
    ['HeaderVersioning', new HeaderVersioning(numbered), '1.0', false],
    [
      'MediaTypeVersioning',
      new MediaTypeVersioning({ template: 'application/vnd.acme.{version}+json', ...numbered }),
      '1.0',
      false,
      vendorRequest,
    ],
    [
      'CompositeVersioning (header, query)',
      new CompositeVersioning([new HeaderVersioning(), new QueryParameterVersioning()], numbered),
      '1.0',
      false,
    ],
  ].map(([name, scheme, expected, targeted, on = request]) => ({
    name: `determineVersion, ${name}`,
    fn: () => scheme.determineVersion(on, [], kwargs),
    batch: BATCH,
    expected,
    targeted,
  }));
}

/**
 * The describe route of a 40-route, 6-version API on Hono (`app.fetch()`, no sockets): each call asks for the newest
 * version's document; `host` gives the `Host` header of the n-th call.
 */
function describeCase(name, host) {
  const handler = (c) => c.json({});
  const routes = Array.from({ length: DESCRIBE_ROUTES }, (_, index) => {
    const since = DESCRIBE_VERSIONS[index % DESCRIBE_VERSIONS.length];
    return honoPath(`/:version/things-${index}/:pk/`, handler, {
      name: `thing-${index}`,
      methods: ['GET', 'PUT', 'DELETE'],
      ...(since === 'v1' ? {} : { since }),
    });
  });
  const app = new Hono();
  app.route(
    '/',
    honoVersioned(new UrlConf(routes), {
      scheme: new URLPathVersioning({ allowedVersions: DESCRIBE_VERSIONS }),
      allowedHosts: ['localhost', 'api.example.com'],
      describe: { path: '/:version/openapi.json', info: { title: 'Things' } },
    }),
  );
  const url = 'http://localhost/v6/openapi.json';
  let calls = 0;
  return {
    name,
    fn: () => app.fetch(new Request(url, { headers: { host: host(calls++) } })),
    batch: 1,
    async check() {
      const spelt = host(calls);
      const response = await this.fn();
      const document = await response.json();
      if (response.status !== 200 || document.servers?.[0]?.url !== `http://${spelt}`) {
        throw new Error(`${name}: status ${response.status}, servers ${JSON.stringify(document.servers)}`);
      }
    },
  };
}

/**
 * Another spelling of an allowed Host on every call: its port, the case of its letters and a trailing dot, in
 * more combinations than any cache of documents by Host could keep.
 */
function hostSpelling(n) {
  const name = [...'api.example.com'].map((char, at) => ((n >> at) & 1 ? char.toUpperCase() : char)).join('');
  return `${name}${n % 3 === 0 ? '.' : ''}:${1024 + (n % 60000)}`;
}

function expectResult(task) {
  const actual = task.fn();
  if (actual !== task.expected) {
    throw new Error(
      `${task.name} returned ${JSON.stringify(actual)}, expected ${JSON.stringify(task.expected)}`,
    );
  }
}

/** Runs part 2 and returns its section. */
export async function micro(settings) {
  const schemes = schemeCases();
  const negotiation = Object.entries(ACCEPT_HEADERS).flatMap(([client, header]) => {
    const headers = spellings(header);
    let next = 0;
    const another = () => headers[next++ % SPELLINGS];
    const uncached = `${client}, another spelling each call`;
    return [
      { name: `negotiate(), ${client}`, fn: () => negotiate(header, RENDERERS), batch: BATCH, client },
      {
        name: `negotiator package, ${client}`,
        fn: () => new Negotiator({ headers: { accept: header } }).mediaType(RENDERERS),
        batch: BATCH,
      },
      {
        name: `negotiate(), ${uncached}`,
        fn: () => negotiate(another(), RENDERERS),
        batch: BATCH,
        client: uncached,
      },
      {
        name: `negotiator package, ${uncached}`,
        fn: () => new Negotiator({ headers: { accept: another() } }).mediaType(RENDERERS),
        batch: BATCH,
      },
    ];
  });
  const toPath = compile('/v1/users/:pk/posts/:slug/');
  const reversal = [
    {
      name: "reverse('v1:post-detail', { kwargs: { pk, slug } })",
      fn: () => reverse('v1:post-detail', { kwargs: { pk: 42, slug: 'hello' }, urlconf }),
      batch: BATCH,
      expected: '/v1/users/42/posts/hello/',
    },
    {
      name: 'path-to-regexp compile(…)(params), precompiled',
      fn: () => toPath({ pk: '42', slug: 'hello' }),
      batch: BATCH,
      expected: '/v1/users/42/posts/hello/',
    },
  ];
  for (const task of [...schemes, ...reversal]) expectResult(task);
  const documents = [
    describeCase('describe: one Host', () => 'localhost'),
    describeCase('describe: 100 Host spellings (a new one each request)', hostSpelling),
  ];
  for (const task of documents) await task.check();
  const outcomes = Object.entries(ACCEPT_HEADERS).map(([client, header]) => {
    const theirs = new Negotiator({ headers: { accept: header } }).mediaType(RENDERERS);
    return `${client}: \`negotiate()\` → \`${negotiate(header, RENDERERS)}\`, negotiator → \`${theirs ?? 'undefined (not acceptable)'}\``;
  });

  const ops = await opsPerSecond([...schemes, ...negotiation, ...reversal, ...documents], settings, 'micro');

  const schemeRows = schemes.map((task) =>
    opsRow(ops, task.name, {
      toPeer: '—',
      ...(task.targeted
        ? target(`≥ ${SCHEME_TARGET / 1e6} M ops/s`, median(ops.get(task.name)) >= SCHEME_TARGET)
        : noTarget),
    }),
  );
  const negotiationRows = negotiation.map((task) => {
    if (!task.client) return opsRow(ops, task.name, { toPeer: '(peer)', ...noTarget });
    const toPeer = medianRatio(ops.get(task.name), ops.get(`negotiator package, ${task.client}`));
    return opsRow(ops, task.name, {
      toPeer: ratio(toPeer),
      ...target(`≥ ${NEGOTIATE_TARGET}×`, toPeer >= NEGOTIATE_TARGET),
    });
  });
  const [ours, peer] = reversal;
  const reverseRows = [
    opsRow(ops, ours.name, {
      toPeer: ratio(medianRatio(ops.get(ours.name), ops.get(peer.name))),
      ...target(`≥ ${REVERSE_TARGET / 1e6} M ops/s`, median(ops.get(ours.name)) >= REVERSE_TARGET),
    }),
    opsRow(ops, peer.name, { toPeer: '(peer)', ...noTarget }),
  ];
  const [oneHost, newHosts] = documents;
  const spellingRatio = medianRatio(ops.get(newHosts.name), ops.get(oneHost.name));
  const documentRows = [
    opsRow(ops, oneHost.name, { toPeer: '(peer)', ...noTarget }),
    opsRow(ops, newHosts.name, {
      toPeer: ratio(spellingRatio),
      ...target(`≥ ${DESCRIBE_SPELLING_TARGET}×`, spellingRatio >= DESCRIBE_SPELLING_TARGET),
    }),
  ];
  return {
    title: '2. Versioning micro-benchmarks (tinybench)',
    tables: [
      {
        caption: 'Schemes: determineVersion() on a prebuilt VersioningRequest',
        columns: OPS_COLUMNS,
        rows: schemeRows,
      },
      {
        caption: "Content negotiation, renderers ['application/json']",
        columns: OPS_COLUMNS,
        rows: negotiationRows,
      },
      { caption: 'URL reversal, two-parameter namespaced route', columns: OPS_COLUMNS, rows: reverseRows },
      {
        caption: `The describe route: the newest OpenAPI document of a ${DESCRIBE_ROUTES}-route, ${DESCRIBE_VERSIONS.length}-version API (Hono)`,
        columns: OPS_COLUMNS,
        rows: documentRows,
      },
    ],
    notes: [
      `tinybench, ${settings.time} ms per task and round, ${settings.rounds} rounds (tasks interleaved); each sample runs the operation ${BATCH} times, so the timer's cost does not dominate.`,
      'The prebuilt request is `createRequest(new Request(…))`, already resolved against the urlconf; the Accept scheme reads the negotiated media type, which the request computes once and caches, so its row measures the parameter lookup, not negotiation (negotiation has its own table).',
      'negotiator is used the way it is per request: `new Negotiator({ headers }).mediaType(renderers)`. Results: ' +
        outcomes.join('; ') +
        '.',
      `\`negotiate()\` remembers its answers for the last 256 distinct \`Accept\` values of 64 characters or more per renderer list (a browser's header; shorter ones, like the API client's, are worked out each time), as real clients send the same few again and again: the rows with one header measure that. The "another spelling each call" rows cycle through ${SPELLINGS} spellings of the header (one number changed: the \`application/xml\` q-value, or the version asked for), more than it remembers, so that every call works its answer out; both packages get the same strings, flat as a server receives them.`,
      '`reverse()` is the top-level function with `urlconf` passed and no request (path result); the peer is the bare `compile()` of path-to-regexp, compiled once outside the loop, which is what reversal costs at the least.',
      `The describe rows ask a Hono app (\`app.fetch(new Request(…))\`, no sockets) for \`/v6/openapi.json\`, one request per sample; “one Host” always sends \`Host: localhost\`, “100 Host spellings” sends another spelling of an allowed host each time (\`API.example.COM.:1031\`: case, trailing dot, port), more of them than any cache of documents by Host keeps. Its ratio is its ops/s over the one-Host row’s: a new spelling costs a new copy of the document’s text to send (the one-Host row sends the same string again), never a new document, which costs some thirty requests’ worth (about 0.03×).`,
    ],
  };
}
