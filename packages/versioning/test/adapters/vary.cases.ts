import { NotFound } from '../../src/errors.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import type { BaseVersioning } from '../../src/schemes/base.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';

/** What a test handler throws after setting `Vary`: nothing, or an error of one kind. */
export type Thrown = 'nothing' | 'plain detail' | 'translated detail' | 'own error';

/** The error a handler throws for `thrown`; `undefined` for 'nothing'. */
export function errorFor(thrown: Thrown): Error | undefined {
  switch (thrown) {
    case 'nothing':
      return undefined;
    case 'plain detail':
      return new NotFound('Gone.');
    case 'translated detail':
      return new NotFound();
    case 'own error':
      return new Error('the handler failed');
  }
}

/**
 * A handler that sets its own `Vary` (replacing what is there, the framework's way) on a route whose scheme reads a
 * header, served behind middleware that sets `Vary: Cookie`.
 */
export interface HandlerVaryCase {
  /** The route's scheme: AcceptHeaderVersioning (`Vary: Accept`) or HeaderVersioning (`Vary: X-API-Version`). */
  readonly scheme: 'Accept' | 'X-API-Version';
  /** What the handler sets `Vary` to. */
  readonly sets: string;
  readonly thrown: Thrown;
  readonly status: number;
  /** The response's `Vary` fields, lower-cased, each once, in any order; `['*']`: exactly `*`. */
  readonly fields: readonly string[];
}

const cookie = ['cookie'];

export const handlerVaryCases: readonly HandlerVaryCase[] = [
  {
    scheme: 'Accept',
    sets: 'Origin',
    thrown: 'nothing',
    status: 200,
    fields: [...cookie, 'origin', 'accept'],
  },
  {
    scheme: 'Accept',
    sets: 'X-Tenant',
    thrown: 'nothing',
    status: 200,
    fields: [...cookie, 'x-tenant', 'accept'],
  },
  {
    scheme: 'Accept',
    sets: 'ACCEPT, x-tenant, Cookie',
    thrown: 'nothing',
    status: 200,
    fields: [...cookie, 'x-tenant', 'accept'],
  },
  { scheme: 'Accept', sets: '*', thrown: 'nothing', status: 200, fields: ['*'] },
  {
    scheme: 'Accept',
    sets: 'X-Tenant',
    thrown: 'plain detail',
    status: 404,
    fields: [...cookie, 'x-tenant', 'accept'],
  },
  {
    scheme: 'Accept',
    sets: 'X-Tenant',
    thrown: 'translated detail',
    status: 404,
    fields: [...cookie, 'x-tenant', 'accept', 'accept-language'],
  },
  {
    scheme: 'Accept',
    sets: 'X-Tenant',
    thrown: 'own error',
    status: 500,
    fields: [...cookie, 'x-tenant', 'accept'],
  },
  { scheme: 'Accept', sets: '*', thrown: 'translated detail', status: 404, fields: ['*'] },
  {
    scheme: 'X-API-Version',
    sets: 'Origin',
    thrown: 'nothing',
    status: 200,
    fields: [...cookie, 'origin', 'x-api-version'],
  },
  {
    scheme: 'X-API-Version',
    sets: 'Origin',
    thrown: 'plain detail',
    status: 404,
    fields: [...cookie, 'origin', 'x-api-version'],
  },
];

/** A request: its target and headers (`Host` is the server's unless given). */
export interface Ask {
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** One kind of route: a scheme (or none), where its routes live and how a request asks for a version. */
export interface SchemeKind {
  readonly kind: string;
  /** `null`: version-neutral. */
  readonly scheme: BaseVersioning | null;
  /**
   * The route pattern of `segment`; NamespaceVersioning's routes go under `include('/<version>', …, { namespace:
   * '<version>' })` for each of `allowed` and `refused`.
   */
  readonly pattern: (segment: string) => string;
  readonly namespaced?: boolean;
  /** The request for `segment` asking for `version`. */
  readonly ask: (segment: string, version: string) => Ask;
  /** The status of a request asking for a version the scheme refuses; `null` for a route that reads none. */
  readonly refused: number | null;
}

/** The version every scheme allows, and one none does. */
export const allowed = 'v1';
export const refused = 'v9';
const versions = { allowedVersions: [allowed] };

/** Every kind of scheme, and no scheme at all. */
export const schemeKinds: readonly SchemeKind[] = [
  {
    kind: 'version-neutral',
    scheme: null,
    pattern: (segment) => `/neutral/${segment}/`,
    ask: (segment) => ({ target: `/neutral/${segment}/`, headers: {} }),
    refused: null,
  },
  {
    kind: 'URLPathVersioning',
    scheme: new URLPathVersioning(versions),
    pattern: (segment) => `/path/:version/${segment}/`,
    ask: (segment, version) => ({ target: `/path/${version}/${segment}/`, headers: {} }),
    refused: 404,
  },
  {
    kind: 'NamespaceVersioning',
    scheme: new NamespaceVersioning(versions),
    pattern: (segment) => `/namespaced/${segment}/`,
    namespaced: true,
    ask: (segment, version) => ({ target: `/${version}/namespaced/${segment}/`, headers: {} }),
    refused: 404,
  },
  {
    kind: 'QueryParameterVersioning',
    scheme: new QueryParameterVersioning(versions),
    pattern: (segment) => `/query/${segment}/`,
    ask: (segment, version) => ({ target: `/query/${segment}/?version=${version}`, headers: {} }),
    refused: 404,
  },
  {
    kind: 'HostNameVersioning',
    scheme: new HostNameVersioning(versions),
    pattern: (segment) => `/host/${segment}/`,
    ask: (segment, version) => ({ target: `/host/${segment}/`, headers: { host: `${version}.example.com` } }),
    refused: 404,
  },
  {
    kind: 'AcceptHeaderVersioning',
    scheme: new AcceptHeaderVersioning(versions),
    pattern: (segment) => `/accept/${segment}/`,
    ask: (segment, version) => ({
      target: `/accept/${segment}/`,
      headers: { accept: `application/json; version=${version}` },
    }),
    refused: 406,
  },
  {
    kind: 'HeaderVersioning',
    scheme: new HeaderVersioning({ header: 'X-API-Version', ...versions }),
    pattern: (segment) => `/header/${segment}/`,
    ask: (segment, version) => ({ target: `/header/${segment}/`, headers: { 'x-api-version': version } }),
    refused: 404,
  },
  {
    kind: 'MediaTypeVersioning',
    scheme: new MediaTypeVersioning({ template: 'application/vnd.acme.{version}+json', ...versions }),
    pattern: (segment) => `/vendor/${segment}/`,
    ask: (segment, version) => ({
      target: `/vendor/${segment}/`,
      headers: { accept: `application/vnd.acme.${version}+json` },
    }),
    refused: 406,
  },
  {
    kind: 'CompositeVersioning',
    scheme: new CompositeVersioning([new HeaderVersioning(), new QueryParameterVersioning()], versions),
    pattern: (segment) => `/either/${segment}/`,
    ask: (segment, version) => ({ target: `/either/${segment}/?version=${version}`, headers: {} }),
    refused: 404,
  },
];

/** The handler of each route segment every scheme kind has, and the status it answers with. */
export const segments: readonly {
  readonly segment: string;
  readonly thrown: Thrown;
  readonly status: number;
}[] = [
  { segment: 'ok', thrown: 'nothing', status: 200 },
  { segment: 'gone', thrown: 'plain detail', status: 404 },
  { segment: 'lost', thrown: 'translated detail', status: 404 },
  { segment: 'boom', thrown: 'own error', status: 500 },
];
