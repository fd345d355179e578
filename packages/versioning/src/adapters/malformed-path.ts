import { hasMalformedEscape } from '../urls/encoding.js';

/**
 * Whether the path of `url` has a malformed percent-escape in one of the route's `values` (then answered 400).
 * For routers that hand such a value on undecoded (Hono) rather than answer 400 themselves: a value with a `%` in
 * it is the only sign, and the path is read again only then.
 */
export function hasMalformedValue(
  values: Readonly<Record<string, string | undefined>>,
  url: string,
): boolean {
  for (const name in values) {
    if (values[name]?.includes('%') === true) return hasMalformedEscape(new URL(url).pathname);
  }
  return false;
}
