/**
 * Characters a route's literal text keeps as written: what URL parsers (WHATWG) leave raw in a path, minus `%` and
 * `\`. Everything else is percent-encoded, so `/café/` matches the `/caf%C3%A9/` a client sends.
 */
const encodedInLiteral = /[^A-Za-z0-9!$&'()*+,\-./:;=@[\]^_|~]/gu;
const loneSurrogate = /\p{Cs}/u;

/** Percent-encodes a route's literal text as it travels in a request line (UTF-8, upper-case hex). */
export function encodeLiteral(text: string): string {
  return text.replace(encodedInLiteral, (char) => encodeURIComponent(char));
}

/** Decodes one captured segment; `null` for a malformed escape (`%zz`, `%E0%A4%A`) instead of throwing. */
export function decodeSegment(raw: string): string | null {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Whether `text` can be put into a URL: it holds no lone UTF-16 surrogate. */
export function isWellFormed(text: string): boolean {
  return !loneSurrogate.test(text);
}
