// The import rules of the packages' sources, checked by dependency-cruiser: `npm test` runs
// `depcruise packages/versioning/src packages/pagination/src --config .dependency-cruiser.mjs --output-type err-long`;
// `--output-type text` prints every import instead. Type-only imports count: they draw the same arrow a reader has to
// follow.

/**
 * The layers of @restdash/versioning's src/, bottom first. A module imports from its own layer or the ones below,
 * never from one above. An entry is a path under src/: a folder ends with `/`, `*` stands for one name.
 */
const versioningLayers = [
  ['types.ts', 'internal/'],
  ['i18n/'],
  ['errors.ts', 'settings.ts'],
  ['http/'],
  ['urls/'],
  ['lifecycle/'],
  ['changes/'],
  ['schemes/'],
  // Two entries side by side: the package root (it re-exports the core, schemes and below) and the browser-safe
  // client; neither imports the other, the pipeline or an adapter.
  ['index.ts', 'client/'],
  ['pipeline/'],
  ['openapi/'],
  // Frozen versions: the contracts of openapi/'s documents, a command and file I/O; an entry nothing else imports.
  ['frozen/'],
  ['adapters/*.ts'],
  ['adapters/*/'],
];

/** The layers of @restdash/pagination's src/, bottom first: the pure props and page model, its markup, the views. */
const paginationLayers = [['*.ts'], ['markup/'], ['react/', 'static/'], ['dash/']];

const escape = (text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
const pathOf = (pkg, entry) =>
  `^packages/${pkg}/src/${escape(entry).replace(/\*/g, '[^/]+')}${entry.endsWith('/') ? '' : '$'}`;
const anyOf = (pkg, entries) => entries.map((entry) => pathOf(pkg, entry));

function layerRules(pkg, layers, hint = '') {
  return layers.slice(0, -1).map((layer, index) => {
    const above = layers.slice(index + 1).flat();
    return {
      name: `${pkg} layers: ${layer.join(', ')}`,
      comment: `${layer.join(', ')} imports from its own layer and those below, never from ${above.join(', ')}${hint}.`,
      severity: 'error',
      from: { path: anyOf(pkg, layer) },
      to: { path: anyOf(pkg, above) },
    };
  });
}

/** Parts of one layer that stand side by side: each imports the layers below, never the other. */
function sideBySide(pkg, folders) {
  return {
    name: `${pkg} layers: ${folders.join(' and ')} stay apart`,
    comment: `A module of ${folders.join(', ')} never imports another of them.`,
    severity: 'error',
    from: { path: `^packages/${pkg}/src/(${folders.map(escape).join('|')})` },
    to: { path: anyOf(pkg, folders), pathNot: `^packages/${pkg}/src/$1` },
  };
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle, type-only imports included, leaves no direction a reader can draw.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules('versioning', versioningLayers, ' (a type it needs from there is named through types.ts)'),
    {
      name: 'versioning layers: one framework, one adapter',
      comment: "An adapter's folder imports the shared adapters/*.ts, never another framework's folder.",
      severity: 'error',
      from: { path: '^packages/versioning/src/adapters/([^/]+)/' },
      to: {
        path: '^packages/versioning/src/adapters/[^/]+/',
        pathNot: '^packages/versioning/src/adapters/$1/',
      },
    },
    ...layerRules('pagination', paginationLayers),
    sideBySide('versioning', ['index.ts', 'client/']),
    sideBySide('pagination', ['react/', 'static/']),
    {
      name: 'versioning: frozen/ is an entry',
      comment: 'src/frozen/ (the contracts and their command) is imported by no other part of the package.',
      severity: 'error',
      from: { pathNot: '^packages/versioning/src/frozen/' },
      to: { path: '^packages/versioning/src/frozen/' },
    },
    {
      name: 'package roots are entries',
      comment:
        "A package's src/index.ts is what its users import; the modules it re-exports never import it back.",
      severity: 'error',
      from: {},
      to: { path: '^packages/[^/]+/src/index\\.ts$' },
    },
  ],
  options: {
    includeOnly: '^packages/[^/]+/src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
