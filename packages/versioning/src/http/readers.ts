import { argumentError, describe } from '../internal/arguments.js';
import { isToken } from '../internal/field-syntax.js';
import { parseQueryString } from './uri.js';

/** Where a {@link HeaderReader} reads: the header of a lower-case name, repeated ones joined; `null` when absent. */
export interface HeaderSource {
  header(lowerCaseName: string): string | null;
}

/** `request.headers`: the request's headers by case-insensitive name. */
export class HeaderReader {
  readonly #source: HeaderSource;

  constructor(source: HeaderSource) {
    this.#source = source;
  }

  get(name: string): string | null {
    if (typeof name !== 'string')
      throw argumentError(`headers.get(name): expected a string, got ${describe(name)}`);
    // A name that is not a token cannot be on any request (fetch's Headers.get() would throw on it).
    return isToken(name) ? this.#source.header(name.toLowerCase()) : null;
  }
}

/** Whether a query string has anything to decode: a `%` escape or a `+` for a space. */
function needsDecoding(query: string): boolean {
  return query.includes('%') || query.includes('+');
}

/**
 * The last value of `name` in a query string with nothing to decode (no `%`, no `+`): what URLSearchParams would
 * give, read without parsing the rest.
 */
function lastValue(query: string, name: string): string | null {
  let found: string | null = null;
  for (let start = 0; start <= query.length;) {
    let end = query.indexOf('&', start);
    if (end === -1) end = query.length;
    const equals = query.indexOf('=', start);
    const keyEnd = equals === -1 || equals > end ? end : equals;
    if (keyEnd - start === name.length && query.startsWith(name, start) && end > start) {
      found = keyEnd === end ? '' : query.slice(keyEnd + 1, end);
    }
    start = end + 1;
  }
  return found;
}

/** `request.queryParams`: parsed on first use; a repeated key keeps its last value like Django's QueryDict.get(). */
export class QueryReader {
  readonly #query: string;
  #values: Map<string, string> | undefined;

  constructor(query: string) {
    this.#query = query;
  }

  get(name: string): string | null {
    if (typeof name !== 'string') {
      throw argumentError(`queryParams.get(name): expected a string, got ${describe(name)}`);
    }
    // Read raw, a `?` the query starts with stays part of the first key, as parseQueryString keeps it.
    if (this.#values === undefined && !needsDecoding(this.#query)) return lastValue(this.#query, name);
    this.#values ??= new Map(parseQueryString(this.#query));
    return this.#values.get(name) ?? null;
  }
}
