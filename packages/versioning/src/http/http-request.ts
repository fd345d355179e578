import type { BaseVersioning, FlatRoute, ResolverMatch, UrlConf, VersioningRequest } from '../types.js';
import { argumentError, describe } from '../internal/arguments.js';
import { firstValue } from './host.js';
import { negotiateParsed } from './negotiation.js';
import { HeaderReader, QueryReader } from './readers.js';
import type { RequestSettings, RouteSource } from './request-settings.js';
import { hasSchemeAndAuthority, iriToUri, requestTargetUri } from './uri.js';

/** What the request pipeline reads of a request besides what the schemes read: each step's result, as a value. */
export interface PipelineRequest extends VersioningRequest {
  /** The header of this lower-case name, repeated ones joined with `, `; `null` when absent. */
  header(lowerCaseName: string): string | null;
  /** The error `getHost()` throws (a `DisallowedHost`), or `null` when the host is allowed; checked once. */
  hostProblem(): Error | null;
  /** The error content negotiation gave (a `NotAcceptable`), or `null` when a media type was chosen; once. */
  negotiationProblem(): Error | null;
  /** Makes `route` (one of the same pattern, whose `since`/`until` hold the version) the one `resolverMatch` names. */
  answeredBy(route: FlatRoute): void;
}

/**
 * What the schemes read, over either kind of input. It costs one object until something is read: the parts of
 * the URL, the validated host, the query, the negotiated media type and the resolved route are computed when
 * first used, and kept.
 */
export abstract class HttpRequest implements PipelineRequest {
  version: string | null = null;
  versioningScheme: BaseVersioning | null = null;
  readonly #settings: RequestSettings;
  #host: string | undefined;
  #hostError: Error | undefined;
  #headerReader: HeaderReader | undefined;
  #queryReader: QueryReader | undefined;
  #accepted: string | undefined;
  #notAcceptable: { readonly error: Error } | undefined;
  #resolverMatch: ResolverMatch | null | undefined;
  #scriptPrefix: string | undefined;
  #answering: FlatRoute | undefined;
  readonly #source: RouteSource | null;
  readonly #params: unknown;
  readonly #mount: unknown;

  constructor(settings: RequestSettings, source: RouteSource | null, params: unknown, mount: unknown) {
    this.#settings = settings;
    this.#source = source;
    this.#params = params;
    this.#mount = mount;
  }

  abstract get method(): string;
  abstract get path(): string;
  /** The query string without its `?`. */
  abstract get rawQuery(): string;
  abstract header(lowerCaseName: string): string | null;
  /** The `Host` header; `null` when absent. */
  protected hostHeader(): string | null {
    return this.header('host');
  }

  /** `https` when the connection was TLS (or the fetch URL says so), else `http`. */
  protected abstract get connectionScheme(): string;
  /** The host to use when the request carries no `Host` header. */
  protected abstract get fallbackHost(): string;

  get urlconf(): UrlConf | null {
    return this.#settings.urlconf;
  }

  get headers(): HeaderReader {
    return (this.#headerReader ??= new HeaderReader(this));
  }

  get queryParams(): QueryReader {
    return (this.#queryReader ??= new QueryReader(this.rawQuery));
  }

  negotiationProblem(): Error | null {
    if (this.#accepted === undefined && this.#notAcceptable === undefined) {
      try {
        this.#accepted = negotiateParsed(this.header('accept'), this.#settings.renderers);
      } catch (error) {
        this.#notAcceptable = { error: error as Error };
      }
    }
    return this.#accepted === undefined ? (this.#notAcceptable as { readonly error: Error }).error : null;
  }

  /** Negotiated from `Accept` and the renderers on first read (throws `NotAcceptable` then); writable. */
  get acceptedMediaType(): string {
    const problem = this.negotiationProblem();
    if (problem !== null) throw problem;
    return this.#accepted as string;
  }

  set acceptedMediaType(value: string) {
    if (typeof value !== 'string') {
      throw argumentError(`request.acceptedMediaType: expected a media type string, got ${describe(value)}`);
    }
    this.#accepted = value;
  }

  /** The mount point reversal prepends; an adapter's request reads it from the framework when first asked. */
  get scriptPrefix(): string {
    return (this.#scriptPrefix ??=
      this.#source === null ? this.#settings.scriptPrefix : this.#source.prefixOf(this.#mount));
  }

  answeredBy(route: FlatRoute): void {
    this.#answering = route;
  }

  /**
   * Resolved from the path after `scriptPrefix` against `urlconf` on first read (`null` without one, or for a path
   * outside the prefix); an adapter's request has the route the framework matched. Writable.
   */
  get resolverMatch(): ResolverMatch | null {
    if (this.#resolverMatch === undefined) {
      this.#resolverMatch =
        this.#source !== null ? this.#source.matchOf(this.#params, this.#answering) : this.#resolve();
    }
    return this.#resolverMatch;
  }

  #resolve(): ResolverMatch | null {
    const { urlconf } = this;
    if (urlconf === null) return null;
    const prefix = this.scriptPrefix;
    const path = this.path;
    if (prefix === '') return urlconf.resolve(path);
    if (!path.startsWith(prefix) || (path.length > prefix.length && path[prefix.length] !== '/')) return null;
    return urlconf.resolve(path.length === prefix.length ? '/' : path.slice(prefix.length));
  }

  set resolverMatch(value: ResolverMatch | null) {
    if (typeof value !== 'object') {
      throw argumentError(`request.resolverMatch: expected a ResolverMatch or null, got ${describe(value)}`);
    }
    this.#resolverMatch = value;
  }

  hostProblem(): Error | null {
    if (this.#host === undefined && this.#hostError === undefined) {
      const forwarded = this.#settings.trustProxy ? this.header('x-forwarded-host') : null;
      const host = forwarded !== null ? firstValue(forwarded) : (this.hostHeader() ?? this.fallbackHost);
      try {
        this.#host = this.#settings.hosts.validate(host);
      } catch (error) {
        this.#hostError = error as Error;
      }
    }
    return this.#host === undefined ? (this.#hostError as Error) : null;
  }

  /** Validated on first call and kept; a host that is not allowed throws `DisallowedHost` on every call. */
  getHost(): string {
    const problem = this.hostProblem();
    if (problem !== null) throw problem;
    return this.#host as string;
  }

  buildAbsoluteUri(location?: string): string {
    if (location !== undefined && typeof location !== 'string') {
      throw argumentError(`buildAbsoluteUri(location): expected a string, got ${describe(location)}`);
    }
    const origin = `${this.#scheme()}://${this.getHost()}`;
    if (location === undefined) {
      return origin + requestTargetUri(this.path, this.rawQuery);
    }
    if (hasSchemeAndAuthority(location)) return location;
    // `///x` has an empty authority, so it is the path `/x`; a URL parser would take `x` for a host.
    const absolutePath = location.startsWith('///')
      ? location.slice(2)
      : /^\/(?!\/)/.test(location)
        ? location
        : null;
    // Django's shortcut: an absolute path without dot segments is appended to the origin as it is.
    if (absolutePath !== null && !absolutePath.includes('/./') && !absolutePath.includes('/../')) {
      return origin + iriToUri(absolutePath);
    }
    const [reference, base] =
      absolutePath === null ? [location, origin + this.path] : [origin + absolutePath, undefined];
    if (!URL.canParse(reference, base)) {
      throw argumentError(
        `buildAbsoluteUri(location): cannot resolve ${describe(location)} against ${origin + this.path}`,
      );
    }
    return new URL(reference, base).href;
  }

  #scheme(): string {
    const forwarded = this.#settings.trustProxy ? this.header('x-forwarded-proto') : null;
    const proto = forwarded === null ? '' : firstValue(forwarded).toLowerCase();
    return proto === 'https' || proto === 'http' ? proto : this.connectionScheme;
  }
}
