import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const browser = '**/*.browser.test.{ts,tsx}';
const react18 = fileURLToPath(new URL('./test/react18/node_modules/', import.meta.url));
const skipBrowser = process.env['RESTDASH_SKIP_BROWSER'] === '1';

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'versioning',
      include: ['packages/versioning/test/**/*.test.ts'],
      exclude: [browser],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'pagination',
      include: ['packages/pagination/test/**/*.test.{ts,tsx}'],
      exclude: [browser, '**/*.dom.test.tsx', '**/*.react18.test.tsx'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'pagination-dom',
      include: ['packages/pagination/test/**/*.dom.test.tsx'],
      environment: 'jsdom',
    },
  },
  {
    // The same component rendered with React 18, the oldest supported peer. Test files here must
    // import only `react` / `react-dom` (aliased below), not libraries that load React themselves.
    resolve: {
      alias: [
        { find: /^react(\/.*)?$/, replacement: `${react18}react$1` },
        { find: /^react-dom(\/.*)?$/, replacement: `${react18}react-dom$1` },
      ],
    },
    test: {
      name: 'pagination-react18',
      include: ['packages/pagination/test/**/*.react18.test.tsx'],
      environment: 'jsdom',
    },
  },
  {
    test: {
      name: 'demo',
      include: ['apps/demo/test/**/*.test.{ts,tsx}'],
      exclude: [browser],
      environment: 'node',
      testTimeout: 30_000,
    },
  },
  {
    test: {
      name: 'packaging',
      include: ['test/**/*.test.ts'],
      exclude: [browser],
      environment: 'node',
      testTimeout: 120_000,
      hookTimeout: 180_000,
    },
  },
];

if (!skipBrowser) {
  projects.push({
    test: {
      name: 'browser',
      include: [
        'packages/*/test/**/*.browser.test.{ts,tsx}',
        'apps/demo/test/**/*.browser.test.{ts,tsx}',
        'test/**/*.browser.test.ts',
      ],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  });
}

export default defineConfig({
  test: {
    projects,
  },
});
