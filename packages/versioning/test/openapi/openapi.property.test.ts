import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createRequest } from '../../src/http/request.js';
import { openapi, type OpenAPIDocument, type OperationObject } from '../../src/openapi/index.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import type { BaseVersioning } from '../../src/schemes/base.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { include, path } from '../../src/urls/route-builders.js';
import type { Include, Route } from '../../src/urls/route.types.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { expectValidDocument } from './support.js';

const schemeKinds = [
  'url-path',
  'namespace',
  'query',
  'accept',
  'host',
  'header',
  'media-type',
  'none',
] as const;
type SchemeKind = (typeof schemeKinds)[number];

/** Pieces of a route after its own first segment, which keeps routes from shadowing one another. */
const pieces = {
  literal: (j: number) => `/lit${j}`,
  param: (j: number) => `/:p${j}`,
  paramWithText: (j: number) => `/:p${j}.csv`,
  optionalParam: (j: number) => `{/:p${j}}`,
  paramWithOptionalSuffix: (j: number) => `/:p${j}{.:q${j}}`,
  optionalLiteral: (j: number) => `{/opt${j}}`,
} as const;

const routeSpec = fc.record({
  pieces: fc.array(fc.constantFrom(...(Object.keys(pieces) as (keyof typeof pieces)[])), { maxLength: 3 }),
  tail: fc.constantFrom('', '/', '/*rest'),
  methods: fc.option(fc.subarray(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'], { minLength: 1 }), {
    nil: undefined,
  }),
  neutral: fc.boolean(),
  optionalVersion: fc.boolean(),
  summary: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
});

const conf = fc.record({
  kind: fc.constantFrom(...schemeKinds),
  versions: fc.uniqueArray(fc.constantFrom('v1', 'v2', 'v3', '1.0', '2024-01-01'), {
    minLength: 1,
    maxLength: 3,
  }),
  withDefault: fc.boolean(),
  routes: fc.array(routeSpec, { minLength: 1, maxLength: 5 }),
  /** For namespaces: which versions get an include, and whether some routes stay outside. */
  outside: fc.boolean(),
});

function schemeOf(
  kind: SchemeKind,
  versions: readonly string[],
  defaultVersion: string | null,
): BaseVersioning | null {
  const options = { allowedVersions: versions, defaultVersion };
  switch (kind) {
    case 'url-path':
      return new URLPathVersioning(options);
    case 'namespace':
      return new NamespaceVersioning(options);
    case 'query':
      return new QueryParameterVersioning(options);
    case 'accept':
      return new AcceptHeaderVersioning(options);
    case 'host':
      return new HostNameVersioning(options);
    case 'header':
      return new HeaderVersioning(options);
    case 'media-type':
      return new MediaTypeVersioning({ ...options, template: 'application/vnd.acme.{version}+json' });
    case 'none':
      return null;
  }
}

/** Values put into path parameters, and what the resolver must give back for them. */
const values = ['x', 'a b', 'é', '42'];

/** The request a client makes from the document: the path filled in, the version where the operation says. */
function requestOf(document: OpenAPIDocument, operation: OperationObject, filledPath: string): Request {
  const server = operation.servers?.[0]?.url ?? document.servers?.[0]?.url ?? 'http://localhost';
  const url = new URL(server.replace(/\/$/, '') + filledPath);
  const headers = new Headers();
  for (const parameter of operation.parameters ?? []) {
    const value = (parameter.schema as { const?: string } | undefined)?.const;
    if (value === undefined) continue;
    if (parameter.in === 'query') url.searchParams.set(parameter.name, value);
    if (parameter.in === 'header') headers.set(parameter.name, value);
  }
  const accept = Object.keys(operation.responses['200']?.content ?? {})[0];
  if (accept !== undefined) headers.set('accept', accept);
  return new Request(url, { headers });
}

describe('openapi() over random UrlConfs', () => {
  test('every document validates, and every operation, as a client calls it, reaches its route in its version', async () => {
    await fc.assert(
      fc.asyncProperty(conf, async ({ kind, versions: pool, withDefault, routes: specs, outside }) => {
        // Host labels of the default hostnameRegex are letters and digits only.
        const versions = kind === 'host' ? pool.filter((version) => /^[a-z0-9]+$/i.test(version)) : pool;
        fc.pre(versions.length > 0);
        const defaultVersion = withDefault ? (versions[0] ?? null) : null;
        const scheme = schemeOf(kind, versions, defaultVersion);
        const routes = specs.map((spec, index) => {
          const versioned = scheme !== null && !spec.neutral;
          const version =
            kind === 'url-path' && versioned
              ? spec.optionalVersion && defaultVersion !== null
                ? '{/:version}'
                : '/:version'
              : '';
          const pattern = `/r${index}${version}${spec.pieces.map((piece, j) => pieces[piece](j)).join('')}${spec.tail}`;
          return path(pattern, 'handler', {
            name: `r${index}`,
            ...(spec.methods && { methods: spec.methods }),
            ...(spec.neutral && { versioning: null }),
            ...(spec.summary !== undefined && { openapi: { summary: spec.summary } }),
          });
        });
        const entries: (Route | Include)[] =
          kind === 'namespace'
            ? [
                ...versions.map((version) => include(`/${version}`, routes, { namespace: version })),
                ...(outside ? [include('/outside', routes)] : []),
              ]
            : routes;
        const urlconf = new UrlConf(entries);
        const servers = kind === 'host' ? [{ url: 'https://api.example.com' }] : undefined;

        for (const version of versions) {
          const document = openapi(urlconf, {
            version,
            scheme,
            info: { title: 'Random' },
            ...(servers && { servers }),
          });
          await expectValidDocument(document);
          for (const [template, item] of Object.entries(document.paths)) {
            for (const operation of Object.values(item)) {
              const given = new Map<string, string>();
              const filledPath = template.replaceAll(/\{([^}]+)\}/g, (_whole, name: string) => {
                const value = name === 'rest' ? 'a/b c' : (values[given.size % values.length] ?? 'x');
                given.set(name, value);
                return encodeURIComponent(value);
              });
              const match = urlconf.resolve(filledPath);
              expect(match, filledPath).not.toBeNull();
              if (match === null) continue;
              // The README's rule: each run of other characters becomes `_`, and `_` goes before a leading digit.
              const identifier = match.viewName.replaceAll(/[^A-Za-z0-9_]+/g, '_').replace(/^(?=[0-9])/, '_');
              expect(operation.operationId?.startsWith(identifier), operation.operationId).toBe(true);
              for (const [name, value] of given) expect(match.kwargs[name]).toBe(value);

              const routeScheme = [...urlconf.routes()].find(
                (route) => route.pattern === match.route,
              )?.versioning;
              const effective = routeScheme === undefined ? scheme : routeScheme;
              if (effective === null) continue;
              const request = createRequest(requestOf(document, operation, filledPath), {
                urlconf,
                allowedHosts: ['.example.com', 'localhost'],
              });
              request.resolverMatch = match;
              expect(effective.determineVersion(request, [], match.kwargs), `${template} ${kind}`).toBe(
                version,
              );
            }
          }
        }
      }),
      { numRuns: 100 },
    );
  }, 120_000);
});
