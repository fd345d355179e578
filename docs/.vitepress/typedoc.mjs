// TypeDoc options for the API reference: one module per `exports` entry of the two packages, named by its import
// specifier (`@restdash/versioning/express`), read from the TypeScript sources so the TSDoc comments come along.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Converter, ReflectionKind } from 'typedoc';

const root = fileURLToPath(new URL('../../', import.meta.url));
const packages = ['packages/versioning', 'packages/pagination'];

/** Where the reference is written, relative to the repository root (gitignored: it is generated every build). */
export const apiDir = 'docs/api';

/**
 * Every entry of the packages' `exports` maps that has types: its import specifier, its TypeScript source and its
 * built declaration file (both absolute). The Dash bundle and package.json entries have no types and no page.
 */
export function apiEntries() {
  return packages.flatMap((dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    return Object.entries(manifest.exports).flatMap(([subpath, target]) => {
      const types = typeof target === 'object' ? target.types : undefined;
      if (types === undefined) return [];
      const source = types.replace(/^\.\/dist\//, './src/').replace(/\.d\.ts$/, '.ts');
      return [
        {
          specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
          source: join(root, dir, source),
          declarations: join(root, dir, types),
        },
      ];
    });
  });
}

/** TypeDoc plugin: names each entry module by its import specifier instead of its source path. */
function nameModulesBySpecifier(app) {
  // TypeDoc names a module by its path from `displayBasePath` (the repository root), less `/index.ts`.
  const byPath = new Map(
    apiEntries().map((entry) => [
      relative(root, entry.source).replace(/\/index\.tsx?$/, ''),
      entry.specifier,
    ]),
  );
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (_context, reflection) => {
    if (reflection.kindOf(ReflectionKind.Module))
      reflection.name = byPath.get(reflection.name) ?? reflection.name;
  });
}

/** The options TypeDoc is bootstrapped with (scripts/docs.mjs). */
export function typedocOptions() {
  return {
    entryPoints: apiEntries().map((entry) => entry.source),
    tsconfig: fileURLToPath(new URL('./tsconfig.typedoc.json', import.meta.url)),
    plugin: ['typedoc-plugin-markdown', 'typedoc-vitepress-theme'],
    out: join(root, apiDir),
    docsRoot: join(root, 'docs'),
    router: 'module',
    excludeScopesInPaths: true,
    name: 'API reference',
    readme: 'none',
    displayBasePath: root,
    disableSources: true,
    excludePrivate: true,
    excludeInternal: true,
    // tsc checks the sources in `npm test`; here only the comments and the exported shapes matter.
    skipErrorChecking: true,
    githubPages: false,
    hideBreadcrumbs: true,
    useCodeBlocks: true,
    parametersFormat: 'table',
    interfacePropertiesFormat: 'table',
    classPropertiesFormat: 'table',
    typeDeclarationFormat: 'table',
    sidebar: { autoConfiguration: true, collapsed: true, pretty: true },
    logLevel: 'Warn',
  };
}

export { nameModulesBySpecifier };

/**
 * Types the public API refers to without exporting them: type-level machinery a reader needs no page for, each with
 * why. Every type a user writes or reads (options, parameters, results) is exported by the entry where they meet it.
 */
const notExported = [
  // The steps of `RouteParams<Route>`'s computation: its page shows the parameters it gives.
  'versioning/src/adapters/route-params.ts:ParamsOf',
  'versioning/src/adapters/route-params.ts:Walk',
  'versioning/src/adapters/route-params.ts:NoneFound',
  'versioning/src/adapters/route-params.ts:HonoKeys',
  // The branded core types behind each adapter's `ExpressRoute`, `HonoInclude`, …, which are exported.
  'versioning/src/adapters/shared.ts:FrameworkInclude',
  'versioning/src/adapters/shared.ts:FrameworkRoute',
  // A handler's body type computed from the route's `request` schema (its `SchemaOutput`, exported by ./changes).
  'versioning/src/adapters/express/routes.ts:BodyOf',
  'versioning/src/adapters/fastify/routes.ts:BodyOf',
  'versioning/src/adapters/node/routes.ts:BodyOf',
  'versioning/src/adapters/hono/routes.ts:InputOf',
  // Hono's `Context<VersioningEnv>` under a short local name; both halves are exported.
  'versioning/src/adapters/hono/hono.ts:C',
  // The const arrays the unions `VersionFormatName`, `AllowNewest` and `DifferenceKind` are read from.
  'versioning/src/internal/version-order.ts:versionFormats',
  'versioning/src/frozen/frozen.types.ts:allowNewestModes',
  'versioning/src/frozen/frozen.types.ts:differenceKinds',
  // A scheme's compiled state, handed between its own methods and CompositeVersioning's; no user builds one.
  'versioning/src/schemes/compiled-attributes.ts:CompiledVersions',
  'versioning/src/schemes/compiled-attributes.ts:VersionRules',
  // The names the layers below reach the class `BaseVersioning` (exported by the root entry) by, through declaration
  // merging (types.ts); exported, the class would have three names.
  'versioning/src/types.ts:BaseVersioning',
  'versioning/src/schemes/base.ts:SchemeClass',
];

/**
 * Runs TypeDoc's checks (broken `{@link}`s, referenced types no entry point exports) for both packages: TypeDoc
 * checks exports only for the project's own package, and the project here spans two.
 */
export function validateAllPackages(app, project) {
  const checks = app.options.getValue('validation');
  const off = Object.fromEntries(Object.keys(checks).map((check) => [check, false]));
  for (const [index, name] of ['@restdash/versioning', '@restdash/pagination'].entries()) {
    project.packageName = name;
    const own = notExported.filter((entry) => `@restdash/${entry}`.startsWith(`${name}/`));
    app.options.setValue('intentionallyNotExported', own);
    // The links and paths once; the exports once per package.
    app.options.setValue('validation', index === 0 ? checks : { ...off, notExported: true });
    app.validate(project);
  }
}
