// Compiles the code blocks of the READMEs and documentation pages with `tsc --strict` against the built
// packages: one program over all blocks, each block a module file of its own, with the options a user of the
// packages would have (those of the packaging test), and the errors reported at the page's lines.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { ReadmeBlock } from './readme-blocks.js';

export const compilerOptions: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  types: ['node'],
  // NestJS blocks' decorators, as Nest asks.
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  jsx: ts.JsxEmit.ReactJSX,
  // JavaScript blocks are checked too, as a user's editor checks them with `// @ts-check`.
  allowJs: true,
  checkJs: true,
};

/** The file a block is compiled as: its page and line in the name, `.mts`/`.tsx`/`.mjs` by its language. */
export function moduleFileOf(dir: string, block: ReadmeBlock): string {
  const name = `${block.file.replace(/\W+/g, '-')}-${block.line}`;
  const extension = block.language === 'tsx' ? '.tsx' : block.language === 'js' ? '.mjs' : '.mts';
  return join(dir, name + extension);
}

/** The block as a module: a block with no import or export gets `export {}`, so its names stay its own. */
function asModule(code: string): string {
  return /^\s*(import|export)\b/m.test(code) ? code : `${code}\nexport {};\n`;
}

/**
 * Type-checks `blocks` in one program; the errors of each block, keyed by `file:line` of its first line, each
 * error as `page:line:column - message`.
 */
export function typecheckBlocks(dir: string, blocks: readonly ReadmeBlock[]): Map<string, string[]> {
  mkdirSync(dir, { recursive: true });
  // ESM, as the examples are (top-level await); a .tsx file takes its module kind from here.
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  const files = new Map<string, ReadmeBlock>();
  for (const block of blocks) {
    const file = moduleFileOf(dir, block);
    writeFileSync(file, asModule(block.code));
    files.set(ts.sys.resolvePath(file), block);
  }
  const program = ts.createProgram([...files.keys()], compilerOptions);
  const errors = new Map<string, string[]>(blocks.map((block) => [keyOf(block), []]));
  const diagnostics = [...program.getGlobalDiagnostics(), ...program.getOptionsDiagnostics()];
  for (const sourceFile of program.getSourceFiles()) {
    const block = files.get(ts.sys.resolvePath(sourceFile.fileName));
    if (block === undefined) continue;
    for (const diagnostic of [
      ...program.getSyntacticDiagnostics(sourceFile),
      ...program.getSemanticDiagnostics(sourceFile),
    ]) {
      const { line, character } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ');
      errors
        .get(keyOf(block))
        ?.push(`${block.file}:${block.line + line}:${character + 1} - TS${diagnostic.code}: ${message}`);
    }
  }
  if (diagnostics.length > 0) {
    const text = diagnostics.map((diagnostic) =>
      ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    );
    throw new Error(`the blocks' program cannot be compiled:\n${text.join('\n')}`);
  }
  return errors;
}

/** `page:line` of a block's first code line. */
export function keyOf(block: ReadmeBlock): string {
  return `${block.file}:${block.line}`;
}
