/**
 * What a `migrateRequest()` function may read and change besides the body: the headers and query string the handler
 * will read.
 */
export interface RequestInfo {
  readonly headers: Headers;
  readonly query: URLSearchParams;
}

/** What a `migrateResponse()` function may read and change besides the body: what the older client receives. */
export interface ResponseInfo {
  status: number;
  readonly headers: Headers;
}
