// Types of build-dash.mjs, for the tests that import it.

/** Where the Dash files are written (packages/pagination/dist/dash). */
export const dashDist: string;
/** The bundles build-dash writes: file name → `process.env.NODE_ENV` and minification. */
export const dashBundles: Readonly<
  Record<string, { readonly nodeEnv: 'production' | 'development'; readonly minify: boolean }>
>;
/** The bundle `name` of `dashBundles`, as bytes. */
export function dashBundle(name: string): Promise<Uint8Array>;
/** The content of metadata.json, made from the package's sources (build the package first). */
export function paginationMetadata(): Promise<Record<string, unknown>>;
/** Writes the bundles and metadata.json; returns the names of the files it rewrote. */
export function buildDash(): Promise<string[]>;
