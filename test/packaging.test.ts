// Both packages as a user gets them: publint on the manifests, `npm pack`, then every entry point
// imported from the unpacked tarball. A broken `exports` map or a missing file fails here. The README's
// and the adapter pages' examples are compiled against the packed package with `tsc --strict`.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readmeBlocks } from './support/readme-blocks.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The documentation pages of the versioning adapters, under docs/adapters/. */
const adapterPages = ['express', 'fastify', 'hono', 'node', 'nest'];

const packages = [
  {
    name: '@restdash/versioning',
    dir: 'packages/versioning',
    entries: [
      '',
      '/express',
      '/fastify',
      '/hono',
      '/node',
      '/nest',
      '/openapi',
      '/i18n',
      '/client',
      '/changes',
      '/frozen',
    ],
  },
  { name: '@restdash/pagination', dir: 'packages/pagination', entries: ['', '/react', '/static'] },
] as const;

// Runtime dependencies and peers the entry points may load, linked from the workspace install; and the
// type packages and servers the README's examples use.
const linkedDeps = [
  'path-to-regexp',
  'microdiff',
  'react',
  'react-dom',
  'express',
  'fastify',
  'hono',
  '@types',
  '@hono',
  '@nestjs',
  'rxjs',
  'reflect-metadata',
  'zod',
];
// The versioning package's own dependencies (request validation), where the workspace installed them: `ajv` 8 under
// the package (the root's is another major, eslint's), `ajv-formats` at the root with its own `ajv` 8.
const validationDeps = [
  ['ajv', join(root, 'packages', 'versioning', 'node_modules', 'ajv')],
  ['ajv-formats', join(root, 'node_modules', 'ajv-formats')],
] as const;

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
  for (const [dep, from] of validationDeps) symlinkSync(from, join(modules, dep), 'dir');
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

  test('ships its LICENSE and no build artefacts', () => {
    const files = packedFiles(pkg.name);
    expect(files).toContain('LICENSE');
    expect(readFileSync(join(consumer, 'node_modules', pkg.name, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(files.filter((file) => /(^|\/)\.build-hash$|\.tsbuildinfo$/.test(file))).toEqual([]);
  });

  test('every source map and declaration map names files that are in the tarball', () => {
    const pkgDir = join(consumer, 'node_modules', pkg.name);
    const maps = packedFiles(pkg.name).filter((file) => file.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    const missing = maps.flatMap((map) => {
      const { sources } = JSON.parse(readFileSync(join(pkgDir, map), 'utf8')) as { sources: string[] };
      return sources
        .map((source) => join(dirname(join(pkgDir, map)), source))
        .filter((source) => !existsSync(source))
        .map((source) => `${map} → ${relative(pkgDir, source)}`);
    });
    expect(missing).toEqual([]);
  });
});

/** The files of an unpacked package, relative to its root. */
function packedFiles(name: string): string[] {
  const dir = join(consumer, 'node_modules', name);
  return execFileSync('find', ['.', '-type', 'f'], { cwd: dir, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((file) => file.replace(/^\.\//, ''));
}

test('the versioning core, the node:http adapter and openapi load without any web framework installed', () => {
  // A second consumer with only the core's own dependency: importing `.` must not reach for a framework.
  const bare = mkdtempSync(join(tmpdir(), 'restdash-bare-'));
  try {
    const modules = join(bare, 'node_modules');
    mkdirSync(modules, { recursive: true });
    symlinkSync(join(root, 'node_modules', 'path-to-regexp'), join(modules, 'path-to-regexp'), 'dir');
    for (const [dep, from] of validationDeps) symlinkSync(from, join(modules, dep), 'dir');
    unpack(tarballs.get('@restdash/versioning') ?? '', modules, '@restdash/versioning');
    const script = `
      const core = await import('@restdash/versioning');
      const node = await import('@restdash/versioning/node');
      const { openapi } = await import('@restdash/versioning/openapi');
      const urlconf = new core.UrlConf([core.path('/:version/users/', 'handler', { name: 'users' })]);
      const scheme = new core.URLPathVersioning();
      const document = openapi(urlconf, { version: 'v1', scheme, info: { title: 'T' } });
      console.log(typeof core.URLPathVersioning, typeof node.versioned, Object.keys(document.paths)[0]);`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: bare,
      encoding: 'utf8',
    });
    expect(output.trim()).toBe('function function /v1/users/');
  } finally {
    rmSync(bare, { recursive: true, force: true });
  }
});

test('@restdash/versioning: the root exports what a versioned API needs, translation helpers are in ./i18n', () => {
  const script = `
    const root = await import('@restdash/versioning');
    const i18n = await import('@restdash/versioning/i18n');
    console.log(JSON.stringify([Object.keys(root).sort(), Object.keys(i18n).sort(), root.gettextLazy === i18n.gettextLazy]));`;
  const [rootKeys, i18nKeys, shared] = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: consumer,
      encoding: 'utf8',
    }),
  ) as [string[], string[], boolean];
  // The schemes, settings, errors, lazy text, request and negotiation, routes and reversal.
  expect(rootKeys).toEqual(
    [
      'AcceptHeaderVersioning',
      'AmbiguousVersion',
      'APIException',
      'BaseVersioning',
      'CompositeVersioning',
      'DisallowedHost',
      'HeaderVersioning',
      'HostNameVersioning',
      'InvalidVersion',
      'InvalidBody',
      'InvalidResponse',
      'LazyString',
      'MediaTypeVersioning',
      'MethodNotAllowed',
      'NamespaceVersioning',
      'NoReverseMatch',
      'NotAcceptable',
      'NotFound',
      'NotImplementedError',
      'ParseError',
      'PayloadTooLarge',
      'QueryParameterVersioning',
      'URLPathVersioning',
      'UnsupportedMediaType',
      'UrlConf',
      'VersionBrownout',
      'VersionRequired',
      'VersionSunset',
      'activate',
      'configure',
      'createRequest',
      'getLanguage',
      'getSettings',
      'gettextLazy',
      'include',
      'isAPIException',
      'languageFromAcceptLanguage',
      'negotiate',
      'parseMediaType',
      'path',
      'replaceQueryParam',
      'resetSettings',
      'reverse',
      'withLanguage',
    ].sort(),
  );
  expect(i18nKeys).toEqual(
    [
      'LazyString',
      'activate',
      'addTranslations',
      'getLanguage',
      'gettext',
      'gettextLazy',
      'languageFromAcceptLanguage',
      'supportedLanguages',
      'withLanguage',
    ].sort(),
  );
  expect(shared).toBe(true);
});

test('@restdash/versioning/client exports the client: placeVersion, versionedFetch, readLifecycle, injectOptions', () => {
  const script = `const client = await import('@restdash/versioning/client'); console.log(JSON.stringify(Object.keys(client).sort()));`;
  const keys = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: consumer,
      encoding: 'utf8',
    }),
  ) as string[];
  expect(keys).toEqual(['injectOptions', 'placeVersion', 'readLifecycle', 'versionedFetch']);
});

test('@restdash/pagination/static runs as a React Server Component: no hooks, no client module', () => {
  // Under the react-server condition React has no hooks: a module importing one fails to load. The
  // interactive entry is the control: it must fail there, and the static one must not.
  const script = `
    const { StaticPagination } = await import('@restdash/pagination/static');
    const nav = StaticPagination({ max_value: 3, active_page: 2, href: (page) => '?page=' + page });
    const items = nav.props.children.props.children;
    let react = 'loaded';
    try { await import('@restdash/pagination/react'); } catch (error) { react = error.name; }
    console.log(JSON.stringify([nav.type, items.length, items[1].props.children.props.href, react]));`;
  const output = execFileSync(
    process.execPath,
    ['--conditions=react-server', '--input-type=module', '-e', script],
    { cwd: consumer, encoding: 'utf8' },
  );
  expect(JSON.parse(output)).toEqual(['nav', 3, '?page=2', 'SyntaxError']);

  // No module the static entry loads is marked 'use client' (a server bundler would ship it to the browser).
  const dist = join(consumer, 'node_modules', '@restdash', 'pagination', 'dist');
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    expect(source, file).not.toMatch(/^\s*['"]use client['"]/);
    for (const [, specifier] of source.matchAll(/from '(\.[^']+)'/g))
      visit(join(dirname(file), specifier ?? ''));
  };
  visit(join(dist, 'static', 'index.js'));
  expect([...seen].map((file) => file.slice(dist.length + 1)).sort()).toEqual([
    'links.js',
    'markup/pagination-markup.js',
    'own-properties.js',
    'page-model.js',
    'pagination.props.js',
    'props.js',
    'static/index.js',
    'static/static-pagination.js',
  ]);
});

/** The complete programs (```ts blocks that start with an import) of a page, run or not. */
function examplesOf(page: string): string[] {
  return readmeBlocks(join(root, page))
    .filter((block) => block.language === 'ts' && block.code.startsWith('import '))
    .map((block) => block.code);
}

test("the versioning README's and adapter pages' examples compile against the packed package with tsc --strict", () => {
  const pages = ['packages/versioning/README.md', ...adapterPages.map((name) => `docs/adapters/${name}.md`)];
  const examples = pages.flatMap(examplesOf);
  // One per framework on the front page, and at least one on each adapter's page.
  expect(examples.length).toBeGreaterThanOrEqual(5 + adapterPages.length);
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
        // The NestJS example's decorators, as Nest asks.
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
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
