import { isVersionHistory } from '../changes/history.js';
import { argumentError, checkKnownKeys, describe, isPlainObject, mustBe } from '../internal/arguments.js';
import { isScheme, isUrlConf } from '../internal/recognize.js';
import { openapi } from '../openapi/document.js';
import type { OpenAPIOptions } from '../openapi/options.js';
import type { Contract, FrozenApi, JsonValue } from './frozen.types.js';

const apiKeys = ['urlconf', 'scheme', 'changes', 'policies'];

/**
 * A server every version's document is made with and that its contract leaves out: one a host-name scheme can put a
 * version label on, the same on every machine.
 */
const placeholderServer = 'https://api.example.com';

/** The title in the `info` of every contract: a contract is the API's, not its documentation's. */
const contractTitle = 'API';

/** Whether `version` can name a file of its own in a folder: no path separator, not `.` or `..`, no NUL. */
function isFileName(version: string): boolean {
  return version !== '.' && version !== '..' && !/[/\\\0]/.test(version);
}

/** Throws the `TypeError` for an `api` argument that is not a {@link FrozenApi}; `where` names the call. */
export function checkApi(where: string, api: unknown): asserts api is FrozenApi {
  if (!isPlainObject(api))
    throw mustBe(where, 'api', 'an object { urlconf, scheme, changes?, policies? }', api);
  checkKnownKeys(`${where}: api`, api, apiKeys);
  if (!isUrlConf(api['urlconf'])) throw mustBe(where, 'api.urlconf', 'a UrlConf', api['urlconf']);
  const scheme = api['scheme'];
  if (scheme !== null && !isScheme(scheme)) {
    throw mustBe(
      where,
      'api.scheme',
      'a versioning scheme (such as new URLPathVersioning()) or null',
      scheme,
    );
  }
  const changes = api['changes'];
  if (changes !== undefined && !isVersionHistory(changes)) {
    throw mustBe(where, 'api.changes', 'a VersionHistory (@restdash/versioning/changes)', changes);
  }
  const policies = api['policies'];
  if (policies !== undefined && !isPlainObject(policies)) {
    throw mustBe(where, 'api.policies', 'an object of version → policy', policies);
  }
}

/** The versions of `api` a contract is kept for, oldest first: the scheme's allowed versions, else the history's. */
export function versionsOf(where: string, api: FrozenApi): readonly string[] {
  const allowed = api.scheme?.allowedVersions?.filter((version) => typeof version === 'string');
  const versions = allowed ?? api.changes?.versions ?? [];
  if (versions.length === 0) {
    throw argumentError(
      `${where}: api has no versions to freeze: give api.scheme allowedVersions, or api.changes a VersionHistory`,
    );
  }
  for (const version of versions) {
    if (!isFileName(version)) {
      throw argumentError(
        `${where}: version ${describe(version)} cannot name a contract file (it has a path separator or is "." or "..")`,
      );
    }
  }
  return versions;
}

/** Sets `object[key]` as an own property even where `key` is `__proto__` (a name a schema or a version may have). */
function setOwn(object: object, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `value` with every object's keys in code-unit order (never the locale's): the same text on every machine. */
export function canonical(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map((item: JsonValue) => canonical(item));
  if (typeof value !== 'object' || value === null) return value;
  const sorted: Record<string, JsonValue> = {};
  for (const key of Object.keys(value).sort()) {
    setOwn(sorted, key, canonical((value as Record<string, JsonValue>)[key] as JsonValue));
  }
  return sorted;
}

/** The canonical contract of `version`: its OpenAPI document without `servers`, keys sorted. */
export function contractOf(api: FrozenApi, version: string): Contract {
  const options: OpenAPIOptions = {
    version,
    scheme: api.scheme,
    info: { title: contractTitle },
    servers: [{ url: placeholderServer }],
    ...(api.policies !== undefined && { policies: api.policies }),
    ...(api.changes !== undefined && { changes: api.changes }),
  };
  const { servers: _servers, ...document } = openapi(api.urlconf, options);
  return canonical(document as unknown as JsonValue) as Contract;
}

/** The text of a contract file: 2-space JSON and a trailing newline. */
export function contractText(contract: Contract): string {
  return `${JSON.stringify(contract, null, 2)}\n`;
}

/**
 * Every version's canonical contract, by version (oldest first): that version's OpenAPI document (`openapi()` of
 * `@restdash/versioning/openapi`) without `servers`, every object's keys sorted — the same on every run and machine.
 * Throws a `TypeError` for an `api` that is not `{ urlconf, scheme, changes?, policies? }`, or one `openapi()` refuses.
 * @example
 * const contracts = snapshot({ urlconf, scheme, changes: history });
 * contracts['2024-01-01'].paths; // what clients of 2024-01-01 were promised
 */
export function snapshot(api: FrozenApi): Record<string, Contract> {
  const where = 'snapshot(api)';
  checkApi(where, api);
  const contracts: Record<string, Contract> = {};
  for (const version of versionsOf(where, api)) {
    setOwn(contracts, version, contractOf(api, version));
  }
  return contracts;
}
