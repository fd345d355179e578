import type { ErrorObject } from 'ajv/dist/2020.js';
import type { BodyError } from '../errors.js';
import { pointerToken } from '../internal/json-pointer.js';

/** How many of a body's errors an `invalid_body` problem lists: enough to fix a request, bounded for a hostile one. */
export const maxBodyErrors = 100;

/** Ajv's errors as pointers into the body: a missing or unexpected property's pointer names it. */
export function ajvErrors(errors: readonly ErrorObject[] | null | undefined): BodyError[] {
  const found = new Map<string, BodyError>();
  for (const error of errors ?? []) {
    let pointer = error.instancePath;
    const { missingProperty, additionalProperty, unevaluatedProperty } = error.params as Record<
      string,
      unknown
    >;
    const named = missingProperty ?? additionalProperty ?? unevaluatedProperty;
    if (typeof named === 'string') pointer += `/${pointerToken(named)}`;
    const detail = error.message ?? error.keyword;
    found.set(`${pointer}\n${detail}`, { pointer, detail });
    if (found.size === maxBodyErrors) break;
  }
  return [...found.values()];
}
