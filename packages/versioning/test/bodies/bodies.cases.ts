/** A request a route with a `request` schema gets, and the answer every adapter gives it. */
export interface BodyCase {
  readonly name: string;
  readonly method?: string;
  readonly path: string;
  /** `null`: no `Content-Type` at all. */
  readonly contentType: string | null;
  readonly body?: string | Uint8Array;
  readonly headers?: Readonly<Record<string, string>>;
  readonly status: number;
  /** The problem's `code`, for a refusal. */
  readonly code?: string;
  /** The problem's `detail`, exactly, or its start when it ends with `…`. */
  readonly detail?: string;
  /** The problem's `errors` member, for `invalid_body`. */
  readonly errors?: readonly { readonly pointer: string; readonly detail: string }[];
  /** What the handler read (`req.body`, `request.body`, `c.req.valid('json')`), for an answer it gave. */
  readonly handlerBody?: unknown;
}

const json = 'application/json';

/** Served with `bodyLimit: 256`; `/zod/` and `/typebox/` have a `request` schema, `/plain/` none. */
export const bodyCases: readonly BodyCase[] = [
  {
    name: 'a valid body: the handler reads the schema output (a default filled in)',
    path: '/zod/',
    contentType: json,
    body: '{"name":"Ada"}',
    status: 200,
    handlerBody: { name: 'Ada', tags: [] },
  },
  {
    name: 'a +json type is JSON',
    path: '/zod/',
    contentType: 'application/vnd.acme.member+json; charset=utf-8',
    body: '{"name":"Ada","tags":["x"]}',
    status: 200,
    handlerBody: { name: 'Ada', tags: ['x'] },
  },
  {
    name: 'PUT reads the body too',
    method: 'PUT',
    path: '/zod/',
    contentType: json,
    body: '{"name":"Ada"}',
    status: 200,
    handlerBody: { name: 'Ada', tags: [] },
  },
  {
    name: 'GET reads no body',
    method: 'GET',
    path: '/zod/',
    contentType: null,
    status: 200,
    handlerBody: null,
  },
  {
    name: 'text/plain: 415',
    path: '/zod/',
    contentType: 'text/plain',
    body: '{"name":"Ada"}',
    status: 415,
    code: 'unsupported_media_type',
    detail: 'Unsupported media type "text/plain" in request.',
  },
  {
    name: 'no Content-Type: 415, quoting nothing',
    path: '/zod/',
    contentType: null,
    body: new TextEncoder().encode('{"name":"Ada"}'),
    status: 415,
    code: 'unsupported_media_type',
    detail: 'Unsupported media type "" in request.',
  },
  {
    name: 'JSON in another charset: 415',
    path: '/zod/',
    contentType: 'application/json; charset=iso-8859-1',
    body: '{"name":"Ada"}',
    status: 415,
    code: 'unsupported_media_type',
    detail: 'Unsupported media type "application/json; charset=iso-8859-1" in request.',
  },
  {
    name: 'JSON in UTF-16: 415 on every adapter',
    path: '/zod/',
    contentType: 'application/json; charset=utf-16',
    body: '{"name":"Ada"}',
    status: 415,
    code: 'unsupported_media_type',
    detail: 'Unsupported media type "application/json; charset=utf-16" in request.',
  },
  {
    name: 'a body with a content coding (gzip) is never read as text: 415',
    path: '/zod/',
    contentType: json,
    headers: { 'content-encoding': 'gzip' },
    body: new Uint8Array([0x1f, 0x8b, 0x08, 0x00]),
    status: 415,
    code: 'unsupported_media_type',
    detail: 'Unsupported media type "Content-Encoding: gzip" in request.',
  },
  {
    name: 'Content-Encoding: identity is no coding',
    path: '/zod/',
    contentType: json,
    headers: { 'content-encoding': 'identity' },
    body: '{"name":"Ada"}',
    status: 200,
    handlerBody: { name: 'Ada', tags: [] },
  },
  {
    name: 'bytes that are not UTF-8 inside JSON text: 400 parse_error, the same reason everywhere',
    path: '/zod/',
    contentType: json,
    body: new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
    status: 400,
    code: 'parse_error',
    detail: 'JSON parse error - the body is not valid UTF-8',
  },
  {
    name: 'a number JSON.parse makes infinite (1e400) is no integer: 400 invalid_body',
    path: '/typebox/',
    contentType: json,
    body: '{"name":"Ada","age":1e400}',
    status: 400,
    code: 'invalid_body',
    detail: 'Invalid request body.',
    errors: [{ pointer: '/age', detail: 'must be integer' }],
  },
  {
    name: 'DELETE without a body is not body-checked',
    method: 'DELETE',
    path: '/zod/',
    contentType: null,
    status: 200,
    handlerBody: null,
  },
  {
    name: 'DELETE with a body is checked like any other',
    method: 'DELETE',
    path: '/zod/',
    contentType: json,
    body: '{"tags":[]}',
    status: 400,
    code: 'invalid_body',
    detail: 'Invalid request body.',
  },
  {
    name: 'malformed JSON: 400 parse_error',
    path: '/zod/',
    contentType: json,
    body: '{"name":',
    status: 400,
    code: 'parse_error',
    detail: 'JSON parse error - …',
  },
  {
    name: 'an empty JSON body: 400 parse_error',
    path: '/zod/',
    contentType: json,
    body: '',
    status: 400,
    code: 'parse_error',
    detail: 'JSON parse error - …',
  },
  {
    name: 'bytes that are not text: 400 parse_error',
    path: '/zod/',
    contentType: json,
    body: new Uint8Array([0xff, 0xfe, 0x00, 0x7b]),
    status: 400,
    code: 'parse_error',
    detail: 'JSON parse error - …',
  },
  {
    name: 'an invalid body: 400 invalid_body, each error a pointer into the body as sent',
    path: '/zod/',
    contentType: json,
    body: '{"tags":["a",1]}',
    status: 400,
    code: 'invalid_body',
    detail: 'Invalid request body.',
    errors: [
      { pointer: '/name', detail: "must have required property 'name'" },
      { pointer: '/tags/1', detail: 'must be string' },
    ],
  },
  {
    name: 'a body that is not an object: 400 invalid_body at the root',
    path: '/zod/',
    contentType: json,
    body: '[1,2]',
    status: 400,
    code: 'invalid_body',
    detail: 'Invalid request body.',
    errors: [{ pointer: '', detail: 'must be object' }],
  },
  {
    name: 'TypeBox: every failing property has its pointer',
    path: '/typebox/',
    contentType: json,
    body: '{"name":"","age":"x"}',
    status: 400,
    code: 'invalid_body',
    detail: 'Invalid request body.',
    errors: [
      { pointer: '/name', detail: 'must NOT have fewer than 1 characters' },
      { pointer: '/age', detail: 'must be integer' },
    ],
  },
  {
    name: 'TypeBox: a valid body is read as sent',
    path: '/typebox/',
    contentType: json,
    body: '{"name":"Ada","age":36}',
    status: 200,
    handlerBody: { name: 'Ada', age: 36 },
  },
  {
    name: 'longer than bodyLimit: 413',
    path: '/zod/',
    contentType: json,
    body: JSON.stringify({ name: 'x'.repeat(300) }),
    status: 413,
    code: 'payload_too_large',
    detail: 'Request body too large: more than 256 bytes.',
  },
  {
    name: 'a route without a request schema leaves the body alone',
    path: '/plain/',
    contentType: 'text/plain',
    body: 'not JSON at all',
    status: 200,
  },
  {
    name: 'the problem is translated like the others',
    path: '/zod/',
    contentType: 'text/csv',
    headers: { 'accept-language': 'de' },
    body: 'a,b',
    status: 415,
    code: 'unsupported_media_type',
    detail: 'Nicht unterstützter Medientyp "text/csv" in der Anfrage.',
  },
];
