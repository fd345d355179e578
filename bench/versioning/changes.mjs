// Part 2b: version changes. What a history costs against the hand-written code it replaces: a handler that maps
// its newest-version objects to an older version's shape itself, and validates an older request with its own zod
// schema before mapping it up. In-process, no sockets: the functions an adapter runs per request.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { EventEmitter } from 'node:events';
import { z } from 'zod';
import { change, field, VersionHistory } from '@restdash/versioning/changes';
import { HeaderVersioning, path, UrlConf, URLPathVersioning } from '@restdash/versioning';
import { planRouteSchemas } from '../../packages/versioning/dist/changes/route-schemas.js';
// The request pipeline, from the build: what every adapter compiles at mount and runs per request.
import { bodyCompiler } from '../../packages/versioning/dist/pipeline/route-bodies.js';
import { outgoingJson } from '../../packages/versioning/dist/pipeline/outgoing.js';
import { enter, sending, whenEntered } from '../../packages/versioning/dist/pipeline/exchange.js';
import { decideNode } from '../../packages/versioning/dist/pipeline/decide.js';
import { compilePlan } from '../../packages/versioning/dist/pipeline/plan.js';
import {
  requestChannel,
  requestChannelName,
} from '../../packages/versioning/dist/pipeline/request-channel.js';
import { ratio } from '../lib/format.mjs';

import { opsPerSecond, opsRow, OPS_COLUMNS } from '../lib/ops.mjs';
import { median, medianRatio, noTarget, target } from '../lib/stats.mjs';

const User = z
  .object({
    id: z.number(),
    fullName: z.string(),
    email: z.string(),
    tags: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({ id: 'BenchUser' });
const UserList = z.object({ data: z.array(User), next: z.string().nullable() });

/** Three versions, three changes: two renames and a type change (Unix seconds became an ISO string). */
export const history = new VersionHistory(['v1', 'v2', 'v3'], {
  v2: [
    change('A user\'s name is "fullName"', [field(User, 'fullName').renamedFrom('name')]),
    change('"createdAt" is an ISO 8601 string', [
      field(User, 'createdAt').retyped({
        schema: z.number(),
        up: (seconds) => new Date(seconds * 1000).toISOString(),
        down: (iso) => Date.parse(iso) / 1000,
      }),
    ]),
  ],
  v3: [change('"mail" is "email"', [field(User, 'email').renamedFrom('mail')])],
});

const user = (id) => ({
  id,
  fullName: `User ${id}`,
  email: `user${id}@example.com`,
  tags: ['a', 'b'],
  createdAt: new Date(1_700_000_000_000 + id * 1000).toISOString(),
});
const list = { data: Array.from({ length: 100 }, (_, id) => user(id)), next: null };

/** The hand-written mapper a handler would carry for v1: the same renames and conversion. */
const userToV1 = (u) => ({
  id: u.id,
  name: u.fullName,
  mail: u.email,
  tags: u.tags,
  createdAt: Date.parse(u.createdAt) / 1000,
});

const route = planRouteSchemas('bench', { label: '"/users/"', name: 'users', response: UserList }, history);
const info = { status: 200, headers: new Headers() };

/** A v1 client's POST body and the hand-written alternative: its own zod schema, then the mapping up. */
const UserV1 = z.object({
  id: z.number(),
  name: z.string(),
  mail: z.string(),
  tags: z.array(z.string()),
  createdAt: z.number(),
});
const userFromV1 = (u) => ({
  id: u.id,
  fullName: u.name,
  email: u.mail,
  tags: u.tags,
  createdAt: new Date(u.createdAt * 1000).toISOString(),
});

/** The list route's bodies as a mount compiles them, for the way out (no problem migrations, no checks). */
const listBodies = { response: route.response, problem: null, check: null };
/** The way out as an adapter runs it for the list in `version`: the compiled text, else JSON.stringify of the value. */
function listText(version) {
  const out = outgoingJson(listBodies, version, list, 200, 'application/json', () => new Headers(), true);
  return out.text ?? JSON.stringify(out.body);
}

/**
 * One mount's plan with two routes of one URL shape: `/:version/plain/` (no schemas) and `/:version/users/` (a
 * `response` and a `request` schema, served with the history) — compiled as every adapter compiles it.
 */
const mountWith = (checkResponses) =>
  compilePlan(
    new UrlConf([
      path('/:version/plain/', () => null),
      path('/:version/users/', () => null, { name: 'users', request: User, response: User }),
    ]),
    {
      scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'] }),
      changes: history,
      checkResponses,
    },
    'bench',
    { compileBodies: bodyCompiler() },
  );
const [plainRoute, usersRoute] = mountWith(false).routes;
const usersBodies = usersRoute.bodiesOf(usersRoute.route);
const checkedRoute = mountWith(true).routes[1];
const newestUser = user(7);
const noHeaders = () => new Headers();

/** `sending()` as it was before `checkResponses`: the route's bodies, and a closure over `outgoingJson`. */
function sendingBefore(route, serve) {
  const bodies = route.bodiesOf(serve.route);
  if (bodies === null || (bodies.response === null && bodies.problem === null)) return null;
  const { version } = serve.request;
  return (value, status, contentType, headers) =>
    outgoingJson(bodies, version, value, status, contentType, headers);
}

/**
 * An adapter's way out for a GET of `version`, as every adapter runs it: decide(), `send = sending(route, outcome)`,
 * the handler's value through it, the JSON text.
 */
function responsePath(route, makeSend, version) {
  const message = { method: 'GET', url: `/${version}/users/`, headers: { host: '127.0.0.1' }, socket: {} };
  const outcome = decideNode(route, message, message.url, { version }, '');
  const send = makeSend(route, outcome);
  return JSON.stringify(send(newestUser, 200, 'application/json', noHeaders).body);
}

/** An adapter's work for a GET of the newest version, up to the JSON text: decide(), then the body as sent. */
function newestResponse(route, bodies) {
  const message = { method: 'GET', url: '/v3/users/', headers: { host: '127.0.0.1' }, socket: {} };
  const outcome = decideNode(route, message, message.url, { version: 'v3' }, '');
  const body =
    bodies === null
      ? newestUser
      : outgoingJson(bodies, outcome.request.version, newestUser, 200, 'application/json', noHeaders).body;
  return JSON.stringify(body);
}

/** A node:http response as far as the request's report reads it: its status, and `close` once it is done. */
class DoneResponse extends EventEmitter {
  statusCode = 200;
}

/**
 * The pipeline row's v3 GET with its report, as node:http, Express and Fastify run it: decideNode() given the
 * response (where the report waits, when anyone subscribes), the JSON text, then the response's `close`.
 */
function reportedResponse() {
  const message = { method: 'GET', url: '/v3/users/', headers: { host: '127.0.0.1' }, socket: {} };
  const response = new DoneResponse();
  const outcome = decideNode(usersRoute, message, message.url, { version: 'v3' }, '', message, response);
  const text = JSON.stringify(
    outgoingJson(usersBodies, outcome.request.version, newestUser, 200, 'application/json', noHeaders).body,
  );
  response.emit('close');
  return text;
}

let subscribedChecks = 0;
/**
 * The same, with the two `hasSubscribers` checks the pipeline makes per request (decide(), decideNode()) made once
 * more, as it makes them: what the fast path costs, without a build that lacks it.
 */
function reportedResponseChecksTwice() {
  if (requestChannel.hasSubscribers) subscribedChecks++;
  if (requestChannel.hasSubscribers) subscribedChecks++;
  return reportedResponse();
}

const ignore = () => {};
/** tinybench hooks: one no-op subscriber on the channel while the task runs, none otherwise. */
const withSubscriber = {
  beforeAll: () => subscribe(requestChannelName, ignore),
  afterAll: () => {
    unsubscribe(requestChannelName, ignore);
  },
};

/** Median over rounds of (a − b) in µs per operation, from two tasks' ops/s of the same rounds. */
const addedMicros = (a, b) => median(a.map((ops, round) => 1e6 / ops - 1e6 / b[round]));

/** A v1 request of the users route as decide() serves it (the adapters' first step). */
const v1Message = { method: 'POST', url: '/v1/users/', headers: { host: '127.0.0.1' }, socket: {} };
const v1Outcome = decideNode(usersRoute, v1Message, v1Message.url, { version: 'v1' }, '');

/**
 * An old client's POST as an adapter runs it (its body parsed by the framework in front): the exchange's way in —
 * validate, migrate, validate — then what the handler reads, at once, as the adapters call the handler when nothing
 * is pending.
 */
function preparePost(body) {
  const port = {
    method: 'POST',
    header: (name) => (name === 'content-type' ? 'application/json' : undefined),
    body: () => ({ parsed: body }),
    info: () => ({ headers: new Headers(), query: new URLSearchParams() }),
  };
  return whenEntered(enter(usersRoute, v1Outcome, port), (entry) =>
    entry.kind === 'handle' ? { kind: 'accept', body: entry.body?.value } : { kind: 'refuse' },
  );
}

/** A header-versioned route's plan, with the mount options `extra` (`pinVersion`). */
function headerRoute(extra = {}) {
  const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' });
  const urlconf = new UrlConf([path('/items/:pk/', () => null, { versioning: scheme })]);
  return compilePlan(urlconf, { scheme: null, allowedHosts: ['127.0.0.1'], ...extra }, 'bench').routes[0];
}
const unpinned = headerRoute();
const pinned = headerRoute({ pinVersion: () => '1' });

/** decide() for a request to `route` with `headers`, as the node:http adapter calls it. */
function decideFor(route, headers) {
  const message = { method: 'GET', url: '/items/42/', headers, socket: {} };
  return decideNode(route, message, message.url, { pk: '42' }, '').request.version;
}
const versionSent = { host: '127.0.0.1', 'api-version': '1' };
const noVersion = { host: '127.0.0.1' };

/** Runs part 2b and returns its section. */
export async function changes(settings) {
  for (const version of ['v1', 'v3']) {
    const general = JSON.stringify(route.response.down(list, version, info));
    if (route.response.serialiser(version)?.(list) !== general || listText(version) !== general)
      throw new Error(`the compiled serialiser of ${version} does not write what the general path sends`);
  }
  const v1User = userToV1(user(7));
  const accepted = preparePost(v1User);
  if (accepted.kind !== 'accept' || accepted.body.fullName !== 'User 7') {
    throw new Error(`the pipeline refused the v1 POST: ${JSON.stringify(accepted)}`);
  }
  // Measured first, before anything subscribes in the process (a subscription changes the channel object's shape,
  // which the pipeline's checks then meet): the checks as in a process where nobody ever subscribes.
  const channelFastPath = [
    { name: 'request channel: pipeline, v3 GET, no subscriber', fn: reportedResponse, batch: 100 },
    {
      name: 'request channel: the same, its hasSubscribers checks made twice',
      fn: reportedResponseChecksTwice,
      batch: 100,
    },
  ];
  const channelSubscribed = [
    {
      name: 'request channel: pipeline, v3 GET, no subscriber (beside a subscriber)',
      fn: reportedResponse,
      batch: 100,
    },
    {
      name: 'request channel: the same, one no-op subscriber',
      fn: reportedResponse,
      batch: 100,
      hooks: withSubscriber,
    },
  ];
  // The pipeline row: the same route with and without schemas and a history, in one table of ns per request.
  const pipeline = [
    {
      name: 'pipeline, v3 GET, route with response + changes',
      fn: () => newestResponse(usersRoute, usersBodies),
      batch: 100,
    },
    {
      name: 'pipeline, v3 GET, the same route without',
      fn: () => newestResponse(plainRoute, null),
      batch: 100,
    },
  ];
  // The way out with checkResponses: off (one check of the compiled route) against the code before it, and on.
  const responses = ['v3', 'v1'].flatMap((version) => [
    {
      name: `way out, ${version} GET, checkResponses off`,
      fn: () => responsePath(usersRoute, sending, version),
      batch: 100,
    },
    {
      name: `way out, ${version} GET, before checkResponses`,
      fn: () => responsePath(usersRoute, sendingBefore, version),
      batch: 100,
    },
  ]);
  const checked = ['v3', 'v1'].map((version) => ({
    name: `way out, ${version} GET, checkResponses on`,
    fn: () => responsePath(checkedRoute, sending, version),
    batch: 100,
  }));
  if (responsePath(checkedRoute, sending, 'v1') !== responsePath(usersRoute, sending, 'v1')) {
    throw new Error('checkResponses changed an answer that fits its schema');
  }
  const pins = [
    { name: 'pipeline, version sent, no pinVersion', fn: () => decideFor(unpinned, versionSent), batch: 100 },
    {
      name: 'pipeline, version sent, pinVersion set (not called)',
      fn: () => decideFor(pinned, versionSent),
      batch: 100,
    },
    { name: 'pipeline, no version, the default', fn: () => decideFor(unpinned, noVersion), batch: 100 },
    {
      name: 'pipeline, no version, pinVersion answers at once',
      fn: () => decideFor(pinned, noVersion),
      batch: 100,
    },
  ];
  const tasks = [
    ...pipeline,
    {
      name: 'way out: 100-item list to v1, compiled (migrate + filter + serialise)',
      fn: () => listText('v1'),
    },
    {
      name: 'hand-written literal mapper to v1 + JSON.stringify',
      fn: () => JSON.stringify({ data: list.data.map(userToV1), next: list.next }),
    },
    {
      name: 'way out: 100-item list in v3 (newest), compiled (filter + serialise)',
      fn: () => listText('v3'),
    },
    { name: 'JSON.stringify of the list alone', fn: () => JSON.stringify(list) },
    {
      name: 'general path: 100-item list to v1, down() + JSON.stringify',
      fn: () => JSON.stringify(route.response.down(list, 'v1', info)),
    },
    {
      name: 'hand-written literal mapper to v1 + JSON.stringify (beside the general path)',
      fn: () => JSON.stringify({ data: list.data.map(userToV1), next: list.next }),
    },
    {
      name: 'history.migrate(User, user, { to: v1 })',
      fn: () => history.migrate(User, list.data[7], { to: 'v1' }),
      batch: 100,
    },
    { name: 'hand-written mapper to v1, one user', fn: () => userToV1(list.data[7]), batch: 100 },
    {
      name: 'pipeline: v1 POST validated, migrated up, validated by zod (prepareRequest)',
      fn: () => preparePost(v1User),
      batch: 100,
    },
    {
      name: 'hand-written: zod parse of a v1 body + mapping up',
      fn: () => userFromV1(UserV1.parse(v1User)),
      batch: 100,
    },
  ];
  // Each comparison alone, in ten times as many rounds of a tenth of the time: the two sides alternate every few
  // dozen milliseconds, so a shared machine's changing speed hits both alike.
  const sliced = { time: settings.time / 10, rounds: settings.rounds * 10 };
  const ops = new Map();
  for (const [name, samples] of await opsPerSecond(
    channelFastPath,
    sliced,
    'changes: request channel, fast path',
  ))
    ops.set(name, samples);
  if (subscribedChecks !== 0) throw new Error('the fast-path pair met a subscriber');
  for (let at = 0; at < tasks.length; at += 2) {
    const both = await opsPerSecond(
      tasks.slice(at, at + 2),
      sliced,
      `changes ${at / 2 + 1}/${tasks.length / 2}`,
    );
    for (const [name, samples] of both) ops.set(name, samples);
  }
  for (let at = 0; at < responses.length; at += 2) {
    const both = await opsPerSecond(responses.slice(at, at + 2), sliced, `changes: way out ${at / 2 + 1}/2`);
    for (const [name, samples] of both) ops.set(name, samples);
  }
  for (const [name, samples] of await opsPerSecond(checked, settings, 'changes: checked'))
    ops.set(name, samples);
  for (const [name, samples] of await opsPerSecond(pins, settings, 'changes: pins')) ops.set(name, samples);
  // Last, since it subscribes: a subscriber hears the report of the request the rows run, then the pair alternates.
  const heard = [];
  const hear = (message) => heard.push(message);
  subscribe(requestChannelName, hear);
  reportedResponse();
  unsubscribe(requestChannelName, hear);
  if (heard.length !== 1 || heard[0].version !== 'v3' || heard[0].status !== 200) {
    throw new Error(`the request channel did not report the request once: ${JSON.stringify(heard)}`);
  }
  for (const [name, samples] of await opsPerSecond(
    channelSubscribed,
    sliced,
    'changes: request channel, subscribed',
  ))
    ops.set(name, samples);
  if (requestChannel.hasSubscribers)
    throw new Error('a subscriber of the bench was left on the request channel');
  const pair = (ours, theirs, goal, label) => {
    const slower = medianRatio(ops.get(theirs), ops.get(ours));
    return [
      opsRow(ops, ours, {
        toPeer: `${ratio(slower)} the time`,
        ...(goal ? target(label, slower <= goal) : noTarget),
      }),
      opsRow(ops, theirs, { toPeer: '1.00×', ...noTarget }),
    ];
  };
  const ns = (name) => 1e9 / median(ops.get(name));
  const micros = (value) => `${value >= 0 ? '+' : ''}${value.toFixed(3)}`;
  /** `ours` beside its baseline: µs added per request and the ratio of the times, medians over the rounds. */
  const addedRow = ([base, ours]) => [
    opsRow(ops, base.name, { toPeer: '—', ...noTarget }),
    opsRow(ops, ours.name, {
      toPeer: `${micros(addedMicros(ops.get(ours.name), ops.get(base.name)))} µs per request, ${ratio(medianRatio(ops.get(base.name), ops.get(ours.name)))} the time`,
      ...noTarget,
    }),
  ];
  const added = ns(pipeline[0].name) - ns(pipeline[1].name);
  const rows = [
    opsRow(ops, pipeline[0].name, {
      toPeer: `+${(added / 1000).toFixed(2)} µs per request`,
      ...target('≤ +0.5 µs', added <= 500),
    }),
    opsRow(ops, pipeline[1].name, { toPeer: '—', ...noTarget }),
    ...pair(tasks[2].name, tasks[3].name, 0.8, '≤ 0.8× the time'),
    ...pair(tasks[4].name, tasks[5].name, 0.75, '≤ 0.75× the time'),
    ...pair(tasks[6].name, tasks[7].name, null),
    ...pair(tasks[8].name, tasks[9].name, 1.5, '≤ 1.5× the time'),
    ...pair(tasks[10].name, tasks[11].name, 1.3, '≤ 1.3× the time'),
    ...responses.map((task, index) => {
      const base = responses[index - (index % 2) + 1].name;
      const delta = ns(task.name) - ns(base);
      return opsRow(ops, task.name, {
        toPeer:
          task.name === base ? '—' : `${delta >= 0 ? '+' : ''}${(delta / 1000).toFixed(3)} µs per request`,
        ...noTarget,
      });
    }),
    ...checked.map((task, index) => {
      const delta = ns(task.name) - ns(responses[index * 2 + 1].name);
      return opsRow(ops, task.name, { toPeer: `+${(delta / 1000).toFixed(2)} µs per request`, ...noTarget });
    }),
    ...addedRow(channelFastPath),
    ...addedRow(channelSubscribed),
    ...pins.map((task, index) => {
      const base = pins[index < 2 ? 0 : 2].name;
      const delta = ns(task.name) - ns(base);
      return opsRow(ops, task.name, {
        toPeer:
          task.name === base ? '—' : `${delta >= 0 ? '+' : ''}${(delta / 1000).toFixed(2)} µs per request`,
        ...noTarget,
      });
    }),
  ];
  return {
    title: '2b. The request pipeline with version changes and pinned versions (ops/s, in-process)',
    tables: [{ columns: OPS_COLUMNS, rows }],
    notes: [
      `Three versions (v1, v2, v3) and three changes: two renames and a retype (Unix seconds → ISO string). Each pair measured on its own, its two cases alternating: median of ${settings.rounds * 10} rounds of ${settings.time / 10} ms per case; "ratio to peer" is the median per-round ratio of the times. The pinVersion rows: ${settings.rounds} rounds of ${settings.time} ms.`,
      "The way-out list rows are what an adapter runs for a client of a route with `response` and `changes` (outgoingJson with `text`, as node:http, Express, Fastify and Hono call it): the route's compiled serialiser for the version — the migrations down through v3 → v2 → v1, the filter of what that version's schema rules out and the JSON text, in one pass —, up to the JSON text; the v1 peer maps the same list by hand with explicit object literals and serialises it, the v3 peer is JSON.stringify of the list alone (nothing to migrate). The general-path row is what is sent where the compiled serialiser gives up (down(), then JSON.stringify): the same text, byte for byte.",
      'history.migrate() is one user migrated from v3 to v1 (its walk compiled once per schema and pair of versions), against a hand-written mapper with explicit object literals; both call the same Date.parse, which is most of the time of each.',
      'The pipeline rows run decide() (as the adapters call it for a node:http request) and the JSON text of the answer, for a route without schemas and for the same route with a `response` schema and the history, asked in the newest version: the difference is what a history and a response schema add where nothing needs migrating (the filter of extra properties still runs).',
      "The POST row is the exchange's enter() as the adapters run it for a v1 body the framework parsed (no promise when nothing is pending: the handler is called at once): validated by Ajv against v1's derived schema, migrated up, validated by the zod schema (whose output the handler reads); its peer is what a handler would do instead: zod's parse of a hand-written v1 schema, then a hand-written mapping.",
      `The way-out rows run decide(), the exchange's sending() for the users route and the JSON text of a handler's v3 value, as every adapter does, for a v3 and a v1 client: "checkResponses off" is this build's sending() on a mount with \`checkResponses: false\`, "before" the sending() of the commit before the option (copied here), each pair alternating (${settings.rounds * 10} rounds of ${settings.time / 10} ms); "on" validates the handler's value against the newest schema (and, for v1, the migrated value against v1's) with Ajv — development only, for information: its difference is to the "before" row.`,
      `The request channel rows run the pipeline row's v3 GET (route with response + changes) as node:http, Express and Fastify run it, given the response its report waits on, and the response's \`close\`: with nobody subscribed to \`${requestChannelName}\` nothing of the report is made (the pipeline reads \`hasSubscribers\` twice); the second row makes those two checks once more, so its difference is what the fast path costs (no build without the channel is needed). Then the same request beside one no-op subscriber, alternating (the subscriber is added before and removed after each of its task's runs): the report made, its \`close\` listener, the message published. Each pair ${settings.rounds * 10} rounds of ${settings.time / 10} ms per case; the µs are the median over rounds of the per-round difference, the ratio the median per-round ratio of the times. The fast-path pair runs first, before anything subscribes in the process; the subscribed pair last.`,
      'The pinVersion rows run decide() for a header-versioned route: with a version sent, the pin is never called (the scheme answers first); without one, the pin answers in place of the default. Without pinVersion nothing of it runs.',
      `Median ops/s of history.migrate(): ${Math.round(median(ops.get(tasks[8].name))).toLocaleString('en-US')}.`,
    ],
  };
}
