import type { VersionHistory } from '../changes/history.js';
import type { OpenAPIVersionPolicy } from '../openapi/options.js';
import type { BaseVersioning } from '../schemes/base.js';
import type { UrlConf } from '../urls/urlconf.js';
import type { JsonValue } from '../openapi/openapi.types.js';

export type { JsonValue } from '../openapi/openapi.types.js';

/** What a frozen API is made of: the options the adapters and `openapi()` are given. */
export interface FrozenApi {
  /** The routes, as mounted. */
  readonly urlconf: UrlConf;
  /**
   * The scheme of every route without a `versioning` of its own; its `allowedVersions` (oldest first) are the versions
   * frozen, or the history's versions when it has none.
   */
  readonly scheme: BaseVersioning | null;
  /** The history of version changes (`@restdash/versioning/changes`). @default undefined (schemas as written) */
  readonly changes?: VersionHistory;
  /** Lifecycle policies by version, as given to the adapters. @default {} */
  readonly policies?: Readonly<Record<string, OpenAPIVersionPolicy>>;
}

/** A version's canonical contract: its OpenAPI document without `servers`, every object's keys sorted. */
export type Contract = { readonly [key: string]: JsonValue };

/** The kinds of difference between a contract and its file. */
export const differenceKinds = ['added', 'removed', 'changed'] as const;

/** `added`: in the current contract, not in the file; `removed`: in the file, not in the current contract; `changed`: in both. */
export type DifferenceKind = (typeof differenceKinds)[number];

/** One difference between a version's contract (`after`) and its committed file (`before`). */
export interface Difference {
  readonly version: string;
  /** JSON Pointer (RFC 6901) into the current contract (for `removed`, into the file). `''`: the whole contract. */
  readonly pointer: string;
  readonly kind: DifferenceKind;
  /** The value in the file; `undefined` for `added`. */
  readonly before: JsonValue | undefined;
  /** The value in the current contract; `undefined` for `removed`. */
  readonly after: JsonValue | undefined;
  /** Whether it can break a client of that version, by the rules of oasdiff's breaking-change checks. */
  readonly breaking: boolean;
}

/** What the newest version may change without failing a check. */
export const allowNewestModes = ['additive', 'any', 'none'] as const;

/** `'additive'`: all but breaking differences; `'any'`: every difference; `'none'`: none. */
export type AllowNewest = (typeof allowNewestModes)[number];

/** Options of `checkSnapshots()`. */
export interface CheckOptions {
  /** What the newest version may change without failing. @default 'additive' */
  readonly allowNewest?: AllowNewest;
}

/** What `checkSnapshots()` found. */
export interface CheckResult {
  /** `true` when there is no failure and no missing file. */
  readonly ok: boolean;
  /** Every difference, by version (oldest first), then pointer. */
  readonly differences: readonly Difference[];
  /** The differences that fail: every one of an older version, the newest version's as `allowNewest` says. */
  readonly failures: readonly Difference[];
  /** The versions without a file. */
  readonly missing: readonly string[];
}
