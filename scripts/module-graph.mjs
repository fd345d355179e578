// Prints the import graph of the packages' sources (type-only imports included) and fails when it has
// a cycle. `node scripts/module-graph.mjs` prints every module with what it imports;
// `--check` prints only the cycles. `npm test` runs the check.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const sourceRoots = ['packages/versioning/src', 'packages/pagination/src'];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/** The graph: module (path relative to the repo) → the relative modules it imports, type-only ones too. */
export function moduleGraph() {
  const graph = new Map();
  for (const sourceRoot of sourceRoots) {
    for (const file of sourceFiles(join(root, sourceRoot))) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map(({ fileName }) => fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => {
          const target = resolve(dirname(file), name).replace(/\.js$/, '');
          const candidates = [`${target}.ts`, `${target}.tsx`, join(target, 'index.ts')];
          const found = candidates.find((candidate) => {
            try {
              readFileSync(candidate);
              return true;
            } catch {
              return false;
            }
          });
          return relative(root, found ?? `${target}.ts`);
        });
      graph.set(relative(root, file), [...new Set(targets)].sort());
    }
  }
  return new Map([...graph].sort(([a], [b]) => a.localeCompare(b)));
}

/** Every strongly connected component of more than one module (or a module importing itself). */
export function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = moduleGraph();
  if (!process.argv.includes('--check')) {
    for (const [module, imports] of graph) {
      console.log(module);
      for (const target of imports) console.log(`  → ${target}`);
    }
  }
  const found = cycles(graph);
  for (const component of found) console.error(`import cycle: ${component.join(' ↔ ')}`);
  console.log(`${graph.size} modules, ${found.length} import cycle(s)`);
  process.exit(found.length === 0 ? 0 : 1);
}
