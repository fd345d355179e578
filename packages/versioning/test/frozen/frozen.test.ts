// @restdash/versioning/frozen: contracts written once, then every later change to a released version found, named by
// pointer and kind, and failed — unless the history explains it.
/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures are JSON documents edited in place by path */
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { checkSnapshots, expectFrozen, snapshot, writeSnapshots } from '../../src/frozen/index.js';
import { change, field, usersApi, versions } from './api.fixture.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'restdash-frozen-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every object's keys in `value`, checked to be in code-unit order. */
function expectSortedKeys(value: unknown): void {
  if (Array.isArray(value)) value.forEach(expectSortedKeys);
  else if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    expect(keys).toEqual([...keys].sort());
    Object.values(value).forEach(expectSortedKeys);
  }
}

/** A required request field `nickname` added to HEAD's User. */
const requiredNickname = (schema: any): void => {
  schema.properties.nickname = { type: 'string' };
  schema.required.push('nickname');
};

/** HEAD's `role` renamed `kind`. */
const roleRenamed = (schema: any): void => {
  schema.properties.kind = schema.properties.role;
  delete schema.properties.role;
  schema.required = ['fullName', 'kind'];
};

describe('snapshot(api): canonical contracts', () => {
  test('one per version, oldest first: the OpenAPI document without servers, every key sorted', () => {
    const contracts = snapshot(usersApi());
    expect(Object.keys(contracts)).toEqual([...versions]);
    for (const contract of Object.values(contracts)) {
      expect(contract).not.toHaveProperty('servers');
      expect(contract['openapi']).toBe('3.1.1');
      expectSortedKeys(contract);
    }
    expect(Object.keys((contracts['v1']!['components'] as any).schemas.User.properties)).toEqual([
      'age',
      'name',
      'role',
    ]);
    expect(Object.keys(contracts['v3']!['paths'] as any)).toEqual(['/v3/users/', '/v3/users/{pk}/']);
  });

  test('the same bytes on every run, whatever the time zone and locale', async () => {
    const first = JSON.stringify(snapshot(usersApi()));
    const zone = process.env['TZ'];
    process.env['TZ'] = 'Pacific/Chatham';
    try {
      expect(JSON.stringify(snapshot(usersApi()))).toBe(first);
    } finally {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
    const dir = tempDir();
    await writeSnapshots(dir, usersApi());
    const text = readFileSync(join(dir, 'v1.json'), 'utf8');
    expect(text).toBe(`${JSON.stringify(snapshot(usersApi())['v1'], null, 2)}\n`);
    expect(text).not.toMatch(/example\.com|localhost|\d{4}-\d\d-\d\dT/);
  });

  test('writeSnapshots writes <dir>/<version>.json for every version, creating the folder', async () => {
    const dir = join(tempDir(), 'contracts', 'api');
    const files = await writeSnapshots(dir, usersApi());
    expect(files).toEqual(versions.map((version) => join(dir, `${version}.json`)));
    expect(readdirSync(dir).sort()).toEqual(['v1.json', 'v2.json', 'v3.json']);
  });
});

describe('checkSnapshots(dir, api)', () => {
  test('right after writeSnapshots: nothing', async () => {
    const dir = tempDir();
    await writeSnapshots(dir, usersApi());
    expect(await checkSnapshots(dir, usersApi())).toEqual({
      ok: true,
      differences: [],
      failures: [],
      missing: [],
    });
  });

  test('a required request field added to HEAD without a history entry fails every older version, naming pointer and kind', async () => {
    const dir = tempDir();
    await writeSnapshots(dir, usersApi());
    const result = await checkSnapshots(dir, usersApi(requiredNickname));
    expect(result.ok).toBe(false);
    const failed = result.failures.map(({ version, pointer, kind, breaking }) => ({
      version,
      pointer,
      kind,
      breaking,
    }));
    for (const version of ['v1', 'v2']) {
      expect(failed).toContainEqual({
        version,
        pointer: '/components/schemas/User/properties/nickname',
        kind: 'added',
        breaking: true,
      });
      expect(failed).toContainEqual({
        version,
        pointer: '/components/schemas/User/required',
        kind: 'changed',
        breaking: true,
      });
    }
    // The newest version may change, but not in a way that breaks its clients.
    expect(failed.filter(({ version }) => version === 'v3').length).toBeGreaterThan(0);
    expect(result.failures.every(({ breaking, version }) => breaking || version !== 'v3')).toBe(true);
  });

  test('the same change with its history entry (v3: field(User, "nickname").added()) leaves the older versions alone', async () => {
    const dir = tempDir();
    await writeSnapshots(dir, usersApi());
    const withEntry = usersApi(requiredNickname, (User) => ({
      v3: [change('Users have a nickname', [field(User, 'nickname').added()])],
    }));
    const result = await checkSnapshots(dir, withEntry, { allowNewest: 'any' });
    expect(result.differences.filter(({ version }) => version !== 'v3')).toEqual([]);
    expect(result.ok).toBe(true);
  });

  test('a response field renamed in HEAD fails v1 and v2 until field(User, "kind").renamedFrom("role") explains it', async () => {
    const dir = tempDir();
    await writeSnapshots(dir, usersApi());
    const bare = await checkSnapshots(dir, usersApi(roleRenamed));
    const pointers = bare.failures
      .filter(({ version }) => version === 'v1')
      .map(({ pointer, kind }) => `${kind} ${pointer}`);
    expect(pointers).toContain('removed /components/schemas/User/properties/role');
    expect(pointers).toContain('added /components/schemas/User/properties/kind');
    expect(bare.failures.some(({ version }) => version === 'v2')).toBe(true);

    const explained = usersApi(roleRenamed, (User) => ({
      v3: [change('"role" is "kind"', [field(User, 'kind').renamedFrom('role')])],
    }));
    const result = await checkSnapshots(dir, explained);
    expect(result.differences.filter(({ version }) => version !== 'v3')).toEqual([]);
    // In the newest version the rename is breaking: it fails under 'additive' until accepted with snapshot.
    expect(result.failures.map(({ version }) => version)).toContain('v3');
    await writeSnapshots(dir, explained);
    expect((await checkSnapshots(dir, explained)).ok).toBe(true);
  });

  test('allowNewest: additive lets the newest version add, none fails it, any lets it break', async () => {
    const dir = tempDir();
    await writeSnapshots(dir, usersApi());
    const optionalNickname = usersApi(
      (schema) => (schema.properties.nickname = { type: 'string' }),
      (User) => ({ v3: [change('Users may have a nickname', [field(User, 'nickname').added()])] }),
    );
    const additive = await checkSnapshots(dir, optionalNickname);
    expect(
      additive.differences.map(({ version, kind, breaking }) => [version, kind, breaking]),
    ).toContainEqual(['v3', 'added', false]);
    expect(additive).toMatchObject({ ok: true, failures: [] });
    expect(await checkSnapshots(dir, optionalNickname, { allowNewest: 'additive' })).toEqual(additive);
    const none = await checkSnapshots(dir, optionalNickname, { allowNewest: 'none' });
    expect(none.ok).toBe(false);
    expect(none.failures).toEqual(none.differences);

    const breaking = usersApi(requiredNickname, (User) => ({
      v3: [change('Nicknames', [field(User, 'nickname').added()])],
    }));
    expect((await checkSnapshots(dir, breaking)).ok).toBe(false);
    expect(await checkSnapshots(dir, breaking, { allowNewest: 'any' })).toMatchObject({
      ok: true,
      failures: [],
    });
  });

  test('a version without a file is missing, never written; a file of no version is a retired version', async () => {
    const dir = tempDir();
    await writeSnapshots(dir, usersApi());
    unlinkSync(join(dir, 'v2.json'));
    writeFileSync(join(dir, 'v0.json'), '{"openapi":"3.1.1"}\n');
    const result = await checkSnapshots(dir, usersApi());
    expect(result.missing).toEqual(['v2']);
    expect(result.failures).toEqual([
      {
        version: 'v0',
        pointer: '',
        kind: 'removed',
        before: { openapi: '3.1.1' },
        after: undefined,
        breaking: true,
      },
    ]);
    expect(result.ok).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['v0.json', 'v1.json', 'v3.json']);
    const empty = await checkSnapshots(join(dir, 'nothing-here'), usersApi());
    expect(empty).toEqual({ ok: false, differences: [], failures: [], missing: [...versions] });
  });

  test('a file that is not a JSON contract rejects, naming the file', async () => {
    const dir = tempDir();
    await writeSnapshots(dir, usersApi());
    writeFileSync(join(dir, 'v1.json'), '{ not json');
    await expect(checkSnapshots(dir, usersApi())).rejects.toThrow(
      `${join(dir, 'v1.json')} is not a JSON contract`,
    );
  });
});

describe('expectFrozen(dir, api)', () => {
  test('resolves when every version matches its file', async () => {
    const dir = tempDir();
    await writeSnapshots(dir, usersApi());
    await expect(expectFrozen(dir, usersApi())).resolves.toBeUndefined();
  });

  test('rejects with every failure and missing version in its message', async () => {
    const dir = tempDir();
    await writeSnapshots(dir, usersApi());
    unlinkSync(join(dir, 'v3.json'));
    const error = await expectFrozen(dir, usersApi(roleRenamed)).then(
      () => null,
      (reason: unknown) => reason as Error,
    );
    expect(error).toBeInstanceOf(Error);
    const message = error!.message;
    expect(message).toMatch(/^\d+ differences from the contracts in .*, 1 version without a contract:/);
    expect(message).toContain('  v1 /components/schemas/User/properties/role removed (breaking)');
    expect(message).toContain('  v2 /components/schemas/User/properties/kind added');
    expect(message).toContain(`  v3: no ${join(dir, 'v3.json')}`);
    expect(message).toContain('add a history entry or a new version');
  });
});

describe('arguments are checked where they enter', () => {
  const api = usersApi();
  test.each([
    [
      'snapshot(api)',
      () => snapshot(null as never),
      'ERR_VERSIONING_INVALID_ARGUMENT',
      /api must be an object/,
    ],
    [
      'snapshot(api)',
      () => snapshot({ ...api, servers: [] } as never),
      'ERR_VERSIONING_UNKNOWN_OPTION',
      /unknown option "servers"/,
    ],
    [
      'snapshot(api)',
      () => snapshot({ ...api, urlconf: {} } as never),
      'ERR_VERSIONING_INVALID_ARGUMENT',
      /api.urlconf must be a UrlConf/,
    ],
    [
      'snapshot(api)',
      () => snapshot({ ...api, scheme: 'v1' } as never),
      'ERR_VERSIONING_INVALID_ARGUMENT',
      /api.scheme must be a versioning scheme/,
    ],
    [
      'snapshot(api)',
      () => snapshot({ ...api, changes: {} } as never),
      'ERR_VERSIONING_INVALID_ARGUMENT',
      /api.changes must be a VersionHistory/,
    ],
    [
      'snapshot(api)',
      () => snapshot({ urlconf: api.urlconf, scheme: null }),
      'ERR_VERSIONING_INVALID_ARGUMENT',
      /no versions to freeze/,
    ],
  ])('%s: %s', (_where, call, code, message) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
    expect(() => call()).toThrow(expect.objectContaining({ code }));
  });

  test('dir and options', async () => {
    await expect(checkSnapshots('', api)).rejects.toMatchObject({
      name: 'TypeError',
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
    });
    await expect(writeSnapshots(42 as never, api)).rejects.toThrow(
      /writeSnapshots\(dir, api\): dir must be a non-empty string/,
    );
    await expect(checkSnapshots('x', api, { allowNewest: 'some' as never })).rejects.toThrow(
      /options.allowNewest must be one of 'additive', 'any', 'none', got "some"/,
    );
    await expect(checkSnapshots('x', api, { allownewest: 'any' } as never)).rejects.toMatchObject({
      code: 'ERR_VERSIONING_UNKNOWN_OPTION',
    });
    await expect(expectFrozen('x', {} as never)).rejects.toThrow(
      /expectFrozen\(dir, api\): api.urlconf must be a UrlConf/,
    );
  });
});
