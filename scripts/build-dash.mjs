// Builds the Dash component suite of @restdash/pagination into packages/pagination/dist/dash/:
//   restdash_pagination.min.js  the bundle a Dash app serves (minified, production React code paths)
//   restdash_pagination.dev.js  the same, readable and with development warnings (Dash's dev_package_path)
//   metadata.json               react-docgen's shape, what Dash's component generator reads
// The bundles are plain scripts: React, ReactDOM and PropTypes come from the UMD globals Dash serves.
// Run after tsc (scripts/build.mjs does): the metadata reads the compiled prop table in dist/dash/.
// A file is rewritten only when its content changes, so that builds downstream see nothing new.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// esbuild and TypeScript are imported where they are used: scripts/build.mjs imports this module for
// `dashBundles`, and scripts/ensure.mjs imports that one before it installs the dependencies.

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = join(root, 'packages', 'pagination');
/** Where the Dash files are written. */
export const dashDist = join(pkg, 'dist', 'dash');
/** The bundles this script writes: file name → `process.env.NODE_ENV` and minification. */
export const dashBundles = {
  'restdash_pagination.min.js': { nodeEnv: 'production', minify: true },
  'restdash_pagination.dev.js': { nodeEnv: 'development', minify: false },
};
/** The component's source, and its key in metadata.json (Dash names the class after the file). */
const componentSource = 'src/dash/Pagination.ts';

/** The globals Dash defines before loading a component suite, by the import they stand for. */
const dashGlobals = { react: 'React', 'react-dom': 'ReactDOM', 'prop-types': 'PropTypes' };

/** Maps `react`, `react-dom` and `prop-types` to Dash's globals; any other package fails the build. */
const dashGlobalsPlugin = {
  name: 'dash-globals',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      if (Object.hasOwn(dashGlobals, path)) return { path, namespace: 'dash-global' };
      return {
        errors: [
          {
            text: `The Dash bundle may import only ${Object.keys(dashGlobals).join(', ')}; it imports ${path}.`,
          },
        ],
      };
    });
    esbuild.onLoad({ filter: /.*/, namespace: 'dash-global' }, ({ path }) => ({
      contents: `module.exports = window.${dashGlobals[path]};`,
      loader: 'js',
    }));
  },
};

/** Writes `content` to `file` unless it already holds exactly that; returns whether it wrote. */
function writeIfChanged(file, content) {
  if (existsSync(file) && readFileSync(file).equals(Buffer.from(content))) return false;
  writeFileSync(file, content);
  return true;
}

/** The bundle `name` of `dashBundles`, as bytes. */
export async function dashBundle(name) {
  const { nodeEnv, minify } = dashBundles[name];
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(pkg, 'src', 'dash', 'index.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'restdash_pagination',
    platform: 'browser',
    target: 'es2022',
    minify,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnv) },
    plugins: [dashGlobalsPlugin],
    logLevel: 'silent',
  });
  return result.outputFiles[0].contents;
}

/** The TSDoc of `node`: its text, and its block tags by name (`@default 1` → `{ default: '1' }`). */
function tsdoc(ts, node) {
  const [doc] = ts.getJSDocCommentsAndTags(node).filter((entry) => ts.isJSDoc(entry));
  const tags = {};
  for (const tag of doc?.tags ?? []) tags[tag.tagName.text] = ts.getTextOfJSDocComment(tag.comment) ?? '';
  return { text: ts.getTextOfJSDocComment(doc?.comment) ?? '', tags };
}

/** The top-level declaration of `file` (a path in the package) that `is` accepts, named `name`; its source too. */
function declarationIn(ts, file, name, is, kind) {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(pkg, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const declaration = source.statements.find((statement) => is(statement) && statement.name?.text === name);
  if (!declaration) throw new Error(`build-dash: no ${kind} ${name} in ${file}.`);
  return { source, declaration };
}

/** The TSDoc of each member of the interface `name` in `file` (a path in the package), by member name. */
function memberDocs(ts, file, name) {
  const { source, declaration } = declarationIn(ts, file, name, ts.isInterfaceDeclaration, 'interface');
  return Object.fromEntries(
    declaration.members.map((member) => [member.name.getText(source), tsdoc(ts, member)]),
  );
}

/** The TSDoc of the exported function `name` in `file`. */
function functionDoc(ts, file, name) {
  return tsdoc(ts, declarationIn(ts, file, name, ts.isFunctionDeclaration, 'function').declaration);
}

/** A prop's description: its TSDoc text, a deprecation said first the way Dash's own components say it. */
function description({ text, tags }) {
  const deprecated = tags.deprecated === undefined ? [] : [`**DEPRECATED** ${tags.deprecated}`];
  return [...deprecated, text].filter(Boolean).join('\n\n');
}

/**
 * The content of metadata.json, made from the package's own sources: each prop's type from the Dash prop
 * table (the one `propTypes` are made from), whether it is required from the props' validation, its
 * description and default from the TSDoc of `PaginationProps`; the component's description from its TSDoc.
 */
export async function paginationMetadata() {
  const { paginationDashTypes, isRequiredProp, docgenType } = await import(
    pathToFileURL(join(dashDist, 'dash-props.js')).href
  );
  const { paginationSpec } = await import(pathToFileURL(join(pkg, 'dist', 'pagination.props.js')).href);
  const { default: ts } = await import('typescript');
  const docs = memberDocs(ts, 'src/pagination.props.ts', 'PaginationProps');
  const loadingDocs = memberDocs(ts, 'src/pagination.props.ts', 'PaginationLoadingState');
  const props = {};
  for (const name of paginationSpec.propNames) {
    const doc = docs[name];
    if (!doc) throw new Error(`build-dash: PaginationProps documents no prop ${name}.`);
    props[name] = {
      type: docgenType(paginationDashTypes[name], (key) => loadingDocs[key]?.text),
      required: isRequiredProp(name),
      description: description(doc),
      ...(doc.tags.default === undefined
        ? {}
        : { defaultValue: { value: doc.tags.default, computed: false } }),
    };
  }
  return {
    [componentSource]: {
      description: functionDoc(ts, componentSource, 'Pagination').text,
      displayName: 'Pagination',
      methods: [],
      props,
    },
  };
}

/** Writes the bundles and metadata.json; returns the names of the files it rewrote. */
export async function buildDash() {
  mkdirSync(dashDist, { recursive: true });
  const written = [];
  for (const name of Object.keys(dashBundles)) {
    if (writeIfChanged(join(dashDist, name), await dashBundle(name))) written.push(name);
  }
  const metadata = `${JSON.stringify(await paginationMetadata(), null, 2)}\n`;
  if (writeIfChanged(join(dashDist, 'metadata.json'), metadata)) written.push('metadata.json');
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = await buildDash();
  if (written.length) console.log(`build: Dash suite (${written.join(', ')})`);
}
