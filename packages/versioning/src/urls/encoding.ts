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

/** Decodes a wildcard's captured segments, each as {@link decodeSegment} does; `null` for a malformed escape. */
export function decodeWildcard(raw: string): string | null {
  if (!raw.includes('%')) return raw;
  const segments: string[] = [];
  for (const segment of raw.split('/')) {
    const decoded = decodeSegment(segment);
    if (decoded === null) return null;
    segments.push(decoded);
  }
  return segments.join('/');
}

/** Whether `text` can be put into a URL: it holds no lone UTF-16 surrogate. */
export function isWellFormed(text: string): boolean {
  return isUnreserved(text) || !loneSurrogate.test(text);
}

// RFC 3986 §2.3 unreserved characters (ALPHA / DIGIT / "-" / "." / "_" / "~"), as a lookup table over ASCII.
const rfc3986Unreserved = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~') {
  rfc3986Unreserved[char.charCodeAt(0)] = 1;
}
const percentEscape = /%[0-9A-Fa-f]{2}/g;

/**
 * RFC 3986 §6.2.2 normalization of a request path's percent-encoding: an escape of an unreserved character is
 * decoded (`/v%31/` is `/v1/`, `%2E` is `.`), the hex digits of every other escape upper-cased (`%c3%a9` is
 * `%C3%A9`). Escapes of reserved characters stay escapes: `%2F` is still a slash inside a value, never a
 * separator. Malformed escapes (`%zz`) are left as they are.
 */
export function normalizePercentEncoding(path: string): string {
  if (!path.includes('%')) return path;
  return path.replace(percentEscape, (escape) => {
    const code = Number.parseInt(escape.slice(1), 16);
    return code < 128 && rfc3986Unreserved[code] === 1 ? String.fromCharCode(code) : escape.toUpperCase();
  });
}

/** Whether `text` holds a `%` that does not start a well-formed UTF-8 escape sequence (`%zz`, `%E0%A4%A`). */
export function hasMalformedEscape(text: string): boolean {
  return text.includes('%') && decodeSegment(text) === null;
}

/**
 * Django's `escape_leading_slashes`: a path that starts with `//` would be read as a host (`//evil.com/x`), so its
 * second slash is escaped (`/%2Fevil.com/x`), which routes to the same value.
 */
export function escapeLeadingSlashes(path: string): string {
  return path.startsWith('//') ? `/%2F${path.slice(2)}` : path;
}

/**
 * Whether a value cannot be one path segment of a URL: empty, or a dot segment (`.`, `..`) that URL parsers
 * remove, so that the link would lead elsewhere.
 */
export function isDotOrEmptySegment(value: string): boolean {
  return value === '' || value === '.' || value === '..';
}
