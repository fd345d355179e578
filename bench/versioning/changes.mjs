// Part 2b: version changes. What a history costs against the hand-written code it replaces: a handler that maps
// its newest-version objects to an older version's shape itself, and validates an older request with its own zod
// schema before mapping it up. In-process, no sockets: the functions an adapter runs per request.
import { z } from 'zod';
import { change, field, VersionHistory } from '@restdash/versioning/changes';
import { planRouteSchemas } from '../../packages/versioning/dist/changes/route-schemas.js';
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

/** Runs part 2b and returns its section. */
export async function changes(settings, { postCases = [] } = {}) {
  const v1User = userToV1(user(7));
  const tasks = [
    {
      name: 'history: 100-item list to v1 + JSON.stringify',
      fn: () => JSON.stringify(route.response.down(list, 'v1', info)),
    },
    {
      name: 'hand-written mapper to v1 + JSON.stringify',
      fn: () => JSON.stringify({ data: list.data.map(userToV1), next: list.next }),
    },
    {
      name: 'history.migrate(User, user, { to: v1 })',
      fn: () => history.migrate(User, list.data[7], { to: 'v1' }),
      batch: 100,
    },
    { name: 'hand-written mapper to v1, one user', fn: () => userToV1(list.data[7]), batch: 100 },
    {
      name: 'hand-written: zod parse of a v1 body + mapping up',
      fn: () => userFromV1(UserV1.parse(v1User)),
      batch: 100,
    },
    ...postCases.map((task) => ({ batch: 100, ...task, fn: () => task.fn(v1User) })),
  ];
  const ops = await opsPerSecond(tasks, settings, 'changes');
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
  const rows = [
    ...pair(tasks[0].name, tasks[1].name, 1.5, '≤ 1.5× the time'),
    ...pair(tasks[2].name, tasks[3].name, null),
    ...postCases.flatMap((task) => pair(task.name, tasks[4].name, 1.3, '≤ 1.3× the time')),
  ];
  return {
    title: '2b. Version changes against hand-written mappers (ops/s, in-process)',
    columns: OPS_COLUMNS,
    rows,
    notes: [
      `Three versions (v1, v2, v3) and three changes: two renames and a retype (Unix seconds → ISO string). Median of ${settings.rounds} interleaved rounds of ${settings.time} ms per case; "ratio to peer" is the median per-round ratio of the times.`,
      "The list row is what an adapter runs for a v1 client of a route with `response` and `changes`: the route plan's response side (migrate down through v3 → v2 → v1, then leave out what v1's schema rules out), then serialisation; the peer maps the same list by hand and serialises it.",
      `Median ops/s of history.migrate(): ${Math.round(median(ops.get(tasks[2].name))).toLocaleString('en-US')}.`,
    ],
  };
}
