import { DisallowedHost } from '../errors.js';
import { mustBe } from '../internal/arguments.js';
import { BoundedCache } from './bounded-cache.js';

/**
 * The hosts `createRequest()` accepts when given no `allowedHosts`: this machine only (Django's DEBUG list).
 */
export const defaultAllowedHosts: readonly string[] = Object.freeze([
  'localhost',
  '.localhost',
  '127.0.0.1',
  '[::1]',
]);

// Django's host_validation_re: a DNS name or IPv4 address, or a bracketed IPv6 address, then an optional
// port.
const hostPattern = /^([a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(:[0-9]+)?$/i;

/**
 * Django's `split_domain_port`: the lower-cased domain (one trailing dot dropped) and the port, or `null`
 * when the host is not a well-formed `host[:port]`, or (unlike Django) its port is outside 0–65535.
 */
export function splitDomainPort(host: string): { readonly domain: string; readonly port: string } | null {
  const match = hostPattern.exec(host);
  if (match === null) return null;
  const port = match[2]?.slice(1) ?? '';
  if (!isPortNumber(port)) return null;
  return { domain: normalizeHostName(match[1] ?? ''), port };
}

/** Whether `digits` (a run of ASCII digits, or `''` for no port) is a TCP port, 0–65535; leading zeros allowed. */
function isPortNumber(digits: string): boolean {
  return Number(digits) <= 65535;
}

/**
 * A host name as it is compared: lower-cased (DNS names are case-insensitive), one trailing dot (the fully
 * qualified form, `example.com.`) dropped.
 */
export function normalizeHostName(name: string): string {
  const lower = name.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/**
 * Whether `domain` (lower-case, no port) is one of `allowedHosts`: exact, `.example.com` for the domain and
 * its subdomains, `*` for all.
 */
export function isAllowedHost(domain: string, allowedHosts: readonly string[]): boolean {
  return allowedHosts.some((entry) => {
    const pattern = entry.toLowerCase();
    if (pattern === '*' || pattern === domain) return true;
    return pattern.startsWith('.') && (domain.endsWith(pattern) || domain === pattern.slice(1));
  });
}

/**
 * An `allowedHosts` list that validates hosts against it. A verdict is a pure function of the host, so it is
 * remembered per `Host` value: the regular expression and the list run once per distinct host.
 */
export class AllowedHosts {
  readonly #verdicts: BoundedCache<boolean>;

  constructor(allowedHosts: readonly string[]) {
    this.#verdicts = new BoundedCache((host) => {
      const parts = splitDomainPort(host);
      return parts !== null && parts.domain !== '' && isAllowedHost(parts.domain, allowedHosts);
    });
  }

  /** Returns `host` when it is well formed and allowed; throws `DisallowedHost` naming it otherwise. */
  validate(host: string): string {
    if (!this.#verdicts.get(host)) throw new DisallowedHost(host);
    return host;
  }
}

/** Checks an `allowedHosts` option: an array of non-empty strings. `where` names the caller for the error. */
export function checkAllowedHosts(where: string, allowedHosts: unknown): readonly string[] {
  if (!Array.isArray(allowedHosts)) {
    throw mustBe(where, 'allowedHosts', 'an array of host names', allowedHosts);
  }
  allowedHosts.forEach((entry: unknown, index) => {
    if (typeof entry !== 'string' || entry === '') {
      throw mustBe(
        where,
        `allowedHosts[${index}]`,
        'a host name such as "example.com", ".example.com" or "*"',
        entry,
      );
    }
  });
  return Object.freeze([...(allowedHosts as string[])]);
}

/** The first entry of a comma-separated header such as `X-Forwarded-Host: a.example, b.example`, trimmed. */
export function firstValue(header: string): string {
  const comma = header.indexOf(',');
  return (comma === -1 ? header : header.slice(0, comma)).trim();
}
