// Who uses which version (GET /api/usage, counted from restdash's request channel) and v1's brownouts, a few seconds
// every minute, on the demo server with a clock the test sets.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { VersionUsage } from '../src/shared/api.js';
import { createServer, type DemoServer } from '../src/server/server.js';
import { brownoutEveryMinute, brownoutWindows } from '../src/server/version-usage.js';
import { get } from './support/http.js';

describe('the demo: version usage and v1 brownouts (url-path scheme)', () => {
  let server: DemoServer;
  let base = '';
  // A minute of the day the server starts in, before v1's sunset.
  const minute = Date.parse('2026-06-01T12:00:00Z');
  let now = minute;
  const usage = async () => JSON.parse((await get(`${base}api/usage`)).text) as VersionUsage;

  beforeAll(async () => {
    server = await createServer({ scheme: 'url-path', port: 0, clock: () => now });
    base = await server.listen();
  });
  afterAll(() => server.close());

  test('the schedule: one window a minute, from second 50 for 8 seconds, none past the sunset', () => {
    const windows = brownoutWindows(minute, '2026-06-01T12:03:00Z');
    expect(windows.map(({ start, end }) => [start.toISOString(), end.toISOString()])).toEqual([
      ['2026-06-01T12:00:50.000Z', '2026-06-01T12:00:58.000Z'],
      ['2026-06-01T12:01:50.000Z', '2026-06-01T12:01:58.000Z'],
      ['2026-06-01T12:02:50.000Z', '2026-06-01T12:02:58.000Z'],
    ]);
    expect(brownoutEveryMinute).toEqual({ from: 50, seconds: 8 });
  });

  test('outside a window v1 answers; inside, 410 version_brownout with Retry-After; the usage says both', async () => {
    now = minute + 10_000;
    expect((await get(`${base}api/v1/cities/`)).status).toBe(200);
    expect((await usage()).brownout).toEqual({
      version: 'v1',
      active: false,
      until: null,
      next: '2026-06-01T12:00:50.000Z',
      schedule: 'every minute, from second 50 for 8 seconds',
    });

    now = minute + 53_000;
    const gone = await get(`${base}api/v1/cities/`);
    expect(gone.status).toBe(410);
    expect(JSON.parse(gone.text)).toMatchObject({ code: 'version_brownout' });
    expect(gone.headers['retry-after']).toBe('5');
    expect(gone.headers['sunset']).toBe('Thu, 01 Jul 2027 00:00:00 GMT');
    expect((await get(`${base}api/v2/cities/`)).status).toBe(200);
    expect((await usage()).brownout).toMatchObject({ active: true, until: '2026-06-01T12:00:58.000Z' });

    now = minute + 58_000;
    expect((await get(`${base}api/v1/cities/`)).status).toBe(200);
  });

  test('GET /api/usage counts the answered requests per version, the refused ones apart', async () => {
    const before = (await usage()).versions;
    const row = (rows: VersionUsage['versions'], version: string | null) =>
      rows.find((entry) => entry.version === version);
    now = minute + 20_000;
    await get(`${base}api/v3/cities/`);
    await get(`${base}api/v3/cities/`);
    await get(`${base}api/v9/cities/`);
    now = minute + 51_000;
    await get(`${base}api/v1/cities/`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = (await usage()).versions;
    expect(after.map(({ version }) => version).slice(0, 3)).toEqual(['v1', 'v2', 'v3']);
    expect((row(after, 'v3')?.requests ?? 0) - (row(before, 'v3')?.requests ?? 0)).toBe(2);
    expect((row(after, 'v3')?.how.sent ?? 0) - (row(before, 'v3')?.how.sent ?? 0)).toBe(2);
    expect((row(after, 'v1')?.refused ?? 0) - (row(before, 'v1')?.refused ?? 0)).toBe(1);
    expect((row(after, null)?.refused ?? 0) - (row(before, null)?.refused ?? 0)).toBe(1);
  });
});
