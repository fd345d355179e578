import { argumentError, describe, mustBe } from './arguments.js';

// RFC 9110 §5.6.2 tchar, as a lookup table over ASCII.
const tchar = new Uint8Array(128);
for (const char of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") {
  tchar[char.charCodeAt(0)] = 1;
}

/** Whether a character code is an RFC 9110 `tchar`, a character of a token. */
export const isTchar = (code: number): boolean => code < 128 && tchar[code] === 1;

/** Whether `text` is an RFC 9110 token: a header name, a media type's type, subtype or parameter name. */
export function isToken(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) if (!isTchar(text.charCodeAt(i))) return false;
  return true;
}

/**
 * Whether `text` may be (part of) a header field value: HTAB, SP, VCHAR and obs-text (RFC 9110 §5.5), so no CR, LF,
 * NUL or other control character, and nothing above U+00FF. node:http throws on anything else when the header is
 * set, which a server cannot answer.
 */
export function isFieldValue(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x09) continue;
    if (code < 0x20 || code === 0x7f || code > 0xff) return false;
  }
  return true;
}

const fieldValueExpected =
  'a string an HTTP header can carry (tab, space, visible ASCII and U+0080 to U+00FF; no CR, LF or other control character)';
const headerNameExpected = 'a header name (a token such as "Api-Version")';

/**
 * Throws a `TypeError` (`ERR_VERSIONING_INVALID_HEADER`) naming `where`, `what` and the value unless `value` can go
 * into a header field value; `value` is known to be a string.
 */
export function checkFieldValue(where: string, what: string, value: string): void {
  if (!isFieldValue(value))
    throw mustBe(where, what, fieldValueExpected, value, 'ERR_VERSIONING_INVALID_HEADER');
}

/**
 * `value` as a header name: a `TypeError` naming `where`, `what` and the value unless it is a token
 * (`ERR_VERSIONING_INVALID_ARGUMENT` for a value that is not a string, `ERR_VERSIONING_INVALID_HEADER` for one that
 * is no header name).
 */
export function checkHeaderName(where: string, what: string, value: unknown): string {
  if (typeof value !== 'string') throw mustBe(where, what, headerNameExpected, value);
  if (!isToken(value)) throw mustBe(where, what, headerNameExpected, value, 'ERR_VERSIONING_INVALID_HEADER');
  return value;
}

/**
 * Checks a scheme's `varyHeaders` (an array of header names, as a subclass may return anything from its getter) and
 * returns them; `where` and `what` name it in the `TypeError`.
 */
export function checkVaryHeaders(where: string, what: string, headers: unknown): readonly string[] {
  if (!Array.isArray(headers)) {
    throw argumentError(`${where}: ${what} must be an array of header names, got ${describe(headers)}`);
  }
  const names: readonly unknown[] = headers;
  names.forEach((name, index) => checkHeaderName(where, `${what}[${index}]`, name));
  return names as readonly string[];
}
