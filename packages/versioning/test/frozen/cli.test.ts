// The command as a user runs it: the package built and packed, installed into a scratch project from the tarball (its
// dependencies from the registry), an API module written there, then `npx restdash-versioning …` run and its output
// and exit code asserted.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const pkg = join(root, 'packages', 'versioning');
let project: string;

/** The API module: User in three versions, HEAD as `head` writes it, the history's v3 entries as `entries`. */
function apiModule({ head = '', entries = '', exportAs = 'export const api =' } = {}): string {
  return `import { path, UrlConf, URLPathVersioning } from '@restdash/versioning';
import { change, field, VersionHistory } from '@restdash/versioning/changes';

const User = {
  $id: 'User',
  type: 'object',
  properties: { fullName: { type: 'string' }, role: { type: 'string', enum: ['admin', 'member'] } },
  required: ['fullName', 'role'],
};
${head}
const changes = new VersionHistory(['v1', 'v2', 'v3'], {
  v2: [change('A user\\'s name is "fullName"', [field(User, 'fullName').renamedFrom('name')])],
  ${entries}
});
const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'] });
const urlconf = new UrlConf([
  path('/:version/users/:pk/', 'user', { name: 'user', methods: ['GET', 'PUT'], request: User, response: User }),
]);
${exportAs} { urlconf, scheme, changes };
`;
}

/** HEAD's `role` renamed `kind`, with no history entry. */
const renameRole = `User.properties.kind = User.properties.role; delete User.properties.role; User.required = ['fullName', 'kind'];`;

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const { status, stdout, stderr } = spawnSync('npx', ['restdash-versioning', ...args], {
    cwd: project,
    encoding: 'utf8',
  });
  return { status, stdout, stderr };
}

beforeAll(() => {
  // tsc -b is incremental: a no-op when dist is up to date.
  execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-b', join(pkg, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  project = mkdtempSync(join(tmpdir(), 'restdash-cli-'));
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', project], { cwd: pkg, encoding: 'utf8' }),
  ) as [{ filename: string }];
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'scratch',
      private: true,
      type: 'module',
      dependencies: { '@restdash/versioning': `file:./${packed[0].filename}` },
    }),
  );
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: project,
    stdio: 'ignore',
  });
}, 300_000);

afterAll(() => {
  if (project !== undefined) rmSync(project, { recursive: true, force: true });
});

describe('npx restdash-versioning', { timeout: 60_000 }, () => {
  test('snapshot writes contracts/<version>.json; check right after is clean (exit 0)', () => {
    writeFileSync(join(project, 'api.mjs'), apiModule());
    const snapshot = run('snapshot', 'api.mjs');
    expect(snapshot).toMatchObject({ status: 0, stderr: '' });
    expect(snapshot.stdout).toBe(
      'wrote contracts/v1.json\nwrote contracts/v2.json\nwrote contracts/v3.json\n',
    );
    expect(readdirSync(join(project, 'contracts')).sort()).toEqual(['v1.json', 'v2.json', 'v3.json']);
    const check = run('check', 'api.mjs');
    expect(check).toMatchObject({ status: 0, stderr: '' });
    expect(check.stdout).toBe(
      'v1: unchanged\nv2: unchanged\nv3 (newest, allow-newest additive): unchanged\nok: every released version matches its contract\n',
    );
  });

  test('a field renamed in HEAD without a history entry: exit 1 and a table per version', () => {
    writeFileSync(join(project, 'api.mjs'), apiModule({ head: renameRole }));
    const check = run('check', 'api.mjs');
    expect(check.status).toBe(1);
    const lines = check.stdout.split('\n');
    expect(lines).toContain('v1: 3 differences, 3 failing');
    expect(lines.some((line) => /^ {2}pointer +kind +breaking +result +explained by$/.test(line))).toBe(true);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ {2}\/components\/schemas\/User\/properties\/role +removed +breaking +FAIL +add a history entry or a new version$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ {2}\/components\/schemas\/User\/properties\/kind +added +breaking +FAIL +add a history/,
      ),
    );
    expect(check.stdout).toMatch(/FAILED: 9 failing differences, 0 missing versions\n$/);

    const json = run('check', 'api.mjs', '--json');
    expect(json.status).toBe(1);
    const result = JSON.parse(json.stdout);
    expect(result).toMatchObject({ ok: false, missing: [] });
    expect(result.failures).toContainEqual({
      version: 'v2',
      pointer: '/components/schemas/User/properties/role',
      kind: 'removed',
      before: { type: 'string', enum: ['admin', 'member'] },
      breaking: true,
    });
  });

  test('with the history entry the older versions pass; the newest passes with --allow-newest any, or once snapshot accepts it', () => {
    writeFileSync(
      join(project, 'api.mjs'),
      apiModule({
        head: renameRole,
        entries: `v3: [change('"role" is "kind"', [field(User, 'kind').renamedFrom('role')])],`,
      }),
    );
    const check = run('check', 'api.mjs');
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(
      /^v1: unchanged\nv2: unchanged\nv3 \(newest, allow-newest additive\): 3 differences, 3 failing\n/,
    );
    expect(check.stdout).toMatch(
      /\/kind +added +breaking +FAIL +v3: User.kind was renamed from "role". \("role" is "kind"\)/,
    );
    expect(run('check', 'api.mjs', '--allow-newest', 'any').status).toBe(0);
    expect(run('check', 'api.mjs', '--allow-newest=none').status).toBe(1);
    expect(run('snapshot', 'api.mjs', '--dir', 'contracts').status).toBe(0);
    expect(run('check', 'api.mjs', '--allow-newest', 'none')).toMatchObject({ status: 0 });
  });

  test('a version without a file: exit 1, named as missing', () => {
    unlinkSync(join(project, 'contracts', 'v2.json'));
    const check = run('check', 'api.mjs');
    expect(check.status).toBe(1);
    expect(check.stdout).toContain(
      'v2: missing — no contracts/v2.json (run `restdash-versioning snapshot` to write it)',
    );
    expect(existsSync(join(project, 'contracts', 'v2.json'))).toBe(false);
    expect(run('snapshot', 'api.mjs').status).toBe(0);
  });

  test('another folder with --dir; the default export as the API', () => {
    writeFileSync(join(project, 'default.mjs'), apiModule({ exportAs: 'export default' }));
    expect(run('snapshot', 'default.mjs', '--dir', 'frozen/api').stdout).toContain(
      'wrote frozen/api/v3.json',
    );
    expect(run('check', 'default.mjs', '--dir', 'frozen/api').status).toBe(0);
  });

  test.each([
    [['frobnicate', 'api.mjs'], /Unknown command "frobnicate"/],
    [[], /Missing command/],
    [['check'], /Missing <module> for check/],
    [['check', 'api.mjs', 'extra.mjs'], /Unexpected argument "extra.mjs"/],
    [['check', 'api.mjs', '--nope'], /Unknown option '--nope'/],
    [
      ['check', 'api.mjs', '--allow-newest', 'sometimes'],
      /--allow-newest must be one of additive, any, none, got "sometimes"/,
    ],
    [['snapshot', 'api.mjs', '--json'], /snapshot takes only --dir/],
  ])('usage error %j: exit 2 with the usage', (args, message) => {
    const result = run(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain('Usage:\n  restdash-versioning snapshot <module> [--dir <dir>]');
    expect(result.stdout).toBe('');
  });

  test('load errors: exit 2 naming the module', () => {
    const missing = run('check', 'nowhere.mjs');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^restdash-versioning check: Cannot find module .*nowhere\.mjs/);
    writeFileSync(join(project, 'empty.mjs'), 'export const other = 1;\n');
    expect(run('check', 'empty.mjs')).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('empty.mjs exports no `api` and no default export'),
    });
    writeFileSync(join(project, 'wrong.mjs'), 'export const api = { urlconf: {}, scheme: null };\n');
    expect(run('snapshot', 'wrong.mjs').stderr).toMatch(
      /restdash-versioning: wrong.mjs: api.urlconf must be a UrlConf, got an object/,
    );
  });

  test('--help prints the usage (exit 0)', () => {
    expect(run('--help')).toMatchObject({
      status: 0,
      stdout: expect.stringContaining(
        'Exit code: 0 clean, 1 failures or missing versions, 2 usage or load errors.',
      ),
    });
  });
});
