// Types of docs.mjs, for the tests that import it.
import type { Server } from 'node:http';

/** The built site (docs/.vitepress/dist). */
export const siteDist: string;
/** The URL path the site is built for (`/docs/`). */
export const siteBase: string;
/** Whether the built site is missing or older than one of its inputs. */
export function docsStale(): boolean;
/** Builds the site (TypeDoc, then VitePress) when it is stale, always with `force`; resolves with whether it built. */
export function buildDocs(options?: { readonly force?: boolean }): Promise<boolean>;
/** The file of the built site a URL path names (clean URLs, `index.html` for a folder), or null. */
export function siteFile(pathname: string, dist?: string, base?: string): string | null;
/** Serves the built site on 127.0.0.1 (`port` 0: any free port). */
export function serveDocs(port?: number): Promise<{ readonly server: Server; readonly url: string }>;
