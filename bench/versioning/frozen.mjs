// Part 2c: frozen versions. What `restdash-versioning check` costs on a large API: 50 versions × 200 routes (GET and
// PUT each, 20 named schemas, a history of 49 renames), every version's contract made and compared with its file —
// clean, and after a HEAD change without a history entry that every version sees.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { path, UrlConf, URLPathVersioning } from '@restdash/versioning';
import { change, field, VersionHistory } from '@restdash/versioning/changes';
import { checkSnapshots, snapshot, writeSnapshots } from '@restdash/versioning/frozen';
import { ms } from '../lib/format.mjs';
import { progress } from '../lib/progress.mjs';
import { median, target } from '../lib/stats.mjs';

const VERSIONS = 50;
const ROUTES = 200;
const SCHEMAS = 20;
/** "Finishes in seconds": the target for a whole check. */
const TARGET_MS = 10_000;

/** The API; `extra` (a field name) added to every schema as a required property, without a history entry. */
export function largeApi(extra = null) {
  const versions = Array.from({ length: VERSIONS }, (_, index) => `v${index + 1}`);
  const schemas = Array.from({ length: SCHEMAS }, (_, index) => ({
    $id: `Resource${index}`,
    type: 'object',
    properties: {
      id: { type: 'integer' },
      title: { type: 'string', maxLength: 200 },
      status: { type: 'string', enum: ['draft', 'published', 'archived'] },
      tags: { type: 'array', items: { type: 'string' } },
      ...Object.fromEntries(Array.from({ length: 8 }, (_, f) => [`field${f}`, { type: 'string' }])),
      ...(extra && { [extra]: { type: 'string' } }),
    },
    required: ['id', 'title', 'status', ...(extra ? [extra] : [])],
  }));
  // Version n renamed one field of one schema: 49 changes, spread over the schemas.
  const changes = Object.fromEntries(
    versions.slice(1).map((version, index) => {
      const schema = schemas[index % SCHEMAS];
      return [
        version,
        [
          change(`rename ${index}`, [
            field(schema, `field${Math.floor(index / SCHEMAS) % 8}`).renamedFrom(`old${index}`),
          ]),
        ],
      ];
    }),
  );
  const history = new VersionHistory(versions, changes);
  const scheme = new URLPathVersioning({ allowedVersions: versions });
  const urlconf = new UrlConf(
    Array.from({ length: ROUTES }, (_, index) => {
      const schema = schemas[index % SCHEMAS];
      return path(`/:version/resources${index}/:pk/`, 'handler', {
        name: `resource-${index}`,
        methods: ['GET', 'PUT'],
        request: schema,
        response: schema,
      });
    }),
  );
  return { urlconf, scheme, changes: history };
}

async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

export async function frozen({ rounds }) {
  const dir = mkdtempSync(join(tmpdir(), 'restdash-bench-frozen-'));
  const times = { snapshot: [], write: [], clean: [], changed: [] };
  let failures = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      progress(`frozen: round ${round + 1}/${rounds}`);
      const api = largeApi();
      times.snapshot.push((await timed(() => snapshot(api))).ms);
      times.write.push((await timed(() => writeSnapshots(dir, api))).ms);
      const clean = await timed(() => checkSnapshots(dir, api));
      if (!clean.value.ok) throw new Error('frozen: a check right after writeSnapshots failed');
      times.clean.push(clean.ms);
      const changed = await timed(() => checkSnapshots(dir, largeApi('addedField')));
      failures = changed.value.failures.length;
      times.changed.push(changed.ms);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const row = (name, values, withTarget) => ({
    case: name,
    median: ms(median(values)),
    max: ms(Math.max(...values)),
    ...(withTarget
      ? target(`< ${TARGET_MS / 1000} s`, median(values) < TARGET_MS)
      : { target: '—', met: '—' }),
  });
  return {
    title: `2c. Frozen versions: ${VERSIONS} versions × ${ROUTES} routes`,
    tables: [
      {
        columns: [
          ['case', 'case'],
          ['median', 'median'],
          ['max', 'max'],
          ['target', 'target'],
          ['met', 'met'],
        ],
        rows: [
          row('snapshot(api): every contract', times.snapshot, false),
          row('writeSnapshots(dir, api)', times.write, false),
          row('checkSnapshots: clean', times.clean, true),
          row(`checkSnapshots: HEAD changed (${failures} failures)`, times.changed, true),
        ],
      },
    ],
    notes: [
      `${VERSIONS} versions (URLPathVersioning), ${ROUTES} routes with GET and PUT, ${SCHEMAS} named JSON Schemas of 12 properties, a history of ${VERSIONS - 1} renames.`,
      "A check makes every version's contract (openapi() per version: most of its time) and reads its file; a file whose text differs from the contract's is parsed and diffed (microdiff), each difference classified.",
      `"HEAD changed": a required property added to every schema without a history entry, so every version differs. ${rounds} round(s); times in ms, wall clock.`,
    ],
  };
}
