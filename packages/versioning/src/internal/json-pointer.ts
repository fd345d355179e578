/**
 * One reference token of a JSON Pointer (RFC 6901), for a property name or an array index: `~` written `~0`, `/`
 * written `~1`.
 */
export function pointerToken(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The property name a JSON Pointer reference token stands for: {@link pointerToken} undone. */
export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}
