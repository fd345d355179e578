import { type APIException, NotFound, ParseError } from '../errors.js';
import { hasMalformedEscape } from '../urls/encoding.js';

/**
 * What answers a path no route matched: 400 `ParseError` when its percent-encoding is malformed (`%E0%A4%A`), as
 * Express and Fastify answer it, else 404 `NotFound`.
 */
export function unroutablePath(path: string): APIException {
  return hasMalformedEscape(path) ? new ParseError() : new NotFound();
}

/**
 * Throws `ParseError` (400) when the path of `url` has a malformed percent-escape in one of the route's `values`.
 * For routers that hand such a value on undecoded (Hono) rather than answer 400 themselves: a value with a `%` in
 * it is the only sign, and the path is read again only then.
 */
export function refuseMalformedValues(
  values: Readonly<Record<string, string | undefined>>,
  url: string,
): void {
  for (const name in values) {
    if (values[name]?.includes('%') === true) {
      if (hasMalformedEscape(new URL(url).pathname)) throw new ParseError();
      return;
    }
  }
}
