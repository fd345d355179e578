/**
 * Characters a route's literal text keeps as written: what URL parsers (WHATWG) leave raw in a path, minus `%` and
 * `\`. Everything else is percent-encoded, so `/café/` matches the `/caf%C3%A9/` a client sends.
 */
const encodedInLiteral = /[^A-Za-z0-9!$&'()*+,\-./:;=@[\]^_|~]/gu;
const loneSurrogate = /\p{Cs}/u;

// What encodeURIComponent leaves as it is (RFC 3986 unreserved, plus !*'()), as a lookup table over ASCII.
const unreserved = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()") {
  unreserved[char.charCodeAt(0)] = 1;
}

/** Percent-encodes a route's literal text as it travels in a request line (UTF-8, upper-case hex). */
export function encodeLiteral(text: string): string {
  return text.replace(encodedInLiteral, (char) => encodeURIComponent(char));
}

/** Whether `encodeURIComponent(text)` is `text` itself; such a text is well-formed Unicode too. */
export function isUnreserved(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || unreserved[code] === 0) return false;
  }
  return true;
}

/** `encodeURIComponent(value)`, without its cost when there is nothing to encode (most ids and slugs). */
export function encodeValue(value: string): string {
  return isUnreserved(value) ? value : encodeURIComponent(value);
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
  return isUnreserved(text) || !loneSurrogate.test(text);
}
