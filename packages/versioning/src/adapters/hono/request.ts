import type { Context } from 'hono';
import { basePath } from 'hono/route';
import { checkScriptPrefix } from '../../http/request.js';

type AnyContext = Context;

/** Where the app is mounted (`app.route('/api', versioned(…))`), its parameters filled in, as Hono works it out. */
export function prefixOf(context: unknown): string {
  return checkScriptPrefix('hono versioned(urlconf, options)', basePath(context as AnyContext));
}

/**
 * The route's parameters as `c.req.param()` gives them (decoded, absent optional ones left out), asked for by name:
 * Hono then makes no list of its own names to copy from.
 */
export function paramsOf(c: AnyContext, names: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of names) {
    const value = c.req.param(name as never) as string | undefined;
    if (value !== undefined) params[name] = value;
  }
  return params;
}
