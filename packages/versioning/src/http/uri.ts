// Django's iri_to_uri keeps these as they are and percent-encodes everything else.
const notUriSafe = /[^A-Za-z0-9\-._~/#%[\]=:;$&()+,!?*@']/gu;

/**
 * Django's `iri_to_uri`: non-ASCII and the characters a URI cannot hold (space, `"`, `<`, `>`, backtick, `{`, `|`,
 * `}`, `^`, `\`) percent-encoded as UTF-8; escapes already there (`%xx`) are kept.
 */
export function iriToUri(iri: string): string {
  return iri.replace(notUriSafe, (char) =>
    // A lone surrogate cannot be encoded; it stands for U+FFFD like everywhere else on the web.
    char.length === 1 && char.charCodeAt(0) >= 0xd800 && char.charCodeAt(0) <= 0xdfff
      ? '%EF%BF%BD'
      : encodeURIComponent(char),
  );
}

/**
 * A request's own path and query (without its `?`) as a URI reference, the way Django's `build_absolute_uri()`
 * writes the request's full path: both through {@link iriToUri}, whatever the server left raw in them.
 */
export function requestTargetUri(path: string, query: string): string {
  return iriToUri(path) + (query === '' ? '' : `?${iriToUri(query)}`);
}

/**
 * The pairs of a query string (without its `?` separator), as Django's `QueryDict` reads them: a `?` it starts
 * with belongs to the first key (`??version=3` has the key `?version`), where `URLSearchParams` would drop it.
 */
export function parseQueryString(query: string): URLSearchParams {
  return new URLSearchParams(query.startsWith('?') ? `?${query}` : query);
}

// RFC 3986 §3.1 `scheme`, then the `//` that starts an authority: the one spelling of "where a URL's scheme ends".
const schemeAndSlashes = '[A-Za-z][A-Za-z0-9+.-]*://';
const startsWithScheme = new RegExp(`^${schemeAndSlashes}`);

/** Whether `url` starts with a scheme and `//`: an absolute URL with an authority (`https://…`, `ftp://…`). */
export function hasSchemeAndAuthority(url: string): boolean {
  return startsWithScheme.test(url);
}

/**
 * An absolute URL split where its host can be changed: group 1 the scheme, `//` and any userinfo, group 2 the host
 * (an IP literal in brackets, or up to the port, path, query or fragment), group 3 the rest.
 */
export const urlAroundHost = new RegExp(
  `^(${schemeAndSlashes}(?:[^/?#@]*@)?)(\\[[^\\]/?#]*\\]|[^:/?#]*)(.*)$`,
  's',
);

/** The length of the `http://` or `https://` that `url` starts with (as a URL serializer writes it); -1 for any other. */
export function httpSchemeLength(url: string): number {
  return url.startsWith('http://') ? 7 : url.startsWith('https://') ? 8 : -1;
}
