/**
 * The types of higher layers that lower ones name, filled in where each is defined (TypeScript declaration merging):
 * `schemes/base.ts` adds `scheme: BaseVersioning<V>`, `urls/urlconf.ts` adds `urlconf: UrlConf` and
 * `urls/route.types.ts` adds `route: FlatRoute`. A request carries a scheme and a UrlConf, while schemes and UrlConfs
 * read requests: this way a lower layer names those types without importing the files that define them, and this
 * module, at the bottom of the import graph, imports nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars -- filled in by declaration merging
export interface PackageTypes<V extends string = string> {}

/** `BaseVersioning<V>` (`schemes/base.ts`), named without importing it. */
export type BaseVersioning<V extends string = string> = PackageTypes<V>['scheme'];
/** `UrlConf` (`urls/urlconf.ts`), named without importing it. */
export type UrlConf = PackageTypes['urlconf'];
/** `FlatRoute` (`urls/route.types.ts`), named without importing it. */
export type FlatRoute = PackageTypes['route'];

/** What resolving a path against a {@link UrlConf} found: the route, its names and the captured values. */
export interface ResolverMatch {
  /** Full route pattern, includes' prefixes joined (`/v1/users/:pk/`). */
  readonly route: string;
  /** The route's own name, without namespaces. */
  readonly urlName: string | null;
  /** Namespaces joined by `:` (`v1:nested`), `''` when none. */
  readonly namespace: string;
  readonly namespaces: readonly string[];
  /** `namespace:urlName`, or the bare name / route when there is no namespace or name. */
  readonly viewName: string;
  readonly args: readonly string[];
  readonly kwargs: Readonly<Record<string, string>>;
  readonly handler: unknown;
}

/** The request as the versioning schemes see it, built by `createRequest()` from any framework's request. */
export interface VersioningRequest {
  /** `null` until a scheme has determined it. */
  version: string | null;
  versioningScheme: BaseVersioning | null;
  readonly method: string;
  readonly path: string;
  /** Query parameters; a repeated key gives its last value (Django's `QueryDict.get`). */
  readonly queryParams: { get(name: string): string | null };
  readonly headers: { get(name: string): string | null };
  /** Media type chosen by content negotiation (lazily, once); writable. */
  acceptedMediaType: string;
  resolverMatch: ResolverMatch | null;
  readonly urlconf: UrlConf | null;
  /**
   * The path the application is mounted under, without a trailing slash (`''` at the root): Django's script
   * prefix. Reversal puts it in front of every path it builds; `resolverMatch` is resolved from the path after it.
   * An adapter sets it from the framework's mount point (`app.use('/api', …)`).
   * @default ''
   */
  readonly scriptPrefix?: string;
  /** Validated host with its port when not the default; throws `DisallowedHost`. */
  getHost(): string;
  /** `scheme://host` + `location` (default: the request's own path and query). */
  buildAbsoluteUri(location?: string): string;
}

/** Options of `reverse()` and of every scheme's `reverse()`. */
export interface ReverseOptions {
  readonly args?: readonly (string | number)[];
  readonly kwargs?: Readonly<Record<string, string | number>>;
  /** With a request the URL is absolute and carries the request's version. */
  readonly request?: VersioningRequest | null;
  /** Sets `kwargs.format`. */
  readonly format?: string | null;
  /** Route table to reverse with; else `request.urlconf`, else `configure({ urlconf })`. */
  readonly urlconf?: UrlConf;
  /** Query parameters appended to the URL. */
  readonly query?: Readonly<Record<string, string>>;
}

/**
 * How the version of a request was chosen: `'sent'` the client sent it; `'default'` it sent none and the scheme's
 * default (or none, `null`) stands; `'pinned'` it sent none and the mount's `pinVersion` chose it; `'waterfall'` it
 * sent a date (`versionFormat: 'date'`) served by the newest allowed version on or before it.
 */
export type VersionChoice = 'sent' | 'default' | 'pinned' | 'waterfall';

/**
 * What is published on `node:diagnostics_channel` channel `restdash:versioning:request` for every answered request of a versioned route, once its
 * status is known (the response finished, or closed early).
 */
export interface RequestMessage {
  /** The version the request was answered in; `null` when none was decided (a refused version, a version-neutral default). */
  readonly version: string | null;
  /** The route's pattern in the UrlConf, `/:version/users/:pk/` (low-cardinality, as OpenTelemetry's `http.route`). */
  readonly route: string;
  /** How the version was chosen. */
  readonly how: VersionChoice;
  /** The status the response went out with. */
  readonly status: number;
  /** Whether the version's policy gives a deprecation date (it is sent `Deprecation`). */
  readonly deprecated: boolean;
  /** The version's sunset date, or `null`. */
  readonly sunset: Date | null;
}
