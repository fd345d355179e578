import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { beforeAll, describe, expect, test } from 'vitest';
import { parseCommandLine, UsageError } from '../src/server/command-line.js';
import { invalidCommandLines, validCommandLines } from './command-line.cases.js';
import { ensureServerBuild } from './support/build.js';
import { get } from './support/http.js';

describe('parseCommandLine', () => {
  test.each(validCommandLines)('$argv with $env', ({ argv, env, expected }) => {
    expect(parseCommandLine(argv, env)).toEqual(expected);
  });

  test.each(invalidCommandLines)('$argv with $env is a UsageError', ({ argv, env, message }) => {
    expect(() => parseCommandLine(argv, env)).toThrow(UsageError);
    expect(() => parseCommandLine(argv, env)).toThrow(message);
  });
});

describe('main', () => {
  // The built entry point, as `npm start` runs it.
  let main: string;
  beforeAll(() => {
    main = ensureServerBuild();
  }, 60_000);

  test('an unknown scheme exits 1 and lists the choices', () => {
    const result = spawnSync(process.execPath, [main, '--scheme', 'cookie'], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'restdash demo: Unknown scheme "cookie": choose one of url-path, namespace, accept-header, hostname, query, header, media-type, composite.',
    );
    expect(result.stderr).toContain('Usage: npm start');
  });

  test('starts, prints its URL, the scheme and a curl command per version, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [main, '--scheme', 'hostname', '--port', '0'], {
      env: { ...process.env, PORT: '1' },
    });
    try {
      let output = '';
      child.stdout.setEncoding('utf8');
      for await (const chunk of child.stdout) {
        output += String(chunk);
        if (output.split('\n').length > 4) break;
      }
      const [banner, v1, v2, v3] = output.split('\n');
      const url = /^restdash demo: (http:\/\/127\.0\.0\.1:(\d+)\/) \(scheme: hostname\)$/.exec(banner ?? '');
      expect(url).not.toBeNull();
      const port = url![2]!;
      expect([v1, v2, v3]).toEqual([
        `  version v1: curl 'http://v1.demo.localhost:${port}/api/cities/'`,
        `  version v2: curl 'http://v2.demo.localhost:${port}/api/cities/'`,
        `  version v3: curl 'http://v3.demo.localhost:${port}/api/cities/'`,
      ]);
      expect((await get(`http://v2.demo.localhost:${port}/api/cities/`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  test('--scheme composite prints both ways of asking for each version, the API reference and the documentation', async () => {
    const child = spawn(process.execPath, [main, '--scheme', 'composite', '--port', '0']);
    try {
      let output = '';
      child.stdout.setEncoding('utf8');
      for await (const chunk of child.stdout) {
        output += String(chunk);
        if (output.split('\n').length > 6) break;
      }
      const [banner, v1, v2, v3, reference, documentation] = output.split('\n');
      const port = /^restdash demo: http:\/\/127\.0\.0\.1:(\d+)\/ \(scheme: composite\)$/.exec(
        banner ?? '',
      )?.[1];
      expect(port).toBeDefined();
      const list = `http://127.0.0.1:${port}/api/cities/`;
      expect([v1, v2, v3]).toEqual([
        `  version 1: curl -H 'Api-Version: 1' '${list}' (or: curl '${list}?version=1')`,
        `  version 2: curl -H 'Api-Version: 2' '${list}' (or: curl '${list}?version=2')`,
        `  version 3: curl -H 'Api-Version: 3' '${list}' (or: curl '${list}?version=3')`,
      ]);
      expect(reference).toBe(`  API reference (OpenAPI, per version): http://127.0.0.1:${port}/api/docs/`);
      expect(documentation).toBe(
        `  Documentation (guide and TypeScript API): http://127.0.0.1:${port}/docs/`,
      );
      const byHeader = await get(list, { 'Api-Version': '2' });
      const byQuery = await get(`${list}?version=2`);
      expect(byHeader.status).toBe(200);
      expect(byHeader.json()).toEqual(byQuery.json());
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });
});
