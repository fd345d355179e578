/** A request as a framework's injection API takes it: Fastify's `app.inject()`, light-my-request's `inject()`. */
export interface InjectOptions {
  /** The absolute URL: its host becomes the request's `Host`. */
  readonly url: string;
  /** The headers as a plain object, names lower-cased. */
  readonly headers: Record<string, string>;
}

/**
 * What {@link placeVersion} returns, as Fastify's `app.inject()` (and light-my-request) take a request: the URL as a
 * string, the headers as a plain object. Spread it into the options, after the method.
 * @example
 * await app.inject({ method: 'GET', ...injectOptions(placeVersion(scheme, 'v2', { url: 'http://localhost/{version}/users/' })) });
 */
export function injectOptions(placed: { readonly url: URL; readonly headers: Headers }): InjectOptions {
  return { url: placed.url.href, headers: Object.fromEntries(placed.headers) };
}
