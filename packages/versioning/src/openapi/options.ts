import { isVersionHistory, type VersionHistory } from '../changes/history.js';
import type { VersionPolicy } from '../lifecycle/policies.js';
import type { BaseVersioning } from '../schemes/base.js';
import { argumentError, checkKnownKeys, describe, isPlainObject, mustBe } from '../internal/arguments.js';
import { isScheme, isUrlConf } from '../internal/recognize.js';
import type { ServerObject } from './openapi.types.js';

/** What a version's policy says: the adapters' `VersionPolicy`, read the same way. */
export type OpenAPIVersionPolicy = VersionPolicy;

/** Options of {@link openapi}. */
export interface OpenAPIOptions {
  /** The version the document describes. */
  readonly version: string;
  /**
   * Scheme of every route whose `path()` names no `versioning` of its own, as the adapters' `scheme`.
   * @default null (such routes are version-neutral)
   */
  readonly scheme?: BaseVersioning | null;
  /** The document's `info`. @default version: the version described */
  readonly info: { readonly title: string; readonly version?: string; readonly description?: string };
  /**
   * The document's `servers`. Required when routes are versioned by host name: each URL's host then gets the version
   * (`https://example.com` → `https://v2.example.com`). @default undefined (no `servers`: OpenAPI's `/`)
   */
  readonly servers?: readonly { readonly url: string; readonly description?: string }[];
  /** Lifecycle policies by version, as given to the adapters. @default {} */
  readonly policies?: Readonly<Record<string, OpenAPIVersionPolicy>>;
  /**
   * Whether the server answers a version past its sunset with 410, as the adapters' `enforceSunset`: only then do
   * the operations of a version whose policy has a `sunset` document that 410.
   * @default false
   */
  readonly enforceSunset?: boolean;
  /**
   * The history of version changes the adapters are given (`@restdash/versioning/changes`): the routes' `request`
   * and `response` schemas are documented as this document's version has them (`history.schemaFor`), a
   * version-neutral route's as the newest version has them. `options.version` must be one of its versions.
   * @default undefined (the schemas as written)
   */
  readonly changes?: VersionHistory;
}

/** How errors name the call. */
export const where = 'openapi(urlconf, options)';

/** The option names of {@link OpenAPIOptions}. */
export const optionNames: readonly string[] = Object.freeze([
  'version',
  'scheme',
  'info',
  'servers',
  'policies',
  'enforceSunset',
  'changes',
]);
const infoNames = ['title', 'version', 'description'];
const serverNames = ['url', 'description'];

function checkText(at: string, value: unknown, optional: boolean): void {
  if (optional && value === undefined) return;
  if (typeof value !== 'string' || value === '') {
    throw argumentError(`${at} must be a non-empty string, got ${describe(value)}`);
  }
}

/** `options.servers` checked and copied; `null` when not given. */
export function checkServers(servers: unknown): readonly ServerObject[] | null {
  const at = `${where}: options.servers`;
  if (servers === undefined) return null;
  if (!Array.isArray(servers)) throw argumentError(`${at} must be an array, got ${describe(servers)}`);
  return servers.map((server: unknown, index) => {
    const item = `${at}[${index}]`;
    if (!isPlainObject(server)) throw argumentError(`${item} must be an object, got ${describe(server)}`);
    checkKnownKeys(item, server, serverNames);
    checkText(`${item}.url`, server['url'], false);
    checkText(`${item}.description`, server['description'], true);
    return { ...server } as unknown as ServerObject;
  });
}

/**
 * Checks the arguments of `openapi()` that the document alone reads (the urlconf, the option names, `version`,
 * `scheme`, `enforceSunset`, `info`); the policies are compiled with the routes, by the rules the adapters use.
 */
export function checkOptions(urlconf: unknown, options: unknown): asserts options is OpenAPIOptions {
  if (!isUrlConf(urlconf)) throw mustBe(where, 'urlconf', 'a UrlConf', urlconf);
  if (!isPlainObject(options)) throw mustBe(where, 'options', 'an object', options);
  checkKnownKeys(where, options, optionNames);
  checkText(`${where}: options.version`, options['version'], false);
  const scheme = options['scheme'];
  if (scheme !== undefined && scheme !== null && !isScheme(scheme)) {
    throw mustBe(
      where,
      'options.scheme',
      'a versioning scheme (such as new URLPathVersioning()) or null',
      scheme,
    );
  }
  const enforceSunset = options['enforceSunset'];
  if (enforceSunset !== undefined && typeof enforceSunset !== 'boolean') {
    throw mustBe(where, 'options.enforceSunset', 'a boolean', enforceSunset);
  }
  const changes = options['changes'];
  if (changes !== undefined && !isVersionHistory(changes)) {
    throw mustBe(where, 'options.changes', 'a VersionHistory (@restdash/versioning/changes)', changes);
  }
  const info = options['info'];
  if (!isPlainObject(info)) throw mustBe(where, 'options.info', 'an object', info);
  checkKnownKeys(`${where}: options.info`, info, infoNames);
  checkText(`${where}: options.info.title`, info['title'], false);
  checkText(`${where}: options.info.version`, info['version'], true);
  if (info['description'] !== undefined && typeof info['description'] !== 'string') {
    throw mustBe(where, 'options.info.description', 'a string', info['description']);
  }
}
