// Both packages as a user gets them: publint on the manifests, `npm pack`, then every entry point
// imported from the unpacked tarball. A broken `exports` map or a missing file fails here. The README's
// adapter examples are compiled against the packed package with `tsc --strict`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

const packages = [
  {
    name: '@restdash/versioning',
    dir: 'packages/versioning',
    entries: ['', '/express', '/fastify', '/hono', '/node'],
  },
  { name: '@restdash/pagination', dir: 'packages/pagination', entries: ['', '/react'] },
] as const;

// Runtime dependencies and peers the entry points may load, linked from the workspace install; and the
// type packages and servers the README's examples use.
const linkedDeps = ['path-to-regexp', 'react', 'react-dom', 'express', 'fastify', 'hono', '@types', '@hono'];

let consumer: string;
const tarballs = new Map<string, string>();

function unpack(tarball: string, modules: string, name: string): void {
  const target = join(modules, name);
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
}

beforeAll(() => {
  consumer = mkdtempSync(join(tmpdir(), 'restdash-pack-'));
  const modules = join(consumer, 'node_modules');
  mkdirSync(join(modules, '@restdash'), { recursive: true });
  for (const dep of linkedDeps) symlinkSync(join(root, 'node_modules', dep), join(modules, dep), 'dir');
  for (const pkg of packages) {
    const output = execFileSync('npm', ['pack', '--json', '--pack-destination', consumer], {
      cwd: join(root, pkg.dir),
      encoding: 'utf8',
    });
    const [{ filename }] = JSON.parse(output) as [{ filename: string }];
    tarballs.set(pkg.name, join(consumer, filename));
    unpack(join(consumer, filename), modules, pkg.name);
  }
});

afterAll(() => {
  rmSync(consumer, { recursive: true, force: true });
});

describe.each(packages)('$name', (pkg) => {
  test('publint reports no error, warning or suggestion', async () => {
    const pkgDir = join(root, pkg.dir);
    const { messages } = await publint({ pkgDir, level: 'suggestion', pack: 'npm' });
    const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as unknown;
    expect(messages.map((message) => formatMessage(message, manifest as never))).toEqual([]);
  });

  test.each(pkg.entries)(`every export of ${pkg.name}%s loads from the packed tarball`, (entry) => {
    const specifier = `${pkg.name}${entry}`;
    const script = `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m)));`;
    const keys = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: consumer,
        encoding: 'utf8',
      }),
    ) as string[];
    expect(keys.length).toBeGreaterThan(0);
  });

  test('ships types for every entry point and no test files', () => {
    const manifest = JSON.parse(
      readFileSync(join(consumer, 'node_modules', pkg.name, 'package.json'), 'utf8'),
    ) as { exports: Record<string, { types?: string } | string> };
    for (const entry of pkg.entries) {
      const target = manifest.exports[`.${entry}`];
      expect(typeof target === 'object' && target.types, `types of .${entry}`).toMatch(/\.d\.ts$/);
      const types = typeof target === 'object' ? (target.types ?? '') : '';
      expect(() => readFileSync(join(consumer, 'node_modules', pkg.name, types))).not.toThrow();
    }
    const listing = execFileSync('find', ['.', '-type', 'f'], {
      cwd: join(consumer, 'node_modules', pkg.name),
      encoding: 'utf8',
    });
    expect(listing).not.toMatch(/\.test\.|\/test\//);
  });
});

test('the versioning core and the node:http adapter load without any web framework installed', () => {
  // A second consumer with only the core's own dependency: importing `.` must not reach for a framework.
  const bare = mkdtempSync(join(tmpdir(), 'restdash-bare-'));
  try {
    const modules = join(bare, 'node_modules');
    mkdirSync(modules, { recursive: true });
    symlinkSync(join(root, 'node_modules', 'path-to-regexp'), join(modules, 'path-to-regexp'), 'dir');
    unpack(tarballs.get('@restdash/versioning') ?? '', modules, '@restdash/versioning');
    const script = `
      const core = await import('@restdash/versioning');
      const node = await import('@restdash/versioning/node');
      console.log(typeof core.URLPathVersioning, typeof node.versioned);`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: bare,
      encoding: 'utf8',
    });
    expect(output.trim()).toBe('function function');
  } finally {
    rmSync(bare, { recursive: true, force: true });
  }
});

/** The complete programs (```ts blocks that start with an import) of one section of a README. */
function examplesOf(readme: string, from: string, to: string): string[] {
  const text = readFileSync(join(root, readme), 'utf8');
  const section = text.slice(text.indexOf(from), text.indexOf(to));
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? '')
    .filter((code) => code.startsWith('import '));
}

test("the versioning README's adapter examples compile against the packed package with tsc --strict", () => {
  const examples = examplesOf('packages/versioning/README.md', '## Framework adapters', '## Decisions');
  expect(examples.length).toBeGreaterThanOrEqual(5);
  const dir = join(consumer, 'readme-examples');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  const files = examples.map((code, index) => {
    const file = join(dir, `example-${index + 1}.ts`);
    writeFileSync(file, code);
    return file;
  });
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        skipLibCheck: true,
        types: ['node'],
      },
      files,
    }),
  );
  let output = '';
  try {
    execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')], {
      encoding: 'utf8',
    });
  } catch (error) {
    output = String((error as { stdout?: unknown }).stdout);
  }
  expect(output).toBe('');
});
