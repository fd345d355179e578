import type { ValidateFunction } from 'ajv/dist/2020.js';
import { jsonCopy } from '../changes/json-read.js';
import type { VersionHistory } from '../changes/history.js';
import { reshapedResponse } from '../changes/route-reshapes.js';
import type { ResponsePlan } from '../changes/route-schemas.js';
import { InvalidResponse } from '../errors.js';
import { ajvErrors } from './schema-errors.js';

/**
 * The adapters' `checkResponses` when it is not given: on, unless `NODE_ENV` is `production` (read once, at mount).
 * Written as `process.env.NODE_ENV`, which bundlers replace with its value; a runtime without `process` is no
 * production build of that kind, and checks.
 */
export function checkResponsesDefault(): boolean {
  return typeof process === 'undefined' || process.env.NODE_ENV !== 'production';
}

/**
 * What a route's 2xx JSON answers are checked against (`checkResponses`), its validators compiled at mount: the value
 * as a client of the request's version receives it — the handler's, or migrated down to an older version — against
 * that version's schema. Read as `JSON.stringify` reads it, and without the properties the schema rules out, which
 * are left out as always: a property the schema does not know is no mismatch (a handler may hand extra data to the
 * migrations); one it wants that is missing, or of another type, is.
 */
export type ResponseCheck = (version: string | null, sent: unknown) => InvalidResponse | null;

/**
 * Whether a `{ route }` `migrateResponse()` of the route named `name` that gave no `schema` runs last on the way down
 * into `version`: what it returns goes out as it is, as no schema describes it — neither filtered nor checked. One
 * that gave its `schema` is checked against it.
 */
function reshapedInto(history: VersionHistory, name: string | null, version: string): boolean {
  return reshapedResponse(history, name, version) === null;
}

/**
 * Compiles the check of `route` (named in problems by its URL name, else its pattern) from its response plan, or
 * `null` when it has no `response` schema; `compile` makes a validator of a JSON Schema (one per schema object).
 */
export function compileResponseCheck(
  route: { readonly name: string | null; readonly pattern: string },
  plan: ResponsePlan,
  history: VersionHistory | null,
  compile: (schema: object) => ValidateFunction,
): ResponseCheck | null {
  const headSchema = plan.jsonSchema(null);
  if (headSchema === null) return null;
  const head = compile(headSchema);
  const versions = history?.versions ?? [];
  const older = new Map<string, ValidateFunction | null>();
  versions.slice(0, -1).forEach((version) => {
    const reshaped = history !== null && reshapedInto(history, route.name, version);
    older.set(version, reshaped ? null : compile(plan.jsonSchema(version) ?? headSchema));
  });
  // A version the history does not know, or none, is served as the newest: named as the request named it.
  const newest = versions.at(-1);
  const label = route.name ?? route.pattern;
  return (version, sent) => {
    const known = version === null ? undefined : older.get(version);
    if (known === null) return null;
    const validate = known ?? head;
    if (validate(jsonCopy(sent))) return null;
    const named = validate === head && newest !== undefined ? newest : version;
    return new InvalidResponse(label, named, ajvErrors(validate.errors));
  };
}
