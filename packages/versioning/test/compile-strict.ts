// Type tests compile fixtures with the repository's own compiler options under `--strict`: a fixture's
// `@ts-expect-error` lines must each meet their error, or tsc reports the directive as unused.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * `tsc --strict --noEmit` on `files` with the repository's compiler options (and `options`, such as Nest's
 * `experimentalDecorators`); its output, '' when it passes.
 */
export function compileStrict(
  files: readonly string[],
  options: Readonly<Record<string, unknown>> = {},
): string {
  const dir = mkdtempSync(join(tmpdir(), 'restdash-types-'));
  try {
    const config = join(dir, 'tsconfig.json');
    writeFileSync(
      config,
      JSON.stringify({
        extends: join(root, 'tsconfig.base.json'),
        compilerOptions: {
          ...options,
          strict: true,
          noEmit: true,
          typeRoots: [join(root, 'node_modules/@types')],
        },
        files,
      }),
    );
    try {
      execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', config], { encoding: 'utf8' });
      return '';
    } catch (error) {
      return String((error as { stdout?: unknown }).stdout);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
