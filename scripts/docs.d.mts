// Types of docs.mjs, for the tests that import it.
import type { FastifyInstance } from 'fastify';

/** The built site (docs/.vitepress/dist). */
export const siteDist: string;
/** The URL path the site is built for (`/docs/`). */
export const siteBase: string;
/** Whether the built site is missing or older than one of its inputs. */
export function docsStale(): boolean;
/** Builds the site (TypeDoc, then VitePress) when it is stale, always with `force`; resolves with whether it built. */
export function buildDocs(options?: { readonly force?: boolean }): Promise<boolean>;
/** Serves the built site on 127.0.0.1 the way the demo does (`port` 0: any free port). */
export function serveDocs(port?: number): Promise<{ readonly app: FastifyInstance; readonly url: string }>;
