import { argumentError, describe } from '../internal/arguments.js';
import { isToken } from '../internal/field-syntax.js';
import { RangeScanner } from './range-scanner.js';

/** A parsed media type or media range: lower-cased `type` and `subtype`, parameters by lower-cased name. */
export interface MediaType {
  readonly type: string;
  readonly subtype: string;
  /** Parameter values unquoted and unescaped; a repeated name keeps its last value. */
  readonly params: ReadonlyMap<string, string>;
}

/**
 * Parses one media type such as `application/json; version="1.0"`: type and subtype lower-cased, parameter
 * names lower-cased, values unquoted. Never throws on malformed text: it returns empty `type` and `subtype`
 * instead.
 * @example parseMediaType('application/json; Version="1.0"').params.get('version') // '1.0'
 */
export function parseMediaType(text: string): MediaType {
  if (typeof text !== 'string') {
    throw argumentError(`parseMediaType(text): expected a string, got ${describe(text)}`);
  }
  const scanner = new RangeScanner(text, false);
  if (!scanner.scan()) return { type: '', subtype: '', params: new Map<string, string>() };
  return {
    type: text.slice(scanner.start, scanner.slash).toLowerCase(),
    subtype: text.slice(scanner.slash + 1, scanner.subtypeEnd).toLowerCase(),
    params: scanner.paramMap(),
  };
}

/**
 * Calls `visit(type, subtype, q)` for each element of an `Accept` header whose type and subtype can be read, in
 * order, with its type and subtype as sent and its weight. `q` is `null` for an element that is malformed all the
 * same (`application/json; version=3:0`, a `*` type under a concrete subtype): what it asks for cannot be read. An element whose type and
 * subtype cannot be read (`garbage`) is skipped. Linear in the header's length.
 */
export function scanAccept(
  header: string,
  visit: (type: string, subtype: string, q: number | null) => void,
): void {
  const scanner = new RangeScanner(header, true);
  while (!scanner.done) {
    const wellFormed = scanner.scan();
    if (wellFormed || scanner.rangeRead) {
      visit(
        header.slice(scanner.start, scanner.slash),
        header.slice(scanner.slash + 1, scanner.subtypeEnd),
        wellFormed ? scanner.q : null,
      );
    }
  }
}

/** `value` as a media-type parameter value: a token as is, anything else quoted (RFC 9110 §5.6.6). */
export function parameterValue(value: string): string {
  return isToken(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * `accept` with the media-type parameter `name` set to `value` in every element (an element's own parameter of that
 * name, compared case-insensitively, replaced), or `null` when an element cannot be read. Linear in its length.
 * @example withParameterInEveryRange('application/json, text/*;q=0.1', 'version', '2') // 'application/json; version=2, text/*; version=2;q=0.1'
 */
export function withParameterInEveryRange(accept: string, name: string, value: string): string | null {
  const parameter = `; ${name}=${parameterValue(value)}`;
  const lowerName = name.toLowerCase();
  const scanner = new RangeScanner(accept, true);
  const elements: string[] = [];
  while (!scanner.done) {
    const before = scanner.position;
    if (!scanner.scan()) {
      // An empty element (`a, , b`, a trailing comma) is allowed by RFC 9110 §5.6.1; anything else cannot be read.
      if (!/^[ \t]*,?$/.test(accept.slice(before, scanner.position))) return null;
      continue;
    }
    elements.push(scanner.withParameter(lowerName, parameter));
  }
  return elements.length === 0 ? null : elements.join(', ');
}
