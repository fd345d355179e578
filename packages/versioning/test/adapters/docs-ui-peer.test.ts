// describe.ui without its optional peer: the package as built, installed in a folder of its own where swagger-ui-dist
// cannot be found, refuses the mount with a TypeError naming the peer and the install command. The package is used as
// built (`npm test` builds it first; alone: `node scripts/build.mjs`).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const packageDir = fileURLToPath(new URL('../../', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'restdash-no-swagger-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

test('without swagger-ui-dist installed, describe.ui is a TypeError at mount naming it and how to install it', () => {
  const installed = join(folder, 'node_modules', '@restdash', 'versioning');
  mkdirSync(installed, { recursive: true });
  cpSync(join(packageDir, 'dist'), join(installed, 'dist'), { recursive: true });
  cpSync(join(packageDir, 'package.json'), join(installed, 'package.json'));
  // Its dependencies, and nothing else.
  // Where npm put each: beside the package, else at the root.
  for (const name of ['ajv', 'ajv-formats', 'microdiff', 'path-to-regexp', 'fast-uri']) {
    const own = join(packageDir, 'node_modules', name);
    symlinkSync(existsSync(own) ? own : join(root, 'node_modules', name), join(folder, 'node_modules', name));
  }
  const script = `
    import { path, versioned } from '@restdash/versioning/node';
    import { HeaderVersioning, UrlConf } from '@restdash/versioning';
    const urlconf = new UrlConf([path('/users/', (req, res) => res.end())]);
    const scheme = new HeaderVersioning({ allowedVersions: ['v1'] });
    versioned(urlconf, { scheme, describe: { path: '/openapi.json', info: { title: 'API' } } });
    try {
      versioned(urlconf, { scheme, describe: { path: '/openapi.json', info: { title: 'API' }, ui: '/docs/' } });
      console.log('mounted');
    } catch (error) {
      console.log(JSON.stringify({ name: error.name, message: error.message }));
    }
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: folder,
    encoding: 'utf8',
  });
  expect(JSON.parse(out)).toEqual({
    name: 'TypeError',
    message:
      'node versioned(urlconf, options): options.describe.ui serves Swagger UI from the optional peer dependency "swagger-ui-dist", which is not installed: npm install swagger-ui-dist',
  });
}, 60_000);
