import type { FlatRoute, ResolverMatch, UrlConf } from '../types.js';
import { checkKnownKeys, isPlainObject, mustBe } from '../internal/arguments.js';
import { isUrlConf } from '../internal/recognize.js';
import { AllowedHosts, checkAllowedHosts, defaultAllowedHosts } from './host.js';
import { parseRenderers } from './negotiation.js';

/** Options of `createRequest()`. */
export interface CreateRequestOptions {
  /**
   * Route table: `resolverMatch` is resolved from the path when first read, and `reverse()` uses it.
   * @default null
   */
  readonly urlconf?: UrlConf | null | undefined;
  /**
   * Host names the request may be addressed to: exact (case-insensitive), `.example.com` for the domain and
   * every subdomain, `'*'` for any well-formed host.
   * @default ['localhost', '.localhost', '127.0.0.1', '[::1]']
   */
  readonly allowedHosts?: readonly string[] | undefined;
  /**
   * Honour the first values of `X-Forwarded-Host` and `X-Forwarded-Proto`; only behind a proxy that sets
   * them.
   * @default false
   */
  readonly trustProxy?: boolean | undefined;
  /**
   * Media types the API can render, preferred first; content negotiation picks one for `acceptedMediaType`.
   * @default ['application/json']
   */
  readonly renderers?: readonly string[] | undefined;
  /**
   * The path the application is mounted under (Django's script prefix, `SCRIPT_NAME`): reversal puts it in front
   * of the paths it builds, and `resolverMatch` resolves the path after it. A trailing slash is dropped.
   * @default ''
   */
  readonly scriptPrefix?: string | undefined;
}

const optionNames = ['urlconf', 'allowedHosts', 'trustProxy', 'renderers', 'scriptPrefix'] as const;

/** The options of `createRequest()`, checked, as every request made with them shares them. */
export interface RequestSettings {
  readonly urlconf: UrlConf | null;
  readonly hosts: AllowedHosts;
  readonly trustProxy: boolean;
  readonly renderers: ReturnType<typeof parseRenderers>;
  readonly scriptPrefix: string;
}

/**
 * Where a request an adapter makes finds its route match and its script prefix, when they are first read: the
 * framework matched the route, so neither is worked out unless a handler asks.
 */
export interface RouteSource {
  /** The match of `route` (the source's own, or one of the same pattern that answers) for the captured `params`. */
  matchOf(params: unknown, route?: FlatRoute): ResolverMatch;
  /** The script prefix, from what the adapter passed (the framework's request or context, or the prefix). */
  prefixOf(mount: unknown): string;
}

const defaultHosts = new AllowedHosts(defaultAllowedHosts);
const defaultRenderers = parseRenderers('createRequest', ['application/json']);

/** Checks the options of `createRequest()` once; a `TypeError` naming `where` at the first mistake. */
export function checkSettings(where: string, options: unknown): RequestSettings {
  if (!isPlainObject(options)) throw mustBe(where, 'options', 'an object', options);
  checkKnownKeys(where, options, optionNames);
  const { urlconf, allowedHosts, trustProxy, renderers, scriptPrefix } = options as CreateRequestOptions;
  if (urlconf !== undefined && urlconf !== null && !isUrlConf(urlconf)) {
    throw mustBe(where, 'urlconf', 'a UrlConf', urlconf);
  }
  if (trustProxy !== undefined && typeof trustProxy !== 'boolean') {
    throw mustBe(where, 'trustProxy', 'a boolean', trustProxy);
  }
  return {
    urlconf: urlconf ?? null,
    hosts:
      allowedHosts === undefined ? defaultHosts : new AllowedHosts(checkAllowedHosts(where, allowedHosts)),
    trustProxy: trustProxy ?? false,
    renderers: renderers === undefined ? defaultRenderers : parseRenderers(where, renderers),
    scriptPrefix: scriptPrefix === undefined ? '' : checkScriptPrefix(where, scriptPrefix),
  };
}

/** A script prefix without its trailing slashes; a `TypeError` naming `where` unless it is `''` or starts with `/`. */
export function checkScriptPrefix(where: string, prefix: unknown): string {
  if (typeof prefix !== 'string' || (prefix !== '' && !prefix.startsWith('/'))) {
    throw mustBe(where, 'scriptPrefix', '"" or a path starting with "/"', prefix);
  }
  let end = prefix.length;
  while (end > 0 && prefix[end - 1] === '/') end--;
  return prefix.slice(0, end);
}
